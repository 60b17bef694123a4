#!/usr/bin/env bash
# A user's package that depends on suspendsim by version, as a team adopting it in CI would:
# copies this repository's files (tracked and untracked, not ignored) to a temporary git
# repository, tags it 99.0.0, and builds and tests a temporary package that depends on it with
# `.package(url:, from: "99.0.0")` (scripts/pinned-package/: a YAML scenario and one built in
# Swift with their kills in order, a file's expect:, a sweep file). SwiftPM refuses `from:` for
# a package whose products carry unsafe build flags, so this fails if one comes back.
# Prints the consumer's cold build time (resolution included) and its .build size.
#
# usage: scripts/pinned-package.sh [--keep] [--product NAME]
set -euo pipefail
cd "$(dirname "$0")/.."
keep=0
product=SuspendSim
while [ $# -gt 0 ]; do
  case "$1" in
    --keep) keep=1; shift ;;
    --product) product="$2"; shift 2 ;;
    -h | --help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "pinned-package: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
version=99.0.0
scratch=$(mktemp -d "${TMPDIR:-/tmp}/suspendsim-pinned.XXXXXX")
if [ "$keep" = 0 ]; then trap 'rm -rf "$scratch"' EXIT; fi

# The tagged copy.
mkdir "$scratch/suspendsim"
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
  [ -e "$file" ] && printf '%s\0' "$file"
done | tar --null -T - -cf - | tar -xf - -C "$scratch/suspendsim"
(
  cd "$scratch/suspendsim"
  git init -q
  git add -A
  git -c user.name=ci -c user.email=ci@localhost commit -q -m "suspendsim $version"
  git tag "$version"
)

# The consumer.
mkdir -p "$scratch/consumer/Tests/PinnedTests"
sed -e "s|@URL@|file://$scratch/suspendsim|" -e "s|@VERSION@|$version|" -e "s|@PRODUCT@|$product|" \
  scripts/pinned-package/Package.swift.in > "$scratch/consumer/Package.swift"
cp scripts/pinned-package/PinnedTests.swift "$scratch/consumer/Tests/PinnedTests/"
cd "$scratch/consumer"
start=$(date +%s.%N)
swift build --build-tests 2>&1 | tee "$scratch/build.log"
end=$(date +%s.%N)
SUSPENDSIM_ROOT="$scratch/suspendsim" swift test --skip-build
echo "pinned-package: resolved suspendsim $(swift package show-dependencies 2>/dev/null | grep -o 'suspendsim[^ ]*<[^>]*>' | head -1)"
echo "pinned-package: cold build of the consumer (resolution included): $(awk "BEGIN{printf \"%.1f\", $end - $start}") s; .build: $(du -sh .build | cut -f1)"
# A module is compiled when its folder holds object files (SwiftPM makes a folder for every
# target of the graph, built or not); plugins are compiled as scripts, named in the build log.
echo "pinned-package: modules compiled: $(for m in .build/debug/*.build; do
  [ -n "$(find "$m" -name '*.o' -print -quit)" ] && basename "$m" .build
done | sort | tr '\n' ' ')"
echo "pinned-package: plugins compiled: $(grep -o 'Compiling plugin [A-Za-z]*' "$scratch/build.log" | sed 's/Compiling plugin //' | sort | tr '\n' ' ')"
