#!/usr/bin/env bash
# Editor latency: one-character didChange -> publishDiagnostics in a ~3,000-line
# script, as a ratio to a full parse and to a full analysis (same run): typing
# in code, and typing in a comment of a function body (findings kept).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build}
cmake --build "$build" --target gpulint_bench -j"$(nproc)" >/dev/null
out=$(mktemp)
"$build"/tests/bench/gpulint_bench --benchmark_filter='BM_Lsp' --benchmark_format=json \
  --benchmark_repetitions=${REPS:-5} --benchmark_report_aggregates_only=true > "$out"
python3 - "$out" <<'PY'
import json, sys
b = {x["run_name"]: x["real_time"] for x in json.load(open(sys.argv[1]))["benchmarks"] if x.get("aggregate_name") == "median"}
k = b["BM_LspKeystrokeToDiagnostics"]
print(f"keystroke -> publishDiagnostics: {k:.2f} ms")
print(f"  / full tree-sitter parse ({b['BM_LspFullParse']:.2f} ms): {k / b['BM_LspFullParse']:.2f}x")
print(f"  / full analysis ({b['BM_LspFullAnalysis']:.2f} ms): {k / b['BM_LspFullAnalysis']:.2f}x")
c = b["BM_LspCommentKeystrokeInFunction"]
print(f"comment keystroke in a function body (findings kept) -> publishDiagnostics: {c:.2f} ms")
print(f"  / full tree-sitter parse: {c / b['BM_LspFullParse']:.2f}x")
print(f"  / full analysis: {c / b['BM_LspFullAnalysis']:.2f}x")
PY
