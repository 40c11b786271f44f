#!/usr/bin/env bash
# README command 1: install, build, and run gpulint on the bundled demo job.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
build/gpulint check testdata/projects/demo || true
