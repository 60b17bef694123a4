/// The visual channel of each swept dimension of a chart's lines (SPEC 15 "Labels, styles,
/// legends"): a line is a combination of values of its dimensions (the policy, then the other
/// grouping keys, in order), and each dimension is told by a channel of its own, so that a
/// reader finds "compressor off" as "every dashed line", whatever its colour.
///
/// | dimension | channel |
/// |---|---|
/// | first | colour (a built-in policy's own, `SeriesStyle.policies`; else the palette's slots in order) |
/// | second | line style: solid, dashed, dotted, dash-dotted (`SeriesStyle.Dash`) |
/// | third and later, together | marker shape, by the combination's order of appearance |
///
/// With fewer than three dimensions the marker repeats the colour's dimension (the policy's
/// own marker, else the value's), so that the first dimension is told apart without colour too.
/// A dimension's values take their channel's styles in order of first appearance.
enum SeriesChannels {
    /// The style of each line, `lines[i]` holding line i's value in each dimension (all of
    /// the same length); `policyFirst`: the first dimension is the policy.
    static func styles(_ lines: [[String]], policyFirst: Bool) -> [SeriesStyle] {
        let dimensions = lines.first?.count ?? 0
        guard dimensions > 0 else { return lines.indices.map(SeriesStyle.indexed) }
        let firsts = ordered(lines.map { [$0[0]] }).map { $0[0] }
        let firstStyles = policyFirst ? SeriesStyle.styles(for: firsts) : firsts.indices.map(SeriesStyle.indexed)
        let firstPlaces = places(firsts.map { [$0] })
        let secondPlaces = dimensions > 1 ? places(ordered(lines.map { [$0[1]] })) : [:]
        let restPlaces = dimensions > 2 ? places(ordered(lines.map { Array($0.dropFirst(2)) })) : [:]
        return lines.map { line in
            var style = firstStyles[firstPlaces[[line[0]]]!]
            if dimensions > 1 { style.dash = .indexed(secondPlaces[[line[1]]]!) }
            if dimensions > 2 { style.shape = .indexed(restPlaces[Array(line.dropFirst(2))]!) }
            return style
        }
    }

    /// `values` without repeats, in order of first appearance.
    private static func ordered(_ values: [[String]]) -> [[String]] {
        var seen = Set<[String]>()
        return values.filter { seen.insert($0).inserted }
    }

    /// Each of `values` (without repeats) by its place: looked up per line in constant time,
    /// where a search per line made a chart of many points quadratic in them (SPEC 35).
    private static func places(_ values: [[String]]) -> [[String]: Int] {
        Dictionary(uniqueKeysWithValues: values.enumerated().map { ($1, $0) })
    }

    /// The styles of series drawn as markers only (a survival chart's sweep points), `lines`
    /// as in `styles`: colour for the first dimension, the marker for the combination of the
    /// others (a marker chart has no line to dash); one dimension: colour and marker both.
    static func markerStyles(_ lines: [[String]]) -> [SeriesStyle] {
        guard (lines.first?.count ?? 0) > 1 else { return styles(lines, policyFirst: false) }
        let restPlaces = places(ordered(lines.map { Array($0.dropFirst()) }))
        return zip(lines, styles(lines.map { [$0[0]] }, policyFirst: false)).map { line, style in
            var style = style
            style.shape = .indexed(restPlaces[Array(line.dropFirst())]!)
            return style
        }
    }
}
