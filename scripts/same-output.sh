#!/usr/bin/env bash
# Whether two builds of suspendsim write the same bytes: runs one list of commands with each
# executable into its own folder, then compares the folders file by file (`diff -r`) and the
# commands' standard output and exit statuses. For a change meant to alter no report or page
# (a refactoring), run it with the build before the change and the build after.
#
# The commands: every bundled scenario alone, with the HTML page; every scenario under every
# built-in policy; `--details --replicates 3`; a 20,000-run batch; a batch run as three shards
# and merged; `report` with figures; `check`; `explain` on every run folder; `import jetsam`
# of the public JetsamEvent report and `import metrickit` of the bundled payloads.
#
# usage: scripts/same-output.sh OLD NEW [SCRATCH]
#   OLD, NEW   two suspendsim executables (e.g. a clone's .build/release/suspendsim)
#   SCRATCH    where the outputs go (default: a new temporary folder, removed when they agree)
# Exit status: 0 when every file and every output agree, 1 otherwise (the differences are
# printed), 2 on usage errors.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -lt 2 ]; then
    echo "usage: scripts/same-output.sh OLD NEW [SCRATCH]" >&2
    exit 2
fi
old=$(realpath "$1")
new=$(realpath "$2")
scratch=${3:-$(mktemp -d /tmp/same-output.XXXXXX)}
jetsam_report=../shared/data/jetsam/ios18.5-iphone14.7.ips
[ -f "$jetsam_report" ] || jetsam_report=""

# Runs every command of the list with the executable $1, writing into the folder $2.
run_all() {
    local bin=$1 out=$2
    rm -rf "$out"
    mkdir -p "$out"
    # Each command's standard output, standard error and exit status go into log/<name>.
    step() {
        local name=$1
        shift
        local status=0
        "$bin" "$@" >"$out/log/$name.out" 2>"$out/log/$name.err" || status=$?
        echo "$status" >"$out/log/$name.status"
    }
    mkdir -p "$out/log"
    step bundled run Scenarios --out "$out/bundled" --html
    step every-policy run Scenarios --policy all --out "$out/every-policy"
    step details run Scenarios --details --replicates 3 --out "$out/details" --html --metrickit
    step big-batch run Scenarios/day-on-a-3gb-phone.yaml --replicates 20000 --out "$out/big-batch"
    for k in 1 2 3; do
        step "shard-$k" run Scenarios/ios-releases-day.yaml --replicates 60 --shard "$k/3" --out "$out/shard-$k"
    done
    step merge merge "$out/shard-1" "$out/shard-2" "$out/shard-3" --out "$out/merged"
    step report report "$out/merged" --figures "$out/figures"
    step check check Scenarios
    local folder
    while IFS= read -r folder; do
        step "explain-$(echo "${folder#"$out"/}" | tr '/' '_')" explain "$folder"
    done < <(find "$out/bundled" -name evictions.csv -printf '%h\n' | sort)
    if [ -n "$jetsam_report" ]; then
        step import-jetsam import jetsam "$jetsam_report" --output "$out/imported.yaml"
    fi
    step import-metrickit import metrickit Scenarios/metrickit --onto Scenarios/day-on-a-3gb-phone.yaml \
        --output "$out/metrickit.yaml"
}

echo "old: $old"
echo "new: $new"
run_all "$old" "$scratch/old"
run_all "$new" "$scratch/new"
# The folders' own paths appear in some outputs: compare with each side's path written alike.
for side in old new; do
    find "$scratch/$side" -type f \( -name '*.out' -o -name '*.err' -o -name '*.csv' -o -name '*.html' -o -name '*.yaml' \) \
        -exec sed -i "s#$scratch/$side#SCRATCH#g" {} +
done
if diff -r "$scratch/old" "$scratch/new" >"$scratch/diff.txt"; then
    files=$(find "$scratch/new" -type f | wc -l)
    echo "same: $files files and every command's output and exit status"
    [ $# -ge 3 ] || rm -rf "$scratch"
    exit 0
fi
echo "DIFFERENT ($scratch/diff.txt):"
head -60 "$scratch/diff.txt"
exit 1
