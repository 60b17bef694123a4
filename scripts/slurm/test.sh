#!/usr/bin/env bash
# Tests scripts/slurm/submit.sh on a real Slurm: a private one-node cluster started here, in a
# temporary folder, with its own slurm.conf (SLURM_CONF), ports and state, and its own munged
# unless one already answers. It
#   1. submits a batch of 4 shards from a folder outside the repository (the jobs start in /),
#      waits for it, and compares the merged summary.csv and survival.csv with the unsharded
#      run's, byte for byte;
#   2. submits it again held, cancels task 2, releases the rest, and checks that nothing stays
#      queued (the merge's dependency is afterany), that the merge job failed, named shard 2
#      and merged nothing; then runs the rerun command the merge printed, and compares again.
# It installs Debian's slurm-wlm and munge when they are missing, stops the daemons it started
# (by PID) and removes its folder on exit. Needs root and apt-get; without them it says why and
# exits 0 (skipped). Prints one line; exits 1 on any failure (with the daemons' and jobs' logs).
#
#   scripts/slurm/test.sh     the binary: $SUSPENDSIM_BIN, else .build/release/suspendsim
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
started=$SECONDS

skip() {
  echo "slurm test: skipped: $*"
  exit 0
}
[ "$(id -u)" = 0 ] || skip "needs root (it installs slurm-wlm and munge and runs slurmctld, slurmd and munged)"
command -v apt-get >/dev/null 2>&1 || skip "no apt-get (it installs Debian's slurm-wlm and munge)"

bin=${SUSPENDSIM_BIN:-$repo/.build/release/suspendsim}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
if [ ! -x "$bin" ]; then
  echo "slurm test: FAILED: no suspendsim binary at $bin (run scripts/build-release.sh, or set SUSPENDSIM_BIN)"
  exit 1
fi

missing=()
for command in slurmctld slurmd sbatch munged; do
  command -v "$command" >/dev/null 2>&1 || missing+=("$command")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "slurm test: installing slurm-wlm and munge (missing: ${missing[*]})" >&2
  # Wait for another apt-get (a second checkout setting up beside this one) instead of failing.
  apt-get -o DPkg::Lock::Timeout=600 update -qq
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends slurm-wlm munge >/dev/null
fi

tmp=$(mktemp -d /tmp/suspendsim-slurm.XXXXXX)
daemons=()
cluster_up=0

