#!/usr/bin/env bash
# Interrupts a batch N times (default 50) at random moments and checks, each time, the promise
# "an interrupted run leaves whole reports or none": exit 130, no hidden temporary entry left
# anywhere under the output folder, every replicate folder whole (all seven CSV files), and an
# earlier report untouched. Prints one line per round and a closing count; exits 1 on any
# failure.
#
# usage: scripts/stress-interrupt.sh [ROUNDS]
#   SUSPENDSIM_BIN=path  use this executable instead of building the release one
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-50}

if [ -z "${SUSPENDSIM_BIN:-}" ]; then
  ./scripts/setup.sh
  ./scripts/build-release.sh >&2
  SUSPENDSIM_BIN=.build/release/suspendsim
fi

scratch=$(mktemp -d "${TMPDIR:-/tmp}/suspendsim-stress.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

# Job control: without it, bash starts background jobs with SIGINT ignored, so an interrupt
# sent before suspendsim installs its handler would be lost and the batch would run on.
set -m

passed=0
failed=0
for round in $(seq "$rounds"); do
  out=$scratch/out-$round
  "$SUSPENDSIM_BIN" run Scenarios/state-lab.yaml --out "$out" >/dev/null
  before=$(cd "$out" && find ./state-lab -type f -exec sha256sum {} + | sort)
  "$SUSPENDSIM_BIN" run Scenarios/day-on-a-3gb-phone.yaml Scenarios/memory-pressure.yaml \
    --replicates 1000000 --details --jobs 2 --out "$out" >/dev/null 2>"$scratch/stderr" &
  pid=$!
  # A random moment from 0 to 1.5 s after the start: early ones hit the set-up, later ones
  # hit workers writing, renaming and replacing folders.
  sleep "$(awk -v seed="$round$RANDOM" 'BEGIN { srand(seed); printf "%.3f", rand() * 1.5 }')"
  kill -INT "$pid"
  status=0
  # A stuck process is a failure, not a hang of the script.
  for _ in $(seq 300); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$pid" 2>/dev/null; then
    kill -KILL "$pid"
    echo "round $round: still running 30 s after SIGINT" >&2
  fi
  wait "$pid" || status=$?
  problems=()
  [ "$status" -eq 130 ] || problems+=("exit $status, expected 130: $(head -c 300 "$scratch/stderr")")
  hidden=$(cd "$out" && find . -name '.*' ! -name . | head -n 3)
  [ -z "$hidden" ] || problems+=("hidden entries left: $hidden")
  if [ -d "$out/day-on-a-3gb-phone" ]; then
    for folder in "$out"/day-on-a-3gb-phone/*/; do
      [ -d "$folder" ] || continue
      for file in survivors evictions transitions callbacks memory pressure skipped; do
        [ -f "$folder/$file.csv" ] || { problems+=("$(basename "$folder") has no $file.csv"); break; }
      done
    done
  fi
  after=$(cd "$out" && find ./state-lab -type f -exec sha256sum {} + | sort)
  [ "$after" = "$before" ] || problems+=("the earlier report state-lab changed")
  if [ ${#problems[@]} -eq 0 ]; then
    passed=$((passed + 1))
    echo "round $round: ok ($(find "$out/day-on-a-3gb-phone" -mindepth 1 -maxdepth 1 -type d 2>/dev/null | wc -l) whole replicate folders)"
  else
    failed=$((failed + 1))
    printf 'round %s: FAIL\n' "$round"
    printf '  %s\n' "${problems[@]}"
  fi
  rm -rf "$out"
done
echo "stress-interrupt: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
