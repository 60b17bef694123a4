/// The elements the pages are built of, by name, with the attributes each takes (`class`,
/// `id`, `href`, `style`), written in the order of the parameters; a nil attribute is left
/// out. The children are `HTMLNode`s: `.text` for what the reports say, a literal or
/// `.prose` for the page's own words.
extension HTMLNode {
    /// An element `name` with `attributes` (nil values left out) and `children`.
    static func element(_ name: String, _ attributes: [(String, String?)], _ children: [HTMLNode]) -> HTMLNode {
        .element(name: name, attributes: attributes.compactMap { name, value in value.map { HTMLAttribute(name, $0) } },
                 children: children)
    }

    // MARK: Sections

    static func section(id: String, _ children: HTMLNode...) -> HTMLNode { element("section", [("id", id)], children) }
    static func header(_ children: HTMLNode...) -> HTMLNode { element("header", [], children) }
    static func footer(_ children: HTMLNode...) -> HTMLNode { element("footer", [], children) }
    static func nav(class cssClass: String, _ children: HTMLNode...) -> HTMLNode { element("nav", [("class", cssClass)], children) }
    static func h1(_ children: HTMLNode...) -> HTMLNode { element("h1", [], children) }
    static func h2(_ children: HTMLNode...) -> HTMLNode { element("h2", [], children) }
    static func h3(_ children: HTMLNode...) -> HTMLNode { element("h3", [], children) }

    // MARK: Text

    static func p(class cssClass: String? = nil, _ children: HTMLNode...) -> HTMLNode { element("p", [("class", cssClass)], children) }
    static func span(class cssClass: String, style: String? = nil, _ children: HTMLNode...) -> HTMLNode {
        element("span", [("class", cssClass), ("style", style)], children)
    }
    /// A link; `href` is written escaped (a relative path comes through `HTMLEscaping.href`).
    static func a(href: String, _ children: HTMLNode...) -> HTMLNode { element("a", [("href", href)], children) }
    static func ul(class cssClass: String? = nil, _ children: HTMLNode...) -> HTMLNode { element("ul", [("class", cssClass)], children) }
    static func li(_ children: HTMLNode...) -> HTMLNode { element("li", [], children) }

    // MARK: Figures and tables

    static func div(class cssClass: String, _ children: HTMLNode...) -> HTMLNode { element("div", [("class", cssClass)], children) }
    static func figure(_ children: HTMLNode...) -> HTMLNode { element("figure", [], children) }
    static func figcaption(_ children: HTMLNode...) -> HTMLNode { element("figcaption", [], children) }
    static func details(_ children: HTMLNode...) -> HTMLNode { element("details", [], children) }
    static func summary(_ children: HTMLNode...) -> HTMLNode { element("summary", [], children) }
    static func table(_ children: HTMLNode...) -> HTMLNode { element("table", [], children) }
    static func thead(_ children: HTMLNode...) -> HTMLNode { element("thead", [], children) }
    static func tbody(_ children: HTMLNode...) -> HTMLNode { element("tbody", [], children) }
    static func tr(_ children: HTMLNode...) -> HTMLNode { element("tr", [], children) }
    static func th(_ children: HTMLNode...) -> HTMLNode { element("th", [], children) }
    static func td(_ children: HTMLNode...) -> HTMLNode { element("td", [], children) }

    /// `text` escaped, with a line-break opportunity (`<wbr>`) after each underscore: a long
    /// column name or cell (`background_memory_pressure`) may wrap there, so that a table fits
    /// the page (`PageStyle`).
    static func breakingAfterUnderscores(_ text: String) -> HTMLNode {
        let parts = text.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count > 1 else { return .text(text) }
        var nodes: [HTMLNode] = []
        for (index, part) in parts.enumerated() {
            if index > 0 { nodes += [.prose("_"), .void(name: "wbr", attributes: [])] }
            if !part.isEmpty { nodes.append(.text(String(part))) }
        }
        return .group(nodes)
    }
}
