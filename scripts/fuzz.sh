#!/usr/bin/env bash
# Fuzzes the scenario loader (and a run of every scenario it accepts) with libFuzzer.
# usage: scripts/fuzz.sh [SECONDS] [libFuzzer options...]   (default: 60 s)
# The corpus starts from the bundled scenarios and the hostile inputs of Fuzz/Corpus/ (SPEC 35)
# and grows in .fuzz-corpus/ (git-ignored);
# a crashing input is written as crash-<hash> in the current folder.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
seconds="${1:-60}"
shift || true
swift build -c release --package-path Fuzz --product LoaderFuzz \
    -Xswiftc -sanitize=fuzzer -Xcc -fsanitize=fuzzer-no-link
mkdir -p .fuzz-corpus
cp -n Scenarios/*.yaml .fuzz-corpus/ 2>/dev/null || true
find Fuzz/Corpus -type f ! -name README.md -exec cp -n {} .fuzz-corpus/ \; 2>/dev/null || true
# Swift's backtracer would catch a crash before libFuzzer could save the input.
SWIFT_BACKTRACE=enable=no "$(swift build -c release --package-path Fuzz --show-bin-path)/LoaderFuzz" \
    .fuzz-corpus -max_total_time="$seconds" -max_len=16384 -timeout=5 "$@"
