import ArgumentParser
import SuspendSim

extension SuspendsimCommand {
    /// `suspendsim assumptions [FILE...] [--set ...] [--policy ...] [--csv]` (SPEC 36): the
    /// assumption table, or what each file's runs would assume.
    struct AssumptionsCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "assumptions",
            abstract: "List every default with its source, or the defaults a scenario's runs take.",
            discussion: """
                Without a file: the assumption table, one row per default a run can take without \
                the file setting it (key, when it applies, value, unit, origin, source and the \
                range the source supports). With files: for each, the rows its runs take as \
                `run` with the same --set and --policy would resolve them (the batch root's \
                assumptions.csv), files one after another with a blank line between.
                """
        )

        @Argument(help: "Scenario files (none: the table itself).")
        var files: [String] = []

        @Option(name: .customLong("set"), help: ArgumentHelp(
            "As run's --set: a key and its values (repeat for a grid).", valueName: "key=v1,v2,..."))
        var settings: [String] = []

        @Option(help: "As run's --policy: one policy for every scenario, or all.")
        var policy: PolicyOption?

        @Flag(help: "Print CSV, as the files are written, instead of aligned columns.")
        var csv = false

        func validate() throws {
            try OptionChecks.paths(files, "a scenario path")
            if !settings.isEmpty || policy != nil, files.isEmpty {
                throw ValidationError("--set and --policy need a scenario file.")
            }
        }

        func run() throws {
            guard !files.isEmpty else {
                if csv { return print(AssumptionTable.shippedCSV, terminator: "") }
                return print(Self.aligned([AssumptionTable.columns] + AssumptionTable.shipped.records))
            }
            var blocks: [String] = []
            var axes: [SweepAxis]?
            for file in files {
                let (header, rows) = BatchAssumptionsCSV.table(try plan(file, axes: &axes))
                blocks.append(csv ? ([header] + rows).map(BatchAssumptionsCSV.csvLine).joined(separator: "\n") : Self.aligned([header] + rows))
            }
            print(blocks.joined(separator: "\n\n"))
        }

        /// The batch plan `run FILE --set ... --policy ...` would make (exit 2 for a bad file,
        /// 64 for a bad --set, as `run`). `axes`: the `--set` options, read once, after the
        /// first file has loaded (a bad file is reported before a bad `--set`).
        private func plan(_ file: String, axes: inout [SweepAxis]?) throws -> BatchPlan {
            let input = try ScenarioInputOptions.parse([file])
            let templates = try ScenarioBatchLoader.loadTemplates(input)
            var options = BatchPlan.Options()
            if axes == nil {
                var read: [SweepAxis] = []
                for setting in settings {
                    do {
                        read.append(try SweepAxis(parsing: setting))
                    } catch {
                        throw ValidationError(error.description)
                    }
                }
                axes = read
            }
            options.settings = axes ?? []
            options.policy = PolicyOption.batchChoice(policy)
            do {
                return try BatchPlan(templates: templates, options: options)
            } catch {
                printError(error.description)
                throw error.diagnostics.allSatisfy(\.isFromCommandLine) ? CommandFailure.usage : CommandFailure.invalidInput
            }
        }

        /// `rows` in columns, each padded to its widest cell in characters, two spaces apart,
        /// with no trailing spaces (SPEC 36).
        static func aligned(_ rows: [[String]]) -> String {
            let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
            return rows.map { row in
                let line = row.enumerated().map { column, text in
                    column == row.count - 1 ? text : text + String(repeating: " ", count: widths[column] - text.count)
                }.joined(separator: "  ")
                return String(line.reversed().drop { $0 == " " }.reversed())
            }.joined(separator: "\n")
        }
    }
}
