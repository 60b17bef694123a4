/// The x axis of a sweep chart (SPEC 19): the swept values in sweep order, placed by value
/// when every value is a number, else evenly spaced in sweep order; and the tick labels drawn
/// under it, thinned so that no two collide and kept inside the chart.
///
/// Numbers are labelled with the swept values when they all fit, else with round ticks
/// (`ChartScale.ticks`), as many as fit; other values are labelled every k-th, k the smallest
/// that leaves `gap` pixels between labels, each label at most `maxLabelWidth` pixels
/// (shortened, keeping its end, with the whole value as its `<title>`). Values the page labels
/// (SPEC 15 "Labels": `names` differ from `values`) are placed as numbers are, and labelled
/// with their names, every k-th as other values are.
struct SweepChartAxis {
    /// A tick label: where it is anchored, its text, the whole label when shortened, and its
    /// `text-anchor`.
    struct Tick: Equatable {
        var x: Double
        var text: String
        var title: String?
        var anchor: String
    }

    /// The swept key (the axis' title).
    let key: String
    /// The values, in sweep order.
    let values: [String]
    /// The values as numbers, when every one is a number.
    let numbers: [Double]?
    /// Where the values are placed.
    let range: ClosedRange<Double>
    /// The values' tick labels, when some differ from the values (labelled values); else nil.
    let names: [String]?

    /// The labels' size in px, the room between two labels, the widest a value's label may be.
    static let labelSize = 11.0
    static let gap = 8.0
    static let maxLabelWidth = 140.0

    init(key: String, values: [String], range: ClosedRange<Double>, names: [String]? = nil) {
        self.key = key
        self.values = values
        self.range = range
        self.names = names.flatMap { $0.count == values.count && $0 != values ? $0 : nil }
        let parsed = values.compactMap { Double($0) }.filter(\.isFinite)
        numbers = parsed.count == values.count && !values.isEmpty ? parsed : nil
        if let numbers, let low = numbers.min(), let high = numbers.max() {
            numericScale = ChartScale(domain: low...high, range: range)
        } else {
            numericScale = nil
        }
    }

    /// Whether the values are placed by value.
    var isNumeric: Bool { numbers != nil }

    /// The x of value `index`.
    func position(_ index: Int) -> Double {
        let middle = (range.lowerBound + range.upperBound) / 2
        if let numbers, let scale = numericScale {
            return scale.domain.upperBound > scale.domain.lowerBound ? scale.pixel(numbers[index]) : middle
        }
        guard values.count > 1 else { return middle }
        return range.lowerBound + (range.upperBound - range.lowerBound) * Double(index) / Double(values.count - 1)
    }

    /// The value indexes in the order a line joins them: by value for numbers, else sweep order.
    var lineOrder: [Int] {
        guard let numbers else { return Array(values.indices) }
        return values.indices.sorted { numbers[$0] != numbers[$1] ? numbers[$0] < numbers[$1] : $0 < $1 }
    }

    /// The scale of numeric values, from the lowest to the highest: made once, so that placing
    /// a value costs the same however many there are (a page linear in points, SPEC 35).
    private let numericScale: ChartScale?

    /// The tick labels, inside `bounds` and at least `gap` apart.
    func ticks(within bounds: ClosedRange<Double>) -> [Tick] {
        if let names { return Self.thinned(names, at: lineOrder, position: position, within: bounds) }
        if let scale = numericScale {
            guard scale.domain.upperBound > scale.domain.lowerBound else {
                return Self.placed([(position(0), values[0], nil)], within: bounds) ?? []
            }
            // The swept values themselves when they all fit, else round values.
            let swept = lineOrder.map { (position($0), ChartNumber.short(numbers![$0], 4), String?.none) }
            var seen = Set<String>()
            if let ticks = Self.placed(swept.filter { seen.insert($0.1).inserted }, within: bounds) { return ticks }
            for count in stride(from: 10, through: 1, by: -1) {
                let values = scale.ticks(count)
                let labels = zip(values, ChartNumber.tickLabels(values, 4)).map { (scale.pixel($0.0), $0.1, String?.none) }
                if let ticks = Self.placed(labels, within: bounds) { return ticks }
            }
            return []
        }
        return Self.thinned(values, at: Array(values.indices), position: position, within: bounds)
    }

    /// `texts` at the positions of `order`'s values, every k-th for the smallest k that fits,
    /// each at most `maxLabelWidth` (shortened keeping its end, the whole as its `<title>`).
    static func thinned(_ texts: [String], at order: [Int], position: (Int) -> Double, within bounds: ClosedRange<Double>) -> [Tick] {
        let fitted = texts.map { TextMetrics.fit($0, width: maxLabelWidth, size: labelSize, keep: .end) }
        for step in 1...max(order.count, 1) {
            let labels = stride(from: 0, to: order.count, by: step).map { at in
                let index = order[at]
                return (position(index), fitted[index].text, fitted[index].shortened ? texts[index] : nil)
            }
            if let ticks = placed(labels, within: bounds) { return ticks }
        }
        return []
    }

    /// The labels centred on their x, or flush with the edge of `bounds` they would cross; nil
    /// when two of them would be closer than `gap`.
    static func placed(_ labels: [(x: Double, text: String, title: String?)], within bounds: ClosedRange<Double>) -> [Tick]? {
        var ticks: [Tick] = []
        var lastEnd = -Double.infinity
        for label in labels {
            let width = TextMetrics.width(label.text, size: labelSize)
            var tick = Tick(x: label.x, text: label.text, title: label.title, anchor: "middle")
            var start = label.x - width / 2
            if start < bounds.lowerBound {
                tick.x = bounds.lowerBound
                tick.anchor = "start"
                start = bounds.lowerBound
            } else if start + width > bounds.upperBound {
                tick.x = bounds.upperBound
                tick.anchor = "end"
                start = bounds.upperBound - width
            }
            guard start >= lastEnd + gap else { return nil }
            lastEnd = start + width
            ticks.append(tick)
        }
        return ticks
    }
}
