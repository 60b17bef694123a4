import ArgumentParser
import SuspendSim

/// Runs SPEC 39's variants after a batch, prints where its files went and its verdict.
enum SensitivityLines {
    /// Runs `plan`'s variants of `batch` into `out` with a progress line, then prints the
    /// files written and the verdict lines (`SensitivityVerdict`), at most 12 of each kind
    /// per file.
    static func runAndPrint(_ batch: BatchPlan, _ plan: SensitivityPlan, base: [SensitivityRun], out: String, jobs: Int, whatIf: WhatIf?) throws {
        let total = plan.entries.reduce(0) { $0 + plan.runCount($1, batch: batch) - batch.entries[$1.entry].unitCount }
        let progress = ProgressLine(total: total, label: "sensitivity runs")
        let output: SensitivityRunner.Output
        do {
            output = try SensitivityRunner.run(batch, plan, base: base, out: out, jobs: jobs, whatIf: whatIf) { progress.advance() }
            progress.finish()
        } catch let error as SensitivityRunner.Failure {
            progress.finish()
            printError("error: sensitivity: \(error.description); nothing more was written.")
            throw ScenarioBatchLoader.invalidInputStatus
        } catch {
            progress.finish()
            printError("error: \(error)")
            throw OutputFolder.status(writing: error)
        }
        for line in SensitivityVerdict.lines(output, batch: batch, plan: plan, base: base, limit: 12) { print(line) }
        print("sensitivity: \(SensitivityFile.runs.path(in: out)), \(SensitivityFile.table.path(in: out))"
            + (output.whatIf.isEmpty ? "" : ", \(SensitivityFile.whatIf.path(in: out))"))
    }
}
