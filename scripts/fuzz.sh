#!/usr/bin/env bash
# Hostile scenario files through `suspendsim run`, as a user would give them (SPEC 35).
#
# usage: scripts/fuzz.sh [--files N] [--seed S] [--jobs J] [--keep]
#        scripts/fuzz.sh --libfuzzer [SECONDS] [libFuzzer options...]
#
# Files mode (the default): writes N mutated scenario files (default 10,000; scripts/fuzz-files.py)
# from the bundled scenarios, with compressor:, bg_tasks:, observed:, whatif: and sweep: blocks
# added, and one in 30 more: include graphs and special files (scripts/fuzz-includes.py); runs each with `suspendsim run FILE --replicates 1 --out OUT` on J workers. Each run
# must end with exit 0 (ran), 2 (refused as bad input) or 64 (a usage error), never by a signal
# and within 10 s of CPU time (120 s of wall clock); a refused file leaves no OUT at all, and a run that ran leaves no
# hidden partial output. Prints how many ran and how many were refused, and each failure with
# its file (kept in the scratch folder); exits 1 if any failed.
#   --files N   how many files (default 10000)
#   --seed S    the mutations' seed (default 1)
#   --jobs J    files run at once (default: the number of cores)
#   --keep      keep the scratch folder
#   SUSPENDSIM_BIN=path  run this executable (default: a release build, scripts/build-release.sh)
#
# --libfuzzer: the loader (and a run of every scenario it accepts) under libFuzzer, for SECONDS
# (default 60); the corpus starts from the bundled scenarios and the hostile inputs of
# Fuzz/Corpus/ (SPEC 35), and grows in .fuzz-corpus/
# (git-ignored); a crashing input is written as crash-<hash> in the current folder.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = "--libfuzzer" ]; then
  shift
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
  exit 0
fi

files=10000
seed=1
jobs=$(nproc)
keep=0
while [ $# -gt 0 ]; do
  case "$1" in
    --files) files="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    --keep) keep=1; shift ;;
    -h | --help) sed -n '2,26p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "fuzz: unknown option $1 (see --help)" >&2; exit 64 ;;
  esac
done

if [ -z "${SUSPENDSIM_BIN:-}" ]; then
  ./scripts/setup.sh
  ./scripts/build-release.sh
fi
bin=$(realpath -m "${SUSPENDSIM_BIN:-.build/release/suspendsim}")
scratch=$(mktemp -d "${TMPDIR:-/tmp}/suspendsim-fuzz.XXXXXX")
if [ "$keep" -eq 0 ]; then trap 'rm -rf "$scratch"' EXIT; else echo "scratch folder: $scratch"; fi

python3 scripts/fuzz-files.py "$files" "$seed" "$scratch/files"
# Include graphs (chains, diamonds, doublings, cycles, fans) and special files, one case in 30.
python3 scripts/fuzz-includes.py $(( (files + 29) / 30 )) "$seed" "$scratch/files/includes"

# One file: prints "<verdict> <file> [<detail>]", verdict ran, refused, usage or FAIL; removes
# the outputs of a file that passed.
judge() {
  local file=$1 out=${1%.yaml}.out status=0
  # 10 s of CPU time (a machine shared with other work slows the wall clock, not the work),
  # and 120 s of wall clock for a run that waits on nothing.
  # /usr/bin/time records the run's CPU time (user + system, its children's included).
  (ulimit -H -t 12; ulimit -S -t 10; SWIFT_BACKTRACE=enable=no exec /usr/bin/time -f "%U %S" -o "${file%.yaml}.cpu" \
      timeout -k 5 120 "$bin" run "$file" --replicates 1 --out "$out") \
    >"${file%.yaml}.stdout" 2>"${file%.yaml}.stderr" </dev/null || status=$?
  echo "$(tail -n 1 "${file%.yaml}.cpu" 2>/dev/null | awk '{ printf "%.2f", $1 + $2 }') $file" >>"$cpu_times"
  rm -f "${file%.yaml}.cpu"
  local leftovers=""
  [ -d "$out" ] && leftovers=$(find "$out" -name '.*partial*' | head -3)
  case "$status" in
    0) verdict=ran ;;
    2) verdict=refused ;;
    64) verdict=usage ;;
    124) echo "FAIL $file: no end after 120 s"; return ;;
    137 | 152) echo "FAIL $file: more than 10 s of CPU time"; return ;;
    *) echo "FAIL $file: exit $status ($(tail -c 300 "${file%.yaml}.stderr" | tr '\n' ' '))"; return ;;
  esac
  if [ -n "$leftovers" ]; then echo "FAIL $file: half-written output left: $leftovers"; return; fi
  if [ "$verdict" != ran ] && [ -e "$out" ] && [ -n "$(ls -A "$out")" ]; then
    echo "FAIL $file: exit $status, but $out holds $(ls -A "$out" | head -5 | tr '\n' ' ')"; return
  fi
  echo "$verdict $file"
  rm -rf "$out" "${file%.yaml}.stdout" "${file%.yaml}.stderr"
}
export -f judge
export bin
cpu_times="$scratch/cpu-times"
export cpu_times

start=$EPOCHREALTIME
find "$scratch/files" -name 'case-*.yaml' | sort | xargs -P "$jobs" -I{} bash -c 'judge "$1"' _ {} >"$scratch/verdicts"
end=$EPOCHREALTIME

count() { grep -c "^$1 " "$scratch/verdicts" || true; }
failed=$(count FAIL)
echo "fuzz: $files files (seed $seed) in $(awk "BEGIN { printf \"%.0f\", $end - $start }") s: $(count ran) ran, $(count refused) refused as bad input (exit 2), $(count usage) usage errors (exit 64), $failed failed"
echo "fuzz: most CPU time for one file: $(sort -rn "$cpu_times" | head -1 | awk '{ print $1 " s (" $2 ")" }')"
if [ "$failed" -gt 0 ]; then
  grep '^FAIL ' "$scratch/verdicts" | head -20
  [ "$keep" -eq 1 ] || echo "fuzz: rerun with --keep to keep the files"
  exit 1
fi
