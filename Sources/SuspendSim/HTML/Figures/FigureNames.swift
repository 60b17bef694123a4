/// The file names of a page's figures (`report --figures`): each figure's title as the page
/// gives it (`Figure.title`), slugged, so that a reader finds the file of a chart by its title.
///
/// - The slug: the title's parts joined by `-`, lower-case ASCII letters and digits kept,
///   every other run of characters one `-`, none at either end, at most `maxLength`
///   characters (cut at a `-` when one is near); `figure` when nothing is left.
/// - Unique and deterministic: the figures in page order, the second of one slug `-2`, the
///   third `-3`, and so on (never a slug already taken by an earlier figure).
enum FigureNames {
    static let maxLength = 80

    /// The names of `titles`, in order, each unique (see the type's documentation).
    static func names(_ titles: [[String]]) -> [String] {
        var taken = Set<String>()
        return titles.map { title in
            let base = slug(title)
            var name = base
            var count = 1
            while taken.contains(name) {
                count += 1
                name = base + "-\(count)"
            }
            taken.insert(name)
            return name
        }
    }

    /// The slug of one title (see the type's documentation).
    static func slug(_ title: [String]) -> String {
        var slug = ""
        var pendingDash = false
        for scalar in title.joined(separator: " ").unicodeScalars {
            let lower = scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar
            if ("a"..."z").contains(lower) || ("0"..."9").contains(lower) {
                if pendingDash, !slug.isEmpty { slug += "-" }
                slug.unicodeScalars.append(lower)
                pendingDash = false
            } else {
                pendingDash = true
            }
        }
        if slug.count > maxLength {
            let cut = String(slug.prefix(maxLength))
            slug = cut.lastIndex(of: "-").map { cut.distance(from: cut.startIndex, to: $0) > maxLength / 2 ? String(cut[..<$0]) : cut } ?? cut
        }
        return slug.isEmpty ? "figure" : slug
    }
}
