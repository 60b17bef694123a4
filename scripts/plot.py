#!/usr/bin/python3
"""Re-draws a figure of `suspendsim report DIR --figures OUT` from its CSV, with matplotlib.

    /usr/bin/python3 scripts/plot.py OUT/pressure-kills-per-hour.csv [IMAGE] [--width 3.5|7]

IMAGE (default: the CSV's name with .png) may end in .png, .pdf or .svg. Each figure's CSV holds
exactly what the chart draws, one row per marker or bar, its series in the `label` column
(docs/research.md, "Figures as files"); this script reads the kind of chart from the columns:

- `label,<x key>,<y>,low,high`: a line per label against the x key, the interval as error bars;
  a row without an x is a reference line (the observed value of a calibration chart);
- `label,panel,app,survival,low,high`: survival per app, a panel per `panel`;
- `label,panel,value,low,high`: the per-point bars, a panel per `panel`;
- `label,time_s,mb,low,high`: memory over time, a step line per label, thresholds dashed;
- `label,state,start_s,end_s`: the state timeline, a lane per label.

Needs matplotlib and pandas (scripts/setup.sh installs Debian's python3-matplotlib and
python3-pandas, which /usr/bin/python3 sees; a pyenv `python3` may not).
"""
import argparse
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

HEIGHT_RATIO = 2 / 3
plt.rcParams["font.size"] = 7


def ordered(values):
    """Values in order of first appearance."""
    return list(dict.fromkeys(values))


def errors(frame):
    """Matplotlib's asymmetric error bars from `low` and `high` (none where empty)."""
    low = (frame["y"] - frame["low"]).fillna(0)
    high = (frame["high"] - frame["y"]).fillna(0)
    return [low.to_numpy(), high.to_numpy()]


def line_chart(frame, ax):
    x_key, y_key = frame.columns[1], frame.columns[2]
    frame = frame.rename(columns={y_key: "y"})
    reference = frame[frame[x_key].isna()]
    points = frame[frame[x_key].notna()]
    numeric = pd.to_numeric(points[x_key], errors="coerce")
    if numeric.notna().all():
        points = points.assign(x=numeric)
    else:
        positions = {value: index for index, value in enumerate(ordered(points[x_key]))}
        points = points.assign(x=points[x_key].map(positions))
        ax.set_xticks(list(positions.values()), list(positions.keys()), rotation=30, ha="right")
    for label in ordered(points["label"]):
        series = points[points["label"] == label].sort_values("x")
        ax.errorbar(series["x"], series["y"], yerr=errors(series), marker="o", capsize=3, label=label)
    for _, row in reference.iterrows():
        ax.axhline(row["y"], linestyle="--", color="black", linewidth=1, label=row["label"])
    ax.set_xlabel(x_key)
    ax.set_ylabel(y_key)


def panels(frame, fig, draw):
    names = ordered(frame["panel"])
    axes = fig.subplots(1, len(names), sharey=True, squeeze=False)[0]
    for ax, name in zip(axes, names):
        draw(frame[frame["panel"] == name], ax)
        ax.set_title(name, fontsize="small")
    return axes[-1]


def survival_chart(frame, fig):
    apps = ordered(frame["app"])
    labels = ordered(frame["label"])

    def draw(part, ax):
        for offset, label in enumerate(labels):
            rows = part[part["label"] == label].rename(columns={"survival": "y"})
            rows = rows.assign(pos=rows["app"].map({app: index for index, app in enumerate(apps)}) + 0.15 * offset)
            ax.errorbar(rows["y"], rows["pos"], xerr=errors(rows), fmt="o", capsize=2, label=label)
        ax.set_yticks(range(len(apps)), apps, fontsize="x-small")
        ax.set_xlim(0, 1)
        ax.invert_yaxis()

    return panels(frame, fig, draw)


def bar_chart(frame, fig):
    def draw(part, ax):
        part = part.rename(columns={"value": "y"})
        ax.barh(range(len(part)), part["y"], xerr=errors(part), capsize=2)
        ax.set_yticks(range(len(part)), part["label"], fontsize="x-small")
        ax.invert_yaxis()

    return panels(frame, fig, draw)


def memory_chart(frame, ax):
    thresholds = frame[frame["time_s"].isna()]
    lines = frame[frame["time_s"].notna()]
    for label in ordered(lines["label"]):
        series = lines[lines["label"] == label]
        ax.step(series["time_s"], series["mb"], where="post", linewidth=1, label=label)
    for _, row in thresholds.iterrows():
        ax.axhline(row["mb"], linestyle="--", color="grey", linewidth=1, label=row["label"])
    ax.set_xlabel("time (s)")
    ax.set_ylabel("MB")


def timeline_chart(frame, ax):
    lanes = ordered(frame["label"])
    colours = {"active": "#0072B2", "inactive": "#56B4E9", "background": "#E69F00", "suspended": "#999999"}
    for lane, label in enumerate(lanes):
        bars = frame[frame["label"] == label]
        for state in ordered(bars["state"]):
            part = bars[bars["state"] == state]
            ax.broken_barh(list(zip(part["start_s"], part["end_s"] - part["start_s"])), (lane - 0.4, 0.8),
                           color=colours.get(state, "black"))
    ax.set_yticks(range(len(lanes)), lanes, fontsize="x-small")
    ax.invert_yaxis()
    ax.set_xlabel("time (s)")


def main():
    parser = argparse.ArgumentParser(description="Re-draw a suspendsim figure from its CSV.")
    parser.add_argument("csv")
    parser.add_argument("image", nargs="?")
    parser.add_argument("--width", type=float, default=3.5, choices=[3.5, 7.0], help="inches (default 3.5)")
    args = parser.parse_args()
    frame = pd.read_csv(args.csv, keep_default_na=False, na_values=[""], dtype={"label": str})
    if frame.columns[0] != "label":
        sys.exit(f"{args.csv}: not a suspendsim figure CSV (its first column is not `label`)")
    fig = plt.figure(figsize=(args.width, args.width * HEIGHT_RATIO), constrained_layout=True)
    columns = set(frame.columns)
    if {"state", "start_s", "end_s"} <= columns:
        timeline_chart(frame, fig.add_subplot())
        legend_ax = None
    elif "time_s" in columns:
        legend_ax = fig.add_subplot()
        memory_chart(frame, legend_ax)
    elif {"panel", "app"} <= columns:
        legend_ax = survival_chart(frame, fig)
    elif "panel" in columns:
        bar_chart(frame, fig)
        legend_ax = None
    else:
        legend_ax = fig.add_subplot()
        line_chart(frame, legend_ax)
    if legend_ax is not None:
        # Under the plot, outside it (constrained layout makes room for it).
        legend_ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.22), ncol=4, fontsize="x-small", frameon=False)
    image = args.image or os.path.splitext(args.csv)[0] + ".png"
    fig.savefig(image, dpi=200)
    print(image)


if __name__ == "__main__":
    main()
