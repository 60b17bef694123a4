/// The shape rules of SPEC 35 for a JSON input (a MetricKit payload file, a JetsamEvent
/// report), checked on its bytes before any decoder reads them:
/// - **Duplicate keys**: an object that holds a key twice is bad input, anywhere in the
///   document, also inside objects the reader otherwise ignores. Keys compare after
///   unescaping (`"a"` and `"\u0061"` are one key).
/// - **Nesting**: more than `maxDepth` objects and arrays inside one another is bad input.
///
/// The walk keeps a stack of open containers, never recursion, so no depth ends the process.
/// It stops quietly at the first byte that is not JSON: the decoder that runs next says what is
/// wrong there.
enum JSONShapeCheck {
    /// The deepest nesting of objects and arrays an input may have (SPEC 35).
    static let maxDepth = InputLimits.depth

    /// The first rule a document breaks, with the JSON path where, written as
    /// `MetricKitJSONPath` writes paths (`payloads[0].metaData.bundleIdentifier`).
    enum Problem: Sendable, Hashable, CustomStringConvertible {
        /// The object at `path` holds `key` twice.
        case duplicateKey(path: String, key: String)
        /// The container that opens at `path` is the 257th level.
        case tooDeep(path: String)

        /// The problem in words, the path first.
        var description: String {
            switch self {
            case .duplicateKey(let path, let key):
                let at = path.isEmpty ? key : "\(path).\(key)"
                return "\(at): duplicate key \(JSONEscaping.quoted(key, for: .json)) (a JSON object holds each key once)"
            case .tooDeep(let path):
                let at = path.isEmpty ? "the top level" : path
                return "\(at): nesting deeper than \(JSONShapeCheck.maxDepth) levels"
            }
        }
    }

    /// An open container.
    private struct Frame {
        /// An object's keys so far; nil for an array.
        var keys: Set<String>?
        /// The key of the object's current value.
        var key = ""
        /// Whether the next string of an object is a key.
        var expectsKey = true
        /// The array's current index.
        var index = 0
    }

    /// The first problem of `bytes`; nil when there is none (or when the bytes stop being JSON
    /// before one).
    ///
    /// - Complexity: O(n) in the number of bytes.
    static func firstProblem<Bytes: Collection<UInt8>>(in bytes: Bytes) -> Problem? where Bytes.Index == Int {
        var stack: [Frame] = []
        var position = bytes.startIndex
        while position < bytes.endIndex {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if stack.count == maxDepth { return .tooDeep(path: path(stack)) }
                stack.append(Frame(keys: byte == UInt8(ascii: "{") ? [] : nil))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard stack.popLast() != nil else { return nil }
            case UInt8(ascii: ","):
                guard !stack.isEmpty else { return nil }
                if stack[stack.count - 1].keys == nil { stack[stack.count - 1].index += 1 } else { stack[stack.count - 1].expectsKey = true }
            case UInt8(ascii: ":"):
                guard !stack.isEmpty else { return nil }
                stack[stack.count - 1].expectsKey = false
            case UInt8(ascii: "\""):
                guard let (text, end) = string(bytes, from: position) else { return nil }
                position = end
                if let last = stack.indices.last, stack[last].keys != nil, stack[last].expectsKey {
                    guard stack[last].keys!.insert(text).inserted else { return .duplicateKey(path: path(stack.dropLast()), key: text) }
                    stack[last].key = text
                }
                continue
            default:
                break
            }
            position += 1
        }
        return nil
    }

    /// The path of the innermost open container's current value.
    private static func path(_ stack: some Collection<Frame>) -> String {
        var text = ""
        for frame in stack {
            if frame.keys == nil {
                text += "[\(frame.index)]"
            } else {
                text += text.isEmpty ? frame.key : ".\(frame.key)"
            }
        }
        return text
    }

    /// The unescaped string whose opening quote is at `start`, and the position after its
    /// closing quote; nil when it is not a JSON string.
    private static func string<Bytes: Collection<UInt8>>(_ bytes: Bytes, from start: Int) -> (String, Int)? where Bytes.Index == Int {
        var utf16: [UInt16] = []
        var position = start + 1
        while position < bytes.endIndex {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                return (String(decoding: utf16, as: UTF16.self), position + 1)
            }
            guard byte == UInt8(ascii: "\\") else {
                let end = bytes[position...].firstIndex { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") } ?? bytes.endIndex
                utf16 += String(decoding: bytes[position..<end], as: UTF8.self).utf16
                position = end
                continue
            }
            guard position + 1 < bytes.endIndex, let unit = escaped(bytes, at: position + 1) else { return nil }
            utf16.append(unit.value)
            position += unit.length + 1
        }
        return nil
    }

    /// The UTF-16 unit an escape stands for (the letter after the backslash at `position`),
    /// and how many bytes the escape takes after the backslash.
    private static func escaped<Bytes: Collection<UInt8>>(_ bytes: Bytes, at position: Int) -> (value: UInt16, length: Int)? where Bytes.Index == Int {
        switch bytes[position] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return (UInt16(bytes[position]), 1)
        case UInt8(ascii: "b"): return (0x08, 1)
        case UInt8(ascii: "f"): return (0x0C, 1)
        case UInt8(ascii: "n"): return (0x0A, 1)
        case UInt8(ascii: "r"): return (0x0D, 1)
        case UInt8(ascii: "t"): return (0x09, 1)
        case UInt8(ascii: "u"):
            guard position + 4 < bytes.endIndex else { return nil }
            let hex = String(decoding: bytes[(position + 1)...(position + 4)], as: UTF8.self)
            return UInt16(hex, radix: 16).map { ($0, 5) }
        default: return nil
        }
    }
}
