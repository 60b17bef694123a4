import Foundation
import Testing
@testable import SuspendSim

/// SPEC 15: the batch page tells the four built-in policies apart by four hues far apart on
/// the colour wheel (Okabe-Ito blue, vermillion, bluish green, reddish purple) and by four
/// marker shapes, the same on every chart and legend (`SeriesStyle`, `SeriesMarker`).
@Suite struct SeriesStyleTests {
    static let policies = ["largest-first", "lru", "jetsam", "lmkd"]

    /// The hue of `#RRGGBB` in degrees (HSV).
    static func hue(_ hex: String) -> Double {
        let value = Int(hex.dropFirst(), radix: 16)!
        let (r, g, b) = (Double(value >> 16) / 255, Double(value >> 8 & 0xFF) / 255, Double(value & 0xFF) / 255)
        let high = max(r, g, b), low = min(r, g, b), chroma = high - low
        guard chroma > 0 else { return 0 }
        let sector = high == r ? (g - b) / chroma : high == g ? (b - r) / chroma + 2 : (r - g) / chroma + 4
        return (sector * 60 + 360).truncatingRemainder(dividingBy: 360)
    }

    @Test("The palette table: each built-in policy its own Okabe-Ito hue, at least 30° from the others, and its own marker")
    func table() {
        let styles = Self.policies.map { SeriesStyle.policies[$0]! }
        let colours = styles.map { ChartPalette.okabeIto[$0.colour] }
        #expect(colours == ["#0072B2", "#D55E00", "#009E73", "#CC79A7"])
        #expect(styles.map(\.shape) == [.circle, .square, .triangle, .diamond])
        let hues = colours.map(Self.hue)
        for i in hues.indices {
            for j in hues.indices where j > i {
                let apart = min(abs(hues[i] - hues[j]), 360 - abs(hues[i] - hues[j]))
                #expect(apart >= 30, "\(Self.policies[i]) and \(Self.policies[j]) are \(apart)° apart")
            }
        }
        // Four different outlines.
        #expect(Set(styles.map { SeriesMarker.glyph($0.shape, x: 10, y: 10) }).count == 4)
    }

    @Test("Every series of a chart differs from the others in colour and shape: a policy of one's own takes what no built-in one has")
    func otherSeries() {
        let styles = SeriesStyle.styles(for: ["mine", "lru", "jetsam", "theirs"])
        #expect(styles[1] == SeriesStyle.policies["lru"] && styles[2] == SeriesStyle.policies["jetsam"])
        #expect(Set(styles.map(\.colour)).count == 4 && Set(styles.map(\.shape)).count == 4)
        // Series that are no policy (sweep points) keep the palette's order.
        #expect(SeriesStyle.styles(for: ["a", "b"]) == [SeriesStyle.indexed(0), SeriesStyle.indexed(1)])
        #expect(SeriesStyle.indexed(0) == SeriesStyle(colour: 4, shape: .circle))
    }

    @Test("A batch of one policy and one point draws its survival markers and bars as that policy, as every other chart does")
    func onePolicy() throws {
        let fixture = SweepBatchFixture(keys: [], points: [[]], policies: ["jetsam"], apps: ["com.a", "com.b"], rate: { _, _, _ in 0.5 })
        try withTemporaryFolder { folder in
            let batch = try fixture.write(in: folder)
            try HTMLReport.write(folder: batch)
            let html = try String(contentsOfFile: batch + "/index.html", encoding: .utf8)
            let jetsam = SeriesStyle.policies["jetsam"]!
            let survival = try #require(svg("s1-survival-1", in: html))
            #expect(paths(withClassPrefix: "dot ", in: survival).map(\.cssClass) == ["dot \(jetsam.cssClass)"])
            #expect(html.contains(SeriesMarker.legendIcon(jetsam) + "jetsam"))
            let points = try #require(svg("s1-points", in: html))
            #expect(points.contains("class=\"bar \(jetsam.cssClass)\""))
        }
    }

    @Test("A batch page under the four policies draws each in its colour and shape, in the charts and in the legend")
    func page() throws {
        let fixture = SweepBatchFixture(keys: ["device.ram_mb"], points: [["2048"], ["3072"], ["4096"]], policies: Self.policies,
                                        apps: ["com.a", "com.b"], rate: { policy, point, _ in Double(policy + point) / 8 })
        try withTemporaryFolder { folder in
            let batch = try fixture.write(in: folder)
            try HTMLReport.write(folder: batch)
            let html = try String(contentsOfFile: batch + "/index.html", encoding: .utf8)
            let chart = try #require(chartSVGs(withIDPrefix: "s1-sweep-", in: html).first).svg
            for policy in Self.policies {
                let style = SeriesStyle.policies[policy]!
                let markers = try #require(pathData(withClass: "dot \(style.cssClass)", in: chart).first, "\(policy)")
                let glyph = SeriesMarker.glyph(style.shape, x: 0, y: 0, size: 7)
                // The first marker's outline after its starting point is the policy's shape.
                let outline = String(glyph.drop { $0 != "a" && $0 != "h" && $0 != "l" }.prefix(6))
                #expect(markers.contains(outline), "\(policy): \(markers)")
                let icon = SeriesMarker.legendIcon(style)
                #expect(html.contains(icon + policy), "\(policy)'s legend entry")
            }
        }
    }
}
