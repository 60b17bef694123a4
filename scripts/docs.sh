#!/usr/bin/env bash
# The library's DocC documentation (Sources/SuspendSim/SuspendSim.docc, with the symbols of
# SuspendSim and of SuspendSimCore, which it re-exports), built with the toolchain's own `docc`
# and no warning allowed (--warnings-as-errors). It does what `swift package
# generate-documentation` does without the swift-docc-plugin dependency, which every package
# that depends on this one would resolve and whose plugins it would compile
# (docs/architecture.md, "The library product").
# The symbol graphs come from the debug build with the flags scripts/test.sh uses, so that
# after it nothing is rebuilt.
#
# usage: scripts/docs.sh [OUTPUT]   (default .build/SuspendSim.doccarchive)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build/SuspendSim.doccarchive}
case "$out" in -*) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
graphs=$(mktemp -d "${TMPDIR:-/tmp}/suspendsim-symbols.XXXXXX")
trap 'rm -rf "$graphs"' EXIT
swift package -Xswiftc -DSUSPENDSIM_INTERNAL_CHECKS dump-symbol-graph --minimum-access-level public >/dev/null
dumped=$(find .build/ -path '*/symbolgraph/*' -name 'SuspendSim*.symbols.json' -newer Package.swift -print -quit | xargs dirname)
cp "$dumped"/SuspendSim.symbols.json "$dumped"/SuspendSim@*.symbols.json "$graphs"/
rm -rf "$out"
docc convert Sources/SuspendSim/SuspendSim.docc --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name SuspendSim --fallback-bundle-identifier suspendsim.SuspendSim \
  --output-path "$out" --warnings-as-errors
echo "docs: $out"
