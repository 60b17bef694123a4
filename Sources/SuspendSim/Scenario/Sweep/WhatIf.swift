/// SPEC 25's what-if: a sweep key (KEY) and its baseline value, whose runs every other value of
/// KEY is paired with in `whatif.csv`.
///
/// Values compare as SPEC 27 says: as decimals when both are numbers (`120` is `120.0`), except
/// `device.ios`, which compares as text (`18.1` is not `18.10`); anything else as text.
package struct WhatIf: Sendable, Hashable {
    /// The sweep column's full name: `app.com.acme.shop.suspended_mb`.
    package var key: String
    /// The baseline value, as given.
    package var baseline: String
    /// Where a scenario file's `whatif:` gives the key and the baseline, for messages (SPEC
    /// 25: a bad one there is bad input, located); nil on the command line.
    package var keyPlace: Place?
    package var baselinePlace: Place?

    /// A 1-based line and column of a scenario file.
    package struct Place: Sendable, Hashable {
        package var line: Int
        package var column: Int
    }

    package init(key: String, baseline: String, keyPlace: Place? = nil, baselinePlace: Place? = nil) {
        self.key = key
        self.baseline = baseline
        self.keyPlace = keyPlace
        self.baselinePlace = baselinePlace
    }

    /// Two what-ifs are the same when their key and baseline are: where a file wrote them
    /// does not change what they ask.
    package static func == (a: WhatIf, b: WhatIf) -> Bool { a.key == b.key && a.baseline == b.baseline }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(baseline)
    }

    /// `--baseline KEY=VALUE`; nil for `--baseline POLICY` (no `=`), SPEC 21's.
    package init?(parsing option: String) {
        guard let equals = option.firstIndex(of: "=") else { return nil }
        self.init(key: String(option[..<equals]), baseline: String(option[option.index(after: equals)...]))
    }

    /// `value` of `key` in the form two equal values share: a number without leading zeros,
    /// trailing decimal zeros or a trailing point; a set of modes in its order; `device.ios` and
    /// other text as written.
    static func canonical(_ value: String, key: String) -> String {
        // The one sweep key whose value is a label, not a number: no key parse per row.
        guard key != SweepKey.device(.ios).path else { return value }
        // A set of modes in SPEC 4's order (SPEC 41): `fetch+audio` is `audio+fetch`.
        if key.hasSuffix("." + AppKey.backgroundModes.rawValue) { return ModeSetValue.normalized(value) }
        var text = Substring(value)
        let negative = text.first == "-"
        if negative { text = text.dropFirst() }
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(\.isWholeNumber), whole.allSatisfy(\.isASCII) else { return value }
        var fraction = parts.count == 2 ? parts[1] : ""
        guard parts.count == 1 || (!fraction.isEmpty && fraction.allSatisfy { $0.isASCII && $0.isWholeNumber }) else { return value }
        while fraction.last == "0" { fraction = fraction.dropLast() }
        let digits = whole.drop { $0 == "0" }
        let number = (digits.isEmpty ? "0" : String(digits)) + (fraction.isEmpty ? "" : "." + fraction)
        return negative && number != "0" ? "-" + number : number
    }

    /// Whether `a` and `b` are the same value of `key`.
    static func same(_ a: String, _ b: String, key: String) -> Bool {
        canonical(a, key: key) == canonical(b, key: key)
    }

    /// Why a what-if does not fit its batch: a usage error on the command line (exit 64), bad
    /// input in a file (exit 2); `description` lists the choices.
    package struct Mismatch: Error, Sendable, CustomStringConvertible {
        /// The part of the what-if at fault.
        package enum Field: String, Sendable {
            case key, baseline
        }

        package var field: Field
        package var description: String

        package init(field: Field, description: String) {
            self.field = field
            self.description = description
        }
    }

    /// `mismatch` of this what-if, written in `file`, as a located message:
    /// `tight.yaml:9:16: whatif.key: 'end_s' is not a sweep key of the batch; ...`.
    package func located(_ mismatch: Mismatch, file: String) -> String {
        let place = mismatch.field == .key ? keyPlace : baselinePlace
        return file + (place.map { ":\($0.line):\($0.column)" } ?? "") + ": whatif.\(mismatch.field.rawValue): \(mismatch.description)"
    }

    /// Checks that this what-if fits a batch sweeping `keys` (each with its values in sweep
    /// order): KEY is one of them, neither `policy` nor `trace.user` (SPEC 27), and the
    /// baseline one of its values.
    ///
    /// - Throws: `Mismatch`, naming the keys or values there are.
    package func check(against keys: [(key: String, values: [String])]) throws(Mismatch) {
        let choices = keys.map(\.key).filter(Self.canBeKey)
        let list = choices.isEmpty ? "the batch sweeps no key that can be one" : "the keys are " + choices.joined(separator: ", ")
        let sweepKey = SweepKey(path: key)
        if sweepKey == .trace(.user) {
            throw Mismatch(field: .key, description: "\(key) cannot be a what-if's key: users pair with themselves (SPEC 27); \(list)")
        }
        if sweepKey == .policy {
            throw Mismatch(field: .key, description: "policies are compared by paired.csv (--baseline POLICY), not by a what-if; \(list)")
        }
        guard let values = keys.first(where: { $0.key == key })?.values else {
            throw Mismatch(field: .key, description: "'\(key)' is not a sweep key of the batch; \(list)")
        }
        guard values.contains(where: { Self.same($0, baseline, key: key) }) else {
            throw Mismatch(field: .baseline, description: "'\(baseline)' is not a value of \(key) in the batch; its values are \(values.joined(separator: ", "))")
        }
    }

    /// SPEC 25's default: the one key other than `policy` and `trace.user` that `keys` sweep
    /// over two values or more, with its first value as the baseline; nil when there is not
    /// exactly one.
    package static func defaultChoice(_ keys: [(key: String, values: [String])]) -> WhatIf? {
        let swept = keys.filter { canBeKey($0.key) && $0.values.count >= 2 }
        guard swept.count == 1, let only = swept.first, let first = only.values.first else { return nil }
        return WhatIf(key: only.key, baseline: first)
    }

    /// Whether the sweep column `key` may be a what-if's KEY (SPEC 27): any but `policy`
    /// (policies pair in `paired.csv`) and `trace.user` (users pair with themselves).
    static func canBeKey(_ key: String) -> Bool {
        switch SweepKey(path: key) {
        case .policy?, .trace(.user)?: false
        default: true
        }
    }
}
