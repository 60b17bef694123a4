/// The survival chart past `SurvivalChart.foldAbove` apps (SPEC 35: no page grows without
/// bound in apps): a row per app made the chart 22 units taller an app (7,300 units and 1.3 MB
/// of the page at 10,000 apps). Past the bound the chart draws the `foldAbove` apps of lowest
/// survival, the casualties the chart is read for, in its usual order; `survival.csv` has
/// every app's rates.
extension SurvivalChart {
    /// The most apps a survival chart draws.
    static let foldAbove = 200

    /// `order` (`SurvivalChart.order`) cut to the `most` apps of lowest mean survival among
    /// those launched at some point (`means`, `meanSurvival`), then, if fewer were launched,
    /// the first apps never launched; in `order`'s order. `order` itself when it has no more
    /// than `most` apps.
    static func folded(_ order: [Int], means: [Double], most: Int = foldAbove) -> [Int] {
        guard order.count > most else { return order }
        // `order` puts the launched apps first, highest survival first: the lowest are its
        // launched apps' tail.
        let launched = order.filter { means[$0] >= 0 }
        if launched.count >= most { return Array(launched.suffix(most)) }
        return launched + order.filter { means[$0] < 0 }.prefix(most - launched.count)
    }
}
