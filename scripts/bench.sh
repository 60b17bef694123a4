#!/usr/bin/env bash
# The performance figures (docs/performance.md). Builds release, runs the package-benchmark suites in
# Benchmarks/ (their own tables), then measures each target with a plain monotonic clock in
# fresh processes and prints one table: figure, measured (median of the samples), target,
# pass/fail. Two rows are batches over every user of a synthetic usage trace
# (scripts/make-lsapp-trace.sh): 320 against 40 users, and 10,000 runs of 500 users (SPEC 21);
# then a sweep of 500 points of a one-event scenario (SPEC 35: linear in the points); policies
# written in YAML against the built-ins they reproduce (at most 10 % slower); and a batch with
# the sensitivity of SPEC 39 against the batch alone (at most (1 + 2K) times it plus 10 %).
# Timings depend on what else the machine is doing: take figures on a quiet one.
#
# usage: scripts/bench.sh [--samples N] [--skip-suites] [--trace-only] [--big-samples N] [--strict] [--keep]
#                        [--trace-users LIST [--against OLD]] [--sensitivity-only]
#                        [--same-work OLD [--instructions]]
#   --samples N      samples per figure, the median is reported (default 5, at least 5 for docs)
#   --skip-suites    skip the package-benchmark suites, print only the table
#   --trace-only     only the usage-trace batches (SPEC 21) and the 500-point sweep, which need
#                    nothing but suspendsim
#   --big-samples N  samples of the 10,000-run trace batch (default: --samples; a build that
#                    reads the trace once per run takes about 14 minutes a sample)
#   --strict         exit 1 if a target is missed
#   --keep           keep the scratch folder (generated scenario files, traces, reports)
#   --trace-users LIST  only batches over every user of LSApp-sized synthetic traces (SPEC 24):
#                    for each count in LIST (e.g. 292,1168,2336), that many users of 2,055 rows
#                    over 87 apps, under every policy at 4 RAM sizes (16 points a user): wall,
#                    CPU, peak memory and the per-app tables' sizes, medians of --samples
#   --against OLD    with --trace-users: each sample runs the executable OLD too, just before
#                    the current one, so that two builds alternate in one sitting
#   --sensitivity-only  only the sensitivity probe (SPEC 39), which needs nothing but suspendsim
#   --same-work OLD  only the two cases of Part XI's speed bound (issue "The iPhone as it
#                    ships"), work both builds do alike: a 100-app 10^5-event JSON file in the
#                    classic profile (`--jobs 1`), and every user of an 800-user synthetic
#                    trace under lru and jetsam with `system_mb` 600 and `compressor: { pool_mb: 0 }`;
#                    OLD and the current build alternate, --samples each; prints median CPU
#                    and wall of each and their ratios, and fails a case more than 5 % slower
#                    in CPU (with --strict, exit 1)
#   --instructions   with --same-work: also count each case's instructions once per build
#                    under valgrind's callgrind (independent of the host's load, which moves
#                    CPU time by 5-10 % on a shared host; no hardware counters needed)
#   SUSPENDSIM_BIN=path  time this suspendsim executable instead of building one (to set an
#                        older build beside the current one in the same sitting)
set -euo pipefail
cd "$(dirname "$0")/.."

samples=5
suites=1
trace_only=0
big_samples=""
strict=0
keep=0
trace_users=""
against=""
sens_only=0
same_work=""
instructions=0
while [ $# -gt 0 ]; do
  case "$1" in
    --samples) samples="$2"; shift 2 ;;
    --skip-suites) suites=0; shift ;;
    --trace-only) trace_only=1; suites=0; shift ;;
    --big-samples) big_samples="$2"; shift 2 ;;
    --strict) strict=1; shift ;;
    --keep) keep=1; shift ;;
    --trace-users) trace_users="$2"; trace_only=1; suites=0; shift 2 ;;
    --against) against="$2"; shift 2 ;;
    --sensitivity-only) sens_only=1; trace_only=1; suites=0; shift ;;
    --same-work) same_work="$2"; trace_only=1; suites=0; shift 2 ;;
    --instructions) instructions=1; shift ;;
    -h | --help) sed -n '2,41p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done

big_samples=${big_samples:-$samples}
if [ -n "$against" ] && [ -z "$trace_users" ]; then echo "bench: --against goes with --trace-users" >&2; exit 2; fi
if [ -n "$same_work" ] && [ ! -x "$same_work" ]; then echo "bench: --same-work $same_work is not an executable" >&2; exit 2; fi
if [ "$instructions" -eq 1 ] && [ -z "$same_work" ]; then echo "bench: --instructions goes with --same-work" >&2; exit 2; fi
if [ -n "$against" ] && [ ! -x "$against" ]; then echo "bench: --against $against is not an executable" >&2; exit 2; fi

./scripts/setup.sh

echo "== Building (release)"
if [ -z "${SUSPENDSIM_BIN:-}" ]; then ./scripts/build-release.sh; fi
if [ "$trace_only" -eq 0 ] || [ -n "$same_work" ]; then
  products=(suspendsim-bench suspendsim-bench-jemalloc make-scenario-json)
  [ -n "$same_work" ] && products=(make-scenario-json)
  for product in "${products[@]}"; do
    swift build -c release --package-path Benchmarks --product "$product"
  done
  bin=$(swift build -c release --package-path Benchmarks --show-bin-path)
  probe=$bin/suspendsim-bench
  probe_jemalloc=$bin/suspendsim-bench-jemalloc
fi
cli=$(realpath -m "${SUSPENDSIM_BIN:-.build/release/suspendsim}")

scratch=$(mktemp -d "${TMPDIR:-/tmp}/suspendsim-bench.XXXXXX")
if [ "$keep" -eq 0 ]; then trap 'rm -rf "$scratch"' EXIT; else echo "scratch folder: $scratch"; fi

