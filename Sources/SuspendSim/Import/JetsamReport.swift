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
    /// - Throws: `ImportError` as `init(bytes:file:)`.
    package init(text: String, file: String) throws(ImportError) {
        try self.init(bytes: Array(text.utf8), file: file)
    }

    /// Reads the bytes of a report.
    ///
    /// - Throws: `ImportError` naming what is wrong: not a report's JSON, a `bug_type` other
    ///   than 298, no `processes`, a page size other than 4096 or 16384, a field that is not
    ///   what it must be (a count not a whole number from 0, a name not a string), at its JSON
    ///   path.
    package init(bytes: [UInt8], file: String) throws(ImportError) {
        let header: [String: MetricKitJSON], body: [String: MetricKitJSON]
        let list = ProcessList(file: file)
        (header, body) = try bytes.withUnsafeBufferPointer { buffer throws(ImportError) in try Self.parts(buffer, into: list, file: file) }
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
        guard case .array? = body["processes"] else {
            throw ImportError(file, "the body has no processes list")
        }
        processes = try list.checked(pageRange: pageRange)
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
}

/// A report that cannot be imported: the file and what is wrong.
package struct ImportError: Error, Sendable, CustomStringConvertible {
    package var description: String
    init(_ file: String, _ message: String) { description = "\(file): \(message)" }
}
