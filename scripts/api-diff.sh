#!/usr/bin/env bash
# The public interface of the SuspendSim library (its module and SuspendSimCore, which it
# re-exports), compared between two commits: prints each public symbol that was removed (-)
# or added (+), one a line as `kind path: declaration`, removed first, then the counts.
# A symbol whose declaration changed (a new parameter, a typed throw) is one removal and one
# addition. Each side is read from the compiler's symbol graph (`swift symbolgraph-extract`,
# minimum access level public) of a debug build of the `SuspendSim` target: OLD is built from
# `git archive` in a temporary folder (minutes, cold), NEW is this working tree's own build
# when NEW is `.` (the default), with the flags of scripts/test.sh. The lists are kept under .build/api-diff/, one per commit.
#
# usage: scripts/api-diff.sh [OLD [NEW]]
#   OLD  a commit (default: ca7969ae, the last commit before the library work of the
#        "regression tests from Swift" issue)
#   NEW  a commit, or `.` for the working tree (default)
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in -h | --help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
old=${1:-ca7969ae48c466ed52e4c3e19e54f04ef342cab9}
new=${2:-.}
root=$PWD
cache="$root/.build/api-diff"
mkdir -p "$cache"

# The public symbols of the built package at $1 (a folder), sorted, into $2.
extract() {
  local folder=$1 out=$2 graphs
  graphs=$(mktemp -d "${TMPDIR:-/tmp}/suspendsim-api.XXXXXX")
  # The flags of scripts/test.sh, so that the working tree's build after the tests is reused.
  (cd "$folder" && swift build --target SuspendSim -Xswiftc -DSUSPENDSIM_INTERNAL_CHECKS >&2)
  local modules includes=()
  modules=$(cd "$folder" && swift build --show-bin-path)/Modules
  # The C modules of the dependencies (CYaml and the like) are found through their module maps.
  while IFS= read -r map; do includes+=(-I "$(dirname "$map")"); done \
    < <(find "$folder/.build/checkouts" -path '*/Sources/*' -name module.modulemap)
  for module in SuspendSimCore SuspendSim; do
    swift symbolgraph-extract -module-name "$module" -I "$modules" "${includes[@]}" \
      -minimum-access-level public -skip-inherited-docs -output-dir "$graphs" >&2
  done
  python3 - "$graphs" > "$out" <<'PY'
import json, pathlib, sys
lines = set()
for path in sorted(pathlib.Path(sys.argv[1]).glob("*.symbols.json")):
    graph = json.loads(path.read_text())
    for symbol in graph["symbols"]:
        if symbol.get("accessLevel") not in ("public", "open") or symbol.get("spi"):
            continue  # `@_spi` symbols are for the package's tests and tools
        name = ".".join(symbol["pathComponents"])
        if any(part.startswith("_") for part in symbol["pathComponents"]):
            continue  # underscored: not for users (SPI and the like)
        declaration = "".join(f["spelling"] for f in symbol.get("declarationFragments", []))
        lines.add(f'{symbol["kind"]["identifier"].removeprefix("swift.")} {name}: {" ".join(declaration.split())}')
print("\n".join(sorted(lines)))
PY
  rm -rf "$graphs"
}

# The list for a commit or the working tree, cached per commit.
list_for() {
  local ref=$1
  if [ "$ref" = . ]; then
    extract "$root" "$cache/working-tree.txt"
    echo "$cache/working-tree.txt"
    return
  fi
  local sha
  sha=$(git rev-parse --verify "$ref^{commit}")
  if [ ! -s "$cache/$sha.txt" ]; then
    local tree
    tree=$(mktemp -d "${TMPDIR:-/tmp}/suspendsim-api-tree.XXXXXX")
    git archive "$sha" | tar -x -C "$tree"
    extract "$tree" "$cache/$sha.txt"
    rm -rf "$tree"
  fi
  echo "$cache/$sha.txt"
}

before=$(list_for "$old")
after=$(list_for "$new")
comm -23 "$before" "$after" | sed 's/^/- /'
comm -13 "$before" "$after" | sed 's/^/+ /'
echo "api-diff: $(comm -23 "$before" "$after" | wc -l) removed, $(comm -13 "$before" "$after" | wc -l) added ($(wc -l < "$before") public symbols before, $(wc -l < "$after") after)"
