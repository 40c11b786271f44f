#!/usr/bin/env bash
# Builds the libFuzzer targets (clang-16, ASan + UBSan, no libTooling) into
# build-fuzz/ and runs each for SECONDS (default 600), seeded from testdata/.
# Crashes land in build-fuzz/artifacts/<target>/; copy each one into
# tests/fuzz/regressions/<target>/ so ctest replays it from then on.
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
shift || true
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=(fuzz_python fuzz_config fuzz_fix fuzz_lsp)

if ! dpkg-query -W -f='${Status}' libclang-rt-16-dev 2>/dev/null | grep -q "install ok installed"; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q && apt-get install -y -q --no-install-recommends clang-16 libclang-rt-16-dev
fi
scripts/install-deps.sh
cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang-16 \
  -DCMAKE_CXX_COMPILER=clang++-16 -DGPULINT_FUZZ=ON -DGPULINT_WITH_CLANG=OFF -DGPULINT_BUILD_TESTS=OFF >/dev/null
cmake --build build-fuzz -j"$(nproc)" --target "${targets[@]}"

seeds() {  # the testdata files a target starts from
  case $1 in
    fuzz_python | fuzz_fix) find testdata -name '*.py' ;;
    fuzz_config) find testdata \( -name '*.yaml' -o -name '*.yml' -o -name '*.json' \) ;;
    fuzz_lsp) find testdata/lsp -name '*.jsonl' ;;
  esac
}
export ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
status=0
for t in "${targets[@]}"; do
  corpus=build-fuzz/corpus/$t
  artifacts=build-fuzz/artifacts/$t/
  mkdir -p "$corpus" "$artifacts"
  seeds "$t" | while read -r f; do cp "$f" "$corpus/$(echo "$f" | tr / _)"; done
  echo "== $t for ${seconds}s"
  if ! build-fuzz/tests/fuzz/"$t" "$corpus" -max_total_time="$seconds" -max_len=65536 -timeout=20 \
      -rss_limit_mb=4096 -artifact_prefix="$artifacts" -print_final_stats=1 2>&1 | tail -n 25; then
    status=1
  fi
  ls "$artifacts" | sed "s|^|crash: $artifacts|"
done
exit $status
