#!/usr/bin/env bash
# The validation table of docs/validation.md for one JetsamEvent report: the device's real kill
# order of suspended apps against each policy's predicted order (SPEC 12).
#
#   scripts/validate-jetsam.sh REPORT.ips
#
# It runs `suspendsim import jetsam REPORT --replay-kills`, then the scenario under every
# built-in policy, and prints a Markdown table: each policy's memory-pressure kills in order,
# how many positions match the real order, and whether the order is reproduced exactly (what
# `suspendsim check FILE --policy all` asserts). Set SUSPENDSIM_BIN to use a built binary.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 1 ] || { echo "usage: scripts/validate-jetsam.sh REPORT.ips" >&2; exit 64; }
report=$1
bin=${SUSPENDSIM_BIN:-}
if [ -z "$bin" ]; then
  ./scripts/build-release.sh >&2
  bin=.build/release/suspendsim
fi
scratch=$(mktemp -d "${TMPDIR:-/tmp}/suspendsim-validate.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

"$bin" import jetsam "$report" --replay-kills -o "$scratch/replay.yaml" >/dev/null
# The real order: expect.evictions of the imported scenario (ids are double-quoted).
real=$(sed -n 's/^  evictions: \[\(.*\)\].*/\1/p' "$scratch/replay.yaml" | sed 's/", "/,/g; s/"//g')
echo "**$(basename "$report")**: $(sed -n 's/^# Read: //p' "$scratch/replay.yaml")"
echo
if [ -z "$real" ]; then
  echo "The report killed no suspended app: there is no kill order of apps to compare."
  sed -n "s/^# Killed, not replayed ([^)]*): /- killed, not replayed: /p" "$scratch/replay.yaml"
  exit 0
fi
echo "| policy | predicted order | positions matched | reproduces the device |"
echo "|---|---|---|---|"
echo "| (device) | ${real//,/, } | | |"
for policy in jetsam largest-first lru lmkd; do
  rm -rf "$scratch/out"
  "$bin" run "$scratch/replay.yaml" --policy "$policy" --out "$scratch/out" >/dev/null
  predicted=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    $col["reason"] == "memory-pressure" { gsub(/"/, "", $col["app"]); printf "%s%s", sep, $col["app"]; sep = "," }' \
    "$scratch"/out/*/evictions.csv)
  matched=$(awk -v a="$real" -v b="$predicted" 'BEGIN { n = split(a, x, ","); split(b, y, ","); m = 0;
    for (i = 1; i <= n; i++) if (x[i] == y[i]) m++; printf "%d of %d", m, n }')
  same=no
  [ "$predicted" = "$real" ] && same=yes
  echo "| \`$policy\` | ${predicted//,/, } | $matched | $same |"
done
