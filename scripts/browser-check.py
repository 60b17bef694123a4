#!/usr/bin/env python3
"""Checks suspendsim's HTML pages in a real browser (SPEC 15), for scripts/browser-check.sh.

    browser-check.py CHROMIUM REPORTS_DIR PNG_DIR

For every index.html under REPORTS_DIR (each page passes or fails; the last line counts them):
  - the DOM after loading (chromium --dump-dom) has the page's charts (a run page: the memory
    chart and the state timeline; a batch page: at least one chart), each with drawn elements,
    and nothing that loads from elsewhere (no script, no http(s) source or style);
  - the page loads without a console error or a failed load (chromium's log on stderr);
  - a screenshot at 1280x2000 goes to PNG_DIR (named after the page's folder);
  - each chart, alone on a page with the report's style sheet, is screenshot (at half width)
    and must show data: at least 0.1 % of its pixels in a palette colour (axes, grid lines and
    text are grey), so that a chart that draws nothing visible fails (a survival chart of
    single runs draws dots only, about 0.4 %);
  - no two labels of a chart overlap and none is cut off (SPEC 19): a copy of the page with a
    measuring script (the page itself has none) is loaded at 1280 px, the script writes every
    SVG <text>'s box (getBoundingClientRect) into the DOM, and the dumped DOM must show no two
    text boxes of one SVG overlapping by more than 0.5 px, and no text box outside its SVG;
  - no table cell passes the right edge of its scrolling box or of the window (a screenshot
    would cut it), and a batch page with groups.csv (else whatif.csv) shows its answer (the
    comparison's first chart, the what-if's first sentence) within the first 1280x800 screen;
  - every figures* folder beside a page (the batch's figures/, `report --figures` folders) is
    measured as the page is, each SVG at its printed size, and no text prints under 7 pt.
Standard library only: the PNGs are decoded here (zlib and the five PNG filters).

    browser-check.py --text-only CHROMIUM REPORTS_DIR WORK_DIR    only the label check
    browser-check.py --self-test CHROMIUM WORK_DIR    the check on pages made to fail it, and one to pass
"""
import html
import json
import os
import re
import struct
import subprocess
import sys
import zlib

WIDTH = 1280
HEIGHT = 2000
# Console errors and failed loads in chromium's log (--enable-logging=stderr --v=0).
LOG_ERRORS = re.compile(r"Uncaught|:ERROR:CONSOLE|console error|Failed to load resource|Refused to (load|apply|execute)|net::ERR_")


def chromium(browser, args, url, timeout=120):
    command = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
               "--enable-logging=stderr", "--v=0", "--allow-file-access-from-files"] + args + [url]
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout)


def console_errors(log):
    return [line for line in log.splitlines() if LOG_ERRORS.search(line)]