cleanup() {
  local status=$?
  set +e
  if [ $cluster_up = 1 ]; then
    # Only this private cluster's jobs (SLURM_CONF): none should be left, unless a step failed.
    scancel --quiet --user=root 2>/dev/null
    for _ in $(seq 20); do [ -z "$(squeue -h 2>/dev/null)" ] && break; sleep 0.5; done
  fi
  local pid
  for pid in "${daemons[@]}"; do kill "$pid" 2>/dev/null; done
  for pid in "${daemons[@]}"; do wait "$pid" 2>/dev/null; done
  cd /
  rm -rf "$tmp"
  exit $status
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

fail() {
  {
    echo "--- slurm test failed: $*"
    local log
    for log in "$tmp"/slurmctld.log "$tmp"/slurmd.log "$tmp"/munge/munged.log "$tmp"/work/*.log "$tmp"/work/*/logs/*.out; do
      [ -f "$log" ] || continue
      echo "--- ${log#"$tmp"/} (end)"
      tail -n 15 "$log"
    done
  } >&2
  echo "slurm test: FAILED: $* ($((SECONDS - started)) s)"
  exit 1
}

# A TCP port nothing listens on, from a random high range.
free_port() {
  local port
  for _ in $(seq 100); do
    port=$((20000 + RANDOM % 30000))
    [ "$port" = "${1:-}" ] && continue
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "$port"
      return 0
    fi
  done
  return 1
}

# Munge: the machine's munged if one answers, else one of our own with its own key.
authinfo=""
if ! munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
  mkdir -m 700 "$tmp/munge"
  dd if=/dev/urandom of="$tmp/munge/munge.key" bs=1024 count=1 status=none
  chmod 400 "$tmp/munge/munge.key"
  socket=$tmp/munge/munge.socket
  munged --foreground --force --key-file="$tmp/munge/munge.key" --socket="$socket" \
    --pid-file="$tmp/munge/munged.pid" --log-file="$tmp/munge/munged.log" \
    --seed-file="$tmp/munge/munged.seed" >"$tmp/munge/munged.out" 2>&1 &
  daemons+=($!)
  for _ in $(seq 50); do
    munge -n -S "$socket" 2>/dev/null | unmunge -S "$socket" >/dev/null 2>&1 && break
    sleep 0.2
  done
  munge -n -S "$socket" 2>/dev/null | unmunge -S "$socket" >/dev/null 2>&1 \
    || fail "munged does not answer on $socket: $(cat "$tmp/munge/munged.out")"
  authinfo="AuthInfo=socket=$socket"
fi

ctld_port=$(free_port) || fail "no free port"
slurmd_port=$(free_port "$ctld_port") || fail "no free port"
cpus=$(nproc)
memory=$(awk '/^MemTotal:/ { print int($2 / 1024 * 0.9) }' /proc/meminfo)
mkdir -p "$tmp/state" "$tmp/spool" "$tmp/work"
: >"$tmp/plugstack.conf"
export SLURM_CONF=$tmp/slurm.conf
cat >"$SLURM_CONF" <<EOF
ClusterName=suspendsim-test
SlurmctldHost=localhost
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
$authinfo
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
PlugStackConfig=$tmp/plugstack.conf
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
ReturnToService=2
MinJobAge=600
KillWait=5
NodeName=localhost CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=test Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF

slurmctld -D -f "$SLURM_CONF" >"$tmp/slurmctld.out" 2>&1 &
daemons+=($!)
slurmd -D -N localhost -f "$SLURM_CONF" >"$tmp/slurmd.out" 2>&1 &
daemons+=($!)
cluster_up=1
state=""
for _ in $(seq 120); do
  state=$(sinfo -h -N -n localhost -o %t 2>/dev/null || true)
  [ "$state" = idle ] && break
  sleep 0.5
done
[ "$state" = idle ] || fail "the node is not idle after 60 s (state: ${state:-none}; $(sinfo -h -R 2>/dev/null))"

# Waits until nothing is queued or running (the cluster is ours alone), at most $1 seconds.
wait_empty() {
  local limit=$1
  for _ in $(seq $((limit * 2))); do
    [ -z "$(squeue -h 2>/dev/null)" ] && return 0
    sleep 0.5
  done
  fail "jobs still queued after $limit s: $(squeue -h -o '%i %T %r' | tr '\n' ';')"
}

# A job's state (COMPLETED, FAILED, CANCELLED, ...): of every task, for an array.
job_state() {
  scontrol show job "$1" -o 2>/dev/null | grep -o 'JobState=[A-Z_]*' | cut -d= -f2 | sort -u | tr '\n' ' ' | sed 's/ $//'
}

# The id after "array " or "merge " in submit.sh's output file $1.
job_id() {
  sed -n "s/^$2 \([0-9][0-9]*\):.*/\1/p" "$1" | tail -n 1
}

submit=$repo/scripts/slurm/submit.sh
cd "$tmp/work"
mkdir Scenarios
cp "$repo/Scenarios/day-on-a-3gb-phone.yaml" Scenarios/
args=(Scenarios/day-on-a-3gb-phone.yaml --replicates 8 --set device.ram_mb=2048,3072)
"$bin" run "${args[@]}" --out reference >reference.log 2>&1 || fail "the unsharded run failed"
compare() {
  local file
  for file in summary.csv survival.csv exits.csv; do
    [ -f "reference/$file" ] || continue
    [ -f "$1/$file" ] || fail "$1 has no merged $file"
    cmp "reference/$file" "$1/$file" >&2 || fail "$1/$file differs from the unsharded run's"
  done
}

# 1. A whole batch; the jobs start in / (--chdir=/), so every path must be absolute.
SUSPENDSIM_BIN=$bin "$submit" --chdir=/ --shards 4 --out batch -- "${args[@]}" >submit-1.log 2>&1 \
  || fail "submit.sh failed: $(cat submit-1.log)"
array=$(job_id submit-1.log array) merge=$(job_id submit-1.log merge)
[ -n "$array" ] && [ -n "$merge" ] || fail "submit.sh printed no job ids: $(cat submit-1.log)"
wait_empty 180
[ "$(job_state "$array")" = COMPLETED ] || fail "the shards ended $(job_state "$array"), not COMPLETED"
[ "$(job_state "$merge")" = COMPLETED ] || fail "the merge ended $(job_state "$merge"), not COMPLETED"
compare batch
"$submit" --status batch >status-1.log 2>&1 || fail "submit.sh --status: $(cat status-1.log)"

# 2. A failed task: held, task 2 cancelled, the rest released.
SUSPENDSIM_BIN=$bin "$submit" --hold --chdir=/ --shards 4 --out held -- "${args[@]}" >submit-2.log 2>&1 \
  || fail "submit.sh --hold failed: $(cat submit-2.log)"
array=$(job_id submit-2.log array) merge=$(job_id submit-2.log merge)
[ -n "$array" ] && [ -n "$merge" ] || fail "submit.sh printed no job ids: $(cat submit-2.log)"
scancel "${array}_2" || fail "scancel ${array}_2 failed"
scontrol release "$array" "$merge" || fail "scontrol release failed"
wait_empty 180
# Slurm 22.05 keeps no record of an array task cancelled while pending: tasks 1, 3 and 4 ran.
tasks=$(scontrol show job "$array" -o | grep -o 'ArrayTaskId=[0-9]* .*JobState=[A-Z]*' | sed 's/ArrayTaskId=\([0-9]*\) .*JobState=/\1:/' | sort | tr '\n' ' ')
[ "$tasks" = "1:COMPLETED 3:COMPLETED 4:COMPLETED " ] || fail "the held array's tasks ended as $tasks, not 1, 3 and 4 COMPLETED"
[ "$(job_state "$merge")" = FAILED ] || fail "the merge ended $(job_state "$merge"), not FAILED"
[ ! -e held/summary.csv ] && [ ! -e held/survival.csv ] || fail "the merge wrote held/summary.csv despite a missing shard"
merge_log=held/logs/merge.$merge.out
grep -q "missing 1 of 4 shards: 2 " "$merge_log" || fail "the merge's log does not name shard 2 as missing"
if "$submit" --status held >status-2.log 2>&1; then fail "submit.sh --status held says every shard is present"; fi
grep -q "missing: 2$" status-2.log || fail "submit.sh --status held does not name shard 2: $(cat status-2.log)"

# The command the merge printed, as a user would paste it.
rerun=$(grep -e '--rerun .* --tasks ' "$merge_log" | sed 's/^ *//')
[ -n "$rerun" ] || fail "the merge's log prints no rerun command"
eval "$rerun" >rerun.log 2>&1 || fail "the printed rerun command failed: $rerun"
array=$(job_id rerun.log array) merge=$(job_id rerun.log merge)
[ -n "$array" ] && [ -n "$merge" ] || fail "the rerun printed no job ids: $(cat rerun.log)"
wait_empty 180
[ "$(job_state "$merge")" = COMPLETED ] || fail "the merge after the rerun ended $(job_state "$merge"), not COMPLETED"
compare held

echo "slurm test: passed (4 shards merged = the unsharded run; a cancelled task failed the merge, named, and its rerun merged; $((SECONDS - started)) s)"
