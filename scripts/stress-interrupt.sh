#!/usr/bin/env bash
# Interrupts suspendsim at random moments and checks, each time, SPEC 35's "whole or none, for
# every command". Three kinds of rounds:
# - run:     a batch with --details, SIGINT at a random moment (0-1.5 s): exit 130, no hidden
#            temporary entry left, every replicate folder whole (all seven CSV files), and an
#            earlier report untouched;
# - merge:   `merge` of two shards (300 run folders, with --by), SIGINT, SIGTERM or SIGHUP at
#            a random moment of it: exit 0 or 128+signal, no hidden entry, every file left the merged
#            run's own bytes, every run folder left whole, the top-level set all there or
#            absent; then a rerun gives the bytes of an uninterrupted merge;
# - landing: over an earlier batch's files, a `run` or a `merge` paused just before a random
#            file of its top-level set is put in place (SUSPENDSIM_PAUSE_BEFORE_SET), then
#            SIGINT, SIGTERM or SIGHUP (run: a 20-run batch with --details, --by and --html;
#            merge: the shards above): exit 128+signal, nothing of the new set left and the
#            earlier set back byte for byte, no hidden entry; then a rerun gives the bytes of an
#            uninterrupted command.
# - inputs:  `report` (with --by), `report --figures`, `merge`, `import jetsam -o`,
#            `import metrickit -o` and `run --details`, each sent SIGINT, SIGTERM, SIGHUP or
#            SIGKILL at a random moment of its uninterrupted length: exit 0 or 128+signal (a
#            SIGKILL: killed), what it read byte-identical (report's summary.csv, survival.csv
#            and exits.csv; the imports' input files; the shards), then the next run of the same
#            command leaves no temporary (.partial-, .old-, a set's marker) and the bytes of an
#            uninterrupted run.
# Prints one line per round and the counts per kind; exits 1 on any failure.
#
# usage: scripts/stress-interrupt.sh [ROUNDS] [--run N] [--merge N] [--landing N] [--inputs N]
#   ROUNDS           rounds of each kind (default 50 run, 30 merge, 30 landing, 200 inputs)
#   SUSPENDSIM_BIN=path  use this executable instead of building the release one
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C
run_rounds=50; merge_rounds=30; landing_rounds=30; inputs_rounds=200
while [ $# -gt 0 ]; do
  case "$1" in
    --run) run_rounds=$2; shift 2 ;;
    --merge) merge_rounds=$2; shift 2 ;;
    --landing) landing_rounds=$2; shift 2 ;;
    --inputs) inputs_rounds=$2; shift 2 ;;
    *) run_rounds=$1; merge_rounds=$1; landing_rounds=$1; inputs_rounds=$1; shift ;;
  esac
done

if [ -z "${SUSPENDSIM_BIN:-}" ]; then
  ./scripts/setup.sh
  ./scripts/build-release.sh >&2
  SUSPENDSIM_BIN=.build/release/suspendsim
fi

