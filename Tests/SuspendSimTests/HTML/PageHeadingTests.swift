import Testing
@testable import SuspendSim

/// SPEC 15: a batch page is headed by what it shows, the scenario or the scenarios.
@Suite struct PageHeadingTests {
    @Test("One scenario: its name; several: how many, and the first four names")
    func heading() {
        #expect(BatchPage.heading(scenarios: ["day"]) == "day")
        #expect(BatchPage.heading(scenarios: ["a", "b"]) == "2 scenarios: a and b")
        #expect(BatchPage.heading(scenarios: ["a", "b", "c", "d"]) == "4 scenarios: a, b, c and d")
        #expect(BatchPage.heading(scenarios: ["a", "b", "c", "d", "e", "f"]) == "6 scenarios: a, b, c, d and 2 more")
    }

    @Test("The single runs' chart compares policies only when one scenario has several")
    func singleRunsTitle() {
        #expect(BatchPage.singleRunsTitle(scenarios: 1, policies: 1) == "Single runs")
        #expect(BatchPage.singleRunsTitle(scenarios: 1, policies: 4) == "Single runs: the policies compared")
        #expect(BatchPage.singleRunsTitle(scenarios: 2, policies: 1) == "Single runs: 2 scenarios")
        #expect(BatchPage.singleRunsTitle(scenarios: 2, policies: 2) == "Single runs: 2 scenarios under 2 policies")
    }
}
