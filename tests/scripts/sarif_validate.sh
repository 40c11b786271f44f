#!/usr/bin/env bash
# The SARIF of a whole testdata run must pass `sarif-multitool validate` with
# no errors. Usage: sarif_validate.sh GPULINT SOURCE_DIR
set -u
GPULINT=$1
SRC=$2
tool="$SRC/node_modules/.bin/sarif-multitool"
if [[ ! -x "$tool" ]]; then
  echo "sarif-multitool missing: run scripts/install-deps.sh"; exit 1
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cd "$SRC"
"$GPULINT" check testdata --format sarif -o "$out/testdata.sarif" --no-progress
rc=$?
if [[ $rc -gt 1 && $rc -ne 2 ]]; then echo "gpulint crashed ($rc)"; exit 1; fi
"$tool" validate "$out/testdata.sarif" -o "$out/report.sarif" > "$out/log.txt" 2>&1
cat "$out/log.txt" | tail -20
# The validator's own result log lists every finding; any error-level one fails.
errors=$(python3 - "$out/report.sarif" <<'PY'
import json, sys
log = json.load(open(sys.argv[1]))
errs = [r for run in log.get("runs", []) for r in run.get("results", []) if r.get("level", "warning") == "error"]
for r in errs:
    print(r.get("ruleId"), r.get("message", {}).get("text", ""))
print(len(errs))
PY
)
echo "$errors"
count=$(echo "$errors" | tail -1)
results=$(python3 -c "import json,sys; print(sum(len(r['results']) for r in json.load(open('$out/testdata.sarif'))['runs']))")
echo "results in testdata SARIF: $results"
[[ "$count" == "0" && "$results" -gt 0 ]] && echo "1 passed, 0 failed"
