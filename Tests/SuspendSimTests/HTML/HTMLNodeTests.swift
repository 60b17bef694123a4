import Foundation
import SuspendSimTestSupport
import Testing
@testable import SuspendSim

/// The pages' HTML writer (HTML/Markup/HTMLNode): what it escapes, how it closes elements, and
/// that the package it replaced is gone.
@Suite struct HTMLNodeTests {
    @Test("Report text escapes &, <, >, \" and '; the page's own words keep their quotes; an entity-like text stays text")
    func textEscaping() {
        #expect(HTMLNode.text("a<b & \"c\" 'd'>").render() == "a&lt;b &amp; &quot;c&quot; &#39;d&#39;&gt;")
        #expect(HTMLNode.prose("the app's \"x\" <b> & c").render() == "the app's \"x\" &lt;b&gt; &amp; c")
        // Plot's `.text` left `&amp;` as it was, so a report holding it showed "&"; both kinds escape it.
        #expect(HTMLNode.text("R&amp;D").render() == "R&amp;amp;D")
        #expect(HTMLNode.prose("R&amp;D").render() == "R&amp;amp;D")
        let literal: HTMLNode = "it's <b>"
        #expect(literal.render() == "it's &lt;b&gt;")
    }

    @Test("Attribute values are escaped, quotes included, in the order given; a nil attribute is left out")
    func attributeEscaping() {
        #expect(HTMLNode.a(href: "x\"><script>'", .text("t")).render() == "<a href=\"x&quot;&gt;&lt;script&gt;&#39;\">t</a>")
        #expect(HTMLNode.span(class: "sw", style: "a:b&c").render() == "<span class=\"sw\" style=\"a:b&amp;c\"></span>")
        #expect(HTMLNode.p(.text("x")).render() == "<p>x</p>")
        #expect(HTMLNode.p(class: "note", .text("x")).render() == "<p class=\"note\">x</p>")
        // A link to a folder with a space and a '#': percent-encoded, and nothing left to escape.
        #expect(HTMLNode.a(href: HTMLEscaping.href("a b#/c=1&d"), "t").render() == "<a href=\"a%20b%23/c=1%26d\">t</a>")
    }

    @Test("Void elements have no end tag: <meta …/> as the pages' head always had it, <wbr> and others without the slash")
    func voidElements() {
        #expect(HTMLNode.void(name: "meta", attributes: [HTMLAttribute("charset", "UTF-8")]).render() == "<meta charset=\"UTF-8\"/>")
        #expect(HTMLNode.void(name: "wbr", attributes: []).render() == "<wbr>")
        #expect(HTMLNode.void(name: "br", attributes: [HTMLAttribute("class", "x")]).render() == "<br class=\"x\">")
        #expect(HTMLNode.breakingAfterUnderscores("a_b<_").render() == "a_<wbr>b&lt;_<wbr>")
        #expect(HTMLNode.breakingAfterUnderscores("a'b").render() == "a&#39;b")
    }

    @Test("Elements nest in order; a group adds nothing around its nodes; raw markup is written as it is")
    func nesting() {
        let node = HTMLNode.section(id: "s1", .h2("T"), .ul(class: "a", .li(.text("x")), .li(.text("y"))),
                                    .group([.text("a"), .empty, .raw("<svg/>"), .text("b")]))
        #expect(node.render() == "<section id=\"s1\"><h2>T</h2><ul class=\"a\"><li>x</li><li>y</li></ul>a<svg/>b</section>")
        #expect(HTMLNode.empty.render() == "")
    }

    @Test("A page: the document type, the head's metas and escaped title, the content in <main>, a final line feed")
    func page() {
        let page = HTMLPage.render(title: "a & 'b'", content: [.p(.text("x"))])
        #expect(page.hasPrefix("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"UTF-8\"/><meta name=\"viewport\" "
            + "content=\"width=device-width, initial-scale=1\"/><meta name=\"color-scheme\" content=\"light dark\"/>"
            + "<meta name=\"generator\" content=\"suspendsim report\"/><title>a &amp; &#39;b&#39;</title><style>"))
        #expect(page.hasSuffix("</style></head><body><main><p>x</p></main></body></html>\n"))
        // The style sheet is written raw inside <style>: nothing in it may end the element.
        #expect(!PageStyle.css.contains("<"))
    }

    @Test("No source or test file imports Plot, and Package.swift does not name it")
    func plotIsGone() throws {
        var offenders: [String] = []
        for folder in ["Sources", "Tests"] {
            let root = packageRoot.appendingPathComponent(folder)
            for path in try FileManager.default.subpathsOfDirectory(atPath: root.path) where path.hasSuffix(".swift") {
                let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
                if text.split(separator: "\n").contains(where: { $0.firstMatch(of: /^\s*(@\w+\s+)*import\s+(\w+\s+)?Plot\b/) != nil }) {
                    offenders.append(folder + "/" + path)
                }
            }
        }
        #expect(offenders.isEmpty, "\(offenders)")
        let manifest = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(!manifest.contains("Plot"), "Package.swift still names Plot")
    }
}
