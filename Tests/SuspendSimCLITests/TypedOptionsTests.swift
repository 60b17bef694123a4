import ArgumentParser
import Foundation
import SuspendSim
@testable import SuspendSimCLI
import Testing

/// Options are read once, by `validate()`, into typed values that the commands ask (docs/
/// development.md "Add a command option"); their errors keep their text and exit 64
/// (`SharedOptionsTests`, `HelpTextTests` and the commands' own tests pin those).
@Suite struct TypedOptionsTests {
    /// The command `arguments` parse to, as `main()` parses them (`validate()` included).
    static func parsed<Command: ParsableCommand>(_ arguments: [String], as _: Command.Type) throws -> Command {
        let command = try SuspendsimCommand.parseAsRoot(arguments)
        return try #require(command as? Command)
    }

    @Test("run: --set, --shard, --by and --baseline are held as axes, a shard, keys and baselines")
    func run() throws {
        let run = try Self.parsed([
            "run", "Scenarios/state-lab.yaml", "--set", "device.ram_mb=2048,3072", "--set", "end_s=60",
            "--shard", "2/3", "--baseline", "lru", "--baseline", "device.ram_mb=3072",
        ], as: SuspendsimCommand.RunCommand.self)
        #expect(run.axes.map(\.key.path) == ["device.ram_mb", "end_s"])
        #expect(run.axes.map(\.values) == [["2048", "3072"], ["60"]])
        #expect(run.part == BatchShard(index: 2, count: 3))
        #expect(run.comparison.baseline == "lru")
        #expect(run.comparison.given.whatIf?.key == "device.ram_mb")
        #expect(run.comparison.given.whatIf?.baseline == "3072")
        #expect(run.comparison.grouping == nil)

        let plain = try Self.parsed(["run", "Scenarios/state-lab.yaml", "--by", "policy, device.ram_mb"], as: SuspendsimCommand.RunCommand.self)
        #expect(plain.axes.isEmpty)
        #expect(plain.part == .whole)
        #expect(plain.comparison.grouping == ["policy", "device.ram_mb"])
        #expect(plain.comparison.baseline == nil)
        #expect(plain.sensitivityOptions.request == nil)
    }

    /// `main()` hands a `run` to `RunCommand` alone (`parsedRun`) when that parse succeeds.
    @Test("A run parsed by RunCommand alone holds what the whole tree's parse holds; anything else is left to the tree")
    func runParsedAlone() throws {
        let arguments = [
            "run", "a.yaml", "b.json", "--out", "R2", "--seed", "7", "--set", "end_s=60,120", "--shard", "2/3", "--jobs", "2",
            "--baseline", "lru", "--app", "com.x", "--kills", "--policy", "lru",
        ]
        let alone = try #require(SuspendsimCommand.parsedRun(arguments))
        let whole = try Self.parsed(arguments, as: SuspendsimCommand.RunCommand.self)
        for run in [alone, whole] {
            #expect(run.input.paths == ["a.yaml", "b.json"])
            #expect(run.out == "R2" && run.seed == 7 && run.kills && !run.details)
            #expect(run.axes.map(\.key.path) == ["end_s"] && run.axes.map(\.values) == [["60", "120"]])
            #expect(run.part == BatchShard(index: 2, count: 3))
            #expect(run.input.workerCount == 2)
            #expect(run.comparison.baseline == "lru" && run.apps == ["com.x"] && run.policy?.rawValue == "lru")
        }
        let bare = try #require(SuspendsimCommand.parsedRun(["run"]))
        #expect(bare.input.paths == ["Scenarios"] && bare.out == "Reports" && bare.seed == 0 && bare.part == .whole)

        // Help, a version or completion request, a mistake and other commands go to the tree.
        for other in [
            ["run", "--help"], ["run", "-h"], ["run", "a.yaml", "--version"], ["run", "--generate-completion-script", "bash"],
            ["run", "--bogus"], ["run", "--shard", "4/3"], ["run", "--jobs", "0"], ["run", "--by", "policy", "--shard", "1/2"],
            ["check", "a.yaml"], ["--version"], ["help", "run"], [],
        ] {
            #expect(SuspendsimCommand.parsedRun(other) == nil, "\(other)")
        }
    }

    @Test("report: --label, --figure-width and the comparison options are held typed")
    func report() throws {
        let report = try Self.parsed([
            "report", "Reports", "--label", "device.ram_mb=2048=2 GB", "--figures", "figs", "--figure-width", "7", "--by", "policy",
        ], as: SuspendsimCommand.ReportCommand.self)
        #expect(report.sweepLabels == [SweepValueLabel(key: "device.ram_mb", value: "2048", text: "2 GB")])
        #expect(report.figures.figureWidth == .twoColumns)
        #expect(report.comparison.grouping == ["policy"])
        let plain = try Self.parsed(["report", "Reports"], as: SuspendsimCommand.ReportCommand.self)
        #expect(plain.sweepLabels.isEmpty)
        #expect(plain.figures.figureWidth == .oneColumn)
    }

    @Test("run --sensitivity-keys and import metrickit --region are held typed")
    func sensitivityAndRegion() throws {
        let run = try Self.parsed(["run", "Scenarios/state-lab.yaml", "--sensitivity-keys", "device.aging_s"], as: SuspendsimCommand.RunCommand.self)
        #expect(run.sensitivityOptions.request?.keys?.map(\.name) == ["device.aging_s"])
        let all = try Self.parsed(["run", "Scenarios/state-lab.yaml", "--sensitivity"], as: SuspendsimCommand.RunCommand.self)
        #expect(all.sensitivityOptions.request != nil)
        #expect(all.sensitivityOptions.request?.keys == nil)
        let metricKit = try Self.parsed(["import", "metrickit", "p.json", "--onto", "s.yaml", "--region", "DE"],
                                        as: SuspendsimCommand.ImportCommand.MetricKitCommand.self)
        #expect(metricKit.regionFormat == MetricKitRegion("DE"))
    }

    @Test("A bad value is still refused in validate(), with its own message")
    func refusals() {
        #expect(throws: (any Error).self) { try SuspendsimCommand.parseAsRoot(["run", "--shard", "4/3"]) }
        #expect(throws: (any Error).self) { try SuspendsimCommand.parseAsRoot(["run", "--set", "device.foo=1"]) }
        #expect(throws: (any Error).self) { try SuspendsimCommand.parseAsRoot(["report", "R", "--label", "nolabel"]) }
        let message = SuspendsimCommand.message(for: ValidationError("x"))
        #expect(message == "x")
        do {
            _ = try SuspendsimCommand.parseAsRoot(["run", "--shard", "4/3"])
        } catch {
            #expect(SuspendsimCommand.message(for: error) == "--shard must be K/N with 1 <= K <= N, got 4/3.")
            #expect(SuspendsimCommand.exitCode(for: error).rawValue == CommandFailure.usage.status)
        }
    }
}
