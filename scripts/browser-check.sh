#!/usr/bin/env bash
# Checks the HTML report in a real browser (SPEC 15, 19): installs Debian's chromium when it is
# missing, runs the bundled scenarios and a few batches with --html, then loads every page in
# headless chromium: each page must have its charts, each chart must draw data, nothing may be
# fetched, no console error may be logged, and no two labels of a chart may overlap or be cut
# off (measured in the browser): no chart title or y-axis title shortened, no shortened label
# without its whole text as a <title>. Each batch's figures/*.svg, and the study's `report
# --figures` at 3.5 and 7 in, are measured the same way, at the size a paper prints them, each
# text at 7 pt or more, and scripts/plot.py --check re-draws each of those figures' CSVs. The
# study's page must be under 300,000 bytes, and the check must fail pages made to fail it
# (browser-check.py --self-test). No table cell may be cut by its table's edge, and a page with
# groups.csv (or whatif.csv) must show its answer within its first 1280x800 screen. Every page
# is also screenshot at 1280x2000.
#
#   scripts/browser-check.sh [PNG_DIR]      PNGs go to PNG_DIR (default: .build/browser-check)
#   scripts/browser-check.sh --labels [DIR] only the label check (quick; its copies go to DIR)
#
# SUSPENDSIM_BIN names the executable to use (CI passes the one scripts/test.sh built); without
# it, the script builds one with `swift build`.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=()
if [ "${1:-}" = "--labels" ]; then mode=(--text-only); shift; fi

browser=""
for name in chromium chromium-browser; do
  if command -v "$name" >/dev/null 2>&1; then browser="$name"; break; fi
done
if [ -z "$browser" ]; then
  ./scripts/setup.sh chromium python3
  browser=chromium
else
  ./scripts/setup.sh python3
fi

bin="${SUSPENDSIM_BIN:-}"
if [ -z "$bin" ]; then
  ./scripts/setup.sh
  swift build --product suspendsim
  bin=.build/debug/suspendsim
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/suspendsim-browser-check.XXXXXX")"
trap 'rm -rf "$work"' EXIT
png_dir="${1:-.build/browser-check}"
mkdir -p "$png_dir"

# The bundled scenarios (the day scenario as a 3-replicate batch), and a small batch with a
# page per run: two policies at two RAM sizes, two replicates each, with --details.
"$bin" run Scenarios --replicates 3 --html --out "$work/reports/bundled" >/dev/null
"$bin" run Scenarios/day-on-a-3gb-phone.yaml --replicates 2 --set device.ram_mb=2048,3072 \
  --set policy=largest-first,jetsam --details --html --out "$work/reports/batch" >/dev/null
# SPEC 19's pages: a sweep of 30 values of a long app key under every policy; the field
# calibration's sweep with observed.csv; and app ids of 60 characters, on the batch page and
# on every run's page (memory-pressure.yaml with its ids lengthened).
"$bin" run Scenarios/photo-editor.yaml --policy all \
  --set "app.com.example.photoeditor.suspended_mb=$(seq -s, 40 5 185)" --html --out "$work/reports/sweep" >/dev/null
"$bin" run Scenarios/field-calibration.yaml --html --out "$work/reports/calibration" >/dev/null
# Values that are not numbers (an evenly spaced axis), and two long keys swept together (a
# survival panel per point, its title a line per key).
"$bin" run Scenarios/photo-editor.yaml --policy all --set app.com.example.photoeditor.suspended_mb=120 \
  --set device.model=iphone-xs,iphone-xs-max,iphone-xr,iphone-11,iphone-11-pro-max,ipad-pro-12.9-2018,iphone-12,iphone-12-pro,iphone-13 \
  --html --out "$work/reports/models" >/dev/null
"$bin" run Scenarios/photo-editor.yaml --policy all --set app.com.example.photoeditor.suspended_mb=60,120 \
  --set app.com.example.photoeditor.background_mb=200,250 --html --out "$work/reports/two-keys" >/dev/null
# SPEC 21's comparison: group means against RAM by policy, and the policies as the x axis.
"$bin" run Scenarios/field-calibration.yaml --replicates 3 --set policy=jetsam,lru --set device.ram_mb=2048,3072 \
  --by policy,device.ram_mb --html --out "$work/reports/groups" >/dev/null
"$bin" run Scenarios/field-calibration.yaml --replicates 3 --set policy=jetsam,lru,largest-first --by policy --html \
  --out "$work/reports/groups-policy" >/dev/null
# SPEC 15's labels, styles and legends: the four policies × three RAM sizes (line style)
# against the compressor's labelled pool (Scenarios/compressor.yaml's labels:), 12 lines on
# each comparison chart (8 drawn, the other 4 named in a note line inside the chart and its
# figure); and a --label over the file's.
"$bin" run Scenarios/compressor.yaml --replicates 3 --set policy=largest-first,lru,jetsam,lmkd --set device.ram_mb=1536,2048,3072 \
  --by policy,device.ram_mb,device.compressor.pool_mb --html --out "$work/reports/labels" >/dev/null
