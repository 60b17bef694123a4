/// The marker shapes of batch series (SPEC 15: colour-blind safe, so a series is told by its
/// shape as well as its colour; `SeriesStyle` gives each series its shape).
enum SeriesMarker {
    /// A marker's shape.
    enum Shape: Int, CaseIterable {
        case circle, square, triangle, diamond, triangleDown, bar

        /// The shape of series `index` among series without a fixed shape: shape k mod 6.
        static func indexed(_ index: Int) -> Shape {
            allCases[index % allCases.count]
        }

        /// The shape of a built-in policy's marker (`BuiltInPolicies.ChartStyle`).
        init(_ marker: BuiltInPolicies.Marker) {
            switch marker {
            case .circle: self = .circle
            case .square: self = .square
            case .triangle: self = .triangle
            case .diamond: self = .diamond
            case .triangleDown: self = .triangleDown
            case .bar: self = .bar
            }
        }
    }

    /// A marker of `shape` centred at (x, y), `size` pixels across, as path commands.
    static func glyph(_ shape: Shape, x: Int, y: Int, size: Int = 8) -> String {
        let r = size / 2
        switch shape {
        case .circle: // as two arcs
            return "M\(x - r) \(y)a\(r) \(r) 0 1 0 \(2 * r) 0a\(r) \(r) 0 1 0 \(-2 * r) 0z"
        case .square:
            return "M\(x - r) \(y - r)h\(2 * r)v\(2 * r)h\(-2 * r)z"
        case .triangle: // pointing up
            return "M\(x) \(y - r - 1)l\(r + 1) \(2 * r + 1)h\(-2 * r - 2)z"
        case .diamond:
            return "M\(x) \(y - r - 1)l\(r + 1) \(r + 1)l\(-r - 1) \(r + 1)l\(-r - 1) \(-r - 1)z"
        case .triangleDown:
            return "M\(x) \(y + r + 1)l\(r + 1) \(-2 * r - 1)h\(-2 * r - 2)z"
        case .bar: // a wide bar
            return "M\(x - r - 1) \(y - r + 1)h\(2 * r + 2)v\(2 * r - 2)h\(-2 * r - 2)z"
        }
    }

    /// A small inline SVG of `style`'s marker for a legend; a line not drawn solid, or any
    /// line when `withLine` (a legend whose lines differ in style), also gets a short stretch
    /// of its line through the marker (SPEC 15: each dimension its channel).
    static func legendIcon(_ style: SeriesStyle, withLine: Bool = false) -> String {
        guard style.dash != .solid || withLine else {
            return "<svg width=\"14\" height=\"14\" viewBox=\"0 0 14 14\" aria-hidden=\"true\">"
                + "<path class=\"dot \(style.cssClass)\" d=\"\(glyph(style.shape, x: 7, y: 7, size: 10))\"/></svg>"
        }
        return "<svg width=\"30\" height=\"14\" viewBox=\"0 0 30 14\" aria-hidden=\"true\">"
            + "<path class=\"line \(style.cssClass)\" d=\"M1 7h28\"\(style.dash.attribute.isEmpty ? "" : " " + style.dash.attribute)/>"
            + "<path class=\"dot \(style.cssClass)\" d=\"\(glyph(style.shape, x: 15, y: 7, size: 9))\"/></svg>"
    }
}
