@_spi(Testing) import SuspendSim
import Testing

@Test func smallestFirstMeetsTheContract() {
    #expect(EvictionPolicyConformance.violations(of: SmallestFirstPolicy()).isEmpty)
}