load_before=$(cut -d' ' -f1-3 /proc/loadavg)

if [ "$suites" -eq 1 ]; then
  echo "== package-benchmark suites (Benchmarks/Benchmarks/*)"
  swift package --package-path Benchmarks benchmark --no-progress
fi

# The median of the numbers on standard input, one per line.
median() {
  sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) exit 1; if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# Runs a probe command, shows its output indented, and keeps it for `figure`.
probe_output=""
run_probe() {
  probe_output=$("$@")
  sed 's/^/    /' <<<"$probe_output" >&2
}

# The median the last probe printed for NAME (its `median NAME VALUE` line).
figure() { awk -v name="$1" '$1 == "median" && $2 == name { print $3 }' <<<"$probe_output"; }

# awk arithmetic: calc '<expression>' prints the result.
calc() { awk "BEGIN { printf \"%.6f\\n\", $1 }"; }

echo "== Plain-clock figures, $samples samples each"
if [ "$trace_only" -eq 0 ]; then

echo "-- simulated events/s: 100 apps, 10^6 events, one core, summary counters only" >&2
run_probe "$probe" throughput --apps 100 --events 1000000 --samples "$samples"
events_per_s=$(figure events_per_s)

# Runs `suspendsim run` on a generated 100-app JSON file of $1 events, $samples times, into
# $scratch/reports-$1; sets e2e_wall (median seconds) and e2e_rss (median peak KiB). The wall
# is the bare process's, timed from this shell; the peak memory comes from as many runs more
# under /usr/bin/time, whose own start would add about a millisecond to each wall.
run_end_to_end() {
  local events=$1 file=$scratch/random-100-apps-$1-events.json walls=() rsss=()
  "$bin/make-scenario-json" 100 "$events" 1 "$file"
  echo "    $events events: scenario file $(du -h "$file" | cut -f1)" >&2
  for _ in $(seq "$samples"); do
    rm -rf "$scratch/reports-$events"
    local start=$EPOCHREALTIME
    "$cli" run "$file" --out "$scratch/reports-$events" --jobs 1 >/dev/null
    local end=$EPOCHREALTIME
    walls+=("$(calc "$end - $start")")
    rm -rf "$scratch/reports-$events"
    /usr/bin/time -f '%M' -o "$scratch/rss" "$cli" run "$file" --out "$scratch/reports-$events" --jobs 1 >/dev/null
    rsss+=("$(cat "$scratch/rss")")
    echo "    $events events: sample wall_s ${walls[-1]} peak_rss_kib ${rsss[-1]}" >&2
  done
  local folder=$scratch/reports-$events/random-100-apps-$events-events-seed-1
  for report in survivors evictions transitions callbacks memory pressure skipped; do
    [ -s "$folder/$report.csv" ] || { echo "bench: $folder/$report.csv is missing" >&2; exit 1; }
  done
  e2e_wall=$(printf '%s\n' "${walls[@]}" | median)
  e2e_rss=$(printf '%s\n' "${rsss[@]}" | median)
}

# Peak resident KiB of `suspendsim run $1 --jobs 1` (its exit status may be 2: a refusal), the
# median of $samples processes.
peak_run() {
  local file=$1 rsss=()
  for _ in $(seq "$samples"); do
    rm -rf "$scratch/peak-reports"
    /usr/bin/time -f '%M' -o "$scratch/rss" "$cli" run "$file" --out "$scratch/peak-reports" --jobs 1 >/dev/null 2>&1 || true
    rsss+=("$(tail -1 "$scratch/rss")")
  done
  rm -rf "$scratch/peak-reports"
  printf '%s\n' "${rsss[@]}" | median
}

echo "-- peak memory with and without a compressor: one generated 100-app file at 10^5 and 10^7 events (SPEC 22, 35)" >&2
for events in 100000 10000000; do
  file=$scratch/compressor-$events.json
  "$bin/make-scenario-json" 100 "$events" 1 "$file"
  # The same file with `compressor: {}` (every default) on its device.
  sed '0,/"device": {/s//"device": {"compressor": {}, /' "$file" >"$scratch/compressor-on-$events.json"
  plain_rss[$events]=$(peak_run "$file")
  compressor_rss[$events]=$(peak_run "$scratch/compressor-on-$events.json")
  echo "    $events events: peak_rss_kib without ${plain_rss[$events]}, with a compressor ${compressor_rss[$events]}" >&2
  rm -f "$file" "$scratch/compressor-on-$events.json"
done

echo "-- the cost of a refusal: a 10^6-event file whose last event naming an app names an unknown one, and mended (SPEC 35)" >&2
"$bin/make-scenario-json" 100 1000000 1 "$scratch/mended.json"
last=$(grep -n '"at": .*"com\.example\.app[0-9]*"' "$scratch/mended.json" | tail -1 | cut -d: -f1)
sed "${last}s/\"com\.example\.app[0-9]*\"/\"com.example.unknown\"/" "$scratch/mended.json" >"$scratch/refused.json"
mended_rss=$(peak_run "$scratch/mended.json")
refused_rss=$(peak_run "$scratch/refused.json")
echo "    peak_rss_kib refusing $refused_rss, running it mended $mended_rss" >&2
rm -f "$scratch/mended.json" "$scratch/refused.json"

echo "-- end to end: suspendsim run on 100-app JSON files of 10^4, 10^5 and 10^6 events, every report written" >&2
run_end_to_end 10000
rss_10000=$e2e_rss
run_end_to_end 100000
wall_100000=$e2e_wall
run_end_to_end 1000000
echo "    reports: $(du -sh "$scratch/reports-1000000" | cut -f1)" >&2
e2e_events_per_s=$(calc "1000000 / $e2e_wall")

