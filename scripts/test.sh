#!/usr/bin/env bash
# Set-up, then the whole test suite, with the engine's internal invariant checks compiled in.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
swift test -Xswiftc -DSUSPENDSIM_INTERNAL_CHECKS "$@"
