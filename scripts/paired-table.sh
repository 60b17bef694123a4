#!/usr/bin/env bash
# A Markdown table of a paired comparison, for the docs (scripts/check-docs.sh re-runs it):
# each metric's mean under the baseline and under the policy (groups.csv), their difference
# with its 95 % interval, the pairs and Wilcoxon's p (paired.csv), one row per metric in the
# order given.
#
#   scripts/paired-table.sh Reports/study lru lmkd kills_per_hour hot_launch_ratio
#
# The folder is a batch's --out folder with groups.csv and paired.csv of one setting of the
# other --by keys (the first rows that match are taken).
set -euo pipefail
[ $# -ge 4 ] || { echo "usage: scripts/paired-table.sh FOLDER BASELINE POLICY METRIC..." >&2; exit 64; }
folder=$1 baseline=$2 policy=$3
shift 3
echo "| metric | $baseline mean | $policy mean | $policy − $baseline | pairs | Wilcoxon p |"
echo "|---|---|---|---|---|---|"
for metric in "$@"; do
  awk -F, -v metric="$metric" -v baseline="$baseline" -v policy="$policy" '
    FNR == 1 { delete col; for (i = 1; i <= NF; i++) col[$i] = i; file++; next }
    file == 1 && $col["policy"] == baseline && !(1 in mean) { mean[1] = $col[metric "_mean"] }
    file == 1 && $col["policy"] == policy && !(2 in mean) { mean[2] = $col[metric "_mean"] }
    file == 2 && $col["metric"] == metric && $col["policy"] == policy && $col["baseline"] == baseline && !found {
      found = 1; diff = $col["mean_diff"]; low = $col["ci_low"]; high = $col["ci_high"]; pairs = $col["pairs"]; p = $col["wilcoxon_p"]
    }
    END {
      if (!(1 in mean) || !(2 in mean) || !found) { print "paired-table.sh: no " metric " for " policy " against " baseline > "/dev/stderr"; exit 2 }
      sign = substr(diff, 1, 1) == "-" ? "" : "+"
      printf "| `%s` | %s | %s | %s%s (%s to %s) | %s | %s |\n", metric, mean[1], mean[2], sign, diff, low, high, pairs, p
    }' "$folder/groups.csv" "$folder/paired.csv"
done
