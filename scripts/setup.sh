#!/usr/bin/env bash
# Installs what suspendsim needs beyond the Swift toolchain: jemalloc (the executable's
# allocator, found through pkg-config), GNU parallel (the sharded-batch test runs shards
# under it; docs/batch-runs.md), rsvg-convert (librsvg: the PDFs of `report --figures`),
# pdfinfo (poppler: the figure tests read the PDFs' size), and matplotlib and pandas for the
# system's /usr/bin/python3 (scripts/plot.py re-draws a figure from its CSV). Debian
# packages; needs root, as on the project's machines.
#
#   scripts/setup.sh [COMMAND...]   also each COMMAND missing from PATH, from the Debian
#                                   package of that name (scripts/browser-check.sh: chromium)
set -euo pipefail
missing=()
for command in "$@"; do
  command -v "$command" >/dev/null 2>&1 || missing+=("$command")
done
pkg-config --exists jemalloc 2>/dev/null || missing+=(libjemalloc-dev)
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
command -v rsvg-convert >/dev/null 2>&1 || missing+=(librsvg2-bin)
command -v pdfinfo >/dev/null 2>&1 || missing+=(poppler-utils)
# Debian's python3 packages are /usr/bin/python3's (a pyenv python3 first on PATH does not see them).
/usr/bin/python3 -c 'import matplotlib, pandas' >/dev/null 2>&1 || missing+=(python3-matplotlib python3-pandas)
{ command -v parallel >/dev/null 2>&1 && parallel --version 2>/dev/null | grep -q 'GNU parallel'; } || missing+=(parallel)
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  # Wait for another apt-get (a second checkout setting up beside this one) instead of failing.
  $SUDO apt-get -o DPkg::Lock::Timeout=600 update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get -o DPkg::Lock::Timeout=600 install -y -qq "${missing[@]}" >/dev/null
fi
