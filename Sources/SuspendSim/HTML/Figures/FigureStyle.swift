import Foundation

/// The style sheet of a figure file (`report --figures`): the page's chart classes
/// (`PageStyle.css`) in the light theme's literal colours, since a figure stands alone and
/// its converter (`rsvg-convert`, librsvg 2.54) does not resolve CSS variables.
///
/// Made from the page's sheet, so that a class the page gains is in the figures too:
/// - rules for HTML only (body, headings, tables, legends as HTML) and `@media` blocks (the
///   dark theme) are left out;
/// - `var(--name)` becomes the light theme's value of `--name` (`:root`);
/// - a declaration of `var(--c)` (the series colour a `cN` class sets) becomes one rule per
///   palette class, `.dot.c4{fill:#0072B2}`;
/// - the memory chart's areas coloured in a `style` attribute get rules of their own;
/// - text is set in DejaVu Sans, the face `TextMetrics` measures, so that no label overflows.
enum FigureStyle {
    static let css: String = make(from: PageStyle.css)

    /// Classes of the page's HTML, not of its charts.
    private static let htmlClasses: Set<String> = [".meta", ".note", ".multiples", ".sw", ".swl", ".swd", ".tablewrap"]

    /// The figure sheet made from a page sheet (see the type's documentation).
    static func make(from page: String) -> String {
        let rules = topLevelRules(page)
        var variables: [String: String] = [:]
        var seriesColours: [(selector: String, colour: String)] = []
        for rule in rules where rule.selector == ":root" {
            for (name, value) in declarations(rule.body) where name.hasPrefix("--") { variables[name] = value }
        }
        for rule in rules where rule.selector.hasPrefix(".c") && rule.body.hasPrefix("--c:") {
            seriesColours.append((rule.selector, resolve(String(rule.body.dropFirst(4)), variables)))
        }
        var css = "text{font-family:\"DejaVu Sans\",Arial,Helvetica,sans-serif;font-size:12px}"
        for rule in rules where isChartRule(rule.selector) && !seriesColours.contains(where: { $0.selector == rule.selector }) {
            let all = declarations(rule.body)
            let own = all.filter { !$0.value.contains("var(--c)") }
            if !own.isEmpty {
                css += rule.selector + "{" + own.map { $0.name + ":" + resolve($0.value, variables) }.joined(separator: ";") + "}"
            }
            let series = all.filter { $0.value.contains("var(--c)") }
            guard !series.isEmpty else { continue }
            for (colourClass, colour) in seriesColours {
                let selectors = rule.selector.split(separator: ",").map { $0 + colourClass }.joined(separator: ",")
                css += selectors + "{" + series.map { $0.name + ":" + $0.value.replacingOccurrences(of: "var(--c)", with: colour) }
                    .joined(separator: ";") + "}"
            }
        }
        for (selector, style) in inlineStyled where rules.contains(where: { $0.selector == ".area" }) {
            let body = declarations(style).map { ($0.name == "--c" ? "fill" : $0.name) + ":" + resolve($0.value, variables) }
                .joined(separator: ";")
            if !body.contains("var(") { css += selector + "{" + body + "}" }
        }
        return css
    }

    /// The memory chart's areas whose colour the page sets in a `style` attribute (`--c`), as
    /// rules of literal colours (when the sheet styles `.area`): the converter resolves no
    /// `var()`, so they would be black.
    private static let inlineStyled = [(".area.sys", MemoryChart.bandStyle), (".area.res", MemoryChart.reservedStyle),
                                       (".area.cmp", MemoryChart.compressorStyle), (".area.oth", MemoryChart.otherAppsStyle)]

    /// Whether a rule styles charts: each selector is a class or starts with `svg `.
    private static func isChartRule(_ selector: String) -> Bool {
        selector.split(separator: ",").allSatisfy { part in
            (part.hasPrefix(".") || part.hasPrefix("svg ")) && !htmlClasses.contains(String(part)) && !part.hasPrefix("svg.")
        }
    }

    /// The rules outside any `@` block, as (selector, body).
    private static func topLevelRules(_ css: String) -> [(selector: String, body: String)] {
        var rules: [(selector: String, body: String)] = []
        var depth = 0, selector = "", body = ""
        var inAt = false
        for character in css {
            switch character {
            case "{":
                if depth == 0 { inAt = selector.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("@") }
                if depth > 0 { body.append(character) }
                depth += 1
            case "}":
                depth -= 1
                if depth > 0 { body.append(character); continue }
                if !inAt { rules.append((selector.trimmingCharacters(in: .whitespacesAndNewlines), body)) }
                selector = ""
                body = ""
            default:
                if depth == 0 { selector.append(character) } else { body.append(character) }
            }
        }
        return rules
    }

    private static func declarations(_ body: String) -> [(name: String, value: String)] {
        body.split(separator: ";").compactMap { part in
            guard let colon = part.firstIndex(of: ":") else { return nil }
            return (part[..<colon].trimmingCharacters(in: .whitespaces), part[part.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
    }

    /// `value` with each `var(--name)` other than `--c` replaced by the light theme's value.
    private static func resolve(_ value: String, _ variables: [String: String]) -> String {
        var text = value
        for (name, literal) in variables { text = text.replacingOccurrences(of: "var(\(name))", with: literal) }
        return text
    }
}
