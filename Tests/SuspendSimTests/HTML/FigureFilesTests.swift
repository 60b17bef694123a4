import Foundation
import Testing
@testable import SuspendSim

/// SPEC 15 figures as files (`report --figures`): their names, their style sheet, and the PDF
/// converter's date blanking, on hand-made inputs.
@Suite struct FigureFilesTests {
    @Test("A figure is named after its title: lower-case letters and digits, every other run one dash, in page order made unique")
    func names() {
        #expect(FigureNames.slug(["Never killed, against device.ram_mb", "com.spotify.music"])
            == "never-killed-against-device-ram-mb-com-spotify-music")
        #expect(FigureNames.slug(["Hot-launch ratio"]) == "hot-launch-ratio")
        #expect(FigureNames.slug(["  ", "—"]) == "figure")
        #expect(FigureNames.names([["Survival per app"], ["Survival per app"], ["survival per app 2"], ["Survival per app"]])
            == ["survival-per-app", "survival-per-app-2", "survival-per-app-2-2", "survival-per-app-3"])
        let long = FigureNames.slug([String(repeating: "abcdefghi ", count: 12)])
        #expect(long.count <= FigureNames.maxLength && !long.hasSuffix("-") && long.hasPrefix("abcdefghi-abcdefghi"))
    }

    @Test("The figure's style sheet: the page's chart rules with the light theme's literal colours, a rule per series class for var(--c)")
    func styleSheet() {
        let page = """
            :root{--bg:#ffffff;--fg:#1b1b1b;--c7:#000000}
            @media (prefers-color-scheme:dark){:root{--bg:#16181b;--fg:#e9e9e9}}
            body{background:var(--bg)}.note{color:var(--fg)}
            svg text{fill:var(--fg)}.dot{fill:var(--c);stroke:var(--bg);stroke-width:1}
            .c0{--c:#E69F00}
            .c7{--c:var(--c7)}
            """
        let css = FigureStyle.make(from: page)
        #expect(css.hasSuffix("svg text{fill:#1b1b1b}.dot{stroke:#ffffff;stroke-width:1}.dot.c0{fill:#E69F00}.dot.c7{fill:#000000}"))
        #expect(!css.contains("var(") && !css.contains("body") && !css.contains(".note") && !css.contains("#16181b"))
    }

    @Test("The memory chart's areas coloured in a style attribute get literal fills in a figure (the light theme's --line and --fg), not black")
    func inlineStyledAreas() {
        #expect(FigureStyle.css.contains(".area.sys{fill:#c8c8c8}"))
        #expect(FigureStyle.css.contains(".area.res{fill:#1b1b1b;fill-opacity:.18}"))
        #expect(FigureStyle.css.contains(".area.cmp{fill:#1b1b1b;fill-opacity:.45}"))
    }

    @Test("The PDF's dates are blanked with as many spaces: nothing after them moves, so the cross-reference offsets hold")
    func datesBlanked() {
        let text = "<< /Producer (cairo 1.16.0)\n   /CreationDate (D:20261127142654Z)\n   /ModDate (D:1)\n>>\nxref"
        var bytes = Data(text.utf8)
        PDFConverter.blankDates(&bytes)
        let blanked = String(decoding: bytes, as: UTF8.self)
        #expect(bytes.count == text.utf8.count)
        #expect(blanked == "<< /Producer (cairo 1.16.0)\n   " + String(repeating: " ", count: 33) + "\n   " + String(repeating: " ", count: 14)
            + "\n>>\nxref")
    }

    @Test("A figure's CSV quotes as RFC 4180 says, and writes the numbers it drew in their shortest exact form")
    func csvCells() {
        let figure = Figure(title: ["t"], svg: "", legend: [], columns: ["label", "x"], rows: [["a, b", Figure.number(3)], ["q\"", Figure.number(0.1)]])
        // Then the style columns, empty for a label with no series style and axes without titles.
        #expect(figure.csv() == "label,x,colour,marker,dash,x_title,y_title\n\"a, b\",3,,,,,\n\"q\"\"\",0.1,,,,,\n")
        #expect(Figure.number(nil) == "" && Figure.number(.infinity) == "" && Figure.number(-2.5) == "-2.5")
    }

    @Test("The document is the width asked in points, its height the chart's proportions plus the legend's rows")
    func documentSize() {
        let chart = "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 600 200\" width=\"600\" height=\"200\"></svg>"
        let figure = Figure(title: ["A chart"], svg: chart, legend: [("lru", SeriesStyle.indexed(0))], columns: ["label"], rows: [])
        let one = FigureDocument(figure: figure, width: .oneColumn).text()
        // One legend row: 6 + 16 + 4 = 26 units under the 200 of the chart; 252 × 226 / 600 = 94.92 pt.
        #expect(one.contains("width=\"252pt\" height=\"94.92pt\" viewBox=\"0 0 600 226\""))
        let two = FigureDocument(figure: figure, width: .twoColumns).text()
        #expect(two.contains("width=\"504pt\" height=\"189.84pt\""))
        #expect(one.contains("<title>A chart</title>") && one.contains(chart) && one.contains(">lru</text>"))
    }

    @Test("A chart's one-column layout is used at 3.5 in only, nested at its viewBox's size, without the legend drawn under it")
    func oneColumnLayout() {
        let page = "<svg class=\"chart\" viewBox=\"0 0 600 200\" width=\"600\" height=\"200\"></svg>"
        let paper = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"x\" width=\"504\" height=\"336\" viewBox=\"0 0 378 252\"><g/></svg>\n"
        #expect(FigureDocument.nestable(paper) == "<svg xmlns=\"x\" width=\"378\" height=\"252\" viewBox=\"0 0 378 252\"><g/></svg>")
        let figure = Figure(title: ["t"], svg: page, legend: [("lru", SeriesStyle.indexed(0))], columns: ["label"], rows: [], oneColumn: paper)
        let one = FigureDocument(figure: figure, width: .oneColumn).text()
        // 252 × 252 / 378 = 168 pt: the one-column layout's proportions, no legend row.
        #expect(one.contains("width=\"252pt\" height=\"168.00pt\" viewBox=\"0 0 378 252\"") && !one.contains(">lru</text>") && !one.contains(page))
        let two = FigureDocument(figure: figure, width: .twoColumns).text()
        #expect(two.contains(page) && two.contains(">lru</text>") && !two.contains("<g/>"))
    }
}
