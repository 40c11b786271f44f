#!/usr/bin/env bash
# Hardening, crash items: inputs nested deeper than gpulint analyses (or than
# the pinned grammars' scanners survive) are per-file errors, the rest of the
# run goes on, and nothing crashes — in the CLI and in the language server.
# Usage: deep_inputs.sh GPULINT SOURCE_DIR
set -u
GPULINT=$1
source "$(dirname "${BASH_SOURCE[0]}")/lib/assert.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
mkdir -p deep
python3 - <<'PY'
open("deep/calls.py", "w").write("x = " + "f(" * 1700 + "1" + ")" * 1700 + "\n")
open("deep/chain.py", "w").write("x = a" + ".b()" * 4400 + "\n")
open("deep/brackets.py", "w").write("x = " + "[" * 8600 + "]" * 8600 + "\n")
# ~520 indentation levels, then an unterminated string (tree-sitter-python #350).
lines = ["if x:"] + [" " * i + "if x:" for i in range(1, 520)] + [" " * 520 + "s = '''never closed"]
open("deep/indent.py", "w").write("\n".join(lines) + "\n")
# Job files (YAML/JSON that is not a job is skipped before parsing): 300
# nested block mappings (tree-sitter-yaml #48), 33,000 lines, 9,000 brackets.
job = "apiVersion: batch/v1\nkind: Job\n"
open("deep/nested.yaml", "w").write(job + "".join(" " * i + "k%d:\n" % i for i in range(300)) + " " * 300 + "v: 1\n")
open("deep/long.yaml", "w").write(job + "".join("k%d: %d\n" % (i, i) for i in range(33000)))
open("deep/nested.json", "w").write('{"apiVersion": "batch/v1", "kind": "Job", "spec": ' + "[" * 9000 + "]" * 9000 + "}\n")
# std::regex recursion (item 8): a 100k-character identifier, a `#` and 50k spaces in C++.
open("deep/ident.py", "w").write("import torch\n" + "_" * 100000 + " = 1\ndef " + "_" * 100000 + "train(): pass\n")
open("deep/spaces.cpp", "w").write("#" + " " * 50000 + "include <torch/extension.h>\nint f() { return 0; }\n")
# Nested just under the limits: analysed normally, and its finding reported.
open("deep/ok.py", "w").write(
    "import torch\nfor x in loader:\n    loss = model(x.cuda())\n    loss.backward()\n"
    "    print(loss.item())\n    y = " + "g(" * 150 + "1" + ")" * 150 + "\n")
PY
timeout 300 "$GPULINT" check deep --no-progress --format json > out.json 2> err.txt
rc=$?
holds "run ends with a per-file error exit (rc $rc)" test $rc -eq 2
for f in calls.py chain.py brackets.py indent.py nested.yaml long.yaml nested.json; do
  holds "$f reported as not analysed" python3 - out.json "$f" <<'PY'
import json, sys
data = json.load(open(sys.argv[1]))
errors = data.get("errors", []) if isinstance(data, dict) else []
assert any(e["file"].endswith(sys.argv[2]) and "not analysed" in e["message"] for e in errors), errors
PY
done
holds "file under the limits still analysed" grep -q '"GPU201"' out.json
holds "long identifiers and blank directives are not errors" python3 - out.json <<'PY'
import json, sys
errors = json.load(open(sys.argv[1]))["errors"]
assert not [e for e in errors if e["file"].endswith(("ident.py", "spaces.cpp"))], errors
PY

# A file name that is not UTF-8 still gives a JSON report (item 14).
mkdir -p names
python3 -c "import os; open(b'names/bad\\xff.py', 'w').write('import torch\\nfor x in loader:\\n    loss = model(x.cuda())\\n    loss.backward()\\n    print(loss.item())\\n')"
"$GPULINT" check names --no-progress --format json > names.json 2> names.err
holds "non-UTF-8 file name: valid JSON with the finding" python3 -c "
import json, sys
d = json.load(open('names.json'))
assert any(x['rule'] == 'GPU201' for x in d['diagnostics']), d"

# The language server survives the same input and answers the next request.
python3 - deep/calls.py > lsp.in <<'PY'
import json, sys
def msg(o):
    b = json.dumps(o)
    return "Content-Length: %d\r\n\r\n%s" % (len(b), b)
text = open(sys.argv[1]).read()
uri = "file://" + __import__("os").path.abspath(sys.argv[1])
out = msg({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
out += msg({"jsonrpc": "2.0", "method": "initialized", "params": {}})
out += msg({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": text}}})
nested = '{"a":' * 20000 + "1" + "}" * 20000
body = '{"jsonrpc": "2.0", "id": 7, "method": "workspace/executeCommand", "params": {"command": "x", "arguments": [%s]}}' % nested
out += "Content-Length: %d\r\n\r\n%s" % (len(body), body)
out += msg({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
out += msg({"jsonrpc": "2.0", "method": "exit"})
sys.stdout.write(out)
PY
timeout 120 "$GPULINT" lsp < lsp.in > lsp.out 2> lsp.err
rc=$?
holds "language server exits cleanly (rc $rc)" test $rc -eq 0
holds "language server answered shutdown" grep -q '"id":2' lsp.out

finish
