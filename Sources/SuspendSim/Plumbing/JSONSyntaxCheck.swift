/// Where a text stops being JSON (RFC 8259), for the messages of the importers (SPEC 12, 18,
/// 35): Foundation's readers say only that the data is not valid, and a truncated payload
/// then reads as "not JSON" with no position.
///
/// ```swift
/// JSONSyntaxCheck.firstError(in: Array("{\"a\": [1, 2".utf8))?.description
/// // "the text ends inside an array at byte 11 (line 1, column 12): is the file cut short?"
/// ```
///
/// It reads the bytes once, keeping a stack of the open arrays and objects (no recursion, so
/// any depth is safe), and builds nothing.
enum JSONSyntaxCheck {
    /// The first place where the text is not JSON.
    struct Failure: Equatable, CustomStringConvertible {
        /// Bytes before it, from the start of the text (0-based).
        var offset: Int
        /// Its 1-based line.
        var line: Int
        /// Its 1-based column, in Unicode scalars.
        var column: Int
        /// What is wrong there.
        var problem: String
        /// Whether the text ends there (a truncated file).
        var atEnd: Bool

        var description: String {
            let place = "at byte \(offset) (line \(line), column \(column))"
            return atEnd ? "the text ends \(problem) \(place): is the file cut short?" : "\(problem) \(place)"
        }
    }

    private enum Container { case array, object }

    /// The first syntax error of `bytes` (UTF-8 JSON text), or nil when they are one JSON value
    /// with only white space around it.
    ///
    /// - Complexity: O(n) in the number of bytes.
    static func firstError(in bytes: [UInt8]) -> Failure? {
        var scanner = Scanner(bytes: bytes)
        return scanner.check()
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var stack: [Container] = []

        init(bytes: [UInt8]) {
            self.bytes = bytes
            index = ByteOrderMark.length(atStartOf: bytes)
        }

        mutating func check() -> Failure? {
            if let failure = value() { return failure }
            while true {
                skipSpace()
                guard let container = stack.last else {
                    return index < bytes.count ? fail("unexpected \(found) after the JSON value") : nil
                }
                guard index < bytes.count else { return fail(container == .array ? "inside an array" : "inside an object", atEnd: true) }
                let closing = container == .array ? UInt8(ascii: "]") : UInt8(ascii: "}")
                if bytes[index] == closing {
                    index += 1
                    stack.removeLast()
                } else if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    if container == .object, let failure = key() { return failure }
                    if let failure = value() { return failure }
                } else {
                    return fail("expected ',' or '\(Character(Unicode.Scalar(closing)))', found \(found)")
                }
            }
        }

        /// One value; an array or object is opened (its first member read) and left on the stack.
        mutating func value() -> Failure? {
            while true {
                skipSpace()
                guard index < bytes.count else { return fail(stack.isEmpty ? "before any value" : "where a value belongs", atEnd: true) }
                switch bytes[index] {
                case UInt8(ascii: "["):
                    index += 1
                    skipSpace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return nil }
                    stack.append(.array)
                    continue
                case UInt8(ascii: "{"):
                    index += 1
                    skipSpace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return nil }
                    stack.append(.object)
                    if let failure = key() { return failure }
                    continue
                case UInt8(ascii: "\""): return string()
                case UInt8(ascii: "t"): return literal("true")
                case UInt8(ascii: "f"): return literal("false")
                case UInt8(ascii: "n"): return literal("null")
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
                default: return fail("expected a value, found \(found)")
                }
            }
        }

        /// An object's key and its colon.
        mutating func key() -> Failure? {
            skipSpace()
            guard index < bytes.count else { return fail("inside an object, where a key belongs", atEnd: true) }
            guard bytes[index] == UInt8(ascii: "\"") else { return fail("expected a key in double quotes, found \(found)") }
            if let failure = string() { return failure }
            skipSpace()
            guard index < bytes.count else { return fail("inside an object, after a key", atEnd: true) }
            guard bytes[index] == UInt8(ascii: ":") else { return fail("expected ':' after a key, found \(found)") }
            index += 1
            return nil
        }

        mutating func string() -> Failure? {
            index += 1
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    index += 1
                    return nil
                case UInt8(ascii: "\\"):
                    index += 2
                case 0..<0x20:
                    return fail("a control character inside a string")
                default:
                    index += 1
                }
            }
            return fail("inside a string", atEnd: true)
        }

        mutating func literal(_ word: String) -> Failure? {
            let start = index
            for byte in word.utf8 {
                guard index < bytes.count else { return fail("inside '\(word)'", atEnd: true) }
                guard bytes[index] == byte else {
                    index = start
                    return fail("expected a value, found \(found)")
                }
                index += 1
            }
            return nil
        }

        mutating func number() -> Failure? {
            let isNumberByte: (UInt8) -> Bool = {
                ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+")
                    || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E")
            }
            let start = index
            while index < bytes.count, isNumberByte(bytes[index]) { index += 1 }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            guard Self.isJSONNumber(text) else {
                if index == bytes.count { return fail("inside the number '\(text)'", atEnd: true) }
                index = start
                return fail("'\(text)' is not a JSON number")
            }
            return nil
        }

        /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
        static func isJSONNumber(_ text: String) -> Bool {
            var rest = Substring(text)
            if rest.first == "-" { rest = rest.dropFirst() }
            let whole = rest.prefix { $0.isASCII && $0.isNumber }
            guard !whole.isEmpty, whole == "0" || whole.first != "0" else { return false }
            rest = rest.dropFirst(whole.count)
            if rest.first == "." {
                let fraction = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
                guard !fraction.isEmpty else { return false }
                rest = rest.dropFirst(1 + fraction.count)
            }
            if rest.first == "e" || rest.first == "E" {
                rest = rest.dropFirst()
                if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
                let exponent = rest.prefix { $0.isASCII && $0.isNumber }
                guard !exponent.isEmpty else { return false }
                rest = rest.dropFirst(exponent.count)
            }
            return rest.isEmpty
        }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        /// The byte at `index`, for messages.
        var found: String {
            guard index < bytes.count else { return "the end of the text" }
            let byte = bytes[index]
            return byte >= 0x21 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x" + String(byte, radix: 16, uppercase: true)
        }

        func fail(_ problem: String, atEnd: Bool = false) -> Failure {
            let offset = min(index, bytes.count)
            var line = 1
            var column = 1
            for byte in bytes[0..<offset] {
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
            return Failure(offset: offset, line: line, column: column, problem: problem, atEnd: atEnd)
        }
    }
}
