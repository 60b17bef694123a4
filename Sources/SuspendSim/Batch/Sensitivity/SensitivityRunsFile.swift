import Foundation

/// `sensitivity_runs.csv` read back (SPEC 39: "`merge` and `report` compute the files below
/// from them"): the batch's own runs by scenario, then each variant's, handed to
/// `SensitivityTables` exactly as `run` hands them over, so `sensitivity.csv` and
/// `sensitivity_whatif.csv` come out the same bytes.
///
/// The file's cells are the runs' values as `run` had them: counts are whole numbers and
/// `launch_wait_s` has 3 decimals, so thousandths read back exactly.
package enum SensitivityRunsFile {
    /// Computes `folder`'s `sensitivity.csv` and `sensitivity_whatif.csv` (with `whatIf`, the
    /// batch's what-if) from its `sensitivity_runs.csv` and writes them; nil, and nothing
    /// written, when the folder has no `sensitivity_runs.csv`.
    ///
    /// - Throws: `ComparisonError.invalid` for a file that is not a `sensitivity_runs.csv` of
    ///   this version; a write error.
    @discardableResult
    package static func write(folder: String, whatIf: WhatIf?) throws -> SensitivityRunner.Output? {
        guard let output = try compute(folder: folder, whatIf: whatIf) else { return nil }
        try SensitivityTables.write(output, into: folder)
        return output
    }

    /// The what-if of the batch in `folder` as its `whatif.csv` records it (the `key` and
    /// `baseline` of its first row); nil without one.
    package static func savedWhatIf(folder: String) -> WhatIf? {
        guard let records = try? CSVRecordReader(path: BatchReportFile.whatif.path(in: folder)).textRecords(), records.count > 1,
              let key = records[0].firstIndex(of: WhatIfColumn.key.rawValue),
              let baseline = records[0].firstIndex(of: WhatIfColumn.baseline.rawValue),
              records[1].count == records[0].count else { return nil }
        return WhatIf(key: records[1][key], baseline: records[1][baseline])
    }

    /// The files' rows computed from `folder`'s `sensitivity_runs.csv`, or nil without one.
    package static func compute(folder: String, whatIf: WhatIf?) throws(ComparisonError) -> SensitivityRunner.Output? {
        let path = SensitivityFile.runs.path(in: folder)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let records: [[String]]
        do {
            records = try CSVRecordReader(path: path).textRecords()
        } catch {
            throw .invalid(error.description)
        }
        guard let header = records.first, let app = header.firstIndex(of: "app"),
              Array(header.prefix(SensitivityFile.runsPrefix.count)) == SensitivityFile.runsPrefix,
              header == SensitivityRun.header(sweepColumns: Array(header[(SensitivityFile.runsPrefix.count + FocusRunsColumn.names.count)..<app]))
        else {
            throw .invalid("\(path) is not a \(SensitivityFile.runs.rawValue) of this version (SPEC 39); run the batch again")
        }
        let columns = Array(header[(SensitivityFile.runsPrefix.count + FocusRunsColumn.names.count)..<app])
        let blocks = try Self.blocks(records.dropFirst(), path: path, app: app)
        var tables = SensitivityTables(columns: columns, whatIf: whatIf)
        var scenarios: [String] = []
        for block in blocks where block.variant == nil && !scenarios.contains(block.scenario) { scenarios.append(block.scenario) }
        for scenario in scenarios {
            let own = blocks.filter { $0.variant == nil && $0.scenario == scenario }.flatMap(\.runs)
            let single = own.count == 1 && own[0].identity[2].isEmpty && own[0].columnValues.allSatisfy(\.isEmpty)
            tables.begin(SensitivityTables.Scenario(name: scenario, apps: blocks.first { $0.variant == nil && $0.scenario == scenario }?.apps ?? [], own: own, single: single))
            for block in blocks where block.scenario == scenario {
                guard let variant = block.variant else { continue }
                try tables.add(key: variant.key, end: variant.end, runs: block.runs)
            }
        }
        return tables.finish()
    }

    /// Consecutive runs of one scenario and one variant (nil: the batch's own).
    private struct Block {
        var scenario: String
        var variant: (key: String, end: String)?
        var apps: [String]
        var runs: [SensitivityRun] = []
    }

    /// The runs of `records` (each run: a row per what-if app, then its row with an empty
    /// `app`), in blocks; `app` is the index of the `app` column.
    private static func blocks(_ records: ArraySlice<[String]>, path: String, app: Int) throws(ComparisonError) -> [Block] {
        let prefix = SensitivityFile.runsPrefix.count, identity = FocusRunsColumn.names.count
        let metricCount = WhatIfAppMetric.allCases.count
        var blocks: [Block] = []
        var apps: [String] = [], values: [Int64] = []
        for (offset, row) in records.enumerated() {
            let line = offset + 2
            guard row.count == records.first?.count ?? 0, row.count > app + metricCount else {
                throw .invalid("\(path):\(line): \(row.count) fields, not a row of \(SensitivityFile.runs.rawValue)")
            }
            guard row[app].isEmpty else {
                apps.append(row[app])
                for cell in row[(app + 1)...(app + metricCount)] {
                    guard let value = ComparisonNumbers.thousandths(cell) else {
                        throw .invalid("\(path):\(line): \(cell) is not a number of a what-if app's metric")
                    }
                    values.append(value)
                }
                continue
            }
            var run = SensitivityRun(entry: 0, point: 0, identity: Array(row[prefix..<(prefix + identity)]),
                                     columnValues: Array(row[(prefix + identity)..<app]), appValues: values,
                                     metrics: Array(row[(app + 1 + metricCount)...]))
            run.assumptionValue = row[2]
            let variant = row[0].isEmpty ? nil : (key: row[0], end: row[1])
            if let last = blocks.last, last.scenario == run.identity[0], last.variant?.key == variant?.key, last.variant?.end == variant?.end {
                blocks[blocks.count - 1].runs.append(run)
            } else {
                blocks.append(Block(scenario: run.identity[0], variant: variant, apps: apps, runs: [run]))
            }
            apps = []
            values = []
        }
        return blocks
    }
}
