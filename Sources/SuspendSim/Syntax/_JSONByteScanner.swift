#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A forward-only reader of JSON bytes that keeps count of lines.
struct _JSONByteScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var position: Int
    /// The 1-based line of `position`.
    private(set) var currentLine: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int = 0, line: Int = 1) {
        self.bytes = bytes
        self.position = position
        self.currentLine = line
    }

    var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    /// The 1-based line of byte `offset` (counted from the start).
    func line(at offset: Int) -> Int {
        var line = 1
        for index in 0..<offset where bytes[index] == UInt8(ascii: "\n") { line += 1 }
        return line
    }

    /// Skips spaces and line ends (a CR only as part of CR LF). Tabs are not skipped: YAML
    /// treats them differently from JSON, so the fast path gives up on them.
    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "):
                position += 1
            case UInt8(ascii: "\n"):
                position += 1
                currentLine += 1
            case UInt8(ascii: "\r") where position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "\n"):
                position += 1
            default:
                return
            }
        }
    }

    mutating func consume(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        position += 1
        return true
    }

    /// Skips spaces on the current line.
    mutating func skipSpaces() {
        while peek == UInt8(ascii: " ") { position += 1 }
    }

    /// A colon after a key, on the key's line (YAML does not allow a line break there).
    mutating func consumeColon() -> Bool {
        skipSpaces()
        return consume(UInt8(ascii: ":"))
    }

    /// `null`, followed by a delimiter.
    mutating func null() -> Bool {
        guard position + 4 <= bytes.count, bytes[position] == UInt8(ascii: "n"), bytes[position + 1] == UInt8(ascii: "u"),
              bytes[position + 2] == UInt8(ascii: "l"), bytes[position + 3] == UInt8(ascii: "l") else { return false }
        position += 4
        return isAtDelimiter
    }

    /// `true` or `false`, followed by a delimiter; nil for anything else.
    mutating func bool() -> Bool? {
        for (word, value) in [("true", true), ("false", false)] {
            let bytes = Array(word.utf8)
            guard position + bytes.count <= self.bytes.count,
                  bytes.indices.allSatisfy({ self.bytes[position + $0] == bytes[$0] }) else { continue }
            position += bytes.count
            return isAtDelimiter ? value : nil
        }
        return nil
    }

    private var isAtDelimiter: Bool {
        peek.map(Self.endsValue) ?? true
    }

    /// Whether `byte` ends a scalar value: a separator, a closing bracket or white space.
    static func endsValue(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: " "), UInt8(ascii: "\t"),
             UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            return true
        default:
            return false
        }
    }

    /// A string of printable ASCII with no escapes; nil otherwise (YAML reads some other
    /// characters, such as U+2028, as line breaks).
    mutating func plainString() -> String? {
        plainStringBytes().map { String(decoding: $0, as: UTF8.self) }
    }

    /// The bytes of a string of printable ASCII with no escapes; nil otherwise.
    ///
    /// Eight bytes at a time while eight are left (`firstSpecialByte`), then one at a time:
    /// an app id of 16 bytes takes 3 steps, not 17.
    mutating func plainStringBytes() -> Slice<UnsafeBufferPointer<UInt8>>? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        let start = position
        if let base = bytes.baseAddress {
            while position &+ 8 <= bytes.count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                guard let offset = Self.firstSpecialByte(word) else {
                    position &+= 8
                    continue
                }
                position &+= offset
                guard bytes[position] == UInt8(ascii: "\"") else { return nil }
                let text = bytes[start..<position]
                position &+= 1
                return text
            }
        }
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let text = bytes[start..<position]
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x7F { return nil }
            position += 1
        }
        return nil
    }

    /// Whether `slice` holds exactly `expected`: the lengths, then one `memcmp` (a generic
    /// `elementsEqual` walked both with iterators).
    @inline(__always)
    static func bytes(_ slice: Slice<UnsafeBufferPointer<UInt8>>, equal expected: [UInt8]) -> Bool {
        guard slice.count == expected.count else { return false }
        guard let base = slice.base.baseAddress, !expected.isEmpty else { return true }
        return memcmp(base + slice.startIndex, expected, expected.count) == 0
    }

    /// The position (0 to 7) of the first byte of `word` (its bytes in memory order, the
    /// first lowest) that ends or spoils a plain string: a double quote, a backslash, a control
    /// character below 0x20, or 0x7F and above; nil if none does.
    ///
    /// Each test sets the high bit of a byte that matches (the classic zero-byte tests of
    /// "Bit Twiddling Hacks"); a borrow can set it also in a byte above a true match, never
    /// below one, so the lowest bit set is the first match.
    @inline(__always)
    static func firstSpecialByte(_ word: UInt64) -> Int? {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let zeroByte = { (value: UInt64) in (value &- ones) & ~value }
        // A byte below 0x20: subtracting 0x20 borrows into its high bit while that bit was clear.
        let control = (word &- ones &* 0x20) & ~word
        // A byte of 0x7F or more: its high bit is set, or adding 1 to its low 7 bits sets it.
        let high = word | ((word & ~highBits) &+ ones)
        let found = (zeroByte(quotes) | zeroByte(backslashes) | control | high) & highBits
        return found == 0 ? nil : found.trailingZeroBitCount >> 3
    }

    /// 10^(10 - n) for n decimals: what scales a fraction of n digits to ten-billionths.
    private static let fractionScales: [UInt64] = [
        10_000_000_000, 1_000_000_000, 100_000_000, 10_000_000, 1_000_000, 100_000, 10_000, 1_000, 100, 10, 1,
    ]

    /// A number of the canonical shape (see `_FastDecimal`); nil otherwise.
    mutating func number() -> _FastDecimal? {
        let negative = consume(UInt8(ascii: "-"))
        guard let first = peek, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else { return nil }
        var whole: UInt64 = 0
        var digits = 0
        while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            whole = whole &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
            digits += 1
            position += 1
            if digits > 11 { return nil }
        }
        if first == UInt8(ascii: "0"), digits > 1 { return nil }
        var fraction: UInt64 = 0
        if consume(UInt8(ascii: ".")) {
            var decimals = 0
            while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                fraction = fraction &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
                decimals += 1
                position += 1
                if decimals > 10 { return nil }
            }
            guard decimals > 0 else { return nil }
            fraction &*= Self.fractionScales[decimals]
        }
        guard isAtDelimiter else { return nil }
        // "-0" is not negative (the ordinary reader's rule); the canonical path skips it.
        if negative, whole == 0, fraction == 0 { return nil }
        return _FastDecimal(isNegative: negative, whole: whole, tenBillionths: fraction)
    }

    /// Continues from byte `offset` (after another scanner read up to there).
    /// Goes back to `offset`, on `line` (input that arrives in chunks is read again there).
    mutating func rewind(to offset: Int, line: Int) {
        position = offset
        currentLine = line
    }

    mutating func move(to offset: Int) {
        position = offset
    }

    /// Skips one JSON value of any kind.
    mutating func skipValue() -> Bool {
        skipAnyValue()
    }

    /// Skips one JSON value of any kind (strings may hold escapes here). Arrays and objects
    /// are skipped by counting brackets outside strings, a tight loop over the bytes; whether
    /// their inside is well-formed is for whoever reads them (the YAML reader, for the header).
    private mutating func skipAnyValue() -> Bool {
        guard let byte = peek else { return false }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var nesting = 0
            var inString = false
            while position < bytes.count {
                let next = bytes[position]
                position += 1
                if inString {
                    if next == UInt8(ascii: "\\") {
                        position += 1
                    } else if next == UInt8(ascii: "\"") {
                        inString = false
                    }
                    continue
                }
                switch next {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): nesting += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    nesting -= 1
                    if nesting == 0 { return true }
                default: break
                }
            }
            return false
        case UInt8(ascii: "\""):
            return skipString()
        default:
            let start = position
            while let next = peek, !isDelimiterForSkipping(next) { position += 1 }
            return position > start
        }
    }

    /// Where a value being skipped ends: where a scalar ends, or where a key, a collection or
    /// a string begins.
    private func isDelimiterForSkipping(_ byte: UInt8) -> Bool {
        Self.endsValue(byte) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[")
            || byte == UInt8(ascii: "\"")
    }

    private mutating func skipString() -> Bool {
        guard consume(UInt8(ascii: "\"")) else { return false }
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: "\\") {
                position += 1
            } else if byte == UInt8(ascii: "\"") {
                return true
            } else if byte == UInt8(ascii: "\n") {
                return false
            }
        }
        return false
    }
}
