@_spi(Generators) import SuspendSim

/// The victim-choice workload: `resident` apps stay resident and every event forces exactly
/// one memory-pressure kill, so the cost per event is dominated by choosing the victim.
///
/// There are `resident + 1` apps of 1 MB each (in every state) and the user opens them in
/// turn, 1 s apart. RAM holds `resident` apps plus a headroom equal to `critical_free_mb`:
/// once every app but one is resident, each open is a cold launch that takes free below the
/// critical level, and `largest-first` (equal sizes: least recently frontmost first) kills
/// the app that will be opened next. Warnings and idle kills are off (thresholds at 0), and
/// the per-app limit is out of reach.
public enum ConstantPressure {
    /// The footprint of every app in every state.
    public static let appKiB = KiB.mb(1)
    /// Free memory with `resident` apps resident, and the critical level.
    public static let headroomKiB = KiB.mb(16)

    /// `events` opens in turn over `resident + 1` apps; the first `resident` fill memory
    /// (`fillEvents(resident:)`), every later one kills.
    public static func scenario(resident: Int, events: Int) -> Scenario {
        let apps = (0...resident).map { AppProfile(id: "com.example.pressure\($0)", activeKiB: appKiB) }
        var device = Device(ramKiB: Int64(resident) * appKiB + headroomKiB)
        device.criticalFreeKiB = headroomKiB
        device.warningFreeKiB = .zero
        device.idleFreeKiB = .zero
        device.appLimitKiB = device.ramKiB
        var scenario = Scenario(name: "constant-pressure-\(resident)-resident-\(events)-events",
                                device: device, apps: apps)
        scenario.generator = OpensInTurn(count: events)
        scenario.seed = 0
        return scenario
    }

    /// The events that fill memory before the first kill.
    public static func fillEvents(resident: Int) -> Int { resident }

    /// Runs the fill events untimed, then times the rest. Returns the events timed, their
    /// wall-clock seconds and the pressure kills they made (one per event, as a check).
    public static func measure(resident: Int, events: Int) -> (events: Int, seconds: Double, kills: Int) {
        let scenario = scenario(resident: resident, events: events)
        var simulation = Simulation(scenario, policy: LargestFirstPolicy(), recorder: NullRecorder())
        let fill = fillEvents(resident: resident)
        while simulation.eventsRun < fill, simulation.step() {}
        let killsBefore = simulation.result.pressureKills
        let seconds = Stopwatch.seconds { simulation.run() }
        return (simulation.eventsRun - fill, seconds, simulation.result.pressureKills - killsBefore)
    }

    /// Opens app 0, 1, … n-1, 0, 1, … one second apart.
    struct OpensInTurn: EventGenerator {
        let count: Int

        func events(for scenario: Scenario, seed: UInt64, startingAt startMs: Millis) -> any EventSource {
            Source(remaining: count, appCount: scenario.apps.count, timeMs: startMs)
        }

        struct Source: EventSource {
            var remaining: Int
            let appCount: Int
            var timeMs: Millis
            var nextApp = 0

            mutating func next() -> ScenarioEvent? {
                guard remaining > 0 else { return nil }
                remaining -= 1
                timeMs += .seconds(1)
                let app = nextApp
                nextApp = nextApp + 1 == appCount ? 0 : nextApp + 1
                return ScenarioEvent(atMs: timeMs, .open(app))
            }
        }
    }
}
