#!/usr/bin/env bash
# Prints the named columns of a CSV file, header first, comma-separated, in the order named:
#
#   scripts/columns.sh Reports/survival.csv app mean_pressure_kills never_killed_rate
#
# For the commands the docs quote (scripts/check-docs.sh): a column is found by its header
# cell, so a column added to a report does not move what a command prints. Cells are plain
# (the reports quote no cell of the columns the docs print); a name not in the header is an
# error (exit 2).
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: scripts/columns.sh FILE.csv COLUMN..." >&2; exit 64; }
file=$1
shift
awk -F, -v wanted="$*" '
  NR == 1 {
    n = split(wanted, names, " ")
    for (i = 1; i <= NF; i++) index_of[$i] = i
    for (k = 1; k <= n; k++) if (!(names[k] in index_of)) { print "columns.sh: no column " names[k] " in " FILENAME > "/dev/stderr"; exit 2 }
  }
  { line = ""; for (k = 1; k <= n; k++) line = line (k > 1 ? "," : "") $index_of[names[k]]; print line }
' "$file"
