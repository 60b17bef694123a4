#!/usr/bin/python3
"""Re-draws a figure of `suspendsim report DIR --figures OUT` from its CSV, with matplotlib.

    /usr/bin/python3 scripts/plot.py OUT/pressure-kills-per-hour.csv [IMAGE] [--width 3.5|7]

IMAGE (default: the CSV's name with .png) may end in .png, .pdf or .svg. Each figure's CSV holds
exactly what the chart draws, one row per marker or bar, its series in the `label` column
(docs/research.md, "Figures as files"); this script reads the kind of chart from the columns:

- `label,<x key>,<y>,low,high`: a line per label against the x key, the interval as error bars;
  a row without an x is a reference line (the observed value of a calibration chart);
- `label,panel,<x key>,<y>,low,high`: the same, a panel per `panel` (a comparison's small
  multiples, sharing the y scale; a what-if's panels, the reference line in each);
- `label,panel,app,survival,low,high`: survival per app, a panel per `panel`;
- `label,panel,value,low,high`: the per-point bars, a panel per `panel`;
- `label,time_s,mb,low,high`: memory over time, a step line per label, thresholds dashed;
- `label,state,start_s,end_s`: the state timeline, a lane per label;
- `label,assumption,end,assumption_value,mean`: a tornado (how far the answer moves), a bar per
  assumption and end from the `defaults` row's answer.

Every row ends with the SVG's own style of its series (`colour`, `marker`, `dash`: one style
table, SeriesStyle's, for the SVG and for this script) and the axes' titles in words (`x_title`,
`y_title`), so that the re-drawn figure has the SVG's colours, markers, line styles and words.
The legend sits under the plot in as many columns as fit the width. `--check` says whether the
legend and every text lie inside the figure at 7 pt or more, no two texts overlapping (exit 1
naming what does not).

Needs matplotlib and pandas (scripts/setup.sh installs Debian's python3-matplotlib and
python3-pandas, which /usr/bin/python3 sees; a pyenv `python3` may not).
"""
import argparse
import os
import sys
import textwrap

import matplotlib
import matplotlib.ticker
import matplotlib.transforms

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

HEIGHT_RATIO = 2 / 3
plt.rcParams["font.size"] = 7
SMALLEST_PT = 7
# The SVG's marker shapes and line styles (SeriesMarker.Shape, SeriesStyle.Dash) in matplotlib's words.
MARKERS = {"circle": "o", "square": "s", "triangle": "^", "diamond": "D", "triangleDown": "v", "bar": "s"}
DASHES = {"solid": "-", "dashed": "--", "dotted": ":", "dashDotted": "-."}


class Styles:
    """Each label's colour, marker and line style from the CSV's style columns (none in an
    older CSV: matplotlib's own), and the axes' words."""

    def __init__(self, frame):
        self.by_label = {}
        if "colour" in frame.columns:
            for _, row in frame.drop_duplicates("label").iterrows():
                if isinstance(row["colour"], str) and row["colour"]:
                    self.by_label[row["label"]] = {"color": row["colour"], "marker": MARKERS.get(row["marker"], "o"),
                                                   "linestyle": DASHES.get(row["dash"], "-")}
        self.x_title = first_text(frame, "x_title")
        self.y_title = first_text(frame, "y_title")

    def of(self, label, line=True):
        style = dict(self.by_label.get(label, {}))
        if not line:
            style.pop("linestyle", None)
        return style


def first_text(frame, column):
    if column not in frame.columns:
        return None
    values = [value for value in frame[column] if isinstance(value, str) and value]
    return values[0] if values else None


STYLE_COLUMNS = ["colour", "marker", "dash", "x_title", "y_title"]


def ordered(values):
    """Values in order of first appearance (every empty cell, NaN, one value)."""
    return list(pd.unique(pd.Series(list(values), dtype=object)))


def errors(frame):
    """Matplotlib's asymmetric error bars from `low` and `high` (none where empty)."""
    low = (frame["y"] - frame["low"]).fillna(0)
    high = (frame["high"] - frame["y"]).fillna(0)
    return [low.to_numpy(), high.to_numpy()]