def read_png(path):
    """Width, height and rows of (r, g, b) tuples of an 8-bit RGB or RGBA PNG."""
    with open(path, "rb") as file:
        data = file.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    position, idat, header = 8, b"", None
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        position += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        raise ValueError(f"{path}: unsupported PNG (depth {depth}, colour type {colour})")
    channels = 3 if colour == 2 else 4
    stride = width * channels
    raw = zlib.decompress(idat)
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        if kind == 1:
            for x in range(channels, stride):
                line[x] = (line[x] + line[x - channels]) & 0xFF
        elif kind == 2:
            line = bytearray((a + b) & 0xFF for a, b in zip(line, previous))
        elif kind == 3:
            for x in range(stride):
                left = line[x - channels] if x >= channels else 0
                line[x] = (line[x] + (left + previous[x]) // 2) & 0xFF
        elif kind == 4:
            for x in range(stride):
                left = line[x - channels] if x >= channels else 0
                up = previous[x]
                corner = previous[x - channels] if x >= channels else 0
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[x] = (line[x] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def colour_share(path):
    """The share of pixels in a saturated colour (the palette's, not the greys of axes, grid
    lines and text): what the chart's data draws."""
    width, height, channels, rows = read_png(path)
    coloured = 0
    for row in rows:
        for i in range(0, len(row), channels):
            r, g, b = row[i], row[i + 1], row[i + 2]
            if max(r, g, b) - min(r, g, b) > 60:
                coloured += 1
    return coloured / float(width * height)


def charts(dom):
    """(id, svg markup) of every chart in the DOM."""
    found = []
    for match in re.finditer(r"<svg class=\"chart\"[^>]*>.*?</svg>", dom, re.S):
        svg = match.group(0)
        ident = re.search(r'id="([^"]*)"', svg[:400])
        found.append((ident.group(1) if ident else f"chart-{len(found) + 1}", svg))
    return found


def drawn_elements(svg):
    """How many elements of a chart draw something: paths with a `d`, sized rects, lines."""
    paths = len(re.findall(r'<path [^>]*d="[^"]+"', svg))
    rects = len([m for m in re.findall(r'<rect [^>]*width="(\d+)" height="(\d+)"', svg) if int(m[0]) > 0 and int(m[1]) > 0])
    lines = len(re.findall(r"<line ", svg))
    return paths + rects + lines


# Measures every <text> of every chart, in the copy of a page that check_text_boxes loads, and
# writes the boxes into the DOM as JSON (the title of a shortened label is not measured).
MEASURE_SCRIPT = """<script>(function () {
  var charts = [];
  document.querySelectorAll("svg").forEach(function (svg, index) {
    var texts = svg.querySelectorAll("text");
    if (!texts.length) return;
    var box = function (r) { return [r.left, r.top, r.right, r.bottom]; };
    var entry = {id: svg.id || ("svg-" + (index + 1)), box: box(svg.getBoundingClientRect()), texts: [],
                 width: svg.getAttribute("width") || ""};
    texts.forEach(function (text) {
      var ctm = text.getScreenCTM();
      var copy = text.cloneNode(true);
      copy.querySelectorAll("title").forEach(function (title) { title.remove(); });
      entry.texts.push({text: copy.textContent, box: box(text.getBoundingClientRect()),
                        cls: text.getAttribute("class") || "", titled: !!text.querySelector("title"),
                        turned: (text.getAttribute("transform") || "").indexOf("rotate") >= 0,
                        px: parseFloat(getComputedStyle(text).fontSize) * (ctm ? Math.sqrt(ctm.a * ctm.a + ctm.b * ctm.b) : 1)});
    });
    charts.push(entry);
  });
  // Tables: each cell whose box passes the right edge of what shows it (its scrolling box, or
  // the window), as a screenshot would cut it.
  var tables = [];
  document.querySelectorAll("table").forEach(function (table, index) {
    var wrap = table.closest(".tablewrap");
    var right = Math.min(wrap ? wrap.getBoundingClientRect().right : window.innerWidth, window.innerWidth);
    var cut = [];
    table.querySelectorAll("th, td").forEach(function (cell) {
      var r = cell.getBoundingClientRect();
      if (r.width > 0 && r.left < right && r.right > right + 0.5) cut.push(cell.textContent);
    });
    tables.push({index: index + 1, scrolls: !!wrap && wrap.scrollWidth > wrap.clientWidth, cut: cut});
  });
  // The first screen (1280 x 800): where the answer section (#comparison, else #whatif) and
  // its first chart or list begin.
  var answer = document.getElementById("comparison") || document.getElementById("whatif");
  var first = answer ? answer.querySelector("svg, ul.answer") : null;
  var out = document.createElement("pre");
  out.id = "suspendsim-text-boxes";
  out.textContent = JSON.stringify({charts: charts, tables: tables,
    answer: answer ? {id: answer.id, top: answer.getBoundingClientRect().top + window.scrollY,
                      shown: first ? first.getBoundingClientRect().top + window.scrollY : null} : null});
  document.body.appendChild(out);
})();</script>"""
# Boxes may touch: they overlap when they share more than this many pixels both ways.
TOUCH = 0.5


def overlap(a, b):
    return min(a[2], b[2]) - max(a[0], b[0]) > TOUCH and min(a[3], b[3]) - max(a[1], b[1]) > TOUCH


def outside(text, svg):
    return (text[0] < svg[0] - TOUCH or text[1] < svg[1] - TOUCH
            or text[2] > svg[2] + TOUCH or text[3] > svg[3] + TOUCH)


def box_text(box):
    return "(%.1f, %.1f)-(%.1f, %.1f)" % tuple(box)


def text_box_problems(page, charts_boxes):
    """The label problems of one page's measured charts: overlapping pairs, boxes outside."""
    problems = []
    for chart in charts_boxes:
        texts = [t for t in chart["texts"] if t["box"][2] > t["box"][0] and t["box"][3] > t["box"][1]]
        for t in texts:
            if outside(t["box"], chart["box"]):
                problems.append(f"{page}: {chart['id']}: text {t['text']!r} {box_text(t['box'])} is outside its SVG "
                                f"{box_text(chart['box'])}")
        # Nothing cut: a chart's title or an axis' title (turned along the y axis) is never
        # shortened, and another shortened label carries its whole text as a <title>.
        for t in texts:
            if "\u2026" not in t["text"]:
                continue
            if "ttl" in t["cls"].split() or t.get("turned"):
                problems.append(f"{page}: {chart['id']}: the title {t['text']!r} is cut")
            elif not t.get("titled"):
                problems.append(f"{page}: {chart['id']}: the label {t['text']!r} is cut without its whole text as a <title>")
        # A sweep over the boxes by their left edge: only neighbours whose spans meet are compared.
        texts.sort(key=lambda t: t["box"][0])
        for i, a in enumerate(texts):
            for b in texts[i + 1:]:
                if b["box"][0] >= a["box"][2] - TOUCH:
                    break
                if overlap(a["box"], b["box"]):
                    problems.append(f"{page}: {chart['id']}: texts {a['text']!r} {box_text(a['box'])} and "
                                    f"{b['text']!r} {box_text(b['box'])} overlap")
    return problems


# The smallest text a figure may print, in points (journals ask for 6 to 8 pt; SPEC 15).
SMALLEST_PT = 7.0


def printed_size_problems(page, charts_boxes):
    """Texts of a figure file printed under SMALLEST_PT: a figure's `width` in pt is its printed
    width (`report --figures`), a width in px is at 144 dpi (the batch's figures/, 3.5 in as
    504 px); its texts' on-screen sizes scale to print as that width over its box's width."""
    problems = []
    for chart in charts_boxes:
        if not chart["id"].startswith("figure-"):
            continue
        width = chart["width"]
        number = float(re.match(r"[\d.]+", width).group(0)) if re.match(r"[\d.]+", width) else 0
        printed = number if width.endswith("pt") else number / 2
        shown = chart["box"][2] - chart["box"][0]
        if printed <= 0 or shown <= 0:
            continue
        smallest = min((t for t in chart["texts"] if t["text"].strip()), key=lambda t: t["px"], default=None)
        if smallest is not None and smallest["px"] * printed / shown < SMALLEST_PT - 0.01:
            problems.append(f"{page}: {chart['id']}: {smallest['text']!r} prints at {smallest['px'] * printed / shown:.2f} pt, "
                            f"under {SMALLEST_PT:g} pt")
    return problems


def figures_page(folder, work):
    """A page that shows every SVG of `folder` (a batch's figures/) at its own size, each its
    own <svg>, so that MEASURE_SCRIPT measures the figures as a paper prints them."""
    svgs = []
    for name in sorted(os.listdir(folder)):
        if name.endswith(".svg"):
            with open(os.path.join(folder, name), encoding="utf-8") as file:
                text = re.sub(r"^<\?xml[^>]*>\s*", "", file.read())
            svgs.append(text.replace("<svg ", f'<svg id="figure-{name[:-4]}" ', 1))
    os.makedirs(work, exist_ok=True)
    page = os.path.join(work, "figures-%d.html" % len(os.listdir(work)))
    with open(page, "w", encoding="utf-8") as file:
        file.write("<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head><body style=\"margin:0\">"
                   + "".join(f"<div>{svg}</div>" for svg in svgs) + "</body></html>")
    return page


def check_text_boxes(browser, page, work, problems):
    """Loads a copy of `page` with MEASURE_SCRIPT at 1280 px and checks its text boxes."""
    with open(page, encoding="utf-8") as file:
        text = file.read()
    os.makedirs(work, exist_ok=True)
    copy = os.path.join(work, "measure-%d.html" % len(os.listdir(work)))
    with open(copy, "w", encoding="utf-8") as file:
        file.write(text.replace("</body>", MEASURE_SCRIPT + "</body>", 1))
    run = chromium(browser, ["--dump-dom", f"--window-size={WIDTH},{HEIGHT}"], "file://" + os.path.abspath(copy))
    found = re.search(r'<pre id="suspendsim-text-boxes">(.*?)</pre>', run.stdout, re.S)
    if run.returncode != 0 or not found:
        problems.append(f"{page}: the measuring copy did not load (exit {run.returncode})")
        return 0
    measured = json.loads(html.unescape(found.group(1)))
    boxes = measured["charts"]
    problems += text_box_problems(page, boxes)
    problems += printed_size_problems(page, boxes)
    for table in measured["tables"]:
        # A cell past the edge of a box that scrolls can be scrolled to: said, not failed (the
        # run page's survivors table, a long-ids study's paired table). A cell past an edge
        # that does not scroll cannot be read at all: a failure.
        if table["cut"] and table["scrolls"]:
            print(f"note: {page}: table {table['index']} scrolls: {len(table['cut'])} cell(s) past its edge, the first "
                  f"{table['cut'][0]!r}")
        elif table["cut"]:
            problems.append(f"{page}: table {table['index']}: {len(table['cut'])} cell(s) cut by its edge, the first "
                            f"{table['cut'][0]!r}")
    problems += first_screen_problems(page, measured["answer"])
    return sum(len(chart["texts"]) for chart in boxes)


# The first screen a reader sees: SPEC 15's "the study first".
FIRST_SCREEN = 800


def first_screen_problems(page, answer):
    """A batch page with groups.csv or whatif.csv must show its answer (the comparison, else the
    what-if: its first chart or sentence) within the first 1280 x 800 screen."""
    folder = os.path.dirname(page)
    if os.path.exists(os.path.join(folder, "groups.csv")):
        expected = "comparison"
    elif os.path.exists(os.path.join(folder, "whatif.csv")) and answer is not None:
        expected = "whatif"
    else:
        return []
    if answer is None or answer["id"] != expected:
        return [f"{page}: the page does not open with its answer (#{expected})"]
    if answer["shown"] is None or answer["shown"] >= FIRST_SCREEN:
        return [f"{page}: the answer (#{expected}) shows nothing in the first {WIDTH}x{FIRST_SCREEN} screen "
                f"(its first chart or sentence at {answer['shown']} px)"]
    return []


def check_page(browser, page, reports, png_dir, problems):
    relative = os.path.relpath(os.path.dirname(page), reports)
    name = "index" if relative == "." else relative.replace("/", "__")
    url = "file://" + os.path.abspath(page)
    dom_run = chromium(browser, ["--dump-dom"], url)
    dom = dom_run.stdout
    if dom_run.returncode != 0 or "<svg" not in dom:
        problems.append(f"{page}: the browser did not load the page (exit {dom_run.returncode})")
        return
    for line in console_errors(dom_run.stderr):
        problems.append(f"{page}: console: {line.strip()}")
    if "<script" in dom:
        problems.append(f"{page}: has a script")
    for external in re.findall(r'(?:src|href)="((?:https?:)?//[^"]*)"', dom):
        problems.append(f"{page}: loads {external}")
    found = charts(dom)
    ids = [ident for ident, _ in found]
    is_run = os.path.exists(os.path.join(os.path.dirname(page), "survivors.csv"))
    expected = ["memory-chart", "timeline-chart"] if is_run else []
    for ident in expected:
        if ident not in ids:
            problems.append(f"{page}: no {ident}")
    if not found:
        problems.append(f"{page}: no chart")
    for ident, svg in found:
        if drawn_elements(svg) < 3:
            problems.append(f"{page}: chart {ident} draws nothing")

    shot = os.path.join(png_dir, name + ".png")
    run = chromium(browser, [f"--screenshot={shot}", f"--window-size={WIDTH},{HEIGHT}"], url)
    for line in console_errors(run.stderr):
        problems.append(f"{page}: console: {line.strip()}")
    if not os.path.exists(shot):
        problems.append(f"{page}: no screenshot")
        return
    if os.path.getsize(shot) < 20_000:
        problems.append(f"{page}: the screenshot is almost blank ({os.path.getsize(shot)} bytes)")

    # Each chart alone, with the page's style sheet: it must show something.
    style = re.search(r"<style>.*?</style>", dom, re.S)
    chart_dir = os.path.join(png_dir, "charts")
    os.makedirs(chart_dir, exist_ok=True)
    for ident, svg in found:
        box = re.search(r'viewBox="0 0 (\d+) (\d+)"', svg)
        # The chart's height when it fills WIDTH (a sweep's small charts are half as wide as the
        # others, so twice as tall for their width).
        height = int(box.group(2)) * WIDTH // int(box.group(1))
        alone = os.path.join(chart_dir, f"{name}--{ident}.html")
        with open(alone, "w", encoding="utf-8") as file:
            file.write("<!DOCTYPE html><html><head><meta charset=\"utf-8\">" + (style.group(0) if style else "")
                       + "</head><body style=\"margin:0\"><main style=\"padding:0\"><figure style=\"margin:0\">"
                       + svg + "</figure></main></body></html>")
        chart_png = alone[:-5] + ".png"
        # At half width (the chart scales with the page), so that decoding stays quick.
        chart_run = chromium(browser, [f"--screenshot={chart_png}", f"--window-size={WIDTH // 2},{min(height // 2 + 30, 4000)}"],
                             "file://" + os.path.abspath(alone))
        if not os.path.exists(chart_png):
            problems.append(f"{page}: chart {ident}: no screenshot")
            continue
        share = colour_share(chart_png)
        if share < 0.001:
            problems.append(f"{page}: chart {ident} draws no data in the browser ({share:.2%} of its pixels in colour)")
        for line in console_errors(chart_run.stderr):
            problems.append(f"{page}: chart {ident}: console: {line.strip()}")
    print(f"checked {os.path.relpath(page, reports)}: {len(found)} chart(s) -> {shot}")


# The check's own test: pages it must fail, a fault each (a label over another, a label cut
# without its whole text, a label past its chart's edge, a number cut by the window's edge, a
# comparison below the first screen), and one it must pass.
SELF_TEST_SVG = '<svg class="chart" id="c" width="400" height="60" viewBox="0 0 400 60">{}</svg>'
SELF_TEST_PAGES = {
    "overlapping-labels": (True, SELF_TEST_SVG.format('<text x="10" y="30">kills per hour</text><text x="30" y="30">launch wait</text>')),
    "cut-label": (True, SELF_TEST_SVG.format('<text x="10" y="30">com.spo\u2026music</text>')),
    "label-outside": (True, SELF_TEST_SVG.format('<text x="330" y="30">frees-most · 4 GB pool</text>')),
    "cut-number": (True, '<table><tr><td style="min-width:1250px">p_holm</td><td>2.966e-48</td></tr></table>'),
    "answer-below": (True, '<div style="height:900px"></div><section id="comparison">'
                     + SELF_TEST_SVG.format('<text x="10" y="30">kills per hour</text>') + '</section>'),
    "good": (False, '<section id="comparison">' + SELF_TEST_SVG.format('<text x="10" y="30">kills per hour</text>'
                                                                     '<text x="200" y="30">launch wait</text>')
             + '</section><table><tr><td>p_holm</td><td>2.966e-48</td></tr></table>'),
}


def self_test(browser, work):
    """Each of SELF_TEST_PAGES in its own folder (beside a groups.csv when it has a comparison,
    so that its first screen must show it), checked as a page's copy is: exit 1 when the check
    passes a bad one, fails the good one, or fails a bad one for more than its one fault."""
    wrong = 0
    for name, (bad, body) in SELF_TEST_PAGES.items():
        folder = os.path.join(work, "self-test", name)
        os.makedirs(folder, exist_ok=True)
        if "comparison" in body:
            with open(os.path.join(folder, "groups.csv"), "w", encoding="utf-8") as file:
                file.write("policy,runs\n")
        page = os.path.join(folder, "index.html")
        with open(page, "w", encoding="utf-8") as file:
            file.write("<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head><body style=\"margin:0\">" + body + "</body></html>")
        problems = []
        check_text_boxes(browser, page, os.path.join(work, "self-test-measure"), problems)
        if bool(problems) != bad or len(problems) > 1:
            wrong += 1
            print(f"FAIL self-test {name}: expected {'a failure' if bad else 'a pass'}, got {problems or 'a pass'}", file=sys.stderr)
        else:
            print(f"self-test {name}: {'failed as it must: ' + problems[0] if bad else 'passed'}")
    print(f"browser-check self-test: {len(SELF_TEST_PAGES) - wrong} of {len(SELF_TEST_PAGES)} as expected")
    return 1 if wrong else 0


def main():
    if sys.argv[1:2] == ["--self-test"]:
        return self_test(sys.argv[2], sys.argv[3])
    text_only = sys.argv[1:2] == ["--text-only"]
    browser, reports, png_dir = sys.argv[2:5] if text_only else sys.argv[1:4]
    os.makedirs(png_dir, exist_ok=True)
    pages = sorted(os.path.join(folder, "index.html") for folder, _, files in os.walk(reports) if "index.html" in files)
    if not pages:
        print(f"browser-check: no index.html under {reports}", file=sys.stderr)
        return 1
    failed = 0
    for page in pages:
        problems = []
        if not text_only:
            check_page(browser, page, reports, png_dir, problems)
        texts = check_text_boxes(browser, page, os.path.join(png_dir, "measure"), problems)
        print(f"labels {os.path.relpath(page, reports)}: {texts} text(s) measured")
        # The batch's figures/ and every `report --figures` folder beside it (figures-3.5, figures-7).
        folder = os.path.dirname(page)
        for figures in sorted(os.path.join(folder, name) for name in os.listdir(folder) if name.startswith("figures")):
            if not os.path.isdir(figures):
                continue
            shown = figures_page(figures, os.path.join(png_dir, "figures"))
            texts = check_text_boxes(browser, shown, os.path.join(png_dir, "measure"), problems)
            if not text_only:
                name = os.path.relpath(figures, reports).replace("/", "__")
                chromium(browser, [f"--screenshot={os.path.join(png_dir, name + '.png')}", f"--window-size=520,{HEIGHT}"],
                         "file://" + os.path.abspath(shown))
            print(f"labels {os.path.relpath(figures, reports)}: {texts} text(s) measured")
        for problem in problems:
            print("FAIL " + problem, file=sys.stderr)
        failed += 1 if problems else 0
    print(f"browser-check: screenshots in {png_dir}")
    # The closing line counts pages.
    print(f"browser-check: {len(pages) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
