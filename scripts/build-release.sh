#!/usr/bin/env bash
# The release build of the suspendsim command that every script runs (.build/release/suspendsim):
# on Linux one self-contained binary, jemalloc linked in (below). Four link options make the
# process start sooner (docs/performance.md):
# - the Swift runtime and Foundation are linked in (SwiftPM's --static-swift-stdlib) rather than
#   loaded as shared libraries and bound symbol by symbol: about 7 ms less;
# - the executable is not position-independent (-no-pie), so the loader has no relocations to
#   apply to its 89 MB: about 2 ms less. Its code loses address randomisation; the shared
#   libraries it still loads (libc, jemalloc) keep theirs;
# - the toolchain's static-stdlib link exports every symbol of the executable's own objects
#   (-export-dynamic: 8,469 dynamic symbols), which no library the process loads looks up,
#   while the loader searches the executable's table first for each symbol libstdc++ and libc
#   bind at start; --no-export-dynamic undoes it and leaves the malloc family exported
#   (below): 0.25 M instructions less per process (11.26 -> 11.01 M for --version).
# - SwiftPM gives an executable the run path $ORIGIN (its own folder), where the loader then
#   looks first for each shared library it still loads (libc, libm, libstdc++, libgcc_s) and
#   their tls/, x86_64/ and glibc-hwcaps/ variants: 28 failed openat and stat calls at every
#   start, none of which can succeed for a binary that carries its own Swift runtime;
#   --disable-local-rpath leaves the run path out.
# The flags live here only: SwiftPM rebuilds what they touch (the modules, or only the link) when they change, so every script
# must build the same way. All four are Linux's; on macOS, where the Swift runtime is the system's,
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
  # jemalloc is linked into the executable too, so that the binary runs on a node without
  # libjemalloc (a cluster's compute nodes). Debian's libjemalloc_pic.a goes in as one
  # relocatable object (`ld -r`), not as an archive: the static Swift link hides the symbols of
  # archives (--exclude-libs), and the shared libraries the process loads (libc, libstdc++)
  # must call the same malloc family as the executable, or memory one allocates the other
  # frees; so the family is exported too. A pkg-config file of our own keeps the shared
  # library off the link. Debug builds (scripts/test.sh) link the shared library through the
  # system's jemalloc.pc.
  static_dir="$PWD/.build-pkgconfig"
  mkdir -p "$static_dir"
  ld -r --whole-archive "$(pkg-config --variable=libdir jemalloc)/libjemalloc_pic.a" -o "$static_dir/jemalloc.o"
  {
    echo "Name: jemalloc"
    echo "Description: jemalloc, linked in as an object by scripts/build-release.sh"
    echo "Version: $(pkg-config --modversion jemalloc)"
    echo "Cflags: -I$(pkg-config --variable=includedir jemalloc)"
    echo "Libs: -lpthread -ldl -lm"
  } > "$static_dir/jemalloc.pc"
  linked=(-Xlinker "$static_dir/jemalloc.o")
  for symbol in malloc free calloc realloc posix_memalign aligned_alloc memalign valloc malloc_usable_size; do
    linked+=(-Xlinker "--export-dynamic-symbol=$symbol")
  done
  PKG_CONFIG_PATH="$static_dir${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}" \
    swift build -c release --static-swift-stdlib --disable-local-rpath -Xlinker -no-pie -Xlinker --no-export-dynamic "${linked[@]}" --product suspendsim "$@"
fi