echo "-- victim choice under constant pressure (one kill per event), 10^6 timed events" >&2
run_probe "$probe" victims --resident 100 --events 1000000 --samples "$samples"
ns_100=$(figure ns_per_event)
run_probe "$probe" victims --resident 10000 --events 1000000 --samples "$samples"
ns_10000=$(figure ns_per_event)

echo "-- peak resident memory of one generated 100-app run, one process per sample" >&2
peak_of() {
  local events=$1 peaks=()
  for _ in $(seq "$samples"); do
    run_probe "$probe" peak --apps 100 --events "$events"
    peaks+=("$(figure peak_kib)")
  done
  printf '%s\n' "${peaks[@]}" | median
}
peak_small=$(peak_of 100000)
peak_large=$(peak_of 10000000)

echo "-- batch of 1,000 small runs (system malloc, then jemalloc)" >&2
run_probe "$probe" batch --runs 1000 --jobs 1 --samples "$samples"
batch_1=$(figure runs_per_s)
batch_cpu_1=$(figure runs_per_cpu_s)
run_probe "$probe" batch --runs 1000 --jobs 2 --samples "$samples"
batch_2=$(figure runs_per_s)
batch_cpu_2=$(figure runs_per_cpu_s)
run_probe "$probe_jemalloc" batch --runs 1000 --jobs 1 --samples "$samples"
batch_je_1=$(figure runs_per_s)
batch_je_cpu_1=$(figure runs_per_cpu_s)
run_probe "$probe_jemalloc" batch --runs 1000 --jobs 2 --samples "$samples"
batch_je_2=$(figure runs_per_s)
batch_je_cpu_2=$(figure runs_per_cpu_s)

echo "-- the batch's serial part: 2,000 replicates of day-on-a-3gb-phone, 1 worker (suspendsim run --stats)" >&2
serial_shares=()
serial_us=()
worker_us=()
for _ in $(seq "$samples"); do
  rm -rf "$scratch/batch"
  # "serial part: 0.48 µs per run, 0.17 % of the work (workers: 280.4 µs per run; ...)"
  line=$("$cli" run Scenarios/day-on-a-3gb-phone.yaml --replicates 2000 --jobs 1 --stats --out "$scratch/batch" | grep '^serial part:')
  echo "    $line" >&2
  serial_us+=("$(awk '{ print $3 }' <<<"$line")")
  serial_shares+=("$(awk '{ print $7 }' <<<"$line")")
  worker_us+=("$(awk '{ print $13 }' <<<"$line")")
done
serial_share=$(printf '%s\n' "${serial_shares[@]}" | median)
serial_per_run=$(printf '%s\n' "${serial_us[@]}" | median)
worker_per_run=$(printf '%s\n' "${worker_us[@]}" | median)
fi

# Runs `suspendsim run` on the trace scenario $1 with the options that follow, $2 samples of
# it; sets trace_wall (median seconds, from this shell's clock), trace_cpu (median user + system
# seconds) and trace_rss (median peak KiB), the last two from /usr/bin/time, which wraps each
# sample. Prints each sample and its serial-part line. On a shared host the CPU time moves less
# than the wall.
run_trace_batch() {
  local scenario=$1 count=$2 walls=() cpus=() rsss=()
  shift 2
  for _ in $(seq "$count"); do
    rm -rf "$scratch/trace-reports"
    local start=$EPOCHREALTIME
    /usr/bin/time -f '%M %U %S' -o "$scratch/rss" "$cli" run "$scenario" --jobs 2 --stats --out "$scratch/trace-reports" "$@" \
      | grep '^serial part:' | sed 's/^/    /' >&2
    local end=$EPOCHREALTIME
    walls+=("$(calc "$end - $start")")
    rsss+=("$(tail -1 "$scratch/rss" | cut -d' ' -f1)")
    cpus+=("$(tail -1 "$scratch/rss" | awk '{ print $2 + $3 }')")
    echo "    sample wall_s ${walls[-1]} cpu_s ${cpus[-1]} peak_rss_kib ${rsss[-1]}" >&2
  done
  trace_wall=$(printf '%s\n' "${walls[@]}" | median)
  trace_cpu=$(printf '%s\n' "${cpus[@]}" | median)
  trace_rss=$(printf '%s\n' "${rsss[@]}" | median)
}

# A scenario replaying every user of the synthetic trace $2 (scripts/make-lsapp-trace.sh), as
# the README's LSApp example does, written to $1.
trace_scenario() {
  cat >"$1" <<YAML
name: lsapp
policy: jetsam
device: { model: iphone-11, ios: "18.5" }
apps:
  - { id: com.google.Gmail, trace_name: Gmail, active_mb: 220, suspended_mb: 90 }
trace:
  file: $2
  user: all
  default_app: { active_mb: 300, background_mb: 200, suspended_mb: 120 }
YAML
}

# One sample of a trace batch: `$1 run $2 --jobs 2` with the options that follow, into
# $scratch/users-reports; prints its wall seconds (this shell's clock, around /usr/bin/time),
# its CPU seconds (user + system) and its peak resident KiB.
users_sample() {
  local bin=$1 scenario=$2
  shift 2
  rm -rf "$scratch/users-reports"
  local start=$EPOCHREALTIME
  /usr/bin/time -f '%M %U %S' -o "$scratch/rss" "$bin" run "$scenario" --jobs 2 --out "$scratch/users-reports" "$@" >/dev/null
  local end=$EPOCHREALTIME
  echo "$(calc "$end - $start") $(tail -1 "$scratch/rss" | awk '{ print $2 + $3, $1 }')"
}

