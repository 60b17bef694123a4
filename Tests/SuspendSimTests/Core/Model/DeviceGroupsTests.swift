import Testing
@_spi(Generators) @testable import SuspendSimCore

/// `Device`'s settings live in groups by concern, and each keeps its flat name
/// (`Device+Fields.swift`): both spellings are one place.
@Suite struct DeviceGroupsTests {
    @Test("Device stores its groups, under 16 stored properties (STYLE 9, scripts/metrics.sh)")
    func storesGroups() {
        let labels = Mirror(reflecting: Device(ramKiB: .mb(2048))).children.compactMap(\.label)
        #expect(labels.count < 16, "\(labels)")
        for group in ["thresholds", "appLimits", "timeLimits", "jetsam", "tasks", "lmkd"] {
            #expect(labels.contains(group), "\(group) missing from \(labels)")
        }
        #expect(!labels.contains("warningFreeKiB") && !labels.contains("lmkdMinfree"))
    }

    /// SPEC 7's percentages of 2048 MB (2,097,152 KiB), rounded half up to a KiB, land in
    /// the groups: warning 15 % = 314,572.8 -> 314,573; idle 10 % = 209,715.2 -> 209,715;
    /// critical 5 % = 104,857.6 -> 104,858; app limit 60 % = 1,258,291.2 -> 1,258,291;
    /// reaper free 20 % (SPEC 11) = 419,430.4 -> 419,430.
    @Test func defaultsLandInTheirGroups() {
        let device = Device(ramKiB: .mb(2048))
        #expect(device.thresholds.warningKiB == KiB(314_573) && device.warningFreeKiB == KiB(314_573))
        #expect(device.thresholds.idleKiB == KiB(209_715) && device.idleFreeKiB == KiB(209_715))
        #expect(device.thresholds.criticalKiB == KiB(104_858) && device.criticalFreeKiB == KiB(104_858))
        #expect(device.appLimits.limitKiB == KiB(1_258_291) && device.appLimits.backgroundLimitKiB == nil)
        #expect(device.jetsam.reaper.freeKiB == KiB(419_430) && device.reaperFreeKiB == KiB(419_430))
        #expect(!device.jetsam.reaper.isOn && device.jetsam.agingMs == .ms(2_000))
        #expect(device.lmkd.minfree == Device.KillLevel.lmkdDefault)
    }

    @Test("A flat name writes its group, and the group is what the flat name reads")
    func flatNamesForward() {
        var device = Device(ramKiB: .mb(3072))
        device.appBackgroundLimitKiB = .mb(700)
        device.longIdleReaper = true
        device.refreshIntervalMs = .ms(1_234)
        device.didEnterBackgroundLimitMs = .ms(4_000)
        device.lmkdMinfree = [Device.KillLevel(priority: 900, freeKiB: .mb(100))]
        #expect(device.appLimits.backgroundLimitKiB == .mb(700))
        #expect(device.jetsam.reaper.isOn)
        #expect(device.tasks.refreshIntervalMs == .ms(1_234))
        #expect(device.timeLimits.didEnterBackgroundMs == .ms(4_000))
        #expect(device.lmkd.minfree == [Device.KillLevel(priority: 900, freeKiB: .mb(100))])

        device.jetsam.reaper.idleMs = .ms(60_000)
        device.tasks.lowPower = true
        device.thresholds.criticalKiB = .mb(50)
        #expect(device.reaperIdleMs == .ms(60_000) && device.lowPower && device.criticalFreeKiB == .mb(50))
        // The per-app limit in background reads the group's background limit (SPEC 11).
        #expect(device.appLimitKiB(in: .suspended) == .mb(700) && device.appLimitKiB(in: .active) == device.appLimits.limitKiB)
    }
}
