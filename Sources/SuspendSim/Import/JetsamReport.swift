import Foundation

/// A JetsamEvent report (`bug_type` 298), as far as the importer reads it (SPEC 12): a one-line
/// JSON header, then a JSON body with the memory state and every process in the order XNU
/// would kill them. Both forms are read: iOS 10-12's without `priority`, and iOS 14 and later
/// with it; pages of 4096 or 16384 bytes.
///
/// JSON is read with Foundation's `JSONSerialization`: the report is a tree of a few thousand
/// values, read once.
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
    /// - Throws: `ImportError` naming what is wrong: not a report's JSON, a `bug_type` other
    ///   than 298, no `processes`, a page size other than 4096 or 16384, a negative page
    ///   count.
    package init(text: String, file: String) throws(ImportError) {
        let trimmed = text.drop { $0.isWhitespace }
        guard let newline = trimmed.firstIndex(of: "\n") else {
            throw ImportError(file, "not a JetsamEvent report: expected a JSON header line, then a JSON body")
        }
        let header = try Self.object(text, trimmed.startIndex..<newline, file: file, what: "header line")
        let body = try Self.object(text, trimmed.index(after: newline)..<trimmed.endIndex, file: file, what: "body")
        let bugType = Self.text(header["bug_type"]) ?? Self.text(body["bug_type"])
        guard bugType == "298" else {
            throw ImportError(file, "bug_type is \(bugType.map { "'\($0)'" } ?? "missing"), expected 298 (a JetsamEvent report)")
        }
        osVersion = Self.text(header["os_version"]) ?? Self.text(body["build"]) ?? ""
        product = Self.text(body["product"]) ?? ""
        guard let status = body["memoryStatus"] as? [String: Any] else {
            throw ImportError(file, "the body has no memoryStatus")
        }
        guard let size = Self.integer(status["pageSize"] ?? body["pageSize"]) else {
            throw ImportError(file, "memoryStatus.pageSize is missing or not a whole number")
        }
        guard Self.pageSizes.contains(size) else {
            throw ImportError(file, "memoryStatus.pageSize is \(size), expected 4096 or 16384 (the page sizes of iOS devices, SPEC 12)")
        }
        pageSize = size
        var pages: [String: Int64] = [:]
        for (key, value) in (status["memoryPages"] as? [String: Any]) ?? [:] {
            guard let count = Self.integer(value), count >= 0 else {
                throw ImportError(file, "memoryStatus.memoryPages.\(key) must be a whole number, 0 or more")
            }
            pages[key] = count
        }
        guard pages["free"] != nil else { throw ImportError(file, "memoryStatus.memoryPages.free is missing") }
        memoryPages = pages
        uncompressedPages = try Self.pageCount(status, "uncompressed", file: file)
        compressorPages = try Self.pageCount(status, "compressorSize", file: file)
        guard let list = body["processes"] as? [Any] else {
            throw ImportError(file, "the body has no processes list")
        }
        var processes: [Process] = []
        for (index, item) in list.enumerated() {
            guard let entry = item as? [String: Any] else { throw ImportError(file, "processes[\(index)] is not an object") }
            guard let name = Self.text(entry["name"]) else { throw ImportError(file, "processes[\(index)].name is missing") }
            if let problem = IdentifierRules.controlProblem(name) ?? IdentifierRules.formulaProblem(name) {
                throw ImportError(file, "processes[\(index)].name \(problem)")
            }
            guard let rpages = Self.integer(entry["rpages"]) else {
                throw ImportError(file, "processes[\(index)] (\(name)): rpages is missing or not a whole number")
            }
            guard rpages >= 0 else { throw ImportError(file, "processes[\(index)] (\(name)): rpages is \(rpages), must not be negative") }
            let lifetimeMax = Self.integer(entry["lifetimeMax"]) ?? rpages
            guard lifetimeMax >= 0 else { throw ImportError(file, "processes[\(index)] (\(name)): lifetimeMax is \(lifetimeMax), must not be negative") }
            processes.append(Process(
                name: name, states: (entry["states"] as? [Any])?.compactMap { $0 as? String } ?? [],
                residentPages: rpages, lifetimeMaxPages: lifetimeMax,
                priority: Self.integer(entry["priority"]).map { Int($0) },
                reason: Self.text(entry["reason"]), killDelta: Self.integer(entry["killDelta"])))
        }
        self.processes = processes
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

    /// `memoryStatus.KEY` as a page count: nil when absent.
    private static func pageCount(_ status: [String: Any], _ key: String, file: String) throws(ImportError) -> Int64? {
        guard let value = status[key] else { return nil }
        guard let count = integer(value), count >= 0 else {
            throw ImportError(file, "memoryStatus.\(key) must be a whole number, 0 or more")
        }
        return count
    }

    /// The JSON object of `range` of the report's `text`; a duplicate key or nesting deeper
    /// than 256 levels is refused with its JSON path, and a part that is not JSON names where
    /// it stops being JSON, as a byte offset, line and column of the file (SPEC 35).
    private static func object(_ text: String, _ range: Range<String.Index>, file: String, what: String) throws(ImportError) -> [String: Any] {
        let bytes = Array(text[range].utf8)
        if let problem = JSONShapeCheck.firstProblem(in: bytes) {
            throw ImportError(file, "its \(what): \(problem)")
        }
        guard let value = try? JSONSerialization.jsonObject(with: Data(bytes), options: []),
              let object = value as? [String: Any]
        else {
            guard var failure = JSONSyntaxCheck.firstError(in: bytes) else {
                throw ImportError(file, "not a JetsamEvent report: its \(what) is not a JSON object")
            }
            let before = text[..<range.lowerBound]
            if failure.line == 1 { failure.column += before.unicodeScalars.reversed().prefix { $0 != "\n" }.count }
            failure.offset += before.utf8.count
            failure.line += before.utf8.count { $0 == UInt8(ascii: "\n") }
            throw ImportError(file, "not a JetsamEvent report: its \(what) is not JSON: \(failure)")
        }
        return object
    }

    private static func text(_ value: Any?) -> String? {
        if let string = value as? String { return string }
        if let number = value as? NSNumber { return number.stringValue }
        return nil
    }

    private static func integer(_ value: Any?) -> Int64? {
        guard let number = value as? NSNumber else { return nil }
        let double = number.doubleValue
        guard double.rounded() == double, abs(double) < 9e15 else { return nil }
        return number.int64Value
    }
}

/// A report that cannot be imported: the file and what is wrong.
package struct ImportError: Error, Sendable, CustomStringConvertible {
    package var description: String
    init(_ file: String, _ message: String) { description = "\(file): \(message)" }
}
