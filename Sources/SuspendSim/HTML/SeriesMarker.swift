/// The marker shapes of batch series (SPEC 15: colour-blind safe, so a series is told by its
/// shape as well as its colour): series k gets shape k mod 6.
enum SeriesMarker {
    /// A marker of series `index` centred at (x, y), `size` pixels across, as path commands.
    static func glyph(_ index: Int, x: Int, y: Int, size: Int = 8) -> String {
        let r = size / 2
        switch index % 6 {
        case 0: // circle, as two arcs
            return "M\(x - r) \(y)a\(r) \(r) 0 1 0 \(2 * r) 0a\(r) \(r) 0 1 0 \(-2 * r) 0z"
        case 1: // square
            return "M\(x - r) \(y - r)h\(2 * r)v\(2 * r)h\(-2 * r)z"
        case 2: // triangle up
            return "M\(x) \(y - r - 1)l\(r + 1) \(2 * r + 1)h\(-2 * r - 2)z"
        case 3: // diamond
            return "M\(x) \(y - r - 1)l\(r + 1) \(r + 1)l\(-r - 1) \(r + 1)l\(-r - 1) \(-r - 1)z"
        case 4: // triangle down
            return "M\(x) \(y + r + 1)l\(r + 1) \(-2 * r - 1)h\(-2 * r - 2)z"
        default: // hexagon-ish: a wide bar
            return "M\(x - r - 1) \(y - r + 1)h\(2 * r + 2)v\(2 * r - 2)h\(-2 * r - 2)z"
        }
    }

    /// A small inline SVG of series `index`'s marker for a legend.
    static func legendIcon(_ index: Int, colourIndex: Int) -> String {
        "<svg width=\"14\" height=\"14\" viewBox=\"0 0 14 14\" aria-hidden=\"true\">"
            + "<path class=\"dot \(ChartPalette.seriesClass(colourIndex))\" d=\"\(glyph(index, x: 7, y: 7, size: 10))\"/></svg>"
    }
}
