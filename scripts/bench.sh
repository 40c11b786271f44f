#!/usr/bin/env bash
# Prints analysis cost as a ratio to tree-sitter parsing alone (same run).
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --build build --target gpulint_bench -j"$(nproc)" >/dev/null
out=$(mktemp)
build/tests/bench/gpulint_bench --benchmark_format=json --benchmark_repetitions=${REPS:-5} \
  --benchmark_report_aggregates_only=true > "$out"
python3 - "$out" <<'PY'
import json, sys
b = {x["run_name"]: x["real_time"] for x in json.load(open(sys.argv[1]))["benchmarks"] if x.get("aggregate_name") == "median"}
floor = b["BM_TreeSitterParse"]
for name in ("BM_ScriptModel", "BM_FullAnalysis"):
    print(f"{name}: {b[name] / floor:.2f}x tree-sitter parsing (median of runs)")
PY
