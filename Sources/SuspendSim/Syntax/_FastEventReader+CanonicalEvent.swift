/// The canonical spelling of an event, read straight off the bytes: `{"at": T, "KEY": VALUE}`
/// with `at` first, on one line, spaces (any number, none included) only where the writers put
/// them, as `ScenarioJSONWriter` and the generators write every event. Anything else (another
/// order of keys, a line break, a tab, an escape, a number with an exponent, `allocate`'s
/// `session`, ...) makes it give up with the scanner unmoved, and `_FastEventReader.readEvent`
/// reads the event the general way, which takes every spelling this one takes, with the same
/// result: this reader only skips the general one's work for the common case.
///
/// Measured on the 10^5-event file (callgrind, the reader thread): the general reader spent
/// about 1,560 instructions an event, a third of them in finding each key by its hash and
/// checking each byte position against the buffer's end.
extension _FastEventReader {
    /// The canonical event at the scanner, or nil with the scanner unmoved.
    mutating func readCanonicalEvent() -> (_FastDecimal, ScenarioEvent.Action)? {
        guard let base = scanner.bytes.baseAddress else { return nil }
        var cursor = _CanonicalCursor(base: base, position: scanner.position, end: scanner.bytes.count)
        guard cursor.take(UInt8(ascii: "{")), cursor.takeKey(Self.atKeyWord, length: 4),
              let time = cursor.number(), !time.isNegative, cursor.take(UInt8(ascii: ",")),
              let key = cursor.quoted(), cursor.takeColon(),
              let position = eventKeys.index(of: base + key.lowerBound, count: key.count)
        else { return nil }
        guard let action = readCanonicalAction(eventKinds[position], &cursor), cursor.take(UInt8(ascii: "}"))
        else { return nil }
        scanner.move(to: cursor.position)
        return (time, action)
    }

    /// The quoted keys and the words of the canonical shape, each as the little-endian word of
    /// its bytes (`_CanonicalCursor.word`; literals, so that reading one costs no lazy
    /// initialisation; `FastEventPathTests` checks them against their text).
    static let atKeyWord: UInt64 = 0x2274_6122  // "at"
    static let appKeyWord: UInt64 = 0x22_7070_6122  // "app"
    static let mbKeyWord: UInt64 = 0x2262_6D22  // "mb"
    static let modeKeyWord: UInt64 = 0x2265_646F_6D22  // "mode"
    static let nullWord: UInt64 = 0x6C6C_756E  // null
    static let trueWord: UInt64 = 0x6575_7274  // true
    static let falseWord: UInt64 = 0x65_736C_6166  // false

    /// The value of an event of `kind` in its canonical spelling, as its action.
    private mutating func readCanonicalAction(
        _ kind: ScenarioEvent.Kind, _ cursor: inout _CanonicalCursor
    ) -> ScenarioEvent.Action? {
        var parts = EventGrammar.Parts()
        switch EventGrammar.value(of: kind) {
        case .null:
            guard cursor.takeWord(Self.nullWord, length: 4) else { return nil }
        case .app:
            guard let id = cursor.quoted(), let app = canonicalApp(id) else { return nil }
            parts.app = app
        case .appAndMode(let continuous):
            guard cursor.take(UInt8(ascii: "{")), cursor.takeKey(Self.appKeyWord, length: 5),
                  let id = cursor.quoted(), let app = canonicalApp(id), cursor.take(UInt8(ascii: ",")),
                  cursor.takeKey(Self.modeKeyWord, length: 6), let name = cursor.quoted(),
                  let position = modeTable.index(of: cursor.base + name.lowerBound, count: name.count),
                  case let mode = modeList[position],
                  mode.isContinuous == continuous, cursor.take(UInt8(ascii: "}")) else { return nil }
            (parts.app, parts.mode) = (app, mode)
        case .appAndMB:
            guard cursor.take(UInt8(ascii: "{")), cursor.takeKey(Self.appKeyWord, length: 5),
                  let id = cursor.quoted(), let app = canonicalApp(id), cursor.take(UInt8(ascii: ",")),
                  cursor.takeKey(Self.mbKeyWord, length: 4), let mb = cursor.number(), cursor.take(UInt8(ascii: "}")),
                  let kib = mb.scaledRoundingHalfAway(by: 1024) else { return nil }
            (parts.app, parts.kib) = (app, KiB(kib))
        case .mb:
            guard cursor.take(UInt8(ascii: "{")), cursor.takeKey(Self.mbKeyWord, length: 4), let mb = cursor.number(),
                  cursor.take(UInt8(ascii: "}")), let kib = mb.scaledRoundingHalfAway(by: 1024) else { return nil }
            parts.kib = KiB(kib)
        case .flag:
            if cursor.takeWord(Self.trueWord, length: 4) {
                parts.flag = true
            } else if cursor.takeWord(Self.falseWord, length: 5) {
                parts.flag = false
            } else {
                return nil
            }
        }
        return EventGrammar.action(kind, parts)
    }

