/// A piece of an HTML page (SPEC 15: one self-contained page per report folder), written into
/// a `String` by `render(into:)`.
///
/// The project's own writer, not a package (docs/decisions.md, "The page's HTML writer"): the
/// pages need some thirty elements, a handful of attributes and two ways of escaping, and the
/// maintained packages escape and close elements otherwise than the pages always have, so
/// every page's bytes would change. Every text and attribute value goes through
/// `HTMLEscaping`; only `raw` is written as it is.
enum HTMLNode {
    /// `<name a="v">children</name>`; each attribute's value escaped.
    case element(name: String, attributes: [HTMLAttribute], children: [HTMLNode])
    /// A void element (`meta`, `wbr`): a start tag and no end tag.
    case void(name: String, attributes: [HTMLAttribute])
    /// Text escaped with `HTMLEscaping.escape` (`&`, `<`, `>`, `"` and `'`): anything read from
    /// the reports (app ids, scenario and folder names, cells), and the sentences built from it.
    case text(String)
    /// The page's own words, escaped as element content needs (`HTMLEscaping.escapeContent`:
    /// `&`, `<`, `>`), its quotes as written ("the app's colour"). A string literal is one.
    case prose(String)
    /// Markup written as it is: an SVG chart from `SVGWriter` (which escapes its own text) and
    /// the short fixed fragments named where they are used.
    case raw(String)
    /// Nodes one after the other, with nothing around them.
    case group([HTMLNode])

    /// Nothing.
    static let empty = HTMLNode.group([])

    /// The void elements written `<name …/>`: the page head's `<meta>` tags, as Plot (the
    /// package that wrote the pages before) closed them, so that the pages' bytes did not
    /// change. An HTML parser ignores the slash on a void element (HTML Standard, "Start tags"); any
    /// other void element is written `<name …>`, as the tables' `<wbr>` always was.
    private static let slashClosed: Set<String> = ["meta"]

    /// Appends the node's markup to `out`.
    func render(into out: inout String) {
        switch self {
        case .element(let name, let attributes, let children):
            Self.openTag(name, attributes, into: &out)
            out += ">"
            for child in children { child.render(into: &out) }
            out += "</" + name + ">"
        case .void(let name, let attributes):
            Self.openTag(name, attributes, into: &out)
            out += Self.slashClosed.contains(name) ? "/>" : ">"
        case .text(let text):
            out += HTMLEscaping.escape(text)
        case .prose(let text):
            out += HTMLEscaping.escapeContent(text)
        case .raw(let markup):
            out += markup
        case .group(let nodes):
            for node in nodes { node.render(into: &out) }
        }
    }

    /// The node's markup.
    func render() -> String {
        var out = ""
        render(into: &out)
        return out
    }

    /// `<name a="v" b="w"`, the attributes in the order given.
    private static func openTag(_ name: String, _ attributes: [HTMLAttribute], into out: inout String) {
        out += "<" + name
        for attribute in attributes {
            out += " " + attribute.name + "=\"" + HTMLEscaping.escape(attribute.value) + "\""
        }
    }
}

extension HTMLNode: ExpressibleByStringLiteral {
    /// A literal in the source is the page's own words (`.h2("Contents")`). Interpolation is not
    /// taken: a sentence holding a report's words is built as `.text`.
    init(stringLiteral value: String) {
        self = .prose(value)
    }
}

/// An attribute of an element: a name and its value, which `HTMLNode` escapes when it writes it.
struct HTMLAttribute: Equatable {
    let name: String
    let value: String

    init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
