import Foundation

/// How `JetsamReport` reads a report's bytes (SPEC 12, 35): the header line and the body, each
/// through `JSONTreeReader`, keeping only the fields the import reads; each process is checked
/// and kept as it is read (`ProcessList`), so that a report of many processes costs about its
/// own bytes.
extension JetsamReport {
    /// The fields of a report's header line the import reads (SPEC 12).
    private static var headerFields: JSONTreeReader.Filter { .keys(["bug_type": .all, "os_version": .all]) }

    /// The fields of a report's body the import reads (SPEC 12), every process handed to
    /// `list` as it is read; every other value is skipped.
    private static func bodyFields(_ list: ProcessList) -> JSONTreeReader.Filter {
        .keys([
            "bug_type": .all, "build": .all, "product": .all, "pageSize": .all, "memoryStatus": .all,
            "processes": .each(.keys([
                "name": .all, "states": .all, "rpages": .all, "lifetimeMax": .all, "priority": .all, "reason": .all, "killDelta": .all,
            ]), list.take),
        ])
    }

    /// The header line's and the body's objects, their fields as `headerFields` and
    /// `bodyFields` keep them; the body's processes go to `list`.
    ///
    /// A duplicate key or nesting deeper than 256 levels is refused with its JSON path, and a
    /// part that is not JSON names where it stops being JSON, as a byte offset, line and
    /// column of the file (SPEC 35).
    static func parts(
        _ bytes: UnsafeBufferPointer<UInt8>, into list: ProcessList, file: String
    ) throws(ImportError) -> (header: [String: MetricKitJSON], body: [String: MetricKitJSON]) {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || (0x09...0x0D).contains($0) }
        let start = bytes.firstIndex { !isSpace($0) } ?? bytes.endIndex
        guard let newline = bytes[start...].firstIndex(of: 0x0A) else {
            throw ImportError(file, "not a JetsamEvent report: expected a JSON header line, then a JSON body")
        }
        var end = bytes.endIndex
        while end > newline + 1, isSpace(bytes[end - 1]) { end -= 1 }
        let header = try object(bytes, start..<newline, keeping: headerFields, file: file, what: "header line")
        let body = try object(bytes, newline + 1..<end, keeping: bodyFields(list), file: file, what: "body")
        return (header, body)
    }

    /// The JSON object of `range` of the report's `bytes`.
    private static func object(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, keeping fields: JSONTreeReader.Filter, file: String, what: String
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
    fileprivate static func process(
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
    static func pageRange(pageSize: Int64) -> ClosedRange<Int64> { 0...((1 << 52) / pageSize) }

    /// The largest whole number every JSON reader keeps exactly: 2^53 − 1 (RFC 8259,
    /// section 6, "Numbers": the interoperable range of IEEE 754 doubles).
    private static let interoperable: Int64 = (1 << 53) - 1

    /// A field that must be a whole number in `range`: nil when absent.
    ///
    /// - Throws: `ImportError` at `path` when it is present and is not one: a boolean, null, a
    ///   string, a fraction, or a number past `range` (SPEC 35).
    static func whole(_ value: MetricKitJSON?, _ path: String, in range: ClosedRange<Int64>, file: String) throws(ImportError) -> Int64? {
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
    static func text(_ value: MetricKitJSON?) -> String? {
        switch value {
        case .string(let text)?: text
        case .integer(let number)?: String(number)
        default: nil
        }
    }
}

extension JetsamReport {
    /// The processes of a report's body, each checked and kept as the reader hands it over.
    ///
    /// The page size may come after the list in the body, so a process's page counts are first
    /// checked against the widest range (4 KiB pages); `checked(pageRange:)` then holds them to
    /// the report's. The first problem is kept, and later processes are not read.
    final class ProcessList {
        private let file: String
        private var processes: [Process] = []
        /// The first process that has a problem, as read, with its index and the problem.
        private var failure: (index: Int, item: MetricKitJSON, error: ImportError)?

        init(file: String) { self.file = file }

        /// Takes process `index` of the list.
        func take(_ index: Int, _ item: MetricKitJSON) {
            guard failure == nil else { return }
            do {
                processes.append(try JetsamReport.process(item, index: index, pageRange: JetsamReport.pageRange(pageSize: 4096), file: file))
            } catch {
                failure = (index, item, error)
            }
        }

        /// The processes, each page count within `pageRange` (the report's page size).
        ///
        /// - Throws: `ImportError` for the first process, in list order, that has a problem,
        ///   its page counts' range the report's.
        func checked(pageRange: ClosedRange<Int64>) throws(ImportError) -> [Process] {
            for (index, process) in processes.enumerated() {
                let at = "processes[\(index)] (\(process.name)):"
                _ = try JetsamReport.whole(.integer(process.residentPages), "\(at) rpages", in: pageRange, file: file)
                _ = try JetsamReport.whole(.integer(process.lifetimeMaxPages), "\(at) lifetimeMax", in: pageRange, file: file)
            }
            if let failure {
                _ = try JetsamReport.process(failure.item, index: failure.index, pageRange: pageRange, file: file)
                throw failure.error
            }
            return processes
        }
    }
}
