/// The one JSON reader of the importers (RFC 8259): a MetricKit payload file (SPEC 18) and a
/// JetsamEvent report (SPEC 12) are read from their UTF-8 bytes into `MetricKitJSON` values.
///
/// - A number, a boolean and `null` stay apart: Foundation's `JSONSerialization` hands back
///   `NSNumber` for both `1` and `true`, so a reader built on it took `true` for 1 (SPEC 35).
/// - A number written without a fraction or an exponent that fits in 64 bits is `.integer`;
///   any other is `.number`. A number past a `Double`'s finite range (`1e400`) is refused:
///   it has no value to compare against a range.
/// - A string that is not UTF-8, or holds an unpaired surrogate escape, is refused.
/// - `Filter` names the parts a caller reads; every other value is checked as JSON and
///   skipped, never built, so a large report costs its own bytes and what is read of it.
///
/// It recurses once per level of nesting, and refuses a level past `InputLimits.depth`
/// (SPEC 35), so no input can overflow the stack. A failure says what is wrong and at which
/// byte; `JSONSyntaxCheck` gives the line and column of a syntax error.
struct JSONTreeReader {
    /// The parts of a document a caller reads.
    indirect enum Filter {
        /// The whole value.
        case all
        /// Of an object, the members with these keys, each read with its own filter; of an
        /// array, every element whole.
        case keys([String: Filter])
        /// Of an array, every element read with this filter; of an object, every member whole.
        case elements(Filter)
        /// Of an array, every element read with this filter and handed to the closure with its
        /// index as soon as it is read, never kept: the array reads as empty. So a list of
        /// many entries costs what the caller keeps of each. Of an object, every member whole.
        case each(Filter, (Int, MetricKitJSON) -> Void)
    }

    /// Where and why the bytes are not a JSON value the reader takes.
    struct Failure: Error, Sendable, CustomStringConvertible {
        /// Bytes before the place (0-based).
        var offset: Int
        var problem: String
        var description: String { "\(problem) at byte \(offset)" }
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        index = ByteOrderMark.length(atStartOf: bytes)
    }

