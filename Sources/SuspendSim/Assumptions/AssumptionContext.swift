@_spi(Generators) import SuspendSimCore

/// The facts about one run that a row's `applies` asks (SPEC 36): its resolved device,
/// profile, policy and workload, and which features are on.
package struct AssumptionContext: Sendable, Hashable {
    package var ramKiB: KiB
    /// nil: the classic profile (no `ios:`), under which every `ios` atom is false.
    package var ios: IOSVersion?
    package var policyName: String
    package var modelSet: Bool
    /// A compressor with a pool above 0 (`Device.compresses`).
    package var compressorOn: Bool
    package var freezerOn: Bool
    /// The long-idle reaper runs under this policy (`Device.runsLongIdleReaper`).
    package var reaperOn: Bool
    /// The scenario generates a workload (`workload:`).
    package var hasWorkload: Bool
    package var typicalDayWorkload: Bool
    package var includesTypicalDayApps: Bool

    /// The context of `scenario` run under `policyName`.
    package init(_ scenario: Scenario, policyName: String) {
        let device = scenario.device
        ramKiB = device.ramKiB
        ios = device.ios
        self.policyName = policyName
        modelSet = device.model != nil
        compressorOn = device.compresses
        let levels = scenario.policy(named: policyName).map { Device.PressureKillLevels($0, on: device) }
            ?? Device.PressureKillLevels(usesBands: false, killLevels: [])
        freezerOn = device.freezes(levels)
        reaperOn = device.runsLongIdleReaper(levels)
        hasWorkload = scenario.generator is Workload
        typicalDayWorkload = scenario.given.typicalDayWorkload
        includesTypicalDayApps = scenario.given.includesTypicalDayApps
    }

    /// Whether `atom` holds for this run.
    package func holds(_ atom: AssumptionCondition) -> Bool {
        switch atom {
        case .always: true
        case .iosBelow(let version): ios.map { $0 < version } ?? false
        case .iosAtLeast(let version): ios.map { $0 >= version } ?? false
        case .profileClassic: ios == nil
        case .policy(let name): policyName == name
        case .ramAtMost(let mb): ramKiB <= .mb(Double(mb))
        case .ramAbove(let mb): ramKiB > .mb(Double(mb))
        case .modelSet: modelSet
        case .modelUnset: !modelSet
        case .compressorOn: compressorOn
        case .freezerOn: freezerOn
        case .reaperOn: reaperOn
        case .workloadPlain: hasWorkload && !typicalDayWorkload
        case .workloadTypicalDay: typicalDayWorkload
        case .appsIncludeTypicalDay: includesTypicalDayApps
        }
    }

    /// Whether every atom of `row`'s `applies` holds.
    package func holds(_ row: AssumptionRow) -> Bool {
        row.applies.allSatisfy(holds)
    }
}
