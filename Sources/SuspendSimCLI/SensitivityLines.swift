import ArgumentParser
import SuspendSim

/// Runs SPEC 39's variants after a batch, prints where its files went and its verdict.
enum SensitivityLines {
    /// Runs `plan`'s variants of `batch` into `out` with a progress line, then prints the
    /// files written and the verdict lines (`SensitivityVerdict`), at most 12 of each kind
    /// per file.
    static func runAndPrint(
        _ batch: BatchPlan, _ plan: SensitivityPlan, base: [SensitivityRun], out: String, jobs: Int, whatIf: WhatIf?, shard: BatchShard = .whole
    ) throws {
        let total = plan.variantRunCount(base: base)
        let progress = ProgressLine(total: total, label: "sensitivity runs")
        let output: SensitivityRunner.Output
        do {
            output = try SensitivityRunner.run(batch, plan, base: base, out: out, jobs: jobs, whatIf: whatIf, shard: shard) {
                progress.advance()
            }
            progress.finish()
        } catch let error as SensitivityRunner.Failure {
            progress.finish()
            printError("error: sensitivity: \(error.description); nothing more was written.")
            throw CommandFailure.invalidInput
        } catch {
            progress.finish()
            printError("error: \(error)")
            throw CommandFailure(writing: error)
        }
        guard shard.count == 1 else {
            print("sensitivity: \(SensitivityFile.runs.path(in: out)) (merge computes \(SensitivityFile.table.rawValue))")
            return
        }
        printVerdict(output, out: out)
    }

    /// Prints the verdict lines of `output`, at most 12 of each kind per file, and the files
    /// written in `out`.
    static func printVerdict(_ output: SensitivityRunner.Output, out: String) {
        for line in SensitivityVerdict.lines(output, limit: 12) { print(line) }
        print("sensitivity: \(SensitivityFile.runs.path(in: out)), \(SensitivityFile.table.path(in: out))"
            + (output.whatIf.isEmpty ? "" : ", \(SensitivityFile.whatIf.path(in: out))"))
    }

    /// Computes `folder`'s `sensitivity.csv` and `sensitivity_whatif.csv` from its
    /// `sensitivity_runs.csv` (`merge`, `report`), with `whatIf` the batch's what-if; prints
    /// the verdict when `printing`. Nothing happens without the file.
    static func recompute(folder: String, whatIf: WhatIf?, printing: Bool) throws {
        let output: SensitivityRunner.Output?
        do {
            output = try SensitivityRunsFile.write(folder: folder, whatIf: whatIf)
        } catch let error as ComparisonError {
            printError("error: sensitivity: \(error.description)")
            throw CommandFailure.invalidInput
        } catch {
            printError("error: \(error)")
            throw CommandFailure(writing: error)
        }
        if let output, printing { printVerdict(output, out: folder) }
    }
}
