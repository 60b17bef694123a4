#!/usr/bin/env bash
# Runs a suspendsim batch on Slurm: a job array of K shards, then a merge (docs/batch-runs.md,
# "Slurm").
#
#   scripts/slurm/submit.sh [sbatch options] --shards K --out DIR -- RUN_ARGS...
#       submits a job array of K tasks, task i running
#         suspendsim run RUN_ARGS --shard i/K --out DIR/shards/i --jobs <the task's CPUs>
#       (scripts/slurm/shard.sbatch), then a merge job (scripts/slurm/merge.sbatch) with
#       --dependency=afterany:<array>: it runs once every task has ended and merges the shards
#       into DIR (DIR/summary.csv, DIR/survival.csv, ...), or, if a shard is missing, merges
#       nothing, names it and prints the --rerun command below. Prints both job ids.
#   scripts/slurm/submit.sh [sbatch options] --rerun DIR [--tasks 3,7]
#       submits those tasks again (default: the shards missing now) with the batch's own
#       arguments and options (new sbatch options are added after them, so --time=... wins),
#       and a merge after them.
#   scripts/slurm/submit.sh --status DIR
#       which shards are present, which jobs of the batch are still queued, whether DIR is
#       merged; exits 0 when every shard is present, 1 otherwise.
#
# Options before `--` that are not the above go to sbatch, for both jobs: --partition,
# --account, --time, --cpus-per-task (the task's --jobs), --hold, ... (not --array,
# --dependency, --output or --error, which this script sets). The job array is named
# suspendsim and the merge suspendsim-merge, unless --job-name says otherwise.
#
# The binary is $SUSPENDSIM_BIN, else <repo>/.build/release/suspendsim (scripts/build-release.sh);
# it, DIR and the scenario files must be at the same paths on the nodes (a shared file
# system): all are made absolute here, so the script works from any folder.
#
# DIR's layout:
#   DIR/summary.csv, survival.csv, ...  the merged batch, once the merge job has succeeded
#   DIR/shards/<i>/                     shard i's --out; present when it holds shard.csv
#   DIR/logs/shard-<i>.<array id>.out   task i's output (stdout and stderr)
#   DIR/logs/merge.<job id>.out         the merge job's
#   DIR/submit.env                      what was submitted, for --rerun and --status
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
self=$here/$(basename "${BASH_SOURCE[0]}")

fail() {
  echo "submit.sh: $*" >&2
  exit 64
}

usage() {
  sed -n '2,/^set -euo/p' "$self" | sed '$d' | sed 's/^# \{0,1\}//'
}