def line_chart(frame, ax, styles):
    x_key, y_key = frame.columns[1], frame.columns[2]
    frame = frame.rename(columns={y_key: "y"})
    reference = frame[frame[x_key].isna()]
    points = frame[frame[x_key].notna()]
    numeric = pd.to_numeric(points[x_key], errors="coerce")
    if numeric.notna().all():
        points = points.assign(x=numeric)
        values = sorted(set(numeric))
        if len(values) <= 6:
            # The swept values themselves, as the SVG ticks them (no round ticks to meet a neighbour's).
            ax.set_xticks(values, [f"{value:g}" for value in values])
    else:
        positions = {value: index for index, value in enumerate(ordered(points[x_key]))}
        points = points.assign(x=points[x_key].map(positions))
        ax.set_xticks(list(positions.values()), list(positions.keys()), rotation=30, ha="right")
    for label in ordered(points["label"]):
        series = points[points["label"] == label].sort_values("x")
        style = {"marker": "o"} | styles.of(label)
        ax.errorbar(series["x"], series["y"], yerr=errors(series), capsize=3, markersize=4, label=label, **style)
    for _, row in reference.iterrows():
        ax.axhline(row["y"], linestyle="--", color="black", linewidth=1, label=row["label"])
    ax.set_xlabel(styles.x_title or x_key)
    ax.set_ylabel(styles.y_title or y_key)


def panels(frame, fig, draw, columns=None, share="y"):
    """A panel per `panel` value: `columns` to a row (all in one row by default)."""
    names = ordered(frame["panel"])
    columns = min(columns or len(names), len(names))
    rows = (len(names) + columns - 1) // columns
    axes = fig.subplots(rows, columns, sharey=share in ("y", "both"), sharex=share in ("x", "both"), squeeze=False).flatten()
    for ax, name in zip(axes, names):
        draw(frame[frame["panel"] == name], ax)
        ax.set_title(name, fontsize=SMALLEST_PT)
    for ax in axes[len(names):]:
        ax.set_visible(False)
    return axes[len(names) - 1]


def line_panels(frame, fig, styles, width):
    """`label,panel,<x key>,<y>,low,high`: a line chart per panel, one column at 3.5 in, two at
    7, as the SVG lays them out. A comparison's small multiples (a panel per value of the lines'
    second key) share the y scale, as the SVG's do; a what-if's panels (y `mean_diff`) each have
    their own, with the reference line (a row without a panel) in each."""
    reference = frame[frame["panel"].isna()]
    points = frame[frame["panel"].notna()]
    if points.empty:
        return None

    is_what_if = frame.columns[3] == "mean_diff"
    # A comparison's y axis starts at 0, as the SVG's does (lower only for a value below 0), so
    # that panels and policies compare by height; a what-if's differences keep their own range.
    lowest = min(0.0, float(pd.concat([frame[frame.columns[3]], frame["low"]]).min()))

    def draw(part, ax):
        line_chart(pd.concat([part, reference]).drop(columns=["panel"]), ax, styles)
        if not is_what_if:
            ax.set_ylim(bottom=lowest)

    share = "x" if is_what_if else "both"
    return panels(points, fig, draw, columns=1 if width < 7 else 2, share=share)


def survival_chart(frame, fig, styles, width):
    # A chart of one panel writes its panel empty.
    frame = frame.assign(panel=frame["panel"].fillna(""))
    apps = ordered(frame["app"])
    labels = ordered(frame["label"])

    def draw(part, ax):
        for offset, label in enumerate(labels):
            rows = part[part["label"] == label].rename(columns={"survival": "y"})
            rows = rows.assign(pos=rows["app"].map({app: index for index, app in enumerate(apps)}) + 0.15 * offset)
            style = {"marker": "o"} | styles.of(label, line=False)
            ax.errorbar(rows["y"], rows["pos"], xerr=errors(rows), linestyle="none", capsize=2, markersize=3, label=label, **style)
        ax.set_yticks(range(len(apps)), apps, fontsize=SMALLEST_PT)
        ax.set_xlim(0, 1)
        ax.invert_yaxis()

    # One column at 3.5 in (as the SVG lays it out), two at 7.
    return panels(frame, fig, draw, columns=survival_columns(width))


def survival_columns(width):
    return 1 if width < 7 else 2


