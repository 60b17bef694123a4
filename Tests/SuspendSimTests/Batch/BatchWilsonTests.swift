import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// Batches (docs/batch-runs.md): `survival.csv`'s interval is Wilson's score interval at 95 %.
@Suite struct BatchWilsonTests {
    /// (successes, trials, low, high): Newcombe, "Two-sided confidence intervals for the single
    /// proportion: comparison of seven methods", Statistics in Medicine 17 (1998), table II,
    /// method 3 (81/263, 15/148, 0/20, 1/29), and edge cases from the formula.
    static let known: [(Int, Int, Double, Double)] = [
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0000, 0.1611),
        (1, 29, 0.0061, 0.1718),
        (0, 10, 0.0000, 0.2775),
        (10, 10, 0.7225, 1.0000),
        (5, 10, 0.2366, 0.7634),
        (1, 1, 0.2065, 1.0000),
    ]

    @Test("Known intervals, to 4 decimals", arguments: 0..<BatchWilsonTests.known.count)
    func knownValues(_ index: Int) throws {
        let (successes, trials, low, high) = Self.known[index]
        let bounds = try #require(WilsonInterval.bounds(successes: successes, trials: trials))
        #expect(abs(bounds.low - low) < 0.00005, "\(successes)/\(trials): \(bounds)")
        #expect(abs(bounds.high - high) < 0.00005, "\(successes)/\(trials): \(bounds)")
    }

    @Test("The interval stays in [0, 1], holds the rate, and needs a trial")
    func bounds() throws {
        #expect(WilsonInterval.bounds(successes: 0, trials: 0) == nil)
        for trials in [1, 2, 7, 200, 1000] {
            for successes in 0...trials where successes % max(1, trials / 20) == 0 {
                let bounds = try #require(WilsonInterval.bounds(successes: successes, trials: trials))
                let rate = Double(successes) / Double(trials)
                #expect(bounds.low >= 0 && bounds.high <= 1 && bounds.low <= rate && rate <= bounds.high)
            }
        }
    }

    @Test("survival.csv's statistics (SPEC 14): counts, rates and Wilson bounds, means per run, 3 decimals; no interval for one run, nothing without runs")
    func statisticsFields() {
        func statistics(_ runs: Int, _ counts: SurvivalTally.Counts, shard: Bool = false) -> String {
            var bytes: [UInt8] = []
            SurvivalCSV.appendRow(BatchRowPrefix(fields: ["s", "p", "a"].map { ArraySlice($0.utf8) }),
                                  runs: runs, counts: counts, shard: shard, to: &bytes)
            let row = String(decoding: bytes, as: UTF8.self)
            #expect(row.hasPrefix("s,p,a,"))
            return String(row.dropFirst("s,p,a,".count))
        }
        // Then refresh_runs_mean and processing_runs_mean (grants per run, 0.000 without bg_tasks;
        // totals in a shard, empty without runs), and SPEC 41's: the pressure kills' Student
        // interval (a shard: the sum of their squares, then its own upper bound) and the six
        // means by trigger (0.000 here, none counted).
        // SPEC 19: 200 of the 263 runs launched the app; 81 of those survived (0.405, with its
        // Wilson interval over 200 trials, not 263).
        // 300 pressure kills whose squares add to 500: s² = (263 × 500 − 300²) / (263 × 262) =
        // 0.60227, t(0.975, 262) = 1.96907, so 1.141 ± 0.0942: 1.046 to 1.235.
        let counts = SurvivalTally.Counts.fixture(survived: 81, neverKilled: 20, pressureKills: 300, pressureKillSquares: 500,
                                                  coldLaunches: 526, warmLaunches: 1, launched: 200)
        // The six kills by trigger and the freezer's freezes and thaws (SPEC 41): none here.
        let zeros = String(repeating: ",0.000", count: 8), shardZeros = String(repeating: ",0", count: 8)
        #expect(statistics(263, counts) == "263,81,0.308,0.255,0.366,20,0.076,0.050,0.115,1.141,2.000,0.004,200,0.405,0.339,0.474,0.000,0.000,1.046,1.235" + zeros)
        #expect(statistics(263, counts, shard: true) == "263,81,0.308,0.255,0.366,20,0.076,0.050,0.115,300,526,1,200,0.405,0.339,0.474,0,0,500,1.235" + shardZeros)
        // Never launched: no launched rate at all.
        #expect(statistics(20, SurvivalTally.Counts.zero) == "20,0,0.000,0.000,0.161,0,0.000,0.000,0.161,0.000,0.000,0.000,0,,,,0.000,0.000,0.000,0.000" + zeros)
        #expect(statistics(1, SurvivalTally.Counts.fixture(survived: 1, neverKilled: 0, pressureKills: 2, coldLaunches: 3, launched: 1))
            == "1,1,1.000,,,0,0.000,,,2.000,3.000,0.000,1,1.000,,,0.000,0.000,," + zeros)
        #expect(statistics(0, SurvivalTally.Counts.zero) == "0,0,,,,0,,,,,,,0,,,,,,,,,,,,,,,")
    }
}

/// Workers count their own runs and the tallies are added up: the sum must equal one tally of
/// every run, whatever the split (survival.csv is the same bytes at any --jobs, SPEC 8).
@Suite struct SurvivalTallyMergeTests {
    @Test("Adding per-worker tallies gives the tally of all runs, in any split")
    func addingTalliesEqualsCountingAll() {
        let runs: [(group: Int, survivors: [Bool])] = (0..<40).map { run in
            (run % 3, [run % 2 == 0, run % 5 != 0] + (run % 3 == 2 ? [true] : []))
        }
        let appCounts = [2, 2, 3]
        var all = SurvivalTally(appCounts: appCounts)
        for run in runs { all.record(group: run.group, apps: run.survivors.map { SurvivalTally.Counts.fixture(survived: $0 ? 1 : 0, coldLaunches: 1) }) }
        for workers in 1...4 {
            var merged = SurvivalTally(appCounts: appCounts)
            for worker in 0..<workers {
                var own = SurvivalTally(appCounts: appCounts)
                for (index, run) in runs.enumerated() where index % workers == worker {
                    own.record(group: run.group, apps: run.survivors.map { SurvivalTally.Counts.fixture(survived: $0 ? 1 : 0, coldLaunches: 1) })
                }
                merged.add(own)
            }
            #expect(merged == all, "split over \(workers) workers")
        }
        #expect(all.runs == [14, 13, 13])
    }
}
