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
# Exit status: 0 when every file and every output agree and every command succeeded; 1 when
# they differ (the differences are printed) or a command failed on both sides (named); 2 on
# usage errors.
set -euo pipefail

if [ $# -lt 2 ]; then
    echo "usage: scripts/same-output.sh OLD NEW [SCRATCH]" >&2
    exit 2
fi
# The paths as the caller gave them, resolved before moving to the package's folder.
old=$(realpath -m "$1")
new=$(realpath -m "$2")
for bin in "$old" "$new"; do
    if [ ! -x "$bin" ]; then
        echo "same-output: $bin is not an executable" >&2
        exit 2
    fi
done
if [ $# -ge 3 ]; then
    scratch=$(realpath -m "$3")
    mkdir -p "$scratch"
else
    scratch=$(mktemp -d /tmp/same-output.XXXXXX)
fi
cd "$(dirname "$0")/.."
jetsam_report=../shared/data/jetsam/ios18.5-iphone14.7.ips
if [ ! -f "$jetsam_report" ]; then
    echo "same-output: skipped: import jetsam (no $jetsam_report)" >&2
    jetsam_report=""
fi

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
# The folders' own paths appear in some outputs: compare with each side's path written alike,
# in every text file (perl's \Q...\E takes the path as it is, whatever it holds).
for side in old new; do
    grep -rIl --null -F "$scratch/$side" "$scratch/$side" |
        SIDE="$scratch/$side" xargs -0 -r perl -pi -e 's/\Q$ENV{SIDE}\E/SCRATCH/g'
done
if diff -r "$scratch/old" "$scratch/new" >"$scratch/diff.txt"; then
    # The same failure on both sides is the same output, but not a comparison of reports:
    # a command that did not succeed is named.
    failed=$(grep -LxF 0 "$scratch"/new/log/*.status | sed 's#.*/##; s#\.status$##' || true)
    files=$(find "$scratch/new" -type f | wc -l)
    if [ -n "$failed" ]; then
        echo "same, but these commands failed on both sides (see $scratch/new/log):" $failed
        exit 1
    fi
    echo "same: $files files and every command's output and exit status"
    [ $# -ge 3 ] || rm -rf "$scratch"
    exit 0
fi
echo "DIFFERENT ($scratch/diff.txt):"
head -60 "$scratch/diff.txt"
exit 1
