#!/usr/bin/env bash
# The release build of the suspendsim command that every script runs (.build/release/suspendsim):
# on Linux one self-contained binary, jemalloc linked in (below). Two link flags make the
# process start sooner (docs/performance.md):
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
  # jemalloc is linked into the executable too, from Debian's libjemalloc_pic.a, so that the
  # binary runs on a node without libjemalloc (a cluster's compute nodes): a pkg-config file of
  # our own names the archive instead of the shared library. Debug builds (scripts/test.sh)
  # link the shared library through the system's jemalloc.pc.
  pc_dir="$PWD/.build-pkgconfig"
  mkdir -p "$pc_dir"
  {
    echo "Name: jemalloc"
    echo "Description: jemalloc, linked statically (libjemalloc_pic.a)"
    echo "Version: $(pkg-config --modversion jemalloc)"
    echo "Cflags: -I$(pkg-config --variable=includedir jemalloc)"
    echo "Libs: -L$(pkg-config --variable=libdir jemalloc) -l:libjemalloc_pic.a -lpthread -ldl -lm"
  } > "$pc_dir/jemalloc.pc"
  PKG_CONFIG_PATH="$pc_dir${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}" \
    swift build -c release --static-swift-stdlib -Xlinker -no-pie --product suspendsim "$@"
fi
