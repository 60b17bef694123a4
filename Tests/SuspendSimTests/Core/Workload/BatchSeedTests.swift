import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// Batches (docs/batch-runs.md): each run's seed is a documented function of the batch's seed, the scenario's
/// name and the replicate number. Golden values from an independent Python implementation.
@Suite struct BatchSeedTests {
    @Test("FNV-1a 64 matches its published test vectors")
    func fnv() {
        #expect(BatchSeed.fnv1a("") == 0xCBF2_9CE4_8422_2325)
        #expect(BatchSeed.fnv1a("a") == 0xAF63_DC4C_8601_EC8C)
        #expect(BatchSeed.fnv1a("day-on-a-3gb-phone") == 0x8701_07EF_26AE_011B)
    }

    @Test("Seeds of the day scenario's first replicates under --seed 0")
    func golden() {
        let seeds = (0..<4).map { BatchSeed.seed(base: 0, scenario: "day-on-a-3gb-phone", replicate: $0) }
        #expect(seeds == [14_023_080_573_047_209_790, 7_894_173_128_228_717_140, 1_163_607_612_125_767_037, 13_918_284_253_791_086_218])
    }

    @Test("Replicates, scenarios and batch seeds each give different seeds")
    func distinct() {
        let replicates = Set((0..<10_000).map { BatchSeed.seed(base: 7, scenario: "a", replicate: $0) })
        #expect(replicates.count == 10_000)
        #expect(BatchSeed.seed(base: 7, scenario: "a", replicate: 0) != BatchSeed.seed(base: 7, scenario: "b", replicate: 0))
        #expect(BatchSeed.seed(base: 7, scenario: "a", replicate: 0) != BatchSeed.seed(base: 8, scenario: "a", replicate: 0))
    }
}
