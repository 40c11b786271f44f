#!/usr/bin/env bash
# README command 2: install, build, and run the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
GPULINT_TEST_DEPS=1 scripts/install-deps.sh
scripts/build.sh
cd build && ctest --output-on-failure -j"$(nproc)"