def bar_chart(frame, fig, styles, width):
    def draw(part, ax):
        part = part.rename(columns={"value": "y"})
        colours = [styles.of(label).get("color", "#0072B2") for label in part["label"]]
        ax.barh(range(len(part)), part["y"], xerr=errors(part), capsize=2, color=colours)
        ax.set_yticks(range(len(part)), [wrapped(label, width) for label in part["label"]], fontsize=SMALLEST_PT)
        ax.invert_yaxis()
        # From 0, as the SVG's bars: a ratio to 1, kills to their most (at least 1); three ticks,
        # so that they never meet in a narrow panel.
        most = max(float(part["high"].fillna(part["y"]).max()), float(part["y"].max()))
        ax.set_xlim(0, 1.0 if "ratio" in str(part["panel"].iloc[0]) else max(most * 1.05, 1.0))
        ax.xaxis.set_major_locator(matplotlib.ticker.MaxNLocator(3))

    # One panel under the other, each with its own scale and the rows' names: side by side,
    # one panel's ticks meet the next one's.
    last = panels(frame, fig, draw, columns=1, share=None)
    # Each panel's title at its plot's right edge: over a narrow plot beside long row labels, a
    # centred title would pass the figure's edge.
    for ax in fig.axes:
        if ax.get_visible():
            ax.set_title(ax.get_title(), fontsize=SMALLEST_PT, loc="right")
            ax.set_title("", loc="center")
    return last


def wrapped(label, width):
    """A row's label on lines of at most 8.6 characters an inch of the figure's width (30 at 3.5 in,
    about half of it at 7 pt), broken between its " · " parts, so that no part is cut."""
    room = int(width * 8.6)
    lines = [""]
    for part in label.split(" · "):
        if lines[-1] and len(lines[-1]) + 3 + len(part) > room:
            lines.append(part)
        else:
            lines[-1] = lines[-1] + " · " + part if lines[-1] else part
    return "\n".join(lines)


# The tornado's ends as the SVG colours them (TornadoChart: the palette's c1 and c2), for a CSV
# whose style columns are empty.
TORNADO_COLOURS = {"low end": "#56B4E9", "high end": "#009E73"}


def tornado_chart(frame, ax, styles):
    """`label,assumption,end,assumption_value,mean` (SPEC 39): a row per assumption, largest
    swing first as the CSV lists them, a bar from the answer at the defaults (the `defaults`
    row, a dashed line) to its mean at each end of the assumption's range."""
    defaults = frame[frame["assumption"].isna()]
    ends = frame[frame["assumption"].notna()]
    base = float(defaults["mean"].iloc[0]) if not defaults.empty else 0.0
    assumptions = ordered(ends["assumption"])
    for label in ordered(ends["label"]):
        rows = ends[ends["label"] == label]
        positions = [assumptions.index(key) for key in rows["assumption"]]
        colour = styles.of(label).get("color", TORNADO_COLOURS.get(label, "#999999"))
        ax.barh(positions, rows["mean"] - base, left=base, height=0.6, color=colour, label=label)
    ax.axvline(base, linestyle="--", color="black", linewidth=1, label="defaults")
    ax.set_yticks(range(len(assumptions)), assumptions, fontsize=SMALLEST_PT)
    ax.invert_yaxis()
    ax.set_xlabel(styles.x_title or "mean")


def memory_chart(frame, ax, styles):
    thresholds = frame[frame["time_s"].isna()]
    lines = frame[frame["time_s"].notna()]
    for label in ordered(lines["label"]):
        series = lines[lines["label"] == label]
        style = {key: value for key, value in styles.of(label).items() if key == "color"}
        ax.step(series["time_s"], series["mb"], where="post", linewidth=1, label=label, **style)
    for _, row in thresholds.iterrows():
        ax.axhline(row["mb"], linestyle="--", color="grey", linewidth=1, label=row["label"])
    ax.set_xlabel(styles.x_title or "time (s)")
    ax.set_ylabel(styles.y_title or "MB")


