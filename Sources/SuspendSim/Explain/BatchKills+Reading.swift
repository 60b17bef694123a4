extension BatchKills {
    /// Reads the app's lines of `kills.csv` at `path` in one pass: its kills by mechanism,
    /// the runs that had one, and its patterns with their first example.
    mutating func readKills(_ path: String) throws(ExplainError) {
        do {
            let reader = try CSVRecordReader(path: path)
            guard let header = try reader.next() else { throw ExplainError("\(path): empty") }
            let names = CSVRecordReader.fields(header).map(CSVRecordReader.text)
            var index: [KillsColumn: Int] = [:]
            for column in KillsColumn.allCases {
                guard let found = names.lastIndex(of: column.rawValue) else {
                    throw ExplainError("\(path):1: no \(column.rawValue) column; not a batch's kills.csv")
                }
                index[column] = found
            }
            let appIndex = index[.app] ?? 0
            let sweepNames = Array(names[FocusRunsColumn.allCases.count..<appIndex])
            let wanted = Array(app.utf8)
            var line = 1
            var lastRun: [ArraySlice<UInt8>] = []
            while let record = try reader.next() {
                line += 1
                let fields = CSVRecordReader.fields(record)
                guard fields.count == names.count else {
                    throw ExplainError("\(path):\(line): \(fields.count) cells, the header has \(names.count)")
                }
                // A quoted id is unquoted to compare; a plain one is compared as bytes.
                guard fields[appIndex].elementsEqual(wanted) || CSVRecordReader.text(fields[appIndex]) == app else { continue }
                let run = Array(fields[0..<appIndex])
                if run != lastRun {
                    runsKilled += 1
                    lastRun = run
                }
                try add(fields, index: index, sweepNames: sweepNames, at: "\(path):\(line)")
            }
        } catch let error as ExplainError {
            throw error
        } catch {
            throw ExplainError("\(error)")
        }
    }

    /// Adds one kill, its cells `fields` (columns at `index`), read at `location`.
    private mutating func add(_ fields: [ArraySlice<UInt8>], index: [KillsColumn: Int], sweepNames: [String], at location: String) throws(ExplainError) {
        func text(_ column: KillsColumn) -> String { CSVRecordReader.text(fields[index[column] ?? 0]) }
        func number(_ column: KillsColumn) throws(ExplainError) -> Int64? {
            let cell = text(column)
            guard !cell.isEmpty else { return nil }
            guard let value = Self.thousandths(cell) else {
                throw ExplainError("\(location): \(column.rawValue): '\(cell)' is not a number with 3 decimals")
            }
            return value
        }
        func step(_ state: KillsColumn, _ cause: KillsColumn) -> Step? {
            text(state).isEmpty ? nil : Step(state: text(state), cause: text(cause))
        }
        guard let time = try number(.timeS), let free = try number(.freeBeforeMB) else {
            throw ExplainError("\(location): time_s and free_before_mb must not be empty")
        }
        let mechanism = Mechanism(trigger: text(.trigger), reason: text(.reason), state: text(.state))
        times[mechanism, default: []].append(Millis(time))
        let pattern = Pattern(earlier: step(.earlierState, .earlierCause), last: step(.lastState, .lastCause), mechanism: mechanism)
        if let known = patterns[pattern] {
            patterns[pattern]?.count = known.count + 1
            return
        }
        var run = CSVRecordReader.text(fields[FocusRunsColumn.allCases.firstIndex(of: .scenario) ?? 0])
        let replicate = CSVRecordReader.text(fields[FocusRunsColumn.allCases.firstIndex(of: .replicate) ?? 0])
        if !replicate.isEmpty { run += ", replicate \(replicate)" }
        for (offset, name) in sweepNames.enumerated() {
            let value = CSVRecordReader.text(fields[FocusRunsColumn.allCases.count + offset])
            if !value.isEmpty { run += ", \(name)=\(value)" }
        }
        let example = Example(
            run: run, earlierMs: try number(.earlierS).map { Millis($0) }, lastMs: try number(.lastS).map { Millis($0) },
            timeMs: Millis(time), freeBefore: free, threshold: try number(.thresholdMB))
        patterns[pattern] = (1, patterns.count, example)
    }

    /// `cell` (`12.345`, `-0.500`, `7`) in thousandths; nil when it is not such a number.
    static func thousandths(_ cell: String) -> Int64? {
        let negative = cell.hasPrefix("-")
        let parts = (negative ? cell.dropFirst() : Substring(cell)).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = Int64(parts[0]), !parts[0].isEmpty, parts[0].allSatisfy(\.isASCII) else { return nil }
        var fraction: Int64 = 0
        if parts.count == 2 {
            guard (1...3).contains(parts[1].count), parts[1].allSatisfy({ $0.isASCII && $0.isNumber }), let digits = Int64(parts[1]) else { return nil }
            fraction = digits * [100, 10, 1][parts[1].count - 1]
        }
        let value = whole * 1000 + fraction
        return negative ? -value : value
    }
}
