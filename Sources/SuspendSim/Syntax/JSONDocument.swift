/// Reads the header of a JSON scenario file (everything but its `events`) into a
/// `ScenarioDocument` straight from its bytes, without composing it as YAML.
///
/// Composing a 100-app header with Yams costs more than ten times as much as reading it here:
/// libyaml's events, then a regular expression per plain scalar to resolve its type, and the
/// Foundation regular expressions compiled on first use. The tree is the one Yams gives for
/// the same text: JSON is YAML's flow style, a quoted scalar is a string, `true`, `false` and
/// `null` are a boolean and a null, a number is an int when it has neither fraction nor
/// exponent and a float otherwise (YAML 1.1's resolution of those spellings), and each node's
/// position is where libyaml puts its mark (the `{`, the `[`, the opening quote, the first
/// character of a number). `JSONDocumentTests` compares both trees, marks included.
///
/// Like the fast event reader (`JSONFastPath`), it accepts only the plain shape and returns
/// nil for anything else, valid JSON or not: strings with escapes or with characters other
/// than printable ASCII (YAML reads some, such as U+2028, as line breaks, which moves every
/// later mark), tabs, duplicate keys, keys over `Reader.longestKey` bytes, nesting deeper than
/// `maxDepth`. The caller then composes
/// the text with Yams, whose messages locate any mistake.
enum JSONDocument {
    /// Deeper nesting is left to Yams: a scenario's header nests four levels at most, and the
    /// reader recurses once a level.
    static let maxDepth = 32

    /// The document of `text`, the header of a JSON file: read here when it is of the plain
    /// shape, composed by Yams otherwise (whose messages locate any mistake).
    ///
    /// - Throws: `YAMLDocument.SyntaxError` for a text Yams cannot compose.
    static func readOrCompose(_ text: String) throws(YAMLDocument.SyntaxError) -> ScenarioDocument {
        var bytes = text
        if let document = bytes.withUTF8(read) { return document }
        return try YAMLDocument.compose(text)
    }

