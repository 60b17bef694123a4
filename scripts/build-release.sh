#!/usr/bin/env bash
# The release build of the suspendsim command that every script runs (.build/release/suspendsim).
# Two link flags make the process start sooner (docs/performance.md):
# - the Swift runtime and Foundation are linked in (SwiftPM's --static-swift-stdlib) rather than
#   loaded as shared libraries and bound symbol by symbol: about 7 ms less;
# - the executable is not position-independent (-no-pie), so the loader has no relocations to
#   apply to its 89 MB: about 2 ms less. Its code loses address randomisation; the shared
#   libraries it still loads (libc, jemalloc) keep theirs.
# The flags live here only: SwiftPM rebuilds the modules when they change, so every script
# must build the same way. Both are Linux's; on macOS, where the Swift runtime is the system's,
# the build is a plain release build.
#
# The static link prints one warning, from Foundation's own archive: "the use of `mktemp' is
# dangerous" (glibc flags every program that links `mktemp`; Foundation's createTemporaryFile
# does). It is not this package's code and no linker flag of gold's silences it.
#
# usage: scripts/build-release.sh [more swift build options]
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$(uname -s)" = Darwin ]; then
  swift build -c release --product suspendsim "$@"
else
  swift build -c release --static-swift-stdlib -Xlinker -no-pie --product suspendsim "$@"
fi