    /// The app an id names, as `appIndex` finds it, when the id is plain (`quoted` leaves
    /// that to here: an id found among plain ids is plain; any other is checked).
    private mutating func canonicalApp(_ id: Range<Int>) -> AppIndex? {
        guard let base = scanner.bytes.baseAddress else { return nil }
        let bytes = base + id.lowerBound
        if let known = apps.index(of: bytes, count: id.count) {
            return apps.hasOnlyPlainIDs || _CanonicalCursor.isPlain(bytes, count: id.count) ? known : nil
        }
        guard addsUnknownApps, _CanonicalCursor.isPlain(bytes, count: id.count) else { return nil }
        return apps.intern(scanner.bytes[id])
    }
}

/// A position in the bytes that `readCanonicalEvent` reads. Each step takes what it expects,
/// then the spaces after it; a byte past the end reads as 0, which no step expects, so every
/// step is checked against the end once.
struct _CanonicalCursor {
    let base: UnsafePointer<UInt8>
    private(set) var position: Int
    let end: Int

    init(base: UnsafePointer<UInt8>, position: Int, end: Int) {
        self.base = base
        self.position = position
        self.end = end
    }

    /// The byte at `offset` from the position, or 0 past the end.
    @inline(__always)
    private func byte(_ offset: Int = 0) -> UInt8 {
        position &+ offset < end ? base[position &+ offset] : 0
    }

    @inline(__always)
    private mutating func skipSpaces() {
        while byte() == UInt8(ascii: " ") { position &+= 1 }
    }

    /// The first `length` (at most 8) bytes of `text` as a little-endian word.
    static func word(_ text: String) -> UInt64 {
        text.utf8.prefix(8).enumerated().reduce(0) { $0 | UInt64($1.element) << UInt64(8 * $1.offset) }
    }

    /// `expected` byte, then spaces.
    @inline(__always)
    mutating func take(_ expected: UInt8) -> Bool {
        guard byte() == expected else { return false }
        position &+= 1
        skipSpaces()
        return true
    }

    /// The `length` bytes of `word`, followed by a byte that ends a value, then spaces.
    @inline(__always)
    mutating func takeWord(_ word: UInt64, length: Int) -> Bool {
        guard matches(word, length: length), _JSONByteScanner.endsValue(byte(length)) else { return false }
        position &+= length
        skipSpaces()
        return true
    }

    /// A key (`word`, its quotes included, `length` bytes) and its colon, spaces around it.
    @inline(__always)
    mutating func takeKey(_ word: UInt64, length: Int) -> Bool {
        guard matches(word, length: length) else { return false }
        position &+= length
        return takeColon()
    }

    /// Spaces, a colon, spaces.
    @inline(__always)
    mutating func takeColon() -> Bool {
        skipSpaces()
        return take(UInt8(ascii: ":"))
    }

    /// Whether the next `length` bytes (at most 8) are those of `word`.
    @inline(__always)
    private func matches(_ word: UInt64, length: Int) -> Bool {
        if position &+ 8 <= end {
            let next = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
            let mask: UInt64 = length == 8 ? ~0 : (1 << UInt64(length &* 8)) &- 1
            return next & mask == word
        }
        for offset in 0..<length where byte(offset) != UInt8(truncatingIfNeeded: word >> UInt64(offset &* 8)) {
            return false
        }
        return true
    }

