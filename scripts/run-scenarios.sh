#!/usr/bin/env bash
# Set-up, a release build, then the main job: every bundled scenario into Reports/, with the
# HTML pages (open Reports/index.html), then a check of each against its expect: block.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build-release.sh
.build/release/suspendsim run Scenarios --html "$@"
.build/release/suspendsim check Scenarios
