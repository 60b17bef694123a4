/// The report's colours (SPEC 15: a colour-blind-safe palette, the same app in the same
/// colour everywhere).
///
/// Apps take the Okabe–Ito palette (Okabe & Ito, "Color Universal Design", 2008) by their
/// place in the scenario (the order of `survivors.csv`): app k gets colour k mod 8, so
/// neighbours in a stack never share a colour. The eighth colour, black, is drawn light in
/// the dark theme. Batch series (policies, sweep points) take the same eight colours, each
/// with its own marker shape, so that no chart relies on colour alone (`SeriesStyle`: each
/// built-in policy has its own). Life-cycle states have their own fixed colours and bar heights.
enum ChartPalette {
    /// The eight Okabe–Ito colours, black last.
    static let okabeIto = ["#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#000000"]

    /// The CSS class that sets `--c` to the colour of app or series `index`.
    static func colourClass(_ index: Int) -> String {
        "c\(index % okabeIto.count)"
    }

    /// The palette slots of batch series that are not built-in policies (`SeriesStyle`), in
    /// the order they take them: the strongest contrasts first (blue, orange, bluish green,
    /// vermillion), yellow and black last.
    static let seriesSlots = [4, 0, 2, 5, 6, 1, 3, 7]

    /// The colour of app or series `index` in the light theme (for inline swatches).
    static func colour(_ index: Int) -> String {
        okabeIto[index % okabeIto.count]
    }

    /// A life-cycle state as the timeline draws it: its class, and the share of the lane's
    /// height its bar takes (the states are told apart by height as well as colour).
    struct StateStyle {
        var state: String
        var cssClass: String
        var colour: String
        var height: Double
    }

    /// The drawn states, from the most awake: when a pixel column holds several states, the
    /// first of this list wins. `not-running` is not drawn (only the lane's base line).
    static let states: [StateStyle] = [
        StateStyle(state: "active", cssClass: "st-active", colour: "#0072B2", height: 1.0),
        StateStyle(state: "inactive", cssClass: "st-inactive", colour: "#56B4E9", height: 1.0),
        StateStyle(state: "background", cssClass: "st-background", colour: "#E69F00", height: 0.7),
        StateStyle(state: "suspended", cssClass: "st-suspended", colour: "#999999", height: 0.4),
    ]

    /// The index of `state` in `states`; nil for `not-running` and unknown states.
    static func stateIndex(_ state: String) -> Int? {
        states.firstIndex { $0.state == state }
    }
}
