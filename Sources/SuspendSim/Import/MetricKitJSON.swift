import Foundation

/// A JSON value of an importer's input: a MetricKit payload file (SPEC 18) or the parts of a
/// JetsamEvent report the import reads (SPEC 12), as `JSONTreeReader` reads it, so that a
/// number, a boolean, a string and null stay apart.
enum MetricKitJSON: Sendable {
    case object([String: MetricKitJSON])
    case array([MetricKitJSON])
    case string(String)
    /// A number written without a fraction or exponent that fits in 64 bits.
    case integer(Int64)
    /// Any other number.
    case number(Double)
    case bool(Bool)
    case null

    /// Reads `data`, a whole JSON text.
    ///
    /// - Throws: `JSONTreeReader.Failure` when `data` is not JSON.
    static func decode(_ data: Data) throws -> MetricKitJSON {
        try data.withUnsafeBytes { raw throws(JSONTreeReader.Failure) in
            try JSONTreeReader.read(raw.bindMemory(to: UInt8.self))
        }
    }

    /// What the value is, for messages: "an object", "a string", ...
    var kind: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .integer, .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }

    /// The value as written in messages: a string quoted, a number as it reads, else its kind.
    var summary: String {
        switch self {
        case .string(let text): "\"\(text)\""
        case .integer(let value): String(value)
        case .number(let value): String(value)
        case .bool(let value): String(value)
        case .object, .array, .null: kind
        }
    }
}

/// Where a value sits in a payload file, written as messages name it (SPEC 18):
/// `payloads[3].memoryMetrics.peakMemoryUsage` in a collector's file,
/// `[3].memoryMetrics.peakMemoryUsage` in a top-level array, `memoryMetrics.peakMemoryUsage`
/// in a file of one payload. A histogram's bucket is `...histogramValue.2.bucketStart`.
struct MetricKitJSONPath: Sendable, Hashable, CustomStringConvertible {
    private enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    private var components: [Component] = []

    /// The top level of the file.
    static let root = MetricKitJSONPath()

    /// This path, then the object key `key`.
    func key(_ key: String) -> MetricKitJSONPath {
        var path = self
        path.components.append(.key(key))
        return path
    }

    /// This path, then the array index `index`.
    func index(_ index: Int) -> MetricKitJSONPath {
        var path = self
        path.components.append(.index(index))
        return path
    }

    /// Whether this is the top level.
    var isRoot: Bool { components.isEmpty }

    var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key): text += text.isEmpty ? key : ".\(key)"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }
}
