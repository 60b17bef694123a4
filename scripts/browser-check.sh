#!/usr/bin/env bash
# Checks the HTML report in a real browser (SPEC 15): installs Debian's chromium when it is
# missing, runs the bundled scenarios and a small batch with --html, then loads every page in
# headless chromium: each page must have its charts, each chart must draw data, nothing may be
# fetched, and no console error may be logged. Every page is also screenshot at 1280x2000.
#
#   scripts/browser-check.sh [PNG_DIR]      PNGs go to PNG_DIR (default: .build/browser-check)
#
# SUSPENDSIM_BIN names the executable to use (CI passes the one scripts/test.sh built); without
# it, the script builds one with `swift build`.
set -euo pipefail
cd "$(dirname "$0")/.."

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

python3 scripts/browser-check.py "$browser" "$work/reports" "$png_dir"
