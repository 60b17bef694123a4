/// Places the eviction labels of a memory chart ("app, reason") in rows above the plot, so
/// that no two labels overlap and no leader line crosses a label (SPEC 15: each eviction is
/// labelled up to 30 per chart; beyond that, markers only and a count).
///
/// Which get labels, when there are more than `cap`: the first eviction of each of `cap` equal
/// slices of the x axis, then the earliest others up to `cap` (`chooseLabelled`), so that a
/// long run's labels spread over the day instead of crowding its first hour.
///
/// Labels are placed in time order, each ending just left of its marker (or, near the plot's
/// left edge, starting just right of it), in the lowest row where it overlaps neither a label
/// nor the leader line of a label in a higher row, and where its own leader crosses no label
/// below it (when no row allows that, the lowest row where the label fits). Ending left of the
/// marker means that a later marker's leader never crosses an earlier label.
struct EvictionLabels {
    /// At most this many labels per chart.
    static let cap = 30
    /// The height of a row of labels.
    static let rowHeight = 15.0
    /// Room for the app's colour swatch before the text.
    static let swatchWidth = 11.0

    /// The room a label takes: its swatch, its text at 11 px (`TextMetrics`), and a gap.
    static func width(_ text: String) -> Double {
        TextMetrics.width(text, size: 11) + swatchWidth + 4
    }

    /// A placed label: its text, the marker's x, where the text starts, and its row (0 is
    /// the row next to the plot).
    struct Placement: Equatable {
        var text: String
        /// The evicted app's index (its colour).
        var app: Int
        var markerX: Double
        var textX: Double
        var row: Int
        /// The whole text when `text` is shortened (a label wider than the plot, in a narrow
        /// figure): the label's `<title>`.
        var whole: String? = nil
    }

    private(set) var placements: [Placement] = []

    /// The indexes (into `xs`, which are in time order) of the markers that get a label: all
    /// when there are at most `cap`; else the first in each of `cap` equal slices of
    /// `minX...maxX`, then the earliest others, up to `cap`; in increasing order.
    static func chooseLabelled(_ xs: [Double], minX: Double, maxX: Double) -> [Int] {
        guard xs.count > cap else { return Array(xs.indices) }
        var chosen: [Int] = []
        var seen = Set<Int>()
        let width = max(maxX - minX, 1) / Double(cap)
        for (index, x) in xs.enumerated() {
            let slice = min(cap - 1, max(0, Int((x - minX) / width)))
            if seen.insert(slice).inserted { chosen.append(index) }
        }
        var taken = Set(chosen)
        for index in xs.indices where chosen.count < cap && !taken.contains(index) {
            chosen.append(index)
            taken.insert(index)
        }
        return chosen.sorted()
    }
    /// How many rows the labels take.
    var rowCount: Int { (placements.map(\.row).max() ?? -1) + 1 }

    /// Places `labels` (text, marker x and app, in the order they get labels) between `minX` and
    /// `maxX`; only the first `cap` are placed.
    init(_ labels: [(text: String, x: Double, app: Int)], minX: Double, maxX: Double) {
        // Per row: the spans of its labels, and of the leader lines that cross it.
        var labelSpans: [[ClosedRange<Double>]] = []
        var leaderSpans: [[ClosedRange<Double>]] = []
        for label in labels.prefix(Self.cap) {
            // A label wider than the plot is shortened to it, never drawn past its left edge.
            let fitted = TextMetrics.fit(label.text, width: maxX - minX - Self.width(""), size: 11, keep: .end)
            let width = Self.width(fitted.text)
            let start = label.x - 3 - width >= minX ? label.x - 3 - width : min(maxX - width, label.x + 3)
            let span = start...(start + width)
            let leader = (label.x - 1.5)...(label.x + 1.5)
            func spanFits(_ row: Int) -> Bool {
                row == labelSpans.count
                    || (!labelSpans[row].contains { $0.overlaps(span) } && !leaderSpans[row].contains { $0.overlaps(span) })
            }
            func leaderFits(_ row: Int) -> Bool {
                !(0..<row).contains { lower in labelSpans[lower].contains { $0.overlaps(leader) } }
            }
            // The lowest row where neither the label nor its leader crosses anything; when
            // every row's leader would cross a label below (a label that starts left of this
            // marker and runs past it), the lowest row where the label itself fits.
            let row = (0...labelSpans.count).first { spanFits($0) && leaderFits($0) }
                ?? (0...labelSpans.count).first(where: spanFits)!
            if row == labelSpans.count {
                labelSpans.append([])
                leaderSpans.append([])
            }
            labelSpans[row].append(span)
            for lower in 0..<row { leaderSpans[lower].append(leader) }
            placements.append(Placement(text: fitted.text, app: label.app, markerX: label.x, textX: start, row: row,
                                        whole: fitted.shortened ? label.text : nil))
        }
    }
}