def timeline_chart(frame, ax):
    lanes = ordered(frame["label"])
    colours = {"active": "#0072B2", "inactive": "#56B4E9", "background": "#E69F00", "suspended": "#999999"}
    for lane, label in enumerate(lanes):
        bars = frame[frame["label"] == label]
        for state in ordered(bars["state"]):
            part = bars[bars["state"] == state]
            ax.broken_barh(list(zip(part["start_s"], part["end_s"] - part["start_s"])), (lane - 0.4, 0.8),
                           color=colours.get(state, "black"))
    ax.set_yticks(range(len(lanes)), lanes, fontsize=SMALLEST_PT)
    ax.invert_yaxis()
    ax.set_xlabel("time (s)")


def main():
    parser = argparse.ArgumentParser(description="Re-draw a suspendsim figure from its CSV.")
    parser.add_argument("csv")
    parser.add_argument("image", nargs="?")
    parser.add_argument("--width", type=float, default=3.5, choices=[3.5, 7.0], help="inches (default 3.5)")
    parser.add_argument("--check", action="store_true", help="exit 1 when the legend leaves the figure or a text is under 7 pt")
    args = parser.parse_args()
    frame = pd.read_csv(args.csv, keep_default_na=False, na_values=[""], dtype={"label": str})
    if frame.columns[0] != "label":
        sys.exit(f"{args.csv}: not a suspendsim figure CSV (its first column is not `label`)")
    styles = Styles(frame)
    frame = frame.drop(columns=[column for column in STYLE_COLUMNS if column in frame.columns])
    fig = plt.figure(figsize=(args.width, height(frame, args.width)), constrained_layout=True)
    columns = set(frame.columns)
    if {"state", "start_s", "end_s"} <= columns:
        timeline_chart(frame, fig.add_subplot())
        legend_ax = None
    elif {"assumption", "end", "mean"} <= columns:
        legend_ax = fig.add_subplot()
        tornado_chart(frame, legend_ax, styles)
    elif "time_s" in columns:
        legend_ax = fig.add_subplot()
        memory_chart(frame, legend_ax, styles)
    elif {"panel", "app"} <= columns:
        legend_ax = survival_chart(frame, fig, styles, args.width)
    elif "panel" in columns and frame.columns[2] not in ("value",):
        legend_ax = line_panels(frame, fig, styles, args.width)
    elif "panel" in columns:
        bar_chart(frame, fig, styles, args.width)
        legend_ax = None
    else:
        legend_ax = fig.add_subplot()
        line_chart(frame, legend_ax, styles)
    if legend_ax is not None:
        fitted_legend(fig, ordered(frame["label"].dropna()))
    image = args.image or os.path.splitext(args.csv)[0] + ".png"
    fig.savefig(image, dpi=200)
    print(image)
    if args.check:
        problems = check(fig)
        for problem in problems:
            print(f"{args.csv}: {problem}", file=sys.stderr)
        return 1 if problems else 0
    return 0


