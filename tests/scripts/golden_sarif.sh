#!/usr/bin/env bash
# Golden SARIF: the log for testdata/golden/loader.py (GPU101 only) must equal
# tests/golden/loader.sarif, except the tool version, the root URI and the
# entries of rules not referenced.
# Regenerate with: tests/scripts/golden_sarif.sh build/gpulint . --update
set -u
GPULINT=$1
SRC=$2
cd "$SRC"
normalize() {
  python3 -c '
import json, sys
log = json.load(sys.stdin)
run = log["runs"][0]
run["tool"]["driver"]["version"] = "<version>"
run.get("originalUriBaseIds", {}).get("%SRCROOT%", {})["uri"] = "<root>"
# Other rules come and go; keep the referenced rule and check ruleIndex points at it.
rules = run["tool"]["driver"]["rules"]
for r in run["results"]:
    assert rules[r.pop("ruleIndex")]["id"] == r["ruleId"], "ruleIndex does not point at ruleId"
used = {r["ruleId"] for r in run["results"]}
run["tool"]["driver"]["rules"] = [r for r in rules if r["id"] in used]
print(json.dumps(log, indent=2, sort_keys=True))'
}
actual=$("$GPULINT" check testdata/golden/loader.py --select GPU101 --format sarif | normalize)
if [[ "${3:-}" == "--update" ]]; then echo "$actual" > tests/golden/loader.sarif; exit 0; fi
if diff <(echo "$actual") tests/golden/loader.sarif; then echo "1 passed, 0 failed"; exit 0; fi
echo "SARIF differs from tests/golden/loader.sarif"
exit 1
