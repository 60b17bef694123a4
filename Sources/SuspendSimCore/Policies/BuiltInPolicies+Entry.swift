extension BuiltInPolicies {
    /// One built-in policy's row.
    package struct Entry: Sendable {
        /// Its name, the type's (`BuiltInPolicy.ruleName`).
        package let name: String
        /// The policy.
        package let policy: any EvictionPolicy
        /// How it orders its candidates, in words, as `explain` prints it after "'s order at
        /// that instant".
        package let orderInWords: String
        /// How the HTML charts draw it.
        package let chart: ChartStyle

        package init<Policy: BuiltInPolicy>(_ type: Policy.Type, orderInWords: String, chart: ChartStyle) {
            self.name = Policy.ruleName
            self.policy = Policy()
            self.orderInWords = orderInWords
            self.chart = chart
        }
    }

    /// A built-in policy's own colour and marker, the same on every chart, legend and figure
    /// (SPEC 15: colour-blind safe, never told apart by colour alone).
    package struct ChartStyle: Hashable, Sendable {
        /// The colour's index in the Okabe-Ito palette, in the HTML report's order: 0 orange,
        /// 1 sky blue, 2 bluish green, 3 yellow, 4 blue, 5 vermillion, 6 reddish purple,
        /// 7 black.
        package let colour: Int
        /// The marker's shape.
        package let marker: Marker
    }

    /// The marker shapes of the HTML charts (`SeriesMarker.Shape`'s), one of which a built-in
    /// policy takes as its own.
    package enum Marker: Sendable {
        case circle, square, triangle, diamond, triangleDown, bar
    }

    /// A policy type's name as a policy name: without the `Policy` suffix, each word in lower
    /// case, words joined by `-`. A word starts at a capital after a small letter or digit, or
    /// at the last capital of a run followed by a small letter (`LRUCache` is `lru-cache`).
    static func name(ofType typeName: String) -> String {
        let stem = Array(typeName.hasSuffix("Policy") ? typeName.dropLast(6) : Substring(typeName))
        var words = ""
        for (i, character) in stem.enumerated() {
            let startsWord = i > 0 && character.isUppercase
                && (!stem[i - 1].isUppercase || (i + 1 < stem.count && stem[i + 1].isLowercase))
            if startsWord { words.append("-") }
            words.append(contentsOf: character.lowercased())
        }
        return words
    }
}
