/// How a batch series is drawn (SPEC 15: colour-blind safe, the same policy in the same colour
/// everywhere): a colour of `ChartPalette.okabeIto` and a `SeriesMarker` shape, so that no
/// chart tells its series apart by colour alone.
///
/// The four built-in policies have their own, on every chart, legend and figure of a page (their
/// rows of `BuiltInPolicies` hold them):
///
/// | policy | colour | marker |
/// |---|---|---|
/// | `largest-first` | blue `#0072B2` | circle |
/// | `lru` | vermillion `#D55E00` | square |
/// | `jetsam` | bluish green `#009E73` | triangle |
/// | `lmkd` | reddish purple `#CC79A7` | diamond |
///
/// Four hues far apart on the colour wheel, each of which Okabe and Ito chose to stay distinct
/// for the common colour-vision deficiencies; orange and yellow, too close to vermillion and
/// too light on white paper, are left to other series. Any other series (a policy of the
/// user's own, a sweep point) takes the palette's colours and the shapes in
/// `ChartPalette.seriesSlots`' and `SeriesMarker.Shape`'s order, skipping those of the
/// built-in policies among the same series.
///
/// A series of a chart whose lines differ in several swept dimensions also has a line style
/// (`Dash`), so that each dimension has a channel of its own (`SeriesChannels`).
struct SeriesStyle: Hashable {
    /// The colour's index in `ChartPalette.okabeIto`.
    var colour: Int
    var shape: SeriesMarker.Shape
    /// The line's style.
    var dash: Dash = .solid

    /// A line's style, told apart in grey print too: solid, dashed, dotted, then dash-dotted.
    enum Dash: Int, CaseIterable {
        case solid, dashed, dotted, dashDotted

        /// The style of value `index` of a dimension: style k mod 4.
        static func indexed(_ index: Int) -> Dash { allCases[index % allCases.count] }

        /// The `stroke-dasharray` attribute of a path drawn so (empty for a solid line), in
        /// the units of a chart whose lines are 1.5 to 1.8 units wide.
        var attribute: String {
            switch self {
            case .solid: ""
            case .dashed: "stroke-dasharray=\"6 3\""
            case .dotted: "stroke-dasharray=\"1.5 2.5\""
            case .dashDotted: "stroke-dasharray=\"7 3 1.5 3\""
            }
        }
    }

    /// The CSS class that sets `--c` to the colour.
    var cssClass: String { ChartPalette.colourClass(colour) }

    /// The built-in policies' styles (the table above), by name, from their rows of
    /// `BuiltInPolicies`.
    static let policies: [String: SeriesStyle] = Dictionary(uniqueKeysWithValues: BuiltInPolicies.entries.map { entry in
        (entry.name, SeriesStyle(colour: entry.chart.colour, shape: SeriesMarker.Shape(entry.chart.marker)))
    })

    /// The style of series `index` among series none of which is a built-in policy.
    static func indexed(_ index: Int) -> SeriesStyle {
        SeriesStyle(colour: ChartPalette.seriesSlots[index % ChartPalette.seriesSlots.count], shape: .indexed(index))
    }

    /// The styles of series labelled `labels` (policies, or sweep points), in order: a
    /// built-in policy's own, else the next colour and shape that no built-in policy among
    /// `labels` has.
    static func styles(for labels: [String]) -> [SeriesStyle] {
        let fixed = labels.map { policies[$0] }
        let colours = ChartPalette.seriesSlots.filter { slot in !fixed.contains { $0?.colour == slot } }
        let shapes = SeriesMarker.Shape.allCases.filter { shape in !fixed.contains { $0?.shape == shape } }
        var next = 0
        return fixed.map { style in
            if let style { return style }
            defer { next += 1 }
            return SeriesStyle(colour: colours.isEmpty ? next % ChartPalette.okabeIto.count : colours[next % colours.count],
                               shape: shapes.isEmpty ? SeriesMarker.Shape.indexed(next) : shapes[next % shapes.count])
        }
    }
}