    /// The document in `bytes` (a whole JSON object and nothing after it but white space), or
    /// nil when it is not of the plain shape.
    ///
    /// - Complexity: O(n) in the number of bytes.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> ScenarioDocument? {
        var reader = Reader(scanner: _JSONByteScanner(bytes))
        reader.skipWhitespace()
        guard reader.scanner.peek == UInt8(ascii: "{"), let root = reader.value(depth: 0) else { return nil }
        reader.skipWhitespace()
        guard reader.scanner.position == bytes.count else { return nil }
        return ScenarioDocument(root: root)
    }

    /// A recursive-descent reader that keeps the offset where the current line starts, so
    /// that each node gets its column.
    private struct Reader {
        var scanner: _JSONByteScanner
        /// The offset of the first byte of the scanner's current line.
        var lineStart = 0

        /// libyaml takes a key for a key only within 1024 characters of its colon (a "simple
        /// key"); longer ones are left to it.
        static let longestKey = 1000

        mutating func skipWhitespace() {
            let before = scanner.currentLine
            scanner.skipWhitespace()
            guard scanner.currentLine != before else { return }
            var offset = scanner.position
            while offset > 0, scanner.bytes[offset - 1] != UInt8(ascii: "\n") { offset -= 1 }
            lineStart = offset
        }

        /// The position of the next byte (every byte of the plain shape is one scalar).
        var position: ScenarioNode.Position {
            ScenarioNode.Position(line: scanner.currentLine, column: scanner.position - lineStart + 1)
        }

        mutating func value(depth: Int) -> ScenarioNode? {
            guard depth <= JSONDocument.maxDepth, let byte = scanner.peek else { return nil }
            let start = position
            switch byte {
            case UInt8(ascii: "{"):
                return object(at: start, depth: depth)
            case UInt8(ascii: "["):
                return array(at: start, depth: depth)
            case UInt8(ascii: "\""):
                return string(at: start)
            default:
                return plainScalar(at: start)
            }
        }

        private mutating func object(at start: ScenarioNode.Position, depth: Int) -> ScenarioNode? {
            _ = scanner.consume(UInt8(ascii: "{"))
            var pairs: [(key: ScenarioNode, value: ScenarioNode)] = []
            var names = Set<String>()
            skipWhitespace()
            if !scanner.consume(UInt8(ascii: "}")) {
                repeat {
                    skipWhitespace()
                    guard scanner.peek == UInt8(ascii: "\""), let key = string(at: position),
                          let name = key.scalarText, name.utf8.count <= Self.longestKey, names.insert(name).inserted,
                          scanner.consumeColon() else { return nil }
                    skipWhitespace()
                    guard let value = value(depth: depth + 1) else { return nil }
                    pairs.append((key, value))
                    skipWhitespace()
                } while scanner.consume(UInt8(ascii: ","))
                guard scanner.consume(UInt8(ascii: "}")) else { return nil }
            }
            return .mapping(ScenarioNode.Mapping(pairs: pairs, position: start))
        }

        private mutating func array(at start: ScenarioNode.Position, depth: Int) -> ScenarioNode? {
            _ = scanner.consume(UInt8(ascii: "["))
            var items: [ScenarioNode] = []
            skipWhitespace()
            if !scanner.consume(UInt8(ascii: "]")) {
                repeat {
                    skipWhitespace()
                    guard let item = value(depth: depth + 1) else { return nil }
                    items.append(item)
                    skipWhitespace()
                } while scanner.consume(UInt8(ascii: ","))
                guard scanner.consume(UInt8(ascii: "]")) else { return nil }
            }
            return .sequence(ScenarioNode.Sequence(items: items, position: start))
        }

        private mutating func string(at start: ScenarioNode.Position) -> ScenarioNode? {
            guard let text = scanner.plainString() else { return nil }
            return .scalar(ScenarioNode.Scalar(string: text, type: .string, isPlain: false, position: start))
        }

        /// `true`, `false`, `null` or a number, ending where a JSON value ends.
        private mutating func plainScalar(at start: ScenarioNode.Position) -> ScenarioNode? {
            let from = scanner.position
            while let byte = scanner.peek, !_JSONByteScanner.endsValue(byte) { scanner.move(to: scanner.position + 1) }
            let bytes = scanner.bytes[from..<scanner.position]
            guard let type = Self.type(ofPlain: bytes) else { return nil }
            return .scalar(ScenarioNode.Scalar(string: String(decoding: bytes, as: UTF8.self), type: type, isPlain: true,
                                               position: start))
        }

        /// The type YAML resolves a JSON literal to; nil for anything that is not one.
        private static func type(ofPlain bytes: Slice<UnsafeBufferPointer<UInt8>>) -> ScenarioNode.ScalarType? {
            if bytes.elementsEqual("true".utf8) { return .bool(true) }
            if bytes.elementsEqual("false".utf8) { return .bool(false) }
            if bytes.elementsEqual("null".utf8) { return .null }
            return numberType(bytes)
        }

        /// `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][-+]?[0-9]+)?`: an int without fraction or
        /// exponent, a float with either; nil for anything else.
        private static func numberType(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> ScenarioNode.ScalarType? {
            var index = bytes.startIndex
            func digits() -> Int {
                let start = index
                while index < bytes.endIndex, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                    index += 1
                }
                return index - start
            }
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: "-") { index += 1 }
            let wholeStart = index
            let wholeDigits = digits()
            guard wholeDigits > 0, wholeDigits == 1 || bytes[wholeStart] != UInt8(ascii: "0") else { return nil }
            var isInt = true
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { return nil }
                isInt = false
            }
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.endIndex, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                    index += 1
                }
                guard digits() > 0 else { return nil }
                isInt = false
            }
            guard index == bytes.endIndex else { return nil }
            return isInt ? .int : .float
        }
    }
}
