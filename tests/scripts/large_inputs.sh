#!/usr/bin/env bash
# Hardening item 9: large generated files are analysed to the end (their
# analysis grows linearly: no timing is asserted, the run just has to finish),
# and a file whose analysis grows faster than its size runs out of its work
# budget and becomes a per-file error while the rest of the run goes on.
# Usage: large_inputs.sh GPULINT SOURCE_DIR
set -u
GPULINT=$1
SOURCE_DIR=$2
source "$(dirname "${BASH_SOURCE[0]}")/lib/assert.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
mkdir -p big
gen="$SOURCE_DIR/scripts/bench_gen.py"
python3 "$gen" assign 300000 > big/assign.py         # 1.8 MB of `x = 1`
python3 "$gen" chain 3000 > big/chain.py             # a helper-call chain 3,000 deep
python3 "$gen" script 20000 > big/script.py          # a 20k-line training script
# A name rebound from itself on every line, 8,000 times: each question about
# one of its uses walks back through the bindings before it, so the analysis
# grows with the square of the file's length. (Calls nested 400 deep were
# this test's shape while a parent step walked down from the root; parents
# are loads now, and that shape is analysed in a fraction of its budget.)
python3 - <<'PY'
lines = ["import torch", "for batch in loader:", "    x = batch"]
lines += ["    x = x + x if x else x" for i in range(8000)]
lines += ["    loss = model(batch.cuda())", "    loss.backward()", "    print(loss.item())"]
open("big/rebound.py", "w").write("\n".join(lines) + "\n")
PY
timeout 900 "$GPULINT" check big --no-progress --jobs 2 --format json > out.json 2> err.txt
rc=$?
holds "run ends with a per-file error exit (rc $rc)" test $rc -eq 2
holds "rebound.py reported as not analysed, with the budget as the reason" python3 - out.json <<'PY'
import json, sys
errors = json.load(open(sys.argv[1]))["errors"]
assert any(e["file"].endswith("rebound.py") and "work units" in e["message"] and "not analysed" in e["message"]
           for e in errors), errors
assert len(errors) == 1, errors
PY
holds "the generated script's findings are reported" python3 - out.json <<'PY'
import json, sys
diags = json.load(open(sys.argv[1]))["diagnostics"]
rules = {d["rule"] for d in diags if d["location"]["file"].endswith("script.py")}
assert {"GPU101", "GPU201"} <= rules, rules
PY
# Within the budget: the same shape, rebound 2,000 times, is analysed normally.
python3 - <<'PY'
lines = ["import torch", "for batch in loader:", "    x = batch"]
lines += ["    x = x + x if x else x" for i in range(2000)]
lines += ["    loss = model(batch.cuda())", "    loss.backward()", "    print(loss.item())"]
open("shallow.py", "w").write("\n".join(lines) + "\n")
PY
"$GPULINT" check shallow.py --no-progress --format json > shallow.json 2> shallow.err
holds "a shorter file of that shape stays within its budget and is analysed" python3 - shallow.json <<'PY'
import json, sys
data = json.load(open(sys.argv[1]))
assert not data.get("errors"), data["errors"]
assert any(d["rule"] == "GPU201" for d in data["diagnostics"]), data["diagnostics"]
PY
finish
