import Testing
@testable import SuspendSimCore

private let mb: KiB = 1024

/// The memory ledger alone (SPEC 1, 22, 30): free memory from its sums and the device's sizes.
@Suite struct MemoryLedgerTests {
    static func device() -> Device {
        var device = Device(ramKiB: 2048 * mb)
        device.reservedKiB = 500 * mb
        return device
    }

    @Test("Free = RAM - reserved - system - resident + compressed - what the compressor holds it in")
    func free() {
        let device = Self.device()
        var ledger = MemoryLedger(systemKiB: 48 * mb)
        #expect(ledger.freeKiB(on: device) == 1500 * mb)
        ledger.footprintChanged(from: .zero, to: 100 * mb)
        ledger.footprintChanged(from: 100 * mb, to: 130 * mb)
        #expect(ledger.residentKiB == 130 * mb)
        #expect(ledger.freeKiB(on: device) == 1370 * mb)
        // 60 MB compressed into 20 MB: 40 MB more free.
        ledger.compress(60 * mb, storedFrom: .zero, to: 20 * mb)
        #expect(ledger.freeKiB(on: device) == 1410 * mb)
        // 30 MB more of the same app, held in 30 MB in all.
        ledger.compress(30 * mb, storedFrom: 20 * mb, to: 30 * mb)
        #expect(ledger.compressedKiB == 90 * mb && ledger.compressorKiB == 30 * mb)
        #expect(ledger.freeKiB(on: device) == 1430 * mb)
        ledger.release(compressed: 90 * mb, stored: 30 * mb)
        #expect(ledger.freeKiB(on: device) == 1370 * mb)
    }

    @Test("Free memory kept as the parts move is free worked out from the parts, flash and system included")
    func occupiedFollowsItsParts() {
        let device = Self.device()  // 2048 MB, 500 reserved: 1548 MB for system and apps
        var ledger = MemoryLedger(systemKiB: 48 * mb)
        var frees: [KiB] = []
        func note() {
            #expect(ledger.occupiedKiB == ledger.occupiedKiBFromParts)
            frees.append(ledger.freeKiB(on: device))
        }
        ledger.footprintChanged(from: .zero, to: 200 * mb)  // 48 + 200 occupied
        note()
        ledger.flashChanged(from: .zero, to: 50 * mb)  // 50 MB of it on flash occupies nothing
        note()
        _ = ledger.allocateSystem(100 * mb)  // system 148
        note()
        ledger.compress(40 * mb, storedFrom: .zero, to: 10 * mb)  // 40 MB held in 10
        note()
        ledger.release(compressed: 40 * mb, stored: 10 * mb)
        note()
        ledger.flashChanged(from: 50 * mb, to: .zero)  // read back from flash
        note()
        // 1548 - 248; - 198; - 298; - (298 - 40 + 10); - 298; - 348.
        #expect(frees == [1300 * mb, 1350 * mb, 1250 * mb, 1280 * mb, 1250 * mb, 1200 * mb])
    }

    @Test("system_allocate: system memory never below 0 nor above the ceiling; no change, no row")
    func systemAllocate() {
        var ledger = MemoryLedger(systemKiB: 48 * mb)
        let changes = [-100 * mb, -1 * mb, MemoryLedger.ceilingKiB, 1 * mb].map { ledger.allocateSystem($0) }
        #expect(changes == [true, false, true, false])
        #expect(ledger.systemKiB == KiB(1 << 52))
        let emptied = ledger.allocateSystem(.zero - MemoryLedger.ceilingKiB - 48 * mb)
        #expect(emptied && ledger.systemKiB == .zero)
    }

    @Test("The resident count follows launches and deaths")
    func residentCount() {
        var ledger = MemoryLedger(systemKiB: .zero)
        ledger.residencyChanged(entering: true)
        ledger.residencyChanged(entering: true)
        ledger.residencyChanged(entering: false)
        #expect(ledger.residentCount == 1)
    }
}
