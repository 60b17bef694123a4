/// The page's inline style sheet (SPEC 15: self-contained, readable at 1280 px, a light and
/// a dark theme through `prefers-color-scheme`). No font is fetched: the system's sans-serif
/// face is used.
///
/// A long table (`.tablewrap`) fits the page: its cells wrap at spaces and after underscores
/// (`HTMLPage.table`), never inside a number, so that a screenshot shows every number whole
/// (SPEC 15, "the study first"; `scripts/browser-check.sh` fails on a cell cut by the edge).
enum PageStyle {
    static let css: String = {
        var css = """
            :root{color-scheme:light dark;--bg:#ffffff;--fg:#1b1b1b;--muted:#5f6368;--grid:#e4e4e4;\
            --panel:#f5f6f7;--line:#c8c8c8;--c7:#000000}
            @media (prefers-color-scheme:dark){:root{--bg:#16181b;--fg:#e9e9e9;--muted:#a4a8ad;\
            --grid:#34383e;--panel:#202328;--line:#4a4f56;--c7:#e9e9e9}}
            *{box-sizing:border-box}
            body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.45 system-ui,-apple-system,\
            "Segoe UI",Roboto,"DejaVu Sans",Arial,sans-serif}
            main{max-width:1240px;margin:0 auto;padding:20px}
            h1{font-size:26px;margin:0 0 4px}h2{font-size:20px;margin:28px 0 6px}h3{font-size:16px;margin:18px 0 4px}
            p{margin:6px 0}.meta{color:var(--muted)}.note{color:var(--muted);font-size:13px}
            a{color:#0072B2}@media (prefers-color-scheme:dark){a{color:#56B4E9}}
            figure{margin:8px 0 14px;padding:10px 10px 6px;background:var(--panel);border-radius:6px}
            figcaption{font-size:13px;color:var(--muted);margin-top:4px}
            svg.chart{display:block;width:100%;height:auto}
            svg text{fill:var(--fg);font-size:12px}svg .tm{fill:var(--muted);font-size:11px}
            svg .lbl{font-size:11px}svg .halo{paint-order:stroke;stroke:var(--panel);stroke-width:3px;stroke-linejoin:round}svg .ttl{font-size:13px;font-weight:600}
            .axis{stroke:var(--muted);stroke-width:1;fill:none}.grid{stroke:var(--grid);stroke-width:1;fill:none}
            .free{stroke:var(--fg);stroke-width:1.6;fill:none;stroke-linejoin:round}
            .thr{stroke:var(--muted);stroke-width:1.5;fill:none}.endline{stroke:var(--muted);stroke-width:1;fill:none}
            .leader{stroke:var(--muted);stroke-width:0.8;fill:none}
            .area{fill:var(--c);stroke:none}.mark{stroke:var(--c);stroke-width:4;fill:none}
            .dot{fill:var(--c);stroke:var(--bg);stroke-width:1}.whisker{stroke:var(--c);stroke-width:1.6;fill:none}
            .bar{fill:var(--c);fill-opacity:0.85}.fgmark{stroke:var(--fg);fill:var(--fg);stroke-width:1.2}
            .line{stroke:var(--c);stroke-width:1.8;fill:none;stroke-linejoin:round}.bandfill{fill:var(--c);fill-opacity:.16;stroke:none}
            .ref{stroke:var(--fg);stroke-width:1.4;fill:none}.nl{fill:none;stroke:var(--muted);stroke-width:1.2}
            svg .never{fill:var(--muted);font-style:italic}
            .multiples{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,520px),1fr));gap:10px 16px}
            .lane{stroke:var(--line);stroke-width:1;fill:none}.lane-bar{fill:none}.band{fill:var(--grid);opacity:.45}
            ul.legend{list-style:none;margin:6px 0 0;padding:0;display:flex;flex-wrap:wrap;gap:4px 16px;font-size:13px}
            ul.legend li{display:flex;align-items:center;gap:6px}
            .sw{display:inline-block;width:14px;height:14px;border-radius:3px;flex:none;background:var(--c)}
            .swl{display:inline-block;width:22px;height:0;border-top:2px solid var(--fg);flex:none}
            .swd{display:inline-block;width:22px;height:0;border-top:2px dashed var(--muted);flex:none}
            table{border-collapse:collapse;font-size:13px;margin:6px 0;font-variant-numeric:tabular-nums}
            th,td{padding:3px 8px;border-bottom:1px solid var(--grid);text-align:right;white-space:nowrap}
            th{color:var(--muted);font-weight:600;white-space:normal;vertical-align:bottom}th:first-child,td:first-child{text-align:left}
            .tablewrap{overflow-x:auto;max-width:100%}.tablewrap td{white-space:normal}
            .tablewrap th:first-child,.tablewrap td:first-child{position:sticky;left:0;background:var(--bg)}
            details{margin:4px 0}summary{cursor:pointer;color:var(--muted);font-size:13px}
            #assumptions th:last-child,#assumptions td:last-child{white-space:normal;text-align:left;min-width:28em}
            nav.toc ul{columns:3;margin:4px 0;padding-left:18px;font-size:14px}
            ul.runs{columns:4;font-size:13px;padding-left:18px}
            """
        for (index, colour) in ChartPalette.okabeIto.enumerated() {
            css += "\n.c\(index){--c:\(index == 7 ? "var(--c7)" : colour)}"
        }
        for state in ChartPalette.states {
            css += "\n.\(state.cssClass){stroke:\(state.colour);fill:\(state.colour);background:\(state.colour)}"
        }
        return css + "\n"
    }()
}
