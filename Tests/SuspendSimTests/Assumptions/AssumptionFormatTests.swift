import Testing
@testable import SuspendSim

/// SPEC 36's formats for what a run assumed: MB and s with 3 decimals (KiB and ms rounded half
/// up first), ratio 2, count an integer, share 6, per hour, factor and exponent 3.
struct AssumptionFormatTests {
    @Test(arguments: [
        // 0.0005 s is half a millisecond: up to 1 ms.
        (AssumptionValue.number("0.0005"), AssumptionUnit.seconds, "0.001"),
        (.number("300"), .seconds, "300.000"),
        // 0.0004 MB is 0.4096 KiB: down to 0 KiB.
        (.number("0.0004"), .mb, "0.000"),
        (.number("57.602"), .mb, "57.602"),
        (.number("2.8"), .ratio, "2.80"),
        (.number("2.845"), .ratio, "2.85"),
        (.number("20"), .count, "20"),
        (.number("2.5"), .count, "3"),
        (.number("0.6"), .share, "0.600000"),
        (.number("0.1235"), .perHour, "0.124"),
        (.number("9.9995"), .factor, "10.000"),
        (.number("1"), .exponent, "1.000"),
        (.number("2000"), .mbPerSecond, "2000.000"),
        (.boolean(true), .boolean, "true"),
        (.boolean(false), .boolean, "false"),
    ])
    func aValueIsWrittenInItsUnitsFormat(value: AssumptionValue, unit: AssumptionUnit, text: String) {
        #expect(value.resolved(unit: unit, ramKiB: .mb(2048)) == text)
    }

    @Test func aShareOfRAMIsThisPhonesMegabytes() {
        // 63.7 % of 4096 MB: 4,194,304 KiB × 0.637 = 2,671,771.648 KiB, rounded to 2,671,772
        // KiB, which is 2609.152 MB to 3 decimals.
        #expect(AssumptionValue.percentOfRAM(percent: "63.7").resolved(unit: .mb, ramKiB: .mb(4096)) == "2609.152")
        // 15 % of 2048 MB is 307.2 MB exactly, as device.csv's warning_free_mb.
        #expect(AssumptionValue.percentOfRAM(percent: "15").resolved(unit: .mb, ramKiB: .mb(2048)) == "307.200")
        #expect(AssumptionValue.percentOfRAM(percent: "0").resolved(unit: .mb, ramKiB: .mb(2048)) == "0.000")
    }

    @Test func theDigestIsSHA256OfTheShippedBytes() {
        // The digest's own examples are InputDigestTests'; this is the table's bytes as shipped.
        #expect(AssumptionTable.shippedSHA256 == InputDigest.sha256(Array(AssumptionTable.shippedCSV.utf8)))
        let digest = AssumptionTable.shippedSHA256
        #expect(digest.count == 64 && digest.allSatisfy { "0123456789abcdef".contains($0) })
        #expect(!AssumptionTable.shippedCSV.contains("\r"))
    }
}