    /// A string up to its first `"`, then spaces: the range of its bytes. Its bytes are not
    /// checked here: each string the canonical reader reads is looked up in a table of plain
    /// strings (`_JSONByteScanner.plainStringBytes`' rule: printable ASCII, no escape), so a
    /// string that matches is plain, and one that does not is checked before it is added
    /// (`canonicalApp`). Eight bytes at a time look for the quote alone (the zero-byte test of
    /// "Bit Twiddling Hacks": exact for the lowest match): about 6 instructions a word, where
    /// testing each byte for every special kind took about 35.
    @inline(__always)
    mutating func quoted() -> Range<Int>? {
        guard byte() == UInt8(ascii: "\"") else { return nil }
        let start = position &+ 1
        var next = start
        let ones: UInt64 = 0x0101_0101_0101_0101
        while next &+ 8 <= end {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + next).loadUnaligned(as: UInt64.self))
            let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
            let found = (quotes &- ones) & ~quotes & (ones &<< 7)
            if found != 0 { return closeString(start, at: next &+ found.trailingZeroBitCount &>> 3) }
            next &+= 8
        }
        while next < end {
            if base[next] == UInt8(ascii: "\"") { return closeString(start, at: next) }
            next &+= 1
        }
        return nil
    }

    /// The string from `start` to its closing quote at `stop`.
    @inline(__always)
    private mutating func closeString(_ start: Int, at stop: Int) -> Range<Int> {
        position = stop &+ 1
        skipSpaces()
        return start..<stop
    }

    /// Whether the `count` bytes at `bytes` make a plain string
    /// (`_JSONByteScanner.plainStringBytes`' rule).
    static func isPlain(_ bytes: UnsafePointer<UInt8>, count: Int) -> Bool {
        UnsafeBufferPointer(start: bytes, count: count).allSatisfy { byte in
            byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
        }
    }

    /// A number of `_JSONByteScanner.number`'s shape and limits, followed by a byte that ends a
    /// value, then spaces.
    @inline(__always)
    mutating func number() -> _FastDecimal? {
        var next = position
        let negative = next < end && base[next] == UInt8(ascii: "-")
        if negative { next &+= 1 }
        let whole = digits(at: next)
        guard whole.count > 0, whole.count <= 11, whole.count == 1 || base[next] != UInt8(ascii: "0") else {
            return nil
        }
        next &+= whole.count
        var fraction: UInt64 = 0
        if next < end, base[next] == UInt8(ascii: ".") {
            let decimals = digits(at: next &+ 1)
            guard decimals.count > 0, decimals.count <= 10 else { return nil }
            fraction = decimals.value &* Self.tenBillionthsScale(decimals.count)
            next &+= 1 &+ decimals.count
        }
        guard next == end || _JSONByteScanner.endsValue(base[next]) else { return nil }
        if negative, whole.value == 0, fraction == 0 { return nil }
        position = next
        skipSpaces()
        return _FastDecimal(isNegative: negative, whole: whole.value, tenBillionths: fraction)
    }

    /// 10^(10 - decimals), for 1 to 10 decimals: what makes a fraction ten-billionths. A
    /// `switch` compiles to a constant table; a loop multiplying by 10 cost 2.5 M instructions
    /// on the 10^5-event file, and a `static let` array a lazy-initialisation check per read.
    @inline(__always)
    static func tenBillionthsScale(_ decimals: Int) -> UInt64 {
        switch decimals {
        case 1: 1_000_000_000
        case 2: 100_000_000
        case 3: 10_000_000
        case 4: 1_000_000
        case 5: 100_000
        case 6: 10_000
        case 7: 1_000
        case 8: 100
        case 9: 10
        default: 1
        }
    }

    /// The run of decimal digits at `start`: how many, and their value (meaningful up to 19
    /// digits; the callers refuse more than 11). Fewer than 8 digits with 8 bytes left are
    /// read as one word (`leadingDigits`, `valueOfDigits`): about 25 instructions, where a
    /// byte at a time took about 11 a digit (measured: 23.7 M instructions for the 130 k
    /// numbers of the 10^5-event file).
    @inline(__always)
    func digits(at start: Int) -> (value: UInt64, count: Int) {
        if start &+ 8 <= end {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
            let (count, values) = Self.leadingDigits(word)
            if count < 8 { return (count == 0 ? 0 : Self.valueOfDigits(values, count: count), count) }
        }
        var value: UInt64 = 0
        var next = start
        while next < end {
            let digit = base[next] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            value = value &* 10 &+ UInt64(digit)
            next &+= 1
        }
        return (value, next &- start)
    }

    /// How many of the bytes of `word` (little-endian: the first lowest) are decimal digits
    /// before the first that is not (0 to 8), and the word with each digit byte turned into
    /// its value (0 to 9).
    ///
    /// XOR with `0` turns exactly the bytes `0`...`9` into 0...9; a byte is then not a digit
    /// when it is 10 or more: adding 0x76 to its low 7 bits sets its high bit (no carry leaves
    /// the byte), or its high bit is set already.
    @inline(__always)
    static func leadingDigits(_ word: UInt64) -> (count: Int, values: UInt64) {
        let values = word ^ 0x3030_3030_3030_3030
        let notDigit = (((values & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7676_7676_7676_7676) | values) & 0x8080_8080_8080_8080
        return (notDigit.trailingZeroBitCount &>> 3, values)
    }

    /// The value of the first `count` (1 to 8) digits of `values` (as `leadingDigits` gives
    /// them): they are moved to the top of the word, zeros before them, and combined pairwise,
    /// then by fours, then all eight, with three multiplications (the eight-digit step of
    /// Lemire's fast_float, "Number Parsing at a Gigabyte per Second").
    @inline(__always)
    static func valueOfDigits(_ values: UInt64, count: Int) -> UInt64 {
        var value = values &<< UInt64(64 &- 8 &* count)
        value = value &* 10 &+ value &>> 8
        let pairs: UInt64 = 0x0000_00FF_0000_00FF
        value = ((value & pairs) &* (100 &+ 1_000_000 &<< 32) &+ (value &>> 16 & pairs) &* (1 &+ 10_000 &<< 32)) &>> 32
        return value & 0xFFFF_FFFF
    }
}