# Absolute: the inputs rounds run it from their own folders.
SUSPENDSIM_BIN=$(realpath "$SUSPENDSIM_BIN")
scratch=$(mktemp -d "${TMPDIR:-/tmp}/suspendsim-stress.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

# Job control: without it, bash starts background jobs with SIGINT ignored, so an interrupt
# sent before suspendsim installs its handler would be lost and the batch would run on.
set -m

set_names="summary.csv survival.csv exits.csv observed.csv comparison.csv groups.csv paired.csv focus.csv focus_runs.csv whatif.csv shard.csv index.html figures"
signals=(INT TERM HUP)
declare -A signal_status=([INT]=130 [TERM]=143 [HUP]=129)
declare -A passed=([run]=0 [merge]=0 [landing]=0 [inputs]=0) failed=([run]=0 [merge]=0 [landing]=0 [inputs]=0)
problems=()

# A random number in [0, 1), from the round and bash's generator.
random_fraction() { awk -v seed="$1$RANDOM" 'BEGIN { srand(seed); printf "%.3f", rand() }'; }
# Every file under $1 with its hash, by relative path.
tree_hashes() { (cd "$1" && find . -type f -exec sha256sum {} + | sort -k2); }
# The set's entries at the top of $1.
set_entries() { local name; for name in $set_names; do [ -e "$1/$name" ] && printf '%s ' "$name"; done; true; }
# The set's files at the top of $1 (figures/ within) with their hashes.
set_hashes() { local name; for name in $(set_entries "$1"); do (cd "$1" && find "./$name" -type f ! -name .suspendsim-folder -exec sha256sum {} +); done | sort -k2; }
# Hidden entries under $1 (the first three), but the report folders' ownership markers.
# Nothing when $1 does not exist (a command interrupted before it made its folder): under
# `set -e` a failing `cd` would end the script without a word.
hidden_entries() { [ -d "$1" ] || return 0; (cd "$1" && find . -name '.*' ! -name . ! -name .suspendsim-folder | head -n 3); }
# Waits for process $1 to end (30 s at most, then SIGKILL); sets `status` to its exit status.
wait_status() {
  local pid=$1
  status=0
  for _ in $(seq 300); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid"; problems+=("still running 30 s after the signal"); fi
  wait "$pid" || status=$?
}
# Records round $2 of kind $1 as passed or failed, with the problems gathered.
verdict() {
  if [ ${#problems[@]} -eq 0 ]; then
    passed[$1]=$((passed[$1] + 1)); echo "$1 round $2: ok${3:+ ($3)}"
  else
    failed[$1]=$((failed[$1] + 1)); printf '%s round %s: FAIL\n' "$1" "$2"; printf '  %s\n' "${problems[@]}"
  fi
  problems=()
}

# --- run: a batch interrupted at a random moment ---------------------------------------------
for round in $(seq "$run_rounds"); do
  out=$scratch/out-$round
  "$SUSPENDSIM_BIN" run Scenarios/state-lab.yaml --out "$out" >/dev/null
  before=$(cd "$out" && find ./state-lab -type f -exec sha256sum {} + | sort)
  "$SUSPENDSIM_BIN" run Scenarios/day-on-a-3gb-phone.yaml Scenarios/memory-pressure.yaml \
    --replicates 1000000 --details --jobs 2 --out "$out" >/dev/null 2>"$scratch/stderr" &
  pid=$!
  # Early moments hit the set-up, later ones workers writing, renaming and replacing folders.
  sleep "$(awk -v f="$(random_fraction "$round")" 'BEGIN { printf "%.3f", f * 1.5 }')"
  kill -INT "$pid"
  wait_status "$pid"
  [ "$status" -eq 130 ] || problems+=("exit $status, expected 130: $(head -c 300 "$scratch/stderr")")
  hidden=$(hidden_entries "$out")
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
  verdict run "$round" "$(find "$out/day-on-a-3gb-phone" -mindepth 1 -maxdepth 1 -type d 2>/dev/null | wc -l) whole replicate folders"
  rm -rf "$out"
done

# --- the shards, the batch and their uninterrupted outputs, for merge and landing ------------
batch=(Scenarios/day-on-a-3gb-phone.yaml --replicates 150 --details --set device.ram_mb=2048,3072 --jobs 2)
earlier=(run Scenarios/day-on-a-3gb-phone.yaml --replicates 2 --policy all --by policy)
if [ "$merge_rounds" -gt 0 ] || [ "$landing_rounds" -gt 0 ] || [ "$inputs_rounds" -gt 0 ]; then
  for k in 1 2; do "$SUSPENDSIM_BIN" run "${batch[@]}" --shard "$k/2" --out "$scratch/shard-$k" >/dev/null; done
  merge=(merge "$scratch/shard-1" "$scratch/shard-2" --by device.ram_mb)
  start=$EPOCHREALTIME
  "$SUSPENDSIM_BIN" "${merge[@]}" --out "$scratch/merged" >/dev/null
  merge_seconds=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.3f", b - a }')
  merged_hashes=$(tree_hashes "$scratch/merged")
  merged_set=$(set_entries "$scratch/merged")
  # The page names its folder: every run's output folder is called `out`.
  small=(Scenarios/day-on-a-3gb-phone.yaml --replicates 10 --details --set device.ram_mb=2048,3072 --by device.ram_mb --html --jobs 2)
  "$SUSPENDSIM_BIN" run "${small[@]}" --out "$scratch/batch/out" >/dev/null
  batch_hashes=$(tree_hashes "$scratch/batch/out")
  echo "merge of 2 shards: $(find "$scratch/merged" -type f | wc -l) files in ${merge_seconds} s"
fi

# Checks that what merge left in $1 is the merged run's: each file's bytes, each run folder
# whole, and the top-level set all there or absent.
check_against_merged() {
  local out=$1 left stray folder have want entries
  left=$(tree_hashes "$out")
  stray=$(comm -23 <(echo "$left" | sort) <(echo "$merged_hashes" | sort) | head -n 3 || true)
  [ -z "$stray" ] || problems+=("files that are not the merged run's (truncated?): $stray")
  for folder in $(echo "$left" | awk '{ print $2 }' | grep -E '^\./[^/]+/.+/' | xargs -r -n1 dirname | sort -u); do
    have=$(echo "$left" | awk -v f="$folder/" 'index($2, f) == 1 && substr($2, length(f) + 1) !~ /\//' | wc -l)
    want=$(echo "$merged_hashes" | awk -v f="$folder/" 'index($2, f) == 1 && substr($2, length(f) + 1) !~ /\//' | wc -l)
    [ "$have" -eq "$want" ] || problems+=("$folder has $have of its $want files")
  done
  entries=$(set_entries "$out")
  [ -z "$entries" ] || [ "$entries" = "$merged_set" ] || problems+=("a set in part: $entries")
}

# --- merge: interrupted at a random moment -----------------------------------------------------
for round in $(seq "$merge_rounds"); do
  out=$scratch/merge-$round
  signal=${signals[$((RANDOM % 3))]}
  "$SUSPENDSIM_BIN" "${merge[@]}" --out "$out" >/dev/null 2>"$scratch/stderr" &
  pid=$!
  sleep "$(awk -v f="$(random_fraction "$round")" -v s="$merge_seconds" 'BEGIN { printf "%.3f", f * s }')"
  kill -"$signal" "$pid" 2>/dev/null || true
  wait_status "$pid"
  [ "$status" -eq 0 ] || [ "$status" -eq "${signal_status[$signal]}" ] \
    || problems+=("exit $status after SIG$signal: $(head -c 300 "$scratch/stderr")")
  hidden=$(hidden_entries "$out")
  [ -z "$hidden" ] || problems+=("hidden entries left: $hidden")
  [ -d "$out" ] && check_against_merged "$out"
  folders=$({ find "$out" -mindepth 3 -maxdepth 3 -type d 2>/dev/null || true; } | wc -l)
  "$SUSPENDSIM_BIN" "${merge[@]}" --out "$out" >/dev/null 2>&1 || problems+=("the rerun failed")
  [ "$(tree_hashes "$out")" = "$merged_hashes" ] || problems+=("the rerun's files differ from an uninterrupted merge")
  verdict merge "$round" "SIG$signal, exit $status, $folders whole run folders left"
  rm -rf "$out"
done

# --- landing: paused before a random file of the set is put in place -------------------------
for round in $(seq "$landing_rounds"); do
  out=$scratch/landing-$round/out
  signal=${signals[$((RANDOM % 3))]}
  "$SUSPENDSIM_BIN" "${earlier[@]}" --html --out "$out" >/dev/null
  if [ $((round % 2)) -eq 1 ]; then
    command=(run "${small[@]}"); expected=$batch_hashes; reference=$scratch/batch/out
  else
    command=("${merge[@]}"); expected=$merged_hashes; reference=$scratch/merged
    # merge writes no page: the earlier one goes with the earlier set.
    rm -rf "$out/index.html" "$out/figures"
  fi
  earlier_set=$(set_hashes "$out")
  member=$(cd "$reference" && { ls -d $set_names 2>/dev/null | grep -v -x figures; ls -d figures/* 2>/dev/null || true; } | shuf -n 1)
  # A fresh file: a pause line of an earlier round must not be taken for this one's.
  rm -f "$scratch/stderr"
  SUSPENDSIM_PAUSE_BEFORE_SET=$member "$SUSPENDSIM_BIN" "${command[@]}" --out "$out" >/dev/null 2>"$scratch/stderr" &
  pid=$!
  for _ in $(seq 2400); do grep -qs 'paused before putting' "$scratch/stderr" && break; kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
  grep -qs 'paused before putting' "$scratch/stderr" || problems+=("never paused before $member")
  kill -"$signal" "$pid" 2>/dev/null || true
  wait_status "$pid"
  [ "$status" -eq "${signal_status[$signal]}" ] || problems+=("exit $status after SIG$signal, expected ${signal_status[$signal]}")
  hidden=$(hidden_entries "$out")
  [ -z "$hidden" ] || problems+=("hidden entries left: $hidden")
  [ "$(set_hashes "$out")" = "$earlier_set" ] || problems+=("the earlier set is not back whole: $(set_entries "$out")")
  "$SUSPENDSIM_BIN" "${command[@]}" --out "$out" >/dev/null 2>&1 || problems+=("the rerun failed")
  [ "$(tree_hashes "$out")" = "$expected" ] || problems+=("the rerun's files differ from an uninterrupted ${command[0]}'s")
  verdict landing "$round" "${command[0]} paused before $member, SIG$signal"
  rm -rf "$scratch/landing-$round"
done

# --- inputs: every command that reads what it must not remove, any signal, SIGKILL too -----------
# Each command: its name, how to set up its folder $work (inputs and an earlier output), the
# command line (run in $work), the inputs it reads (relative to $work) and the output compared.
if [ "$inputs_rounds" -gt 0 ]; then
  cp Tests/Data/jetsam/synthetic-ios14.ips "$scratch/report.ips"
  cp Scenarios/state-lab.yaml "$scratch/onto.yaml"
  inputs_kinds=(report figures merge jetsam metrickit details)
  # Sets up $work for kind $1.
  inputs_setup() {
    rm -rf "$work"; mkdir -p "$work"
    case $1 in
      report|figures) cp -R "$scratch/batch/out" "$work/out" ;;
      merge) cp -R "$scratch/shard-1" "$work/s1"; cp -R "$scratch/shard-2" "$work/s2" ;;
      jetsam) cp "$scratch/report.ips" "$work/" ;;
      metrickit) cp "$scratch/onto.yaml" "$work/"; cp -R Tests/Data/metrickit/folder "$work/payloads" ;;
      details) cp Scenarios/day-on-a-3gb-phone.yaml "$work/day.yaml" ;;
    esac
  }
  inputs_command() {
    case $1 in
      report) command=(report out --by device.ram_mb); inputs=(out/summary.csv out/survival.csv out/exits.csv); output=out ;;
      figures) command=(report out --figures out/figures); inputs=(out/summary.csv out/survival.csv out/exits.csv); output=out ;;
      merge) command=(merge s1 s2 --by device.ram_mb --out m); inputs=(s1 s2); output=m ;;
      jetsam) command=(import jetsam report.ips -o j.yaml); inputs=(report.ips); output=j.yaml ;;
      metrickit) command=(import metrickit payloads --onto onto.yaml -o mk.yaml); inputs=(onto.yaml payloads); output=mk.yaml ;;
      details) command=(run day.yaml --replicates 40 --details --jobs 2 --out r); inputs=(day.yaml); output=r ;;
    esac
  }
  # The bytes of $1 under $work (a file or a tree), by relative path.
  work_hashes() { (cd "$work" && { find "$@" -type f ! -name .suspendsim-folder -exec sha256sum {} + 2>/dev/null || true; } | sort -k2); }
  declare -A reference_hashes=() reference_seconds=()
  for kind in "${inputs_kinds[@]}"; do
    work=$scratch/inputs-reference; inputs_setup "$kind"; inputs_command "$kind"
    start=$EPOCHREALTIME
    (cd "$work" && "$SUSPENDSIM_BIN" "${command[@]}" >/dev/null 2>&1) || echo "inputs: the reference $kind failed" >&2
    reference_seconds[$kind]=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.3f", b - a }')
    reference_hashes[$kind]=$(work_hashes "$output")
  done
  for round in $(seq "$inputs_rounds"); do
    kind=${inputs_kinds[$((RANDOM % ${#inputs_kinds[@]}))]}
    all_signals=(INT TERM HUP KILL); signal=${all_signals[$((RANDOM % 4))]}
    work=$scratch/inputs-$round; inputs_setup "$kind"; inputs_command "$kind"
    read_before=$(work_hashes "${inputs[@]}")
    (cd "$work" && exec "$SUSPENDSIM_BIN" "${command[@]}") >/dev/null 2>"$scratch/stderr" &
    pid=$!
    sleep "$(awk -v f="$(random_fraction "$round")" -v s="${reference_seconds[$kind]}" 'BEGIN { printf "%.3f", f * s }')"
    kill -"$signal" "$pid" 2>/dev/null || true
    wait_status "$pid"
    want=$([ "$signal" = KILL ] && echo 137 || echo "${signal_status[$signal]}")
    [ "$status" -eq 0 ] || [ "$status" -eq "$want" ] || problems+=("exit $status after SIG$signal: $(head -c 300 "$scratch/stderr")")
    [ "$(work_hashes "${inputs[@]}")" = "$read_before" ] || problems+=("what $kind reads changed after SIG$signal")
    (cd "$work" && "$SUSPENDSIM_BIN" "${command[@]}" >/dev/null 2>"$scratch/stderr") || problems+=("the next $kind failed: $(head -c 300 "$scratch/stderr")")
    hidden=$(hidden_entries "$work")
    [ -z "$hidden" ] || problems+=("temporaries left after the next command: $hidden")
    [ "$(work_hashes "$output")" = "${reference_hashes[$kind]}" ] || problems+=("the next $kind's bytes differ from an uninterrupted one's")
    verdict inputs "$round" "$kind, SIG$signal, exit $status"
    rm -rf "$work"
  done
fi

total_failed=0
for kind in run merge landing inputs; do
  echo "stress-interrupt $kind: ${passed[$kind]} passed, ${failed[$kind]} failed"
  total_failed=$((total_failed + failed[$kind]))
done
[ "$total_failed" -eq 0 ]
