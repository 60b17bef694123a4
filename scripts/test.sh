#!/usr/bin/env bash
# Set-up, then the whole test suite, with the engine's internal invariant checks compiled in.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
# The simulation core builds alone, on its own dependencies (docs/architecture.md).
swift build --target SuspendSimCore -Xswiftc -DSUSPENDSIM_INTERNAL_CHECKS
swift test -Xswiftc -DSUSPENDSIM_INTERNAL_CHECKS "$@"
# The shipped Slurm scripts on a private one-node Slurm (scripts/slurm/test.sh installs it;
# without root or apt-get it says why it skips).
SUSPENDSIM_BIN=.build/debug/suspendsim ./scripts/slurm/test.sh
