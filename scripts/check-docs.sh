#!/usr/bin/env bash
# The docs' figures against the build: every block of README.md and docs/*.md that quotes what
# a command prints is marked, and this re-runs those commands on the release build and fails
# (exit 1, naming the file, the line, the quoted and the new figure) when a quoted figure no
# longer matches. docs/development.md ("Figures in the docs") shows the two annotations.
#
#   scripts/check-docs.sh                # check every marked block
#   scripts/check-docs.sh --write        # rewrite the quoted figures in place (read the git diff)
#   scripts/check-docs.sh FILE.md...     # only these files (relative to the repository root)
#   scripts/check-docs.sh --self-test    # a figure changed by hand must fail, naming file and line
#
# Set SUSPENDSIM_BIN to use a built binary (it is put first on PATH as `suspendsim`).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${SUSPENDSIM_BIN:-}
if [ -z "$bin" ]; then
  ./scripts/build-release.sh >&2
  bin=.build/release/suspendsim
fi
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
path=$(mktemp -d "${TMPDIR:-/tmp}/suspendsim-check-docs-bin.XXXXXX")
trap 'rm -rf "$path"' EXIT
ln -s "$bin" "$path/suspendsim"
export PATH="$path:$PATH"

if [ "${1:-}" = --self-test ]; then
  # A copy of one marked block with a figure changed by hand: the check must fail and name the
  # file, the line, the quoted and the new figure; --write must mend it; the check then passes.
  root=$(mktemp -d "${TMPDIR:-/tmp}/suspendsim-check-docs-self.XXXXXX")
  trap 'rm -rf "$path" "$root"' EXIT
  mkdir -p "$root/docs"
  for name in Scenarios Tests scripts Package.swift; do ln -s "$PWD/$name" "$root/$name"; done
  row=$(suspendsim devices --csv | grep '^iphone-11,')
  tampered=${row/,3844,/,3845,}
  printf '# t\n\n<!-- check-docs -->\n```text\n$ suspendsim devices --csv | grep ^iphone-11,\n%s\n```\n' "$tampered" > "$root/README.md"
  if out=$(python3 scripts/check-docs.py --root "$root" README.md 2>&1); then
    echo "check-docs self-test: a figure changed by hand passed the check" >&2; exit 1
  fi
  grep -qF "README.md:6: quoted: $tampered" <<<"$out" && grep -qF "README.md:6: now:    $row" <<<"$out" || {
    echo "check-docs self-test: the failure does not name README.md:6 with both figures:" >&2; echo "$out" >&2; exit 1; }
  python3 scripts/check-docs.py --root "$root" --write README.md >/dev/null 2>&1
  grep -qxF "$row" "$root/README.md" || { echo "check-docs self-test: --write did not restore the figure" >&2; exit 1; }
  python3 scripts/check-docs.py --root "$root" README.md >/dev/null 2>&1 || {
    echo "check-docs self-test: the mended file still fails" >&2; exit 1; }
  echo "check-docs self-test: passed"
  exit 0
fi
exec python3 scripts/check-docs.py "$@"
