import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// SPEC 19's `expect.rates` as the loader reads it: bounds in thousandths, each app entry's
/// line kept, and every mistake a located diagnostic.
@Suite struct RateAssertionReadingTests {
    static let text = """
        name: t
        device: { ram_mb: 1024 }
        apps:
          - { id: com.a, active_mb: 300 }
          - { id: com.b, active_mb: 200 }
        expect:
          rates:
            never_killed_rate:
              com.a: ">= 0.8"
              com.b: "<=0.25"
            launched_survival_rate: { com.b: " 0.4 .. 0.6 " }
            survival_rate:
              com.a: 0..1
          by_policy:
            lru:
              rates: { never_killed_rate: { com.a: "0.125..0.5" } }
        """

    typealias Bound = Scenario.Expectation.RateBound

    @Test("Each bound reads as an inclusive range of thousandths, in file order, with its app entry's line; by_policy keeps its own")
    func readsBoundsAndLines() throws {
        let expectation = try #require(try ScenarioLoader.parse(Self.text, path: "t.yaml").expectation)
        #expect(expectation.rates == [
            Bound(rate: .neverKilledRate, app: "com.a", thousandths: 800...1000),
            Bound(rate: .neverKilledRate, app: "com.b", thousandths: 0...250),
            Bound(rate: .launchedSurvivalRate, app: "com.b", thousandths: 400...600),
            Bound(rate: .survivalRate, app: "com.a", thousandths: 0...1000),
        ])
        #expect(expectation.lines == [
            "rates": 7, "rates.never_killed_rate.com.a": 9, "rates.never_killed_rate.com.b": 10,
            "rates.launched_survival_rate.com.b": 11, "rates.survival_rate.com.a": 13,
        ])
        let lru = try #require(expectation.byPolicy["lru"])
        #expect(lru.rates == [Bound(rate: .neverKilledRate, app: "com.a", thousandths: 125...500)])
        #expect(lru.lines == ["rates": 16, "rates.never_killed_rate.com.a": 16])
    }

    @Test("by_policy's bound replaces the general bound on the same rate and app, keeps the others, and brings its line")
    func byPolicyOverridesPerRateAndApp() throws {
        let expectation = try #require(try ScenarioLoader.parse(Self.text, path: "t.yaml").expectation)
        let lru = ExpectationCheck.effective(expectation, policyName: "lru")
        #expect(lru.rates.map(\.thousandths) == [125...500, 0...250, 400...600, 0...1000])
        #expect(lru.lines["rates.never_killed_rate.com.a"] == 16)
        #expect(ExpectationCheck.effective(expectation, policyName: "jetsam").rates == expectation.rates)
        #expect(BatchCheck.hasBatchAssertions(expectation))
        // Rates alone leave nothing to check on one run.
        #expect(BatchCheck.runAssertions(expectation) == Scenario.Expectation())
    }

    /// (the `com.b: "<=0.25"` line replaced by this, the field, the message's start).
    static let mistakes: [(String, String, String)] = [
        ("com.b: \"at most 0.25\"", "expect.rates.never_killed_rate.com.b",
         "must be a bound such as \">= 0.8\", \"<= 0.2\" or \"0.4..0.6\" (inclusive), got \"at most 0.25\""),
        ("com.b: 0.25", "expect.rates.never_killed_rate.com.b", "must be a bound such as \">= 0.8\", \"<= 0.2\" or \"0.4..0.6\" (inclusive), got 0.25"),
        ("com.b: \"> 0.25\"", "expect.rates.never_killed_rate.com.b", "must be a bound such as"),
        ("com.b: \"0...1\"", "expect.rates.never_killed_rate.com.b", "must be a bound such as"),
        ("com.b: \"0.2..\"", "expect.rates.never_killed_rate.com.b", "must be a bound such as"),
        ("com.b: \">= 1.2\"", "expect.rates.never_killed_rate.com.b", "must lie within 0..1 (a rate), got \">= 1.2\""),
        ("com.b: \"-0.1..0.5\"", "expect.rates.never_killed_rate.com.b", "must lie within 0..1 (a rate)"),
        ("com.b: \"<= 0.2505\"", "expect.rates.never_killed_rate.com.b",
         "must have at most 3 decimals (rates are judged as survival.csv prints them), got \"<= 0.2505\""),
        ("com.b: \"0.6..0.4\"", "expect.rates.never_killed_rate.com.b", "must have its low end at most its high end, got \"0.6..0.4\""),
        ("com.c: \">= 0.25\"", "expect.rates.never_killed_rate.com.c", "unknown app 'com.c'; apps are com.a, com.b"),
        ("com.a: \">= 0.25\"", "expect.rates.never_killed_rate.com.a", "duplicate key 'com.a' (first at line 9, column 7)"),
    ]

    @Test("A bad bound, an unknown app or a repeated app is an error at the entry's line and column", arguments: 0..<mistakes.count)
    func badEntry(_ index: Int) {
        let (replacement, field, message) = Self.mistakes[index]
        let text = Self.text.replacingOccurrences(of: "com.b: \"<=0.25\"", with: replacement)
        let diagnostics = loadDiagnostics(text, path: "t.yaml")
        #expect(diagnostics.map(\.field) == [field], "\(replacement)")
        #expect(diagnostics.first?.message.hasPrefix(message) == true, "\(diagnostics)")
        // The app entry is on line 10: the key at column 7, the value after it.
        let column = replacement.hasPrefix("com.c") || replacement.hasPrefix("com.a") ? 7 : 14
        #expect(diagnostics.first?.description.hasPrefix("t.yaml:10:\(column): \(field): ") == true, "\(diagnostics)")
    }

    @Test("An unknown rate is an error naming the three; rates: and each rate must be mappings")
    func badRates() {
        let unknown = loadDiagnostics(Self.text.replacingOccurrences(of: "    survival_rate:\n", with: "    survival:\n"), path: "t.yaml")
        #expect(unknown.map(\.description) == [
            "t.yaml:12:5: expect.rates.survival: unknown rate 'survival' (did you mean 'survival_rate'?); expected one of never_killed_rate, launched_survival_rate, survival_rate",
        ])
        let list = loadDiagnostics(Self.text.replacingOccurrences(of: "{ com.b: \" 0.4 .. 0.6 \" }", with: "[com.b]"), path: "t.yaml")
        #expect(list.map(\.description) == ["t.yaml:11:29: expect.rates.launched_survival_rate: must be a mapping, got a list"])
        let scalar = loadDiagnostics(Self.text.replacingOccurrences(of: "rates: { never_killed_rate: { com.a: \"0.125..0.5\" } }", with: "rates: 0.5"),
                                     path: "t.yaml")
        #expect(scalar.map(\.description) == ["t.yaml:16:14: expect.by_policy.lru.rates: must be a mapping, got 0.5"])
    }
}