# The batches of --trace-users: for each count, every user of a synthetic trace of that many
# users (2,055 rows each over 87 apps, as LSApp's 600,000 rows of 292 users), under every policy
# at 4 RAM sizes; with --against, OLD's sample just before the current one's, each time.
# Prints a table: build, users, runs, median wall, CPU and peak memory, the tables' sizes.
trace_users_batches() {
  local rows=() builds=("$cli") build
  [ -n "$against" ] && builds=("$(realpath -m "$against")" "$cli")
  echo "-- usage-trace batches over many users (SPEC 24): 2,055 rows and 87 apps a user, --policy all x 4 RAM sizes, 2 jobs" >&2
  for users in ${trace_users//,/ }; do
    scripts/make-lsapp-trace.sh "$users" 2055 1 87 >"$scratch/lsapp-$users.tsv" 2>/dev/null
    trace_scenario "$scratch/lsapp-$users.yaml" "$scratch/lsapp-$users.tsv"
    echo "    trace of $users users: $(du -h "$scratch/lsapp-$users.tsv" | cut -f1)" >&2
    local -A walls=() cpus=() rsss=() sizes=()
    for _ in $(seq "$samples"); do
      for build in "${!builds[@]}"; do
        read -r wall cpu rss < <(users_sample "${builds[$build]}" "$scratch/lsapp-$users.yaml" --policy all --set device.ram_mb=2048,3072,4096,6144)
        walls[$build]+="$wall "; cpus[$build]+="$cpu "; rsss[$build]+="$rss "
        sizes[$build]="$(du -k "$scratch/users-reports/survival.csv" "$scratch/users-reports/exits.csv" | awk '{ printf "%s%.1f", (NR > 1 ? " / " : ""), $1 / 1024 }') MiB"
        echo "    $users users, ${builds[$build]}: sample wall_s $wall cpu_s $cpu peak_rss_kib $rss" >&2
      done
    done
    for build in "${!builds[@]}"; do
      rows+=("$(printf '| %-40s | %5s | %6s | %8.2f s | %8.1f s | %8.0f MiB | %-21s |' "${builds[$build]}" "$users" "$((users * 16))" \
        "$(tr ' ' '\n' <<<"${walls[$build]}" | grep . | median)" "$(tr ' ' '\n' <<<"${cpus[$build]}" | grep . | median)" \
        "$(calc "$(tr ' ' '\n' <<<"${rsss[$build]}" | grep . | median) / 1024")" "${sizes[$build]}")")
    done
    rm -f "$scratch/lsapp-$users.tsv"
  done
  echo
  echo "== trace batches over many users (median of $samples samples; load average before / after: $load_before / $(cut -d' ' -f1-3 /proc/loadavg))"
  printf '| %-40s | %5s | %6s | %10s | %10s | %12s | %-21s |\n' build users runs wall CPU "peak RSS" "survival / exits.csv"
  for row in "${rows[@]}"; do echo "$row"; done
}

if [ -n "$trace_users" ]; then
  trace_users_batches
  exit 0
fi

# One table row: figure, measured, target, and whether `value op limit` holds ("" = no target).
missed=0
row() {
  local figure=$1 measured=$2 target=$3 value=$4 op=$5 limit=$6 result="-"
  if [ -n "$op" ]; then
    if [ "$(awk -v v="$value" -v l="$limit" "BEGIN { print (v $op l) ? 1 : 0 }")" -eq 1 ]; then
      result=pass
    else
      result=FAIL
      missed=$((missed + 1))
    fi
  fi
  printf '| %-66s | %-36s | %-9s | %-4s |\n' "$figure" "$measured" "$target" "$result"
}
fmt() { awk -v v="$1" "BEGIN { printf \"$2\", v }"; }

# SPEC 39's cost: a batch with `sensitivity:` over K keys costs at most (1 + 2K) times the batch
# alone plus 10 %, in time, and at most its memory plus one variant's. The scenario is the
# engineer's (docs/engineer.md): his editor and the typical day's twenty apps on an iPhone 15, a
# 16-hour sourced day (SPEC 38), his app the what-if app (`--app`). A variant runs the first R
# replicates; here R is every replicate (`sensitivity: { replicates: R }` in the file, which
# `--sensitivity` would reset to 100), so that the ratio compares like with like. 2,000 runs of
# the batch alone take about 0.3 s of CPU in a release build: enough for /usr/bin/time's 10 ms.
sens_replicates=2000
sens_keys_3="device.limit_share, device.compressor.ratio, app.*.cold_launch_s"
sensitivity_scenario() {
  cat <<YAML
name: sens
policy: jetsam
device: { model: iphone-15, ios: "18.5" }
apps:
  - id: com.example.photoeditor
    active_mb: 700
    background_mb: 200
    suspended_mb: 180
    background_modes: [audio, fetch]
    bg_tasks: [{ kind: refresh, earliest_s: 900, work_s: 10 }]
    mode_in_use_s: 300
  - { include: typical-day }
workload: typical-day
replicates: $sens_replicates
YAML
  [ -n "$1" ] && echo "sensitivity: $1"
  return 0
}
# CPU seconds (user + system) and peak resident KiB of `suspendsim run FILE --jobs 1`, medians
# of $samples processes; sens_keys is the K its plan line prints, sens_variants the V.
sens_measure() {
  local file=$1 cpus=() rsss=()
  for _ in $(seq "$samples"); do
    rm -rf "$scratch/sens-reports"
    /usr/bin/time -f '%U %S %M' -o "$scratch/rss" "$cli" run "$scratch/$file" --jobs 1 --app com.example.photoeditor \
      --out "$scratch/sens-reports" >"$scratch/sens-out" 2>/dev/null
    cpus+=("$(awk '{ print $1 + $2 }' "$scratch/rss")")
    rsss+=("$(awk '{ print $3 }' "$scratch/rss")")
  done
  sens_keys=$(sed -n 's/^sensitivity: .*: \([0-9]*\) assumptions\{0,1\}, .*/\1/p' "$scratch/sens-out")
  sens_variants=$(sed -n 's/^sensitivity: .*, \([0-9]*\) variants\{0,1\}, .*/\1/p' "$scratch/sens-out")
  sens_cpu=$(printf '%s\n' "${cpus[@]}" | median)
  sens_rss=$(printf '%s\n' "${rsss[@]}" | median)
  rm -rf "$scratch/sens-reports"
}
# Prints one measured line: what, CPU, memory, and against the batch alone the ratio SPEC 39
# bounds, (1 + 2K) x 1.1.
sens_line() {
  local what=$1
  if [ -z "$sens_keys" ]; then
    echo "    $what: cpu_s $sens_cpu peak_rss_kib $sens_rss" >&2
    return
  fi
  echo "    $what (K = $sens_keys, $sens_variants variants): cpu_s $sens_cpu peak_rss_kib $sens_rss;" \
    "$(fmt "$(calc "$sens_cpu / $sens_alone_cpu")" '%.2f')x the batch alone, bound (1 + 2K) x 1.1 = $(fmt "$(calc "(1 + 2 * $sens_keys) * 1.1")" '%.1f')x;" \
    "+$(fmt "$(calc "($sens_rss - $sens_alone_rss) / 1024")" '%.1f') MiB" >&2
}
sensitivity_probe() {
  echo "-- sensitivity (SPEC 39): the editor and the typical day on an iPhone 15, $sens_replicates replicates, R = all; the batch alone, then K = 3 keys ($sens_keys_3) and every key" >&2
  sensitivity_scenario "" >"$scratch/sens.yaml"
  sensitivity_scenario "{ keys: [$sens_keys_3], replicates: $sens_replicates }" >"$scratch/sens-3.yaml"
  sensitivity_scenario "{ replicates: $sens_replicates }" >"$scratch/sens-all.yaml"
  sens_measure sens.yaml
  sens_alone_cpu=$sens_cpu sens_alone_rss=$sens_rss
  sens_line "the batch alone"
  sens_measure sens-3.yaml
  sens_3_cpu=$sens_cpu sens_3_rss=$sens_rss sens_3_keys=${sens_keys:-0}
  sens_line "sensitivity: { keys: [3 keys] }"
  sens_measure sens-all.yaml
  sens_all_cpu=$sens_cpu sens_all_rss=$sens_rss sens_all_keys=${sens_keys:-0}
  sens_line "sensitivity: true"
}
# The probe's table rows.
sensitivity_rows() {
  row "sensitivity, K = $sens_3_keys keys: CPU / the batch alone (SPEC 39)" \
    "$(fmt "$(calc "$sens_3_cpu / $sens_alone_cpu")" '%.2fx') ($(fmt "$sens_3_cpu" '%.2f') / $(fmt "$sens_alone_cpu" '%.2f') s)" \
    "<= $(calc "(1 + 2 * $sens_3_keys) * 1.1" | awk '{ printf "%.1f", $1 }')x" "$(calc "$sens_3_cpu / $sens_alone_cpu")" "<=" "$(calc "(1 + 2 * $sens_3_keys) * 1.1")"
  row "sensitivity, every key (K = $sens_all_keys): CPU / the batch alone" \
    "$(fmt "$(calc "$sens_all_cpu / $sens_alone_cpu")" '%.1fx') ($(fmt "$sens_all_cpu" '%.1f') s)" \
    "<= $(calc "(1 + 2 * $sens_all_keys) * 1.1" | awk '{ printf "%.1f", $1 }')x" "$(calc "$sens_all_cpu / $sens_alone_cpu")" "<=" "$(calc "(1 + 2 * $sens_all_keys) * 1.1")"
  row "sensitivity: peak RSS, K = $sens_3_keys / every key / the batch alone" \
    "$(fmt "$(calc "$sens_3_rss / 1024")" '%.1f') / $(fmt "$(calc "$sens_all_rss / 1024")" '%.1f') / $(fmt "$(calc "$sens_alone_rss / 1024")" '%.1f') MiB" \
    "(report)" "" "" ""
}
table_header() {
  printf '| %-66s | %-36s | %-9s | %-4s |\n' "figure" "measured" "target" "met"
  printf '|%s|%s|%s|%s|\n' "$(printf -- '-%.0s' {1..68})" "$(printf -- '-%.0s' {1..38})" "$(printf -- '-%.0s' {1..11})" "$(printf -- '-%.0s' {1..6})"
}

if [ "$sens_only" -eq 1 ]; then
  sensitivity_probe
  echo
  echo "== suspendsim sensitivity (SPEC 39; median of $samples samples; load average before / after: $load_before / $(cut -d' ' -f1-3 /proc/loadavg))"
  table_header
  sensitivity_rows
  if [ "$strict" -eq 1 ] && [ "$missed" -gt 0 ]; then exit 1; fi
  exit 0
fi

# One sample of `$1 run ARGS...` into $scratch/same-reports: its wall seconds (this shell's
# clock) and CPU seconds of all its threads: perf's task-clock (to the microsecond) where perf
# runs, else user + system from /usr/bin/time (to the hundredth: coarse for a 0.08 s run).
same_sample() {
  local bin=$1
  shift
  rm -rf "$scratch/same-reports"
  local start=$EPOCHREALTIME cpu
  if command -v perf >/dev/null && perf stat -x, -e task-clock -o "$scratch/cpu" true 2>/dev/null; then
    perf stat -x, -e task-clock -o "$scratch/cpu" "$bin" run "$@" --out "$scratch/same-reports" >/dev/null
    cpu=$(awk -F, '$3 == "task-clock" || $3 ~ /^task-clock/ { printf "%.4f", $1 / 1000 }' "$scratch/cpu")
  else
    /usr/bin/time -f '%U %S' -o "$scratch/cpu" "$bin" run "$@" --out "$scratch/same-reports" >/dev/null
    cpu=$(tail -1 "$scratch/cpu" | awk '{ print $1 + $2 }')
  fi
  local end=$EPOCHREALTIME
  echo "$(calc "$end - $start") $cpu"
}

# $1 ÷ $2 with 3 decimals.
ratio3() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f\n", a / b }'; }

# The instructions of `$1 run ARGS...` in user space, counted by callgrind, of a copy without
# its debug information (valgrind 3.19 cannot read the DWARF 5 that Swift writes).
same_instructions() {
  local bin=$1
  shift
  objcopy --strip-debug "$bin" "$scratch/counted"
  rm -rf "$scratch/same-reports"
  valgrind --tool=callgrind --callgrind-out-file="$scratch/callgrind.out" "$scratch/counted" run "$@" \
    --out "$scratch/same-reports" 2>&1 >/dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

# --same-work: Part XI's bound, "no case more than 5 % slower", on the two cases both builds
# do alike (the classic profile; the compressor off), OLD's sample just before the current
# one's. Prints per case the median CPU and wall of each build, their ratios, pass or fail.
same_work_cases() {
  local old new=$cli case missed=0
  old=$(realpath -m "$same_work")
  "$bin/make-scenario-json" 100 100000 1 "$scratch/e5.json"
  scripts/make-lsapp-trace.sh 800 600 1 >"$scratch/trace.tsv" 2>/dev/null
  sed -e 's|^device: .*|device: { ram_mb: 2048, system_mb: 600, compressor: { pool_mb: 0 } }|' \
    -e 's|^  file: .*|  file: trace.tsv|' -e '/^  device.ram_mb:/d' docs/examples/lsapp-study.yaml >"$scratch/trace-study.yaml"
  local -A args=([e5]="$scratch/e5.json --jobs 1" [trace]="$scratch/trace-study.yaml")
  local -A names=([e5]="100 apps, 10^5 events (make-scenario-json 100 100000 1), --jobs 1"
                  [trace]="800 trace users x lru, jetsam; system_mb 600, pool_mb: 0")
  local rows=()
  for case in e5 trace; do
    local -A walls=() cpus=()
    echo "-- same work: ${names[$case]}" >&2
    for _ in $(seq "$samples"); do
      for side in old new; do
        local path=$old
        [ "$side" = new ] && path=$new
        # shellcheck disable=SC2086
        read -r wall cpu < <(same_sample "$path" ${args[$case]})
        walls[$side]+="$wall "; cpus[$side]+="$cpu "
      done
    done
    local cpu_old cpu_new wall_old wall_new cpu_ratio verdict=pass counts=""
    cpu_old=$(tr ' ' '\n' <<<"${cpus[old]}" | grep . | median); cpu_new=$(tr ' ' '\n' <<<"${cpus[new]}" | grep . | median)
    wall_old=$(tr ' ' '\n' <<<"${walls[old]}" | grep . | median); wall_new=$(tr ' ' '\n' <<<"${walls[new]}" | grep . | median)
    cpu_ratio=$(ratio3 "$cpu_new" "$cpu_old")
    if [ "$instructions" -eq 1 ]; then
      local ir_old ir_new
      # shellcheck disable=SC2086
      ir_old=$(same_instructions "$old" ${args[$case]}); ir_new=$(same_instructions "$new" ${args[$case]})
      counts=" | $ir_old | $ir_new | $(ratio3 "$ir_new" "$ir_old")"
    fi
    if awk -v r="$cpu_ratio" 'BEGIN { exit !(r > 1.05) }'; then verdict=FAIL; missed=$((missed + 1)); fi
    rows+=("| ${names[$case]} | $cpu_old | $cpu_new | $cpu_ratio | $wall_old | $wall_new | $(ratio3 "$wall_new" "$wall_old")$counts | $verdict |")
  done
  echo
  echo "== Part XI's bound, same work: $old (old) against $new (new), median of $samples samples each, alternating"
  echo "   (load average before / after: $load_before / $(cut -d' ' -f1-3 /proc/loadavg); CPU decides, at most 1.05)"
  if [ "$instructions" -eq 1 ]; then
    echo "| case | CPU old s | CPU new s | ratio | wall old s | wall new s | ratio | instructions old | new | ratio | CPU <= 1.05 |"
  else
    echo "| case | CPU old s | CPU new s | ratio | wall old s | wall new s | ratio | CPU <= 1.05 |"
  fi
  for row in "${rows[@]}"; do echo "$row"; done
  if [ "$strict" -eq 1 ] && [ "$missed" -gt 0 ]; then exit 1; fi
}

if [ -n "$same_work" ]; then
  same_work_cases
  exit 0
fi

echo "-- usage-trace batches (SPEC 21): every user of a synthetic trace, 2 jobs" >&2
for users in 40 320 500; do
  rows=1000
  [ "$users" -eq 500 ] && rows=1500
  scripts/make-lsapp-trace.sh "$users" "$rows" 1 >"$scratch/trace-$users.tsv" 2>/dev/null
  trace_scenario "$scratch/trace-$users.yaml" "$scratch/trace-$users.tsv"
  echo "    trace of $users users x $rows rows: $(du -h "$scratch/trace-$users.tsv" | cut -f1)" >&2
done
echo "    40 users, one policy, one point each" >&2
run_trace_batch "$scratch/trace-40.yaml" "$samples"
trace_40=$trace_wall
echo "    320 users, one policy, one point each" >&2
run_trace_batch "$scratch/trace-320.yaml" "$samples"
trace_320=$trace_wall
echo "    500 users x 4 policies x 5 RAM sizes: 10,000 runs over 750,000 rows" >&2
run_trace_batch "$scratch/trace-500.yaml" "$big_samples" --policy all --set device.ram_mb=2048,3072,4096,6144,8192
trace_10000=$trace_wall
trace_10000_cpu=$trace_cpu
trace_10000_rss=$trace_rss

# SPEC 35: a sweep of N points costs about N runs. A one-event scenario swept over 500 RAM
# sizes: reading, checking and planning its points and running them, `run` end to end.
echo "-- a 500-point sweep of a one-event scenario (SPEC 35: linear in the points)" >&2
{
  echo "name: sweep-500"
  echo "device: { ram_mb: 4096 }"
  echo "apps: [{ id: com.a, active_mb: 100 }]"
  echo "events: [{ at: 0, open: com.a }]"
  echo "sweep:"
  echo "  device.ram_mb: [$(seq -s ', ' 2048 2547)]"
} >"$scratch/sweep-500.yaml"
sweep_walls=()
for _ in $(seq "$samples"); do
  rm -rf "$scratch/sweep-reports"
  start=$EPOCHREALTIME
  "$cli" run "$scratch/sweep-500.yaml" --out "$scratch/sweep-reports" >/dev/null
  end=$EPOCHREALTIME
  sweep_walls+=("$(calc "$end - $start")")
  echo "    sample wall_s ${sweep_walls[-1]}" >&2
done
[ "$(($(wc -l <"$scratch/sweep-reports/summary.csv") - 1))" -eq 500 ] || { echo "bench: the 500-point sweep did not write 500 runs" >&2; exit 1; }
sweep_500=$(printf '%s\n' "${sweep_walls[@]}" | median)

# A policy written in YAML (docs/scenarios.md) costs what the built-in it reproduces costs:
# day-on-a-3gb-phone, 2,000 replicates on 1 worker, under lru and largest-first and under the
# same orders in YAML, alternating in each sample. Timed in CPU seconds (user + system, from
# /usr/bin/time): a run of about half a second, whose wall clock moves with whatever else the
# host runs; its CPU time much less.
echo "-- YAML policies against the built-ins they reproduce (day-on-a-3gb-phone, 2,000 runs, 1 job, CPU time)" >&2
{
  cat Scenarios/day-on-a-3gb-phone.yaml
  echo
  echo "policies: [{ name: lru-yaml, order: [state, last_frontmost] }, { name: largest-yaml, order: [state, -footprint_mb] }]"
} >"$scratch/yaml-policy.yaml"
declare -A policy_cpus=()
for _ in $(seq "$samples"); do
  for policy in lru lru-yaml largest-first largest-yaml; do
    /usr/bin/time -f '%U %S' -o "$scratch/cpu" "$cli" run "$scratch/yaml-policy.yaml" --policy "$policy" --replicates 2000 --jobs 1 \
      --out "$scratch/yaml-policy-$policy" >/dev/null 2>&1
    policy_cpus[$policy]+="$(tail -1 "$scratch/cpu" | awk '{ print $1 + $2 }') "
  done
done
policy_median() { tr ' ' '\n' <<<"${policy_cpus[$1]}" | grep . | median; }
yaml_lru=$(calc "$(policy_median lru-yaml) / $(policy_median lru)")
yaml_largest=$(calc "$(policy_median largest-yaml) / $(policy_median largest-first)")
yaml_worst=$(awk -v a="$yaml_lru" -v b="$yaml_largest" 'BEGIN { print (a > b ? a : b) }')

sensitivity_probe

load_after=$(cut -d' ' -f1-3 /proc/loadavg)


echo
echo "== suspendsim performance (median of $samples samples; the 10,000-run trace batch: $big_samples)"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(uname -sr)"
echo "swift: $(swift --version 2>/dev/null | head -1)"
echo "load average before / after: $load_before / $load_after"
echo
table_header
targets=3
if [ "$trace_only" -eq 0 ]; then
targets=13
row "simulated events/s, 100 apps, 10^6 events, 1 core, no reports" \
  "$(fmt "$(calc "$events_per_s / 1e6")" '%.2f M/s')" ">= 10 M/s" "$events_per_s" ">=" 10000000
row "suspendsim run, 100-app 10^6-event JSON, all reports, end to end" \
  "$(fmt "$(calc "$e2e_events_per_s / 1e6")" '%.2f M/s') ($(fmt "$e2e_wall" '%.2f s'), $(fmt "$(calc "$e2e_rss / 1024")" '%.0f MiB') peak)" \
  ">= 3 M/s" "$e2e_events_per_s" ">=" 3000000
row "suspendsim run, 100-app 10^5-event JSON, all reports, wall" \
  "$(fmt "$(calc "$wall_100000 * 1000")" '%.0f ms')" \
  "<= 45 ms" "$(calc "$wall_100000 * 1000")" "<=" 45
row "peak RSS of suspendsim run, 10^6 / 10^4 events (100 apps)" \
  "$(fmt "$(calc "$e2e_rss / $rss_10000")" '%.2fx') ($(fmt "$(calc "$e2e_rss / 1024")" '%.1f') / $(fmt "$(calc "$rss_10000 / 1024")" '%.1f') MiB)" \
  "<= 1.5x" "$(calc "$e2e_rss / $rss_10000")" "<=" 1.5
row "cost per event, 10,000 / 100 resident apps (1 kill per event)" \
  "$(fmt "$(calc "$ns_10000 / $ns_100")" '%.2fx') ($(fmt "$ns_10000" '%.0f') / $(fmt "$ns_100" '%.0f') ns)" \
  "<= 1.3x" "$(calc "$ns_10000 / $ns_100")" "<=" 1.3
row "peak RSS, 10^7 / 10^5 generated events (100 apps)" \
  "$(fmt "$(calc "$peak_large / $peak_small")" '%.2fx') ($(fmt "$(calc "$peak_large / 1024")" '%.1f') / $(fmt "$(calc "$peak_small / 1024")" '%.1f') MiB)" \
  "<= 2x" "$(calc "$peak_large / $peak_small")" "<=" 2
row "peak RSS, 10^7 events, compressor / none (100 apps; 10^5: ratio)" \
  "$(fmt "$(calc "${compressor_rss[10000000]} / ${plain_rss[10000000]}")" '%.2fx') ($(fmt "$(calc "${compressor_rss[10000000]} / 1024")" '%.0f') / $(fmt "$(calc "${plain_rss[10000000]} / 1024")" '%.0f') MiB; 10^5: $(fmt "$(calc "${compressor_rss[100000]} / ${plain_rss[100000]}")" '%.2fx'))" \
  "<= 1.2x" "$(calc "${compressor_rss[10000000]} / ${plain_rss[10000000]}")" "<=" 1.2
row "peak RSS refusing a 10^6-event file (bad last event) / running it mended" \
  "$(fmt "$(calc "$refused_rss / $mended_rss")" '%.2fx') ($(fmt "$(calc "$refused_rss / 1024")" '%.0f') / $(fmt "$(calc "$mended_rss / 1024")" '%.0f') MiB)" \
  "<= 1.2x" "$(calc "$refused_rss / $mended_rss")" "<=" 1.2
row "batch of 1,000 runs, runs/s at 2 / 1 workers (jemalloc, as shipped)" \
  "$(fmt "$(calc "$batch_je_2 / $batch_je_1")" '%.2fx') ($(fmt "$batch_je_2" '%.0f') / $(fmt "$batch_je_1" '%.0f') runs/s)" \
  ">= 1.8x" "$(calc "$batch_je_2 / $batch_je_1")" ">=" 1.8
row "batch serial part (writer's lock), day-on-a-3gb-phone, 1 worker" \
  "$(fmt "$serial_share" '%.2f %%') ($(fmt "$serial_per_run" '%.2f') of $(fmt "$worker_per_run" '%.0f') µs per run)" \
  "< 1 %" "$serial_share" "<" 1
row "the same with the system malloc" \
  "$(fmt "$(calc "$batch_2 / $batch_1")" '%.2fx') ($(fmt "$batch_2" '%.0f') / $(fmt "$batch_1" '%.0f') runs/s)" \
  "(report)" "" "" ""
row "runs per CPU-second at 2 / 1 workers: jemalloc, system malloc" \
  "$(fmt "$(calc "$batch_je_cpu_2 / $batch_je_cpu_1")" '%.2fx'), $(fmt "$(calc "$batch_cpu_2 / $batch_cpu_1")" '%.2fx')" \
  "(report)" "" "" ""
row "batch, jemalloc / system malloc, 1 worker" \
  "$(fmt "$(calc "$batch_je_1 / $batch_1")" '%.2fx') ($(fmt "$batch_je_1" '%.0f') / $(fmt "$batch_1" '%.0f') runs/s)" \
  "(report)" "" "" ""
row "batch, jemalloc / system malloc, 2 workers" \
  "$(fmt "$(calc "$batch_je_2 / $batch_2")" '%.2fx') ($(fmt "$batch_je_2" '%.0f') / $(fmt "$batch_2" '%.0f') runs/s)" \
  "(report)" "" "" ""
fi
row "trace batch, every user: 320 / 40 users (1,000 rows each)" \
  "$(fmt "$(calc "$trace_320 / $trace_40")" '%.2fx') ($(fmt "$trace_320" '%.2f') / $(fmt "$trace_40" '%.2f') s)" \
  "<= 9x" "$(calc "$trace_320 / $trace_40")" "<=" 9
row "trace batch, 10,000 runs: 500 users x 4 policies x 5 RAM sizes" \
  "$(fmt "$trace_10000" '%.2f s') ($(fmt "$trace_10000_cpu" '%.1f') s CPU, $(fmt "$(calc "$trace_10000_rss / 1024")" '%.0f') MiB)" \
  "<= 10 s" "$trace_10000" "<=" 10
row "sweep of 500 points, one-event scenario: check, plan and run" \
  "$(fmt "$sweep_500" '%.2f s')" \
  "< 5 s" "$sweep_500" "<" 5
targets=$((targets + 2))
sensitivity_rows
row "YAML policy / the built-in it reproduces, CPU: lru, largest-first" \
  "$(fmt "$yaml_lru" '%.2fx'), $(fmt "$yaml_largest" '%.2fx')" \
  "<= 1.10x" "$yaml_worst" "<=" 1.10
echo
echo "$((targets - missed)) of $targets targets met. Trace batches: traces by scripts/make-lsapp-trace.sh (synthetic;"
echo "40 and 320 users of 1,000 rows, about 300 sessions each; 500 users of 1,500 rows), 2 jobs, peak"
echo "RSS from /usr/bin/time."
if [ "$trace_only" -eq 0 ]; then
  echo "Runs per CPU-second near 1x at 2 / 1 workers: the workers do not slow each other down, whatever"
  echo "else holds the cores. jemalloc / system malloc: two builds of the same probe, one linked with"
  echo "jemalloc as suspendsim is (docs/performance.md)."
fi
if [ "$strict" -eq 1 ] && [ "$missed" -gt 0 ]; then exit 1; fi