# `path` made absolute (without resolving symbolic links), with trailing slashes removed.
absolute() {
  local path=$1
  case $path in /*) ;; *) path=$PWD/$path ;; esac
  while [ "${#path}" -gt 1 ] && [ "${path%/}" != "$path" ]; do path=${path%/}; done
  printf '%s' "$path"
}

# `NAME=( 'a' 'b' )`: the array of the remaining arguments, as bash reads it back.
array_line() {
  local name=$1
  shift
  printf '%s=(' "$name"
  [ $# = 0 ] || printf ' %q' "$@"
  printf ' )\n'
}

# The comma-separated list of the shards 1..K missing from DIR (no shard.csv).
missing_shards() {
  local dir=$1 shards=$2 i list=()
  for ((i = 1; i <= shards; i++)); do
    [ -f "$dir/shards/$i/shard.csv" ] || list+=("$i")
  done
  (IFS=,; echo "${list[*]}")
}

# The job ids among $@ that are still queued or running.
queued_jobs() {
  [ $# -gt 0 ] || return 0
  local queued
  queued=$(squeue -h -u "$(id -un)" -o %F 2>/dev/null | sort -u) || return 0
  local id
  for id in "$@"; do
    grep -qx "$id" <<<"$queued" && echo "$id"
  done
  return 0
}

sbatch_args=() run_args=() shards="" out="" rerun="" tasks="" status="" separator=0
while [ $# -gt 0 ]; do
  case $1 in
    --) separator=1; shift; run_args=("$@"); break ;;
    -h | --help) usage; exit 0 ;;
    --shards | --out | --rerun | --tasks | --status)
      [ $# -ge 2 ] || fail "$1 needs a value"
      case $1 in
        --shards) shards=$2 ;;
        --out) out=$2 ;;
        --rerun) rerun=$2 ;;
        --tasks) tasks=$2 ;;
        --status) status=$2 ;;
      esac
      shift 2 ;;
    --shards=*) shards=${1#*=}; shift ;;
    --out=*) out=${1#*=}; shift ;;
    --rerun=*) rerun=${1#*=}; shift ;;
    --tasks=*) tasks=${1#*=}; shift ;;
    --status=*) status=${1#*=}; shift ;;
    --array | --array=* | -a | -a?* | --dependency | --dependency=* | -d | -d?* | \
    --output | --output=* | -o | -o?* | --error | --error=* | -e | -e?* | --parsable | --wrap | --wrap=*)
      fail "$1: submit.sh sets --array, --dependency, --output and --error itself (logs go to DIR/logs/)" ;;
    *) sbatch_args+=("$1"); shift ;;
  esac
done

# After a refused first submission, removes what it made in DIR, so that DIR can be used again.
fresh=0
forget() {
  [ $fresh = 1 ] || return 0
  rm -f "$out/submit.env"
  rmdir "$out/logs" "$out/shards" 2>/dev/null || true
  rmdir "$out" 2>/dev/null || true
}

# Submits the job array of the tasks `array_spec` and the merge after it, for the batch in
# $out described by $shards, $bin, task_args, merge_args and saved_args (+ sbatch_args),
# records the ids in submit.env and prints them.
submit() {
  local array_spec=$1 array_id merge_id
  local options=(${saved_args[@]+"${saved_args[@]}"} ${sbatch_args[@]+"${sbatch_args[@]}"})
  array_id=$(sbatch --parsable --job-name=suspendsim ${options[@]+"${options[@]}"} \
    --array="$array_spec" --output="$out/logs/shard-%a.%A.out" \
    "$here/shard.sbatch" --bin "$bin" "$shards" "$out" ${task_args[@]+"${task_args[@]}"}) \
    || { forget; fail "sbatch refused the job array; nothing was submitted"; }
  array_id=${array_id%%;*}
  merge_id=$(sbatch --parsable --job-name=suspendsim-merge ${options[@]+"${options[@]}"} \
    --dependency="afterany:$array_id" --output="$out/logs/merge.%j.out" \
    "$here/merge.sbatch" --bin "$bin" "$shards" "$out" ${merge_args[@]+"${merge_args[@]}"}) \
    || { scancel "$array_id" 2>/dev/null || true; forget; fail "sbatch refused the merge job; cancelled the job array $array_id"; }
  merge_id=${merge_id%%;*}
  printf 'JOBS+=(%s %s)\n' "$array_id" "$merge_id" >>"$out/submit.env"
  echo "array $array_id: shards $array_spec of $shards -> $out/shards/<i>/ (logs: $out/logs/shard-<i>.$array_id.out)"
  echo "merge $merge_id: once every task has ended -> $out/summary.csv (log: $out/logs/merge.$merge_id.out)"
  local option
  for option in ${sbatch_args[@]+"${sbatch_args[@]}"}; do
    if [ "$option" = --hold ] || [ "$option" = -H ]; then
      echo "held: release both with scontrol release $array_id $merge_id"
    fi
  done
  return 0
}

# Reads DIR/submit.env: shards, bin, task_args, merge_args, saved_args, jobs.
load() {
  out=$(absolute "$1")
  [ -f "$out/submit.env" ] || fail "$out has no submit.env: not a batch submitted with submit.sh"
  local SUBMIT SUSPENDSIM_BIN SHARDS RUN_ARGS=() MERGE_ARGS=() SBATCH_ARGS=() JOBS=()
  # shellcheck source=/dev/null
  source "$out/submit.env"
  shards=$SHARDS bin=$SUSPENDSIM_BIN
  task_args=(${RUN_ARGS[@]+"${RUN_ARGS[@]}"})
  merge_args=(${MERGE_ARGS[@]+"${MERGE_ARGS[@]}"})
  saved_args=(${SBATCH_ARGS[@]+"${SBATCH_ARGS[@]}"})
  jobs=(${JOBS[@]+"${JOBS[@]}"})
}

if [ -n "$status" ]; then
  load "$status"
  missing=$(missing_shards "$out" "$shards")
  absent=0
  [ -z "$missing" ] || absent=$(tr ',' '\n' <<<"$missing" | wc -l)
  present=$((shards - absent))
  echo "$out: $present of $shards shards present${missing:+; missing: $missing}"
  queued=$(queued_jobs ${jobs[@]+"${jobs[@]}"} | tr '\n' ' ')
  echo "queued or running: ${queued:-none}"
  if [ -f "$out/summary.csv" ] && [ -z "$missing" ]; then
    echo "merged: $out/summary.csv"
  elif [ -n "$missing" ] && [ -z "$queued" ]; then
    printf 'not merged; rerun the missing shards and merge with: %q --rerun %q --tasks %s\n' "$self" "$out" "$missing"
  else
    echo "not merged yet"
  fi
  [ -z "$missing" ] && exit 0
  exit 1
fi

if [ -n "$rerun" ]; then
  [ -z "$shards$out" ] && [ $separator = 0 ] || fail "--rerun DIR takes the batch's own --shards, --out and RUN_ARGS; give only sbatch options and --tasks"
  load "$rerun"
  queued=$(queued_jobs ${jobs[@]+"${jobs[@]}"} | tr '\n' ' ')
  [ -z "$queued" ] || fail "jobs of this batch are still queued or running: ${queued% }; wait for them or scancel them first"
  [ -n "$tasks" ] || tasks=$(missing_shards "$out" "$shards")
  if [ -z "$tasks" ]; then
    echo "every shard of $out is present; submitting the merge only"
    merge_id=$(sbatch --parsable --job-name=suspendsim-merge ${saved_args[@]+"${saved_args[@]}"} \
      ${sbatch_args[@]+"${sbatch_args[@]}"} --output="$out/logs/merge.%j.out" \
      "$here/merge.sbatch" --bin "$bin" "$shards" "$out" ${merge_args[@]+"${merge_args[@]}"})
    merge_id=${merge_id%%;*}
    printf 'JOBS+=(%s)\n' "$merge_id" >>"$out/submit.env"
    echo "merge $merge_id: -> $out/summary.csv (log: $out/logs/merge.$merge_id.out)"
    exit 0
  fi
  [[ $tasks =~ ^[0-9]+(,[0-9]+)*$ ]] || fail "--tasks $tasks: expected shard numbers like 3,7"
  for task in ${tasks//,/ }; do
    { [ "$task" -ge 1 ] && [ "$task" -le "$shards" ]; } || fail "--tasks $tasks: the batch has shards 1 to $shards"
    rm -rf "${out:?}/shards/$task"
  done
  [ -x "$bin" ] || fail "the batch's binary $bin is not there any more (rebuild it, or edit SUSPENDSIM_BIN in $out/submit.env)"
  submit "$tasks"
  exit 0
fi

[ -z "$tasks" ] || fail "--tasks goes with --rerun DIR"
[ -n "$shards" ] || fail "--shards K is required (usage: submit.sh [sbatch options] --shards K --out DIR -- RUN_ARGS...; --help)"
[ -n "$out" ] || fail "--out DIR is required"
[ $separator = 1 ] || fail "give the run's arguments after --: submit.sh [sbatch options] --shards K --out DIR -- RUN_ARGS..."
[[ $shards =~ ^[0-9]+$ ]] && [ "$shards" -ge 2 ] || fail "--shards $shards: expected a number of shards, at least 2 (one task needs no merge: sbatch suspendsim run directly)"

bin=$(absolute "${SUSPENDSIM_BIN:-$(cd "$here/../.." && pwd)/.build/release/suspendsim}")
if folder=$(cd "$(dirname "$bin")" 2>/dev/null && pwd); then bin=${folder%/}/$(basename "$bin"); fi
[ -x "$bin" ] || fail "no suspendsim binary at ${bin}: build it with scripts/build-release.sh, or set SUSPENDSIM_BIN"

out=$(absolute "$out")
if [ -e "$out/submit.env" ] || [ -n "$(ls -A "$out/shards" 2>/dev/null)" ]; then
  fail "$out already holds a batch: rerun its missing shards with --rerun $out, or choose another --out"
fi

# RUN_ARGS: scenario paths made absolute and checked; --by and --baseline (merge options) and
# --html (a page of the merged batch) moved to the merge; --out, --shard and --jobs refused.
task_args=() merge_args=() paths=0
for ((i = 0; i < ${#run_args[@]}; i++)); do
  arg=${run_args[i]}
  case $arg in
    --out | --out=* | --shard | --shard=* | -j | -j?* | --jobs | --jobs=*)
      fail "$arg: submit.sh sets --out (DIR/shards/<i>), --shard (i/K) and --jobs (the task's CPUs: --cpus-per-task) itself" ;;
    --policy=all) fail "--policy all cannot be sharded; use --set policy=largest-first,lru,jetsam,lmkd" ;;
    --by | --baseline)
      [ $((i + 1)) -lt ${#run_args[@]} ] || fail "$arg needs a value"
      merge_args+=("$arg" "${run_args[i + 1]}"); i=$((i + 1)) ;;
    --by=* | --baseline=*) merge_args+=("$arg") ;;
    --html) merge_args+=("$arg") ;;
    --policy | --replicates | --seed | --set)
      [ $((i + 1)) -lt ${#run_args[@]} ] || fail "$arg needs a value"
      [ "$arg ${run_args[i + 1]}" != "--policy all" ] || fail "--policy all cannot be sharded; use --set policy=largest-first,lru,jetsam,lmkd"
      task_args+=("$arg" "${run_args[i + 1]}"); i=$((i + 1)) ;;
    -*) task_args+=("$arg") ;;
    *)
      [ -e "$arg" ] || fail "$arg: no such scenario file or folder (from $PWD)"
      task_args+=("$(absolute "$arg")"); paths=$((paths + 1)) ;;
  esac
done
if [ $paths = 0 ]; then
  # suspendsim's own default, the Scenarios folder here.
  [ -d Scenarios ] || fail "name the scenario files or folders in RUN_ARGS (there is no Scenarios folder in $PWD)"
  task_args+=("$PWD/Scenarios")
fi

# --hold is for this submission only, not for reruns.
saved_args=()
for option in ${sbatch_args[@]+"${sbatch_args[@]}"}; do
  [ "$option" = --hold ] || [ "$option" = -H ] || saved_args+=("$option")
done
mkdir -p "$out/logs" "$out/shards"
{
  echo "# Written by scripts/slurm/submit.sh on $(date -u '+%Y-%m-%d %H:%M:%S UTC'); read by its --rerun and --status."
  printf 'SUBMIT=%q\n' "$self"
  printf 'SUSPENDSIM_BIN=%q\n' "$bin"
  printf 'SHARDS=%q\n' "$shards"
  array_line RUN_ARGS ${task_args[@]+"${task_args[@]}"}
  array_line MERGE_ARGS ${merge_args[@]+"${merge_args[@]}"}
  array_line SBATCH_ARGS ${saved_args[@]+"${saved_args[@]}"}
  echo 'JOBS=()'
} >"$out/submit.env"
# Only this submission's options: saved_args are for reruns.
saved_args=() fresh=1
submit "1-$shards"
