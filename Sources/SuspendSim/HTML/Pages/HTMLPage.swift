/// The frame every report page shares (SPEC 15): one HTML file with its style sheet inline,
/// no script, and nothing fetched (no font, image or style from anywhere else).
///
/// Pages are built of `HTMLNode`s: what the reports say enters as `.text`, escaped by
/// `HTMLEscaping`.
enum HTMLPage {
    /// The whole page: the document type, `<head>` with the title and the style sheet, and
    /// `content` inside `<main>`.
    static func render(title: String, content: [HTMLNode]) -> String {
        let head: [HTMLNode] = [
            .void(name: "meta", attributes: [HTMLAttribute("charset", "UTF-8")]),
            meta(name: "viewport", content: "width=device-width, initial-scale=1"),
            meta(name: "color-scheme", content: "light dark"),
            meta(name: "generator", content: "suspendsim report"),
            .element("title", [], [.text(title)]),
            // The style sheet as it is: `<style>` holds raw text, where an entity is not read
            // (`"Segoe UI"` must stay quoted); `PageStyle.css` is the page's own and holds no `<`.
            .element("style", [], [.raw(PageStyle.css)]),
        ]
        var page = "<!DOCTYPE html>"
        HTMLNode.element("html", [("lang", "en")], [.element("head", [], head), .element("body", [], [.element("main", [], content)])])
            .render(into: &page)
        return page + "\n"
    }

    private static func meta(name: String, content: String) -> HTMLNode {
        .void(name: "meta", attributes: [HTMLAttribute("name", name), HTMLAttribute("content", content)])
    }

    /// A legend: swatches and their names, as a wrapping list.
    static func legend(_ items: [HTMLNode]) -> HTMLNode {
        .ul(class: "legend", .group(items.map { .li($0) }))
    }

    /// A legend item with a colour swatch of class `swatchClass` (`sw c3`, `sw st-active`).
    static func swatch(_ swatchClass: String, _ name: String) -> HTMLNode {
        .group([.span(class: swatchClass), .text(name)])
    }

    /// A long table folded: its first `shown` rows, then the next ones up to `most` in all
    /// inside a `<details>` whose summary counts them and names `file`, the CSV that has every
    /// row; the page's size then grows with neither the batch's points nor its apps (SPEC 35).
    /// A table of `shown` rows or fewer is a plain table. `whole` replaces "`file` has them all"
    /// when no file holds the rows as they are (the rows they follow from); `decorate` is
    /// given a row's index in `rows`.
    static func foldedTable(header: [String], rows: [[String]], file: String, whole: String? = nil, shown: Int = 20, most: Int,
                            decorate: @escaping (_ row: Int, _ column: Int) -> HTMLNode? = { _, _ in nil }) -> HTMLNode {
        guard rows.count > shown else { return table(header: header, rows: rows, breaksCells: true, decorate: decorate) }
        let rest = rows[shown..<min(max(most, shown), rows.count)]
        let summary = "\(rows.count - shown) more row\(rows.count - shown == 1 ? "" : "s")"
            + (shown + rest.count < rows.count ? ", the next \(rest.count) here; " : "; ") + (whole ?? "\(file) has them all")
        return .group([table(header: header, rows: Array(rows.prefix(shown)), breaksCells: true, decorate: decorate), rest.isEmpty
            ? .p(class: "note", .text(summary))
            : .details(.summary(.text(summary)), table(header: header, rows: Array(rest), breaksCells: true) { decorate($0 + shown, $1) })])
    }

    /// A table of `header` and `rows` (every cell escaped); `decorate` may put a node before
    /// a cell's text (an app's swatch). `breaksCells`: a cell may break after an underscore
    /// too (a long table's `background_memory_pressure`), so that the table fits the page.
    static func table(header: [String], rows: [[String]], breaksCells: Bool = false,
                      decorate: (_ row: Int, _ column: Int) -> HTMLNode? = { _, _ in nil }) -> HTMLNode {
        .div(class: "tablewrap", .table(
            // Column names may break after an underscore.
            .thead(.tr(.group(header.map { .th(.breakingAfterUnderscores($0)) }))),
            .tbody(.group(rows.enumerated().map { rowIndex, row in
                .tr(.group(row.enumerated().map { column, cell in
                    .td(decorate(rowIndex, column) ?? .empty, breaksCells ? .breakingAfterUnderscores(cell) : .text(cell))
                }))
            }))
        ))
    }
}