def height(frame, width):
    """The figure's height in inches: two thirds of its width, or more for what it stacks: a
    row of 7 pt per app (and per bar) in each panel, a panel per row of a what-if at 3.5 in."""
    columns = set(frame.columns)
    one_column = width < 7
    if {"panel", "app"} <= columns:
        panel_rows = -(-len(ordered(frame["panel"])) // survival_columns(width))
        rows = len(ordered(frame["app"])) * panel_rows
        return max(width * HEIGHT_RATIO, 0.16 * rows + 0.9 * panel_rows + 0.8)
    if "panel" in columns and frame.columns[2] == "value":
        lines = sum(wrapped(label, width).count("\n") + 1 for label in frame["label"])
        return max(width * HEIGHT_RATIO, 0.11 * lines + 0.06 * len(frame) + 0.9 * len(ordered(frame["panel"])) + 0.6)
    if "panel" in columns:
        panels = len(ordered(frame["panel"].dropna()))
        rows = panels if one_column else (panels + 1) // 2
        return max(width * HEIGHT_RATIO, 1.7 * rows + 0.9)
    if {"state", "start_s", "end_s"} <= columns:
        return max(width * HEIGHT_RATIO, 0.18 * len(ordered(frame["label"])) + 0.8)
    return width * HEIGHT_RATIO


def fitted_legend(fig, order):
    """The figure's legend under its plots, in as many columns as keep it within the figure's
    width (from one per entry down to one), in a strip at the bottom that the layout leaves it."""
    # Every panel's entries, each label once (a policy drawn in every panel, the reference
    # line in each), in the CSV's order (the series, then the reference lines).
    entries = {}
    for each in fig.axes:
        for handle, label in zip(*each.get_legend_handles_labels()):
            entries.setdefault(label, handle)
    labels = sorted(entries, key=lambda label: order.index(label) if label in order else len(order))
    handles = [entries[label] for label in labels]
    # A label longer than the figure's width at 7 pt (about 14 characters an inch) wraps.
    room = int(fig.get_figwidth() * 14)
    labels = [textwrap.fill(label, room) if len(label) > room else label for label in labels]
    if not handles:
        return
    renderer = fig.canvas.get_renderer()
    bounds = fig.get_window_extent(renderer)
    legend = None
    for ncol in range(len(handles), 0, -1):
        if legend is not None:
            legend.remove()
        legend = fig.legend(handles, labels, loc="lower center", bbox_to_anchor=(0.5, 0.005), ncol=ncol,
                            fontsize=SMALLEST_PT, frameon=False, handlelength=1.6, columnspacing=1.0)
        legend.set_in_layout(False)
        box = legend.get_window_extent(renderer)
        if box.x0 >= 0 and box.x1 <= bounds.x1:
            break
    strip = (legend.get_window_extent(renderer).height + 14) / bounds.height
    fig.get_layout_engine().set(rect=(0, strip, 1, 1 - strip))


def undrawn_tick_labels(fig):
    """The ids of tick labels that matplotlib keeps but does not draw: those of ticks outside
    their axis' view (a shared axis' round ticks past its data), which have no place on the page."""
    undrawn = set()
    for ax in fig.axes:
        for axis, limits in ((ax.xaxis, ax.get_xlim()), (ax.yaxis, ax.get_ylim())):
            low, high = sorted(limits)
            span = (high - low) * 1e-9
            for tick in axis.get_major_ticks() + axis.get_minor_ticks():
                location = tick.get_loc()
                if location is None or location < low - span or location > high + span:
                    undrawn.update((id(tick.label1), id(tick.label2)))
    return undrawn


def check(fig):
    """What lies outside the figure or prints under SMALLEST_PT: the legend's box, every text."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    bounds = fig.get_window_extent(renderer)
    problems = []
    for legend in fig.legends + [ax.get_legend() for ax in fig.axes if ax.get_legend() is not None]:
        if legend is not None:
            box = legend.get_window_extent(renderer)
            if box.x0 < bounds.x0 - 1 or box.x1 > bounds.x1 + 1 or box.y0 < bounds.y0 - 1 or box.y1 > bounds.y1 + 1:
                problems.append(f"the legend {tuple(round(v) for v in box.extents)} leaves the figure {tuple(round(v) for v in bounds.extents)}")
    boxes = []
    undrawn = undrawn_tick_labels(fig)
    for text in fig.findobj(matplotlib.text.Text):
        if not text.get_visible() or not text.get_text().strip() or (text.axes is not None and not text.axes.get_visible()):
            continue
        if id(text) in undrawn:
            continue
        if text.get_fontsize() < SMALLEST_PT - 0.01:
            problems.append(f"{text.get_text()!r} is {text.get_fontsize():.1f} pt, under {SMALLEST_PT} pt")
        box = text.get_window_extent(renderer)
        if box.width > 0 and box.height > 0:
            boxes.append((text.get_text(), box))
            if box.x0 < bounds.x0 - 1 or box.x1 > bounds.x1 + 1 or box.y0 < bounds.y0 - 1 or box.y1 > bounds.y1 + 1:
                problems.append(f"{text.get_text()!r} is cut by the figure's edge")
    # No two texts overlap (by more than a pixel each way), as the SVG's labels never do.
    boxes.sort(key=lambda entry: entry[1].x0)
    for index, (text, box) in enumerate(boxes):
        for other, next_box in boxes[index + 1:]:
            if next_box.x0 >= box.x1 - 1:
                break
            if min(box.y1, next_box.y1) - max(box.y0, next_box.y0) > 1 and min(box.x1, next_box.x1) - max(box.x0, next_box.x0) > 1:
                problems.append(f"texts {text!r} and {other!r} overlap")
    return problems


if __name__ == "__main__":
    sys.exit(main())
