extension Figure {
    /// A tornado's figure (SPEC 39, `TornadoChart`): `label,assumption,end,assumption_value,mean`,
    /// a row per drawn half-bar (an end not run: its value empty, at the defaults' mean), in the
    /// chart's order, then the defaults' line as a row of its own with no assumption.
    static func tornado(_ chart: TornadoChart, title: [String]) -> Figure {
        var rows: [[String]] = []
        for bar in chart.bars {
            rows.append([TornadoChart.lowEnd, bar.key, "low", bar.lowValue, number(bar.low)])
            rows.append([TornadoChart.highEnd, bar.key, "high", bar.highValue, number(bar.high)])
        }
        rows.append(["defaults", "", "", "", number(chart.defaults)])
        // The chart draws its own legend (low end, high end) under its axis.
        return Figure(title: title, svg: chart.render(id: "figure"), legend: [],
                      columns: [labelColumn, "assumption", "end", "assumption_value", "mean"], rows: rows)
    }
}