"$bin" report "$work/reports/labels" --label "device.ram_mb=2048=2 GB phone" >/dev/null
# The study of issue-sized figures: 5 policies (one of them YAML) × compressor off and on × 4 RAM
# sizes over 20 users of a synthetic trace, with the compressor as its what-if: 10 series per
# comparison chart, drawn as a panel per compressor setting (Tests/Data/studies/policy-study.yaml).
mkdir -p "$work/study"
cp Tests/Data/studies/policy-study.yaml "$work/study/"
# STUDY_TRACE="292 2055" (users, rows each) makes it the 11,680-run study at full size (600,000 rows).
read -r study_users study_rows <<< "${STUDY_TRACE:-20 400}"
scripts/make-lsapp-trace.sh "$study_users" "$study_rows" 1 > "$work/study/trace.tsv" 2>/dev/null
"$bin" run "$work/study/policy-study.yaml" --baseline device.compressor.pool_mb=0 --html --out "$work/reports/study" >/dev/null
# Its figures as a paper prints them, at one column and at two (report --figures): measured as
# the batch's figures/ are, and each text must print at 7 pt or more.
for width in 3.5 7; do
  "$bin" report "$work/reports/study" --figures "$work/reports/study/figures-$width" --figure-width "$width" >/dev/null
done
# SPEC 39's sensitivity: the typical day on an iPhone 15, four assumptions at both ends, with a
# what-if: the verdict lines and a tornado per what-if app and metric on the page, and each
# tornado as a figure at 3.5 in (no text under 7 pt, nothing cut).
"$bin" run docs/examples/photo-editor-day.yaml --set device.model=iphone-15 --replicates 3 \
  --sensitivity-keys device.limit_share,device.compressor.ratio,app.*.cold_launch_s,workload.gap_s \
  --set app.com.example.photoeditor.suspended_mb=150,100 --html --out "$work/reports/sensitivity" >/dev/null 2>&1
"$bin" report "$work/reports/sensitivity" --figures "$work/reports/sensitivity/figures" >/dev/null 2>&1
python3 - Scenarios/memory-pressure.yaml "$work/long-ids.yaml" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read().replace("name: memory-pressure", "name: long-ids")
# com.example.news -> com.example.news.xxxx...: 60 characters each.
text = re.sub(r"com\.example\.(\w+)", lambda m: (m.group(0) + "." + "x" * 60)[:60], text)
open(sys.argv[2], "w", encoding="utf-8").write(text)
PY
"$bin" run "$work/long-ids.yaml" --policy all --set device.ram_mb=2048,2560 --details --html \
  --out "$work/reports/long-ids" >/dev/null

# scripts/plot.py re-draws every figure CSV of those `report --figures` folders at the width
# it was written for, its PNG beside the page's in PNG_DIR/plot-WIDTH, and --check fails a
# figure whose legend leaves it, whose text prints under 7 pt or whose texts overlap (one
# Python process for them all: matplotlib's import is most of a figure's time).
plot_failed=0
if [ ${#mode[@]} -eq 0 ]; then
  for folder in "$work/reports/study/figures-3.5" "$work/reports/study/figures-7" "$work/reports/sensitivity/figures"; do
    width=3.5
    case "$folder" in *-7) width=7 ;; esac
    mkdir -p "$png_dir/plot-$(basename "$(dirname "$folder")")-$width"
    /usr/bin/python3 - "$png_dir/plot-$(basename "$(dirname "$folder")")-$width" "$width" "$folder"/*.csv <<'PY' || plot_failed=1
import contextlib, importlib.util, io, os, sys
spec = importlib.util.spec_from_file_location("plot", "scripts/plot.py")
plot = importlib.util.module_from_spec(spec)
spec.loader.exec_module(plot)
out, width, csvs = sys.argv[1], sys.argv[2], sys.argv[3:]
failed = []
for csv in csvs:
    image = os.path.join(out, os.path.splitext(os.path.basename(csv))[0] + ".png")
    sys.argv = ["plot.py", csv, image, "--width", width, "--check"]
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            status = plot.main()
        if status != 0:
            failed.append(csv)
    except Exception as error:  # a figure plot.py cannot draw fails; the others are still drawn
        failed.append(f"{csv}: {type(error).__name__}: {error}")
    finally:
        plot.plt.close("all")
print(f"plot.py --check at {width} in: {len(csvs) - len(failed)} of {len(csvs)} figures passed" + "".join(f"\n  FAIL {name}" for name in failed))
sys.exit(1 if failed else 0)
PY
  done
fi

# The study's page, its per-app tables folded, stays under 300 KB (300,000 bytes) at any size.
study_bytes=$(wc -c < "$work/reports/study/index.html")
echo "the study's page ($study_users users): $study_bytes bytes"
[ "$study_bytes" -lt 300000 ] || { echo "browser-check: the study's page is $study_bytes bytes, not under 300 KB" >&2; plot_failed=1; }

# The check itself first fails pages made to fail it (and passes one made to pass).
python3 scripts/browser-check.py --self-test "$browser" "$work/self-test" || plot_failed=1
python3 scripts/browser-check.py "${mode[@]}" "$browser" "$work/reports" "$png_dir"
if [ "$plot_failed" -ne 0 ]; then
  echo "browser-check: the self-test, scripts/plot.py --check or the study page's size failed (above)" >&2
  exit 1
fi
