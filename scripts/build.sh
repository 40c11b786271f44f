#!/usr/bin/env bash
# Configures and builds gpulint into build/ (Release with assertions off).
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -DCMAKE_BUILD_TYPE=${BUILD_TYPE:-RelWithDebInfo} -DGPULINT_WITH_CLANG=${GPULINT_WITH_CLANG:-ON} >/dev/null
cmake --build build -j"$(nproc)"
