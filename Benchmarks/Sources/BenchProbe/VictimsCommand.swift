import ArgumentParser
import SuspendSimWorkloads
@_spi(Generators) import SuspendSim

/// Cost per event when every event forces a victim choice among `resident` apps.
struct VictimsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "victims",
        abstract: "Nanoseconds per event under constant pressure with N resident apps (one kill per event).")

    @Option(help: "Resident apps.") var resident = 1_000
    @Option(help: "Timed events per run (after the fill).") var events = 1_000_000
    @Option(help: "Timed runs (the median is reported).") var samples = 5

    func run() throws {
        var figures: [Double] = []
        for _ in 0..<samples {
            let run = ConstantPressure.measure(resident: resident, events: events + ConstantPressure.fillEvents(resident: resident))
            guard run.kills == run.events else {
                throw ValidationError("expected one kill per event, got \(run.kills) kills for \(run.events) events")
            }
            figures.append(run.seconds / Double(run.events) * 1e9)
        }
        report("ns_per_event", samples: figures)
    }
}
