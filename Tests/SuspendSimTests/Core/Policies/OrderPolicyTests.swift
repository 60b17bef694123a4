import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// A policy written in YAML (`policy: { name, order, levels }`): its order over hand-built
/// candidates, and SPEC 6's tie that the engine adds.
@Suite struct OrderPolicyTests {
    /// The candidates sorted by the policy's rank, then SPEC 6's tie, as the engine sorts.
    func order(_ policy: OrderPolicy, _ candidates: [Candidate]) -> [Int] {
        candidates.sorted {
            let (a, b) = (policy.rank(of: $0), policy.rank(of: $1))
            if a != b { return a < b }
            if $0.lastFrontmostOrder != $1.lastFrontmostOrder { return $0.lastFrontmostOrder < $1.lastFrontmostOrder }
            return $0.index < $1.index
        }.map(\.index)
    }

    let apps = [
        Candidate(index: 0, state: .background, footprintKiB: .mb(500), lastFrontmostOrder: 1),
        Candidate(index: 1, state: .suspended, footprintKiB: .mb(100), lastFrontmostOrder: 4),
        Candidate(index: 2, state: .suspended, footprintKiB: .mb(300), lastFrontmostOrder: 2),
        Candidate(index: 3, state: .suspended, footprintKiB: .mb(300), lastFrontmostOrder: 3),
        Candidate(index: 4, state: .background, footprintKiB: .mb(200), modesInUse: [.audio], lastFrontmostOrder: 5),
    ]

    @Test("[state, -footprint_mb]: suspended largest first, equal footprints least recently frontmost first")
    func largestFirstOrder() {
        let policy = OrderPolicy(name: "p", order: [.init(.state), .init(.footprintMB, descending: true)])
        // Suspended: 2 and 3 (300 MB, 2 left foreground before 3), then 1 (100); background: 0 (500), 4 (200).
        #expect(order(policy, apps) == [2, 3, 1, 0, 4])
    }

    @Test("[-last_frontmost]: most recently frontmost first, whatever the state")
    func descendingRecency() {
        let policy = OrderPolicy(name: "p", order: [.init(.lastFrontmost, descending: true)])
        #expect(order(policy, apps) == [4, 1, 3, 2, 0])
    }

    @Test("[mode_in_use, -state, footprint_mb]: no mode first, background before suspended, smallest first")
    func modeThenBackground() {
        let policy = OrderPolicy(name: "p", order: [.init(.modeInUse), .init(.state, descending: true), .init(.footprintMB)])
        #expect(order(policy, apps) == [0, 1, 2, 3, 4])
    }

    @Test("Four 40-bit keys fill four words and still order by the first key before the last")
    func fourWideKeys() {
        let policy = OrderPolicy(name: "p", order: [
            .init(.compressedMB), .init(.physicalMB, descending: true), .init(.lastFrontmost), .init(.footprintMB),
            .init(.state), .init(.adj), .init(.band), .init(.modeInUse),
        ])
        // Nothing compressed: physical = footprint, most first: 0 (500), 2, 3 (300, by recency), 4 (200), 1 (100).
        #expect(order(policy, apps) == [0, 2, 3, 4, 1])
    }

    @Test("The order in words names each key and SPEC 6's tie")
    func words() {
        let policy = OrderPolicy(name: "p", order: [.init(.state), .init(.footprintMB, descending: true)])
        #expect(policy.orderInWords == "suspended before background, then largest footprint first; "
            + "ties: least recently frontmost first, then scenario order (SPEC 6)")
    }
}
