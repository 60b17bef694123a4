import Foundation
import Plot

/// The frame every report page shares (SPEC 15): one HTML file with its style sheet inline,
/// no script, and nothing fetched (no font, image or style from anywhere else).
///
/// Pages are built with Plot; text from the reports enters through `Node.escaped` (see
/// `HTMLEscaping` for why not Plot's own `.text`).
enum HTMLPage {
    /// The whole page: the document type, `<head>` with the title and the style sheet, and
    /// `content` inside `<main>`.
    static func render(title: String, content: [Node<HTML.BodyContext>]) -> String {
        let html = HTML(
            .lang(.english),
            .head(
                .meta(.charset(.utf8)),
                .meta(.name("viewport"), .content("width=device-width, initial-scale=1")),
                .meta(.name("color-scheme"), .content("light dark")),
                .meta(.name("generator"), .content("suspendsim report")),
                .element(named: "title", nodes: [Node<HTML.HeadContext>.escaped(title)]),
                .style(PageStyle.css)
            ),
            .body(.main(.group(content)))
        )
        return html.render() + "\n"
    }

    /// A legend: swatches and their names, as a wrapping list.
    static func legend(_ items: [Node<HTML.BodyContext>]) -> Node<HTML.BodyContext> {
        .ul(.class("legend"), .group(items.map { .li($0) }))
    }

    /// A legend item with a colour swatch of class `swatchClass` (`sw c3`, `sw st-active`).
    static func swatch(_ swatchClass: String, _ name: String) -> Node<HTML.BodyContext> {
        .group(.span(.class(swatchClass)), .escaped(name))
    }

    /// A long table folded: its first `shown` rows, then the next ones up to `most` in all
    /// inside a `<details>` whose summary counts them and names `file`, the CSV that has every
    /// row; the page's size then grows with neither the batch's points nor its apps (SPEC 35).
    /// A table of `shown` rows or fewer is a plain table. `whole` replaces "`file` has them all"
    /// when no file holds the rows as they are (the rows they follow from); `decorate` is
    /// given a row's index in `rows`.
    static func foldedTable(header: [String], rows: [[String]], file: String, whole: String? = nil, shown: Int = 20, most: Int,
                            decorate: @escaping (_ row: Int, _ column: Int) -> Node<HTML.BodyContext>? = { _, _ in nil }) -> Node<HTML.BodyContext> {
        guard rows.count > shown else { return table(header: header, rows: rows, breaksCells: true, decorate: decorate) }
        let rest = rows[shown..<min(max(most, shown), rows.count)]
        let summary = "\(rows.count - shown) more row\(rows.count - shown == 1 ? "" : "s")"
            + (shown + rest.count < rows.count ? ", the next \(rest.count) here; " : "; ") + (whole ?? "\(file) has them all")
        return .group(table(header: header, rows: Array(rows.prefix(shown)), breaksCells: true, decorate: decorate), rest.isEmpty
            ? .p(.class("note"), .escaped(summary))
            : .element(named: "details", nodes: [.element(named: "summary", nodes: [.escaped(summary)]),
                                                 table(header: header, rows: Array(rest), breaksCells: true) { decorate($0 + shown, $1) }]))
    }

    /// A table of `header` and `rows` (every cell escaped); `decorate` may put a node before
    /// a cell's text (an app's swatch). `breaksCells`: a cell may break after an underscore
    /// too (a long table's `background_memory_pressure`), so that the table fits the page.
    static func table(header: [String], rows: [[String]], breaksCells: Bool = false,
                      decorate: (_ row: Int, _ column: Int) -> Node<HTML.BodyContext>? = { _, _ in nil }) -> Node<HTML.BodyContext> {
        .div(.class("tablewrap"), .table(
            // Column names may break after an underscore.
            .thead(.tr(.group(header.map { .th(.raw(HTMLEscaping.escape($0).replacingOccurrences(of: "_", with: "_<wbr>"))) }))),
            .tbody(.group(rows.enumerated().map { rowIndex, row in
                .tr(.group(row.enumerated().map { column, cell in
                    .td(decorate(rowIndex, column) ?? .empty,
                        breaksCells ? .raw(HTMLEscaping.escape(cell).replacingOccurrences(of: "_", with: "_<wbr>")) : .escaped(cell))
                }))
            }))
        ))
    }
}

extension Node {
    /// `text` escaped by `HTMLEscaping` and written as it is.
    static func escaped(_ text: String) -> Node {
        .raw(HTMLEscaping.escape(text))
    }
}

extension Node where Context == HTML.BodyContext {
    /// `<figure>`: a chart with its caption (Plot has no such element).
    static func figure(_ nodes: Node<HTML.BodyContext>...) -> Node {
        .element(named: "figure", nodes: nodes)
    }

    /// `<figcaption>`.
    static func figcaption(_ nodes: Node<HTML.BodyContext>...) -> Node {
        .element(named: "figcaption", nodes: nodes)
    }
}
