import Foundation

/// A JetsamEvent report (`bug_type` 298), as far as the importer reads it (SPEC 12): a one-line
/// JSON header, then a JSON body with the memory state and every process in the order XNU
/// would kill them. Both forms are read: iOS 10-12's without `priority`, and iOS 14 and later
/// with it; pages of 4096 or 16384 bytes.
///
/// JSON is read with `JSONTreeReader`, which keeps only the fields below (the rest of a report
/// is checked and skipped), and tells numbers, booleans and null apart: a field that is
/// present must be what it says (a whole number in its range, a string), or the report is
/// refused at that field's JSON path (SPEC 35), never read as 1 (`true`) or as absent (`null`,
/// `-2^63`, `1e308`).
package struct JetsamReport: Sendable {
    /// One process of the report.
    package struct Process: Sendable, Hashable {
        package var name: String
        package var states: [String]
        package var residentPages: Int64
        package var lifetimeMaxPages: Int64
        /// Its jetsam band; nil in reports without `priority` (iOS 10-12).
        package var priority: Int?
        /// Why it was killed, for a killed process.
        package var reason: String?
        /// When it was killed, relative to the snapshot the report holds; the kills run in
        /// rising `killDelta` (docs/decisions.md).
        package var killDelta: Int64?
    }

    /// `os_version` of the header (`iPhone OS 18.5 (22F76)`).
    package var osVersion: String
    /// The hardware product (`iPhone14,7`).
    package var product: String
    package var pageSize: Int64
    /// `memoryStatus.memoryPages`, by name.
    package var memoryPages: [String: Int64]
    /// `memoryStatus.uncompressed`: the pages the compressor holds, at their uncompressed size;
    /// nil when the report has no such field (SPEC 22).
    package var uncompressedPages: Int64?
    /// `memoryStatus.compressorSize`: the compressor's physical pages; nil when absent.
    package var compressorPages: Int64?
    package var processes: [Process]

    /// The page sizes a report may give (SPEC 12): 4 KiB (A7-A8 devices) and 16 KiB (A9 and later).
    static let pageSizes: Set<Int64> = [4096, 16384]

    /// Reads the text of a report.
    ///
    /// - Throws: `ImportError` as `init(data:file:)`.
    package init(text: String, file: String) throws(ImportError) {
        try self.init(data: Data(text.utf8), file: file)
    }

    /// Reads the bytes of a report.
    ///
    /// - Throws: `ImportError` naming what is wrong: not a report's JSON, a `bug_type` other
    ///   than 298, no `processes`, a page size other than 4096 or 16384, a field that is not
    ///   what it must be (a count not a whole number from 0, a name not a string), at its JSON
    ///   path.
    package init(data: Data, file: String) throws(ImportError) {
        let header: [String: MetricKitJSON], body: [String: MetricKitJSON]
        do {
            (header, body) = try data.withUnsafeBytes { raw in try Self.parts(raw.bindMemory(to: UInt8.self), file: file) }
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError(file, "\(error)")
        }
        let bugType = Self.text(header["bug_type"]) ?? Self.text(body["bug_type"])
        guard bugType == "298" else {
            throw ImportError(file, "bug_type is \(bugType.map { "'\($0)'" } ?? "missing"), expected 298 (a JetsamEvent report)")
        }
        osVersion = Self.text(header["os_version"]) ?? Self.text(body["build"]) ?? ""
        product = Self.text(body["product"]) ?? ""
        guard case .object(let status)? = body["memoryStatus"] else {
            throw ImportError(file, "the body has no memoryStatus")
        }
        let pageSizePath = status["pageSize"] == nil && body["pageSize"] != nil ? "pageSize" : "memoryStatus.pageSize"
        guard let size = try Self.whole(status["pageSize"] ?? body["pageSize"], pageSizePath, in: 0...Int64(Int32.max), file: file) else {
            throw ImportError(file, "memoryStatus.pageSize is missing")
        }
        guard Self.pageSizes.contains(size) else {
            throw ImportError(file, "\(pageSizePath) is \(size), expected 4096 or 16384 (the page sizes of iOS devices, SPEC 12)")
        }
        pageSize = size
        let pageRange = Self.pageRange(pageSize: size)
        guard case .object(let pageObject)? = status["memoryPages"] ?? .object([:]) else {
            throw ImportError(file, "memoryStatus.memoryPages must be an object")
        }
        var pages: [String: Int64] = [:]
        for key in pageObject.keys.sorted() {
            pages[key] = try Self.whole(pageObject[key], "memoryStatus.memoryPages.\(key)", in: pageRange, file: file)
        }
        guard pages["free"] != nil else { throw ImportError(file, "memoryStatus.memoryPages.free is missing") }
        memoryPages = pages
        uncompressedPages = try Self.whole(status["uncompressed"], "memoryStatus.uncompressed", in: pageRange, file: file)
        compressorPages = try Self.whole(status["compressorSize"], "memoryStatus.compressorSize", in: pageRange, file: file)
        guard case .array(let list)? = body["processes"] else {
            throw ImportError(file, "the body has no processes list")
        }
        processes = try list.enumerated().map { (index, item) throws(ImportError) in
            try Self.process(item, index: index, pageRange: pageRange, file: file)
        }
        // The import adds these counts up (the RAM, free, system and app memory): their sum is
        // held to one count's range, so that no sum of them overflows.
        var total: Int64 = 0
        for count in memoryPages.values.sorted() + processes.map(\.residentPages) where total <= pageRange.upperBound {
            total += count
        }
        guard total <= pageRange.upperBound else {
            throw ImportError(file, "memoryStatus.memoryPages and the processes' rpages add up to more than \(pageRange.upperBound) pages "
                + "(2^32 MB, SPEC 35)")
        }
    }

    /// `pages` pages of the report's page size, in whole KiB (exact for pages of 4 or 16 KiB).
    func kib(pages: Int64) -> KiB { KiB(pages * pageSize / 1024) }

    /// `MAJOR.MINOR` of the report's iOS version (`iPhone OS 18.5 (22F76)` -> `18.5`, SPEC 16).
    package var iosVersion: IOSVersion? {
        let number = osVersion.split(separator: " ").first { $0.first?.isNumber == true }.map(String.init) ?? ""
        let parts = number.split(separator: ".")
        guard let major = parts.first.flatMap({ Int($0) }) else { return nil }
        return IOSVersion(major: major, minor: parts.count > 1 ? Int(parts[1]) ?? 0 : 0)
    }

    /// The fields of a report the import reads (SPEC 12); every other value is skipped.
    private static let fields: JSONTreeReader.Filter = .keys([
        "bug_type": .all, "os_version": .all, "build": .all, "product": .all, "pageSize": .all, "memoryStatus": .all,
        "processes": .elements(.keys([
            "name": .all, "states": .all, "rpages": .all, "lifetimeMax": .all, "priority": .all, "reason": .all, "killDelta": .all,
        ])),
    ])

    /// The header line's and the body's objects, their fields as `fields` keeps them.
    ///
    /// A duplicate key or nesting deeper than 256 levels is refused with its JSON path, and a
    /// part that is not JSON names where it stops being JSON, as a byte offset, line and
    /// column of the file (SPEC 35).
    private static func parts(
        _ bytes: UnsafeBufferPointer<UInt8>, file: String
    ) throws(ImportError) -> (header: [String: MetricKitJSON], body: [String: MetricKitJSON]) {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || (0x09...0x0D).contains($0) }
        let start = bytes.firstIndex { !isSpace($0) } ?? bytes.endIndex
        guard let newline = bytes[start...].firstIndex(of: 0x0A) else {
            throw ImportError(file, "not a JetsamEvent report: expected a JSON header line, then a JSON body")
        }
        var end = bytes.endIndex
        while end > newline + 1, isSpace(bytes[end - 1]) { end -= 1 }
        let header = try object(bytes, start..<newline, file: file, what: "header line")
        let body = try object(bytes, newline + 1..<end, file: file, what: "body")
        return (header, body)
    }

    /// The JSON object of `range` of the report's `bytes`.
    private static func object(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, file: String, what: String
    ) throws(ImportError) -> [String: MetricKitJSON] {
        let part = UnsafeBufferPointer(rebasing: bytes[range])
        if let problem = JSONShapeCheck.firstProblem(in: part) {
            throw ImportError(file, "its \(what): \(problem)")
        }
        let value: MetricKitJSON
        do {
            value = try JSONTreeReader.read(part, keeping: fields)
        } catch {
            let prefix = bytes[..<range.lowerBound]
            if var failure = JSONSyntaxCheck.firstError(in: Array(part)) {
                if failure.line == 1 { failure.column += prefix.reversed().prefix { $0 != 0x0A }.count { $0 & 0xC0 != 0x80 } }
                failure.offset += prefix.count
                failure.line += prefix.count { $0 == 0x0A }
                throw ImportError(file, "not a JetsamEvent report: its \(what) is not JSON: \(failure)")
            }
            let offset = range.lowerBound + error.offset
            let line = 1 + bytes[..<offset].count { $0 == 0x0A }
            let column = 1 + bytes[..<offset].reversed().prefix { $0 != 0x0A }.count { $0 & 0xC0 != 0x80 }
            throw ImportError(file, "not a JetsamEvent report: its \(what): \(error.problem), at byte \(offset) (line \(line), column \(column))")
        }
        guard case .object(let object) = value else {
            throw ImportError(file, "not a JetsamEvent report: its \(what) is not a JSON object")
        }
        return object
    }

    /// Process `index` of the report's `processes`.
    private static func process(
        _ item: MetricKitJSON, index: Int, pageRange: ClosedRange<Int64>, file: String
    ) throws(ImportError) -> Process {
        guard case .object(let entry) = item else { throw ImportError(file, "processes[\(index)] is not an object") }
        guard let nameValue = entry["name"] else { throw ImportError(file, "processes[\(index)].name is missing") }
        guard case .string(let name) = nameValue else {
            throw ImportError(file, "processes[\(index)].name is \(nameValue.kind), must be a string")
        }
        if let problem = IdentifierRules.controlProblem(name) ?? IdentifierRules.formulaProblem(name) {
            throw ImportError(file, "processes[\(index)].name \(problem)")
        }
        let at = "processes[\(index)] (\(name)):"
        guard let rpages = try whole(entry["rpages"], "\(at) rpages", in: pageRange, file: file) else {
            throw ImportError(file, "\(at) rpages is missing")
        }
        var states: [String] = []
        if case .array(let items)? = entry["states"] { states = items.compactMap { if case .string(let state) = $0 { state } else { nil } } }
        let reason: String? = if case .string(let text)? = entry["reason"] { text } else { nil }
        return Process(
            name: name, states: states, residentPages: rpages,
            lifetimeMaxPages: try whole(entry["lifetimeMax"], "\(at) lifetimeMax", in: pageRange, file: file) ?? rpages,
            priority: try whole(entry["priority"], "\(at) priority", in: Int64(Int32.min)...Int64(Int32.max), file: file).map { Int($0) },
            reason: reason, killDelta: try whole(entry["killDelta"], "\(at) killDelta", in: -interoperable...interoperable, file: file))
    }

    /// The page counts a report may give: 0 to the count whose bytes are 2^32 MB (SPEC 35's
    /// bound on MB; 2^40 pages of 4 KiB, 2^38 of 16 KiB).
    private static func pageRange(pageSize: Int64) -> ClosedRange<Int64> { 0...((1 << 52) / pageSize) }

    /// The largest whole number every JSON reader keeps exactly: 2^53 − 1 (RFC 8259,
    /// section 6, "Numbers": the interoperable range of IEEE 754 doubles).
    private static let interoperable: Int64 = (1 << 53) - 1

    /// A field that must be a whole number in `range`: nil when absent.
    ///
    /// - Throws: `ImportError` at `path` when it is present and is not one: a boolean, null, a
    ///   string, a fraction, or a number past `range` (SPEC 35).
    private static func whole(_ value: MetricKitJSON?, _ path: String, in range: ClosedRange<Int64>, file: String) throws(ImportError) -> Int64? {
        guard let value else { return nil }
        switch value {
        case .integer(let number) where range.contains(number):
            return number
        case .number(let number) where number.rounded() == number && Double(range.lowerBound) <= number && number <= Double(range.upperBound):
            return Int64(number)
        default:
            throw ImportError(file, "\(path) is \(value.summary), must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
    }

    /// A field read as text: a string, or a whole number as written (`"bug_type": 298`).
    private static func text(_ value: MetricKitJSON?) -> String? {
        switch value {
        case .string(let text)?: text
        case .integer(let number)?: String(number)
        default: nil
        }
    }
}

/// A report that cannot be imported: the file and what is wrong.
package struct ImportError: Error, Sendable, CustomStringConvertible {
    package var description: String
    init(_ file: String, _ message: String) { description = "\(file): \(message)" }
}
