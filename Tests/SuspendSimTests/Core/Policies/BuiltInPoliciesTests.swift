import Foundation
import Testing
@testable import SuspendSimCore

/// A built-in policy's row of `BuiltInPolicies`: its name derived from its type (as
/// swift-format's `Rule.ruleName`), its order in words for `explain` and its chart style.
@Suite struct BuiltInPoliciesTests {
    /// A throwaway policy that conforms as a built-in one does: its name comes from its type.
    struct ThrowawayFIFOPolicy: BuiltInPolicy {
        var name: String { Self.ruleName }
        func rank(of candidate: Candidate) -> Candidate.Rank { Candidate.Rank(0) }
    }

    @Test("A type's name as a policy name: without Policy, words in lower case joined by '-', an acronym one word")
    func namesFromTypes() {
        #expect(BuiltInPolicies.name(ofType: "LargestFirstPolicy") == "largest-first")
        #expect(BuiltInPolicies.name(ofType: "LRUPolicy") == "lru")
        #expect(BuiltInPolicies.name(ofType: "LMKDPolicy") == "lmkd")
        #expect(BuiltInPolicies.name(ofType: "JetsamPolicy") == "jetsam")
        #expect(BuiltInPolicies.name(ofType: "LRUCachePolicy") == "lru-cache")
        #expect(BuiltInPolicies.name(ofType: "Band2FirstPolicy") == "band2-first")
        #expect(ThrowawayFIFOPolicy.ruleName == "throwaway-fifo")
        #expect(ThrowawayFIFOPolicy().name == "throwaway-fifo")
    }

    @Test("The table: SPEC 6's four policies, in the order reports list them, each row's name its policy's")
    func table() {
        #expect(BuiltInPolicies.names.prefix(4) == ["largest-first", "lru", "jetsam", "lmkd"])
        for entry in BuiltInPolicies.entries {
            #expect(entry.policy.name == entry.name)
            #expect(BuiltInPolicies.named(entry.name)?.name == entry.name)
            #expect(BuiltInPolicies.entry(named: entry.name)?.orderInWords == entry.orderInWords)
        }
        #expect(BuiltInPolicies.named("fifo") == nil && BuiltInPolicies.entry(named: "fifo") == nil)
        #expect(BuiltInPolicies.named("lmkd") is LMKDPolicy)
    }

    @Test("Each row has its own words, colour and marker (SPEC 15: never told apart by colour alone)")
    func distinctRows() {
        let entries = BuiltInPolicies.entries
        #expect(Set(entries.map(\.orderInWords)).count == entries.count)
        #expect(Set(entries.map(\.chart.colour)).count == entries.count)
        #expect(Set(entries.map(\.chart.marker)).count == entries.count)
        // SPEC 15's table: blue circle, vermillion square, bluish green triangle, reddish
        // purple diamond.
        #expect(BuiltInPolicies.entry(named: "largest-first")?.chart == .init(colour: 4, marker: .circle))
        #expect(BuiltInPolicies.entry(named: "lru")?.chart == .init(colour: 5, marker: .square))
        #expect(BuiltInPolicies.entry(named: "jetsam")?.chart == .init(colour: 2, marker: .triangle))
        #expect(BuiltInPolicies.entry(named: "lmkd")?.chart == .init(colour: 6, marker: .diamond))
    }

    @Test("Every type in Policies/ that conforms to BuiltInPolicy has its row (docs/development.md: Add a policy)")
    func everyPolicyFileHasItsRow() throws {
        let folder = packageRoot.appendingPathComponent("Sources/SuspendSimCore/Policies")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        var declared: [String] = []
        for file in files.sorted() {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("public struct ") || line.hasPrefix("package struct ") {
                let words = line.split(whereSeparator: { " :{,".contains($0) })
                if words.contains("BuiltInPolicy") { declared.append(BuiltInPolicies.name(ofType: String(words[2]))) }
            }
        }
        #expect(declared.count == BuiltInPolicies.entries.count)
        #expect(Set(declared) == Set(BuiltInPolicies.names))
    }
}
