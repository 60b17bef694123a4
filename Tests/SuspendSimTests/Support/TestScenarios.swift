import Foundation
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// A scenario built in code: `apps` on a device with `ramMB` of RAM (thresholds at their
/// defaults unless `configure` changes them), with `events` at the given seconds.
func scenario(
    ramMB: Double = 4096, apps: [AppProfile], policy: String = "largest-first",
    endSeconds: Double? = nil,
    configure: (inout Device) -> Void = { _ in },
    _ events: [(Double, ScenarioEvent.Action)]
) -> Scenario {
    var device = Device(ramMB: ramMB)
    configure(&device)
    var scenario = Scenario(name: "test", policy: BuiltInPolicies.named(policy)!, device: device, apps: apps)
    for (seconds, action) in events { scenario.appendUnchecked(at: seconds, action) }
    scenario.endMs = endSeconds.map { .seconds($0) }
    return scenario
}

/// An app profile with the given MB and every other field at its default.
func app(_ id: String, _ activeMB: Double = 100, background: Double? = nil, suspended: Double? = nil,
         _ configure: (inout AppProfile) -> Void = { _ in }) -> AppProfile {
    var profile = AppProfile(id: id, activeMB: activeMB, backgroundMB: background, suspendedMB: suspended)
    configure(&profile)
    return profile
}

extension SimulationResult where Recorder == EventLog {
    /// The callbacks app `index` received, as (seconds, callback) pairs.
    func timedCallbacks(of index: AppIndex) -> [(Double, Callback)] {
        log.callbacks.filter { $0.app == index }.map { ($0.timeMs.seconds, $0.callback) }
    }

    /// The state changes of app `index`, as "from->to (cause)" strings.
    func transitions(of index: AppIndex) -> [String] {
        log.transitions.filter { $0.app == index }.map { "\($0.from.rawValue)->\($0.to.rawValue) (\($0.cause))" }
    }

    /// The terminations, as "app:reason" strings.
    var kills: [String] {
        log.evictions.map { "\(apps[$0.who.app].id):\($0.who.reason.rawValue)" }
    }

    func outcome(_ id: String) -> AppOutcome { apps.first { $0.id == id }! }
}

typealias CB = Callback


extension Scenario {
    /// `append(at:_:)` without its check of the app index, for helpers whose indexes come
    /// from the scenario they build (the check has its own test, `NoTrapTests`).
    mutating func appendUnchecked(at seconds: Double, _ action: ScenarioEvent.Action) {
        events.append(ScenarioEvent(atMs: .seconds(seconds), action))
    }
}
