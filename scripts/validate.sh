#!/usr/bin/env bash
# The validation tables of docs/validation.md: each public real data point the project ships
# beside what the model gives for it.
#
#   scripts/validate.sh              # the table of the phone's memory (SPEC 30, 22) for every
#                                    # report in Tests/Data/jetsam/, as docs/validation.md holds it
#   scripts/validate.sh REPORT.ips   # one report's kill order against each policy's (SPEC 12)
#
# Without an argument it imports each shipped JetsamEvent report, runs it, and prints a
# Markdown table: the report's free and file-backed pages, the model's free memory at time 0
# (available memory, SPEC 30), system memory as the report gives it and as the device catalog
# gives it for that phone, and the report's compression ratio. A test keeps docs/validation.md
# and this output in step (ValidationDocTests).
#
# With a report it runs `suspendsim import jetsam REPORT --replay-kills`, then the scenario under
# every built-in policy, and prints each policy's memory-pressure kills in order, how many
# positions match the real order, and whether the order is reproduced exactly (what
# `suspendsim check FILE --policy all` asserts). Set SUSPENDSIM_BIN to use a built binary.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -le 1 ] || { echo "usage: scripts/validate.sh [REPORT.ips]" >&2; exit 64; }
bin=${SUSPENDSIM_BIN:-}
if [ -z "$bin" ]; then
  ./scripts/build-release.sh >&2
  bin=.build/release/suspendsim
fi
scratch=$(mktemp -d "${TMPDIR:-/tmp}/suspendsim-validate.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

# The value of `key` in a device.csv.
device_value() { awk -F, -v k="$2" '$1 == k { print $2 }' "$1"; }

# A comment field of an imported scenario's "Read:" line ("free 3870 pages").
read_field() { sed -n "s/^# Read: .*, $2 \([0-9]*\) pages.*/\1/p" "$1"; }

memory_table() {
  echo "| report | free pages | fileBacked pages | free at time 0 (model) | system_mb (report) | system_mb (catalog) | compression ratio |"
  echo "|---|---|---|---|---|---|---|"
  for report in Tests/Data/jetsam/*.ips; do
    name=$(basename "$report")
    "$bin" import jetsam "$report" -o "$scratch/$name.yaml" >/dev/null
    rm -rf "$scratch/out"
    "$bin" run "$scratch/$name.yaml" --policy jetsam --out "$scratch/out" >/dev/null 2>&1
    folder=$(dirname "$(ls "$scratch"/out/*/device.csv)")
    free0=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next } NR == 2 { print $col["free_mb"] }' "$folder/pressure.csv")
    file_backed=$(read_field "$scratch/$name.yaml" fileBacked)
    ratio=$(sed -n 's/^# Compressor: .*: ratio \([0-9.]*\),.*/\1/p' "$scratch/$name.yaml")
    model=$(device_value "$folder/device.csv" model)
    catalog="(not in the catalog)"
    if [ -n "$model" ]; then
      printf 'name: c\ndevice: { model: %s }\napps: [{ id: a, active_mb: 1 }]\n' "$model" > "$scratch/catalog.yaml"
      rm -rf "$scratch/catalog"
      "$bin" run "$scratch/catalog.yaml" --out "$scratch/catalog" >/dev/null 2>&1
      catalog="$(device_value "$scratch/catalog/c/device.csv" system_mb) MB ($model, $(device_value "$scratch/catalog/c/device.csv" system_source))"
    fi
    echo "| $name | $(read_field "$scratch/$name.yaml" free) | ${file_backed:-none} | $free0 MB | $(device_value "$folder/device.csv" system_mb) MB | $catalog | ${ratio:-unknown} |"
  done
}

if [ $# -eq 0 ]; then
  memory_table
  exit 0
fi

report=$1
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