    /// The value of `bytes`, a whole JSON text, with only what `filter` keeps built.
    ///
    /// - Throws: `Failure` at the first place the bytes are not one JSON value.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, keeping filter: Filter = .all) throws(Failure) -> MetricKitJSON {
        var reader = JSONTreeReader(bytes)
        let value = try reader.value(filter)
        reader.skipSpace()
        guard reader.index == bytes.count else { throw reader.fail("unexpected text after the JSON value") }
        return value ?? .null
    }

    /// The value at `index`, built when `filter` is not nil (nil when skipped).
    private mutating func value(_ filter: Filter?) throws(Failure) -> MetricKitJSON? {
        skipSpace()
        guard index < bytes.count else { throw fail("the text ends where a value belongs") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(filter)
        case UInt8(ascii: "["): return try array(filter)
        case UInt8(ascii: "\""): return try string(build: filter != nil).map(MetricKitJSON.string)
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw fail("expected a value")
        }
    }

    private mutating func object(_ filter: Filter?) throws(Failure) -> MetricKitJSON? {
        try open()
        var members: [String: MetricKitJSON] = [:]
        if try !isEmpty(closing: UInt8(ascii: "}")) {
            repeat {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key in double quotes") }
                let key = try string(build: true) ?? ""
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':' after a key") }
                index += 1
                let member: Filter? = switch filter {
                case .keys(let kept)?: kept[key]
                case .all?, .elements?, .each?: .all
                case nil: nil
                }
                if let value = try value(member) {
                    guard members.updateValue(value, forKey: key) == nil else { throw fail("the key \"\(key)\" appears twice") }
                }
            } while try next(closing: UInt8(ascii: "}"))
        }
        depth -= 1
        return filter == nil ? nil : .object(members)
    }

    private mutating func array(_ filter: Filter?) throws(Failure) -> MetricKitJSON? {
        try open()
        var elements: [MetricKitJSON] = []
        var sink: ((Int, MetricKitJSON) -> Void)? = nil
        let element: Filter?
        switch filter {
        case .elements(let kept)?: element = kept
        case .each(let kept, let handler)?: (element, sink) = (kept, handler)
        case .all?, .keys?: element = .all
        case nil: element = nil
        }
        var count = 0
        if try !isEmpty(closing: UInt8(ascii: "]")) {
            repeat {
                guard let value = try value(element) else { continue }
                if let sink { sink(count, value) } else { elements.append(value) }
                count += 1
            } while try next(closing: UInt8(ascii: "]"))
        }
        depth -= 1
        return filter == nil ? nil : .array(elements)
    }

    /// Steps past `{` or `[`, one level deeper.
    private mutating func open() throws(Failure) {
        guard depth < InputLimits.depth else { throw fail("nesting deeper than \(InputLimits.depth) levels") }
        depth += 1
        index += 1
    }

    /// Just after a container opens: whether it closes at once (its closing byte stepped past).
    private mutating func isEmpty(closing: UInt8) throws(Failure) -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == closing else { return false }
        index += 1
        return true
    }

    /// After a member: true after a comma (another member follows), false at the container's
    /// closing byte (stepped past).
    private mutating func next(closing: UInt8) throws(Failure) -> Bool {
        skipSpace()
        guard index < bytes.count else { throw fail("the text ends inside \(closing == UInt8(ascii: "}") ? "an object" : "an array")") }
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: ",") { return true }
        if byte == closing { return false }
        index -= 1
        throw fail("expected ',' or '\(Character(Unicode.Scalar(closing)))'")
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count,
              UnsafeBufferPointer(start: word.utf8Start, count: count).elementsEqual(bytes[index..<index + count])
        else { throw fail("expected a value") }
        index += count
    }

    /// A number: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    private mutating func number() throws(Failure) -> MetricKitJSON {
        let start = index
        var isInteger = true
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let whole = digits()
        guard whole > 0, whole == 1 || bytes[index - whole] != UInt8(ascii: "0") else { throw fail("not a JSON number", at: start) }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            isInteger = false
            guard digits() > 0 else { throw fail("not a JSON number", at: start) }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            isInteger = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw fail("not a JSON number", at: start) }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let value = Int64(text) { return .integer(value) }
        guard let value = Double(text), value.isFinite else { throw fail("the number \(text) is past the range of a double", at: start) }
        return .number(value)
    }

    /// Steps past ASCII digits; how many.
    private mutating func digits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - start
    }

    /// A string at `index` (its opening quote), unescaped when `build`; nil when not.
    private mutating func string(build: Bool) throws(Failure) -> String? {
        let start = index
        index += 1
        var unescaped: [UInt8]? = nil
        var run = index
        while true {
            guard index < bytes.count else { throw fail("the text ends inside a string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { throw fail("a control character inside a string") }
            guard byte == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            if build {
                if unescaped == nil { unescaped = [] }
                unescaped?.append(contentsOf: bytes[run..<index])
            }
            let scalar = try escape()
            if build { unescaped?.append(contentsOf: Array(String(Character(scalar)).utf8)) }
            run = index
        }
        defer { index += 1 }
        guard build else { return nil }
        let text: String?
        if var unescaped {
            unescaped.append(contentsOf: bytes[run..<index])
            text = String(validating: unescaped, as: UTF8.self)
        } else {
            text = String(validating: bytes[run..<index], as: UTF8.self)
        }
        guard let text else { throw fail("a string that is not UTF-8", at: start) }
        return text
    }

    /// The escape at `index` (its backslash), stepped past: `\"`, `\\`, `\/`, `\b`, `\f`,
    /// `\n`, `\r`, `\t`, or `\uXXXX`, a surrogate pair as two.
    private mutating func escape() throws(Failure) -> Unicode.Scalar {
        guard index + 1 < bytes.count else { throw fail("the text ends inside a string") }
        let letter = bytes[index + 1]
        index += 2
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(letter)
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"): break
        default: throw fail("an unknown escape in a string", at: index - 2)
        }
        let unit = try hexUnit()
        if let scalar = Unicode.Scalar(unit) { return scalar }
        guard unit < 0xDC00, index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
            throw fail("an unpaired surrogate escape in a string", at: index - 6)
        }
        index += 2
        let low = try hexUnit()
        guard (0xDC00...0xDFFF).contains(low),
              let scalar = Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00))
        else { throw fail("an unpaired surrogate escape in a string", at: index - 12) }
        return scalar
    }

    /// The four hex digits at `index`, stepped past.
    private mutating func hexUnit() throws(Failure) -> UInt16 {
        guard index + 4 <= bytes.count, bytes[index..<index + 4].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
              let unit = UInt16(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw fail("a \\u escape without four hex digits") }
        index += 4
        return unit
    }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private func fail(_ problem: String, at offset: Int? = nil) -> Failure {
        Failure(offset: offset ?? min(index, bytes.count), problem: problem)
    }
}
