#!/usr/bin/env bash
# C++/CUDA operators through the CLI: text and SARIF findings, --fix, a
# compile database, and the skipped note of a build without libTooling.
# Usage: cxx_cli.sh GPULINT SOURCE_DIR
set -u
GPULINT=$1
SRC=$2
source "$(dirname "${BASH_SOURCE[0]}")/lib/assert.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$SRC/testdata/cxx" "$work/ext"
rm -f "$work"/ext/*.fixed.* "$work"/ext/*.unsafe-fixed.*
cd "$work"

"$GPULINT" check ext --no-progress > text.out 2> text.err
rc=$?
if grep -q "are skipped" text.err; then
  # Built with GPULINT_WITH_CLANG=OFF: one note, no findings, no error.
  holds "skipped note once" test "$(grep -c 'are skipped' text.err)" -eq 1
  holds "exit 0 without findings" test $rc -eq 0
  finish
  exit
fi
holds "exit code 1 with findings" test $rc -eq 1
for id in GPU400 GPU401 GPU402 GPU403 GPU404 GPU405 GPU406; do
  holds "text reports $id" grep -q "\[$id\]" text.out
done
holds "text shows the GPU404 fix" grep -q "getCurrentCUDAStream" text.out
# GPU400 is one summary line at the end, not a note per file; --verbose adds the files.
holds "GPU400 summary is the last line" bash -c "tail -n 1 text.out | grep -q '^note: 1 C++/CUDA file parsed with unresolved code.*\[GPU400\]'"
holds "no per-file GPU400 line without --verbose" test "$(grep -c 'GPU400_parse_incomplete.cpp: note' text.out)" -eq 0
"$GPULINT" check ext --no-progress --verbose > verbose.out 2> /dev/null
holds "--verbose lists the file with its first error" grep -q "GPU400_parse_incomplete.cpp: note: clang parsed this file.*unknown type name" verbose.out
"$GPULINT" check ext --no-progress --ignore GPU400 > ignored.out 2> /dev/null
holds "--ignore GPU400 drops the summary" test "$(grep -c 'unresolved code\|\[GPU400\]' ignored.out)" -eq 0
"$GPULINT" check ext/GPU400_parse_incomplete.cpp --no-progress --select GPU400 --fail-on note > only400.out 2> /dev/null
holds "the summary is not a finding (exit 0 with --fail-on note)" test $? -eq 0
holds "the summary still shows" grep -q "parsed with unresolved code" only400.out
"$GPULINT" check ext --no-progress --format json > gaps.json 2> /dev/null
holds "json: GPU400 in parse_gaps, not in diagnostics" python3 - gaps.json <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
assert not [d for d in doc["diagnostics"] if d["rule"] == "GPU400"], doc["diagnostics"]
gaps = doc["parse_gaps"]
assert [g["file"] for g in gaps] == ["ext/GPU400_parse_incomplete.cpp"], gaps
assert gaps[0]["rule"] == "GPU400" and "unknown type name" in gaps[0]["message"]
assert gaps[0]["missing_headers"] == []
PY

"$GPULINT" check ext --format sarif -o out.sarif --no-progress 2> sarif.err
holds "sarif has GPU4xx results with fixes" python3 - out.sarif <<'PY'
import json, sys
log = json.load(open(sys.argv[1]))
run = log["runs"][0]
results = [r for r in run["results"] if r["ruleId"].startswith("GPU40")]
rules = {r["id"] for r in run["tool"]["driver"]["rules"]}
assert {"GPU401", "GPU403", "GPU404", "GPU406"} <= {r["ruleId"] for r in results}, results
assert all(r["ruleId"] in rules for r in results)
assert any(r.get("fixes") for r in results if r["ruleId"] == "GPU404")
assert not [r for r in results if r["ruleId"] == "GPU400"]
inv = run["invocations"][0]
assert inv["executionSuccessful"] is True
notes = [n for n in inv["toolExecutionNotifications"] if n.get("associatedRule", {}).get("id") == "GPU400"]
assert len(notes) == 1 and notes[0]["level"] == "note", inv
rule = run["tool"]["driver"]["rules"][notes[0]["associatedRule"]["index"]]
assert rule["id"] == "GPU400"
uri = notes[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
assert uri.endswith("GPU400_parse_incomplete.cpp"), uri
PY

"$GPULINT" check ext --fix --no-progress > /dev/null 2> fix.err
holds "--fix writes the GPU404 fix" diff -q ext/GPU404_default_stream_launch.cu "$SRC/testdata/cxx/GPU404_default_stream_launch.fixed.cu"
holds "--fix writes the GPU403 safe fix" diff -q ext/GPU403_blocking_memcpy.cu "$SRC/testdata/cxx/GPU403_blocking_memcpy.fixed.cu"

# With a compile database the same findings come out (its flags, plus the shims).
rm -rf ext && cp -r "$SRC/testdata/cxx" ext && rm -f ext/*.fixed.* ext/*.unsafe-fixed.*
python3 - "$work" <<'PY'
import json, os, sys
root = sys.argv[1]
entries = []
for name in sorted(os.listdir(os.path.join(root, "ext"))):
    lang = "cuda" if name.endswith(".cu") else "c++"
    entries.append({"directory": root, "file": os.path.join(root, "ext", name),
                    "arguments": ["clang++", "-x", lang, "-std=c++17", "-DGPULINT_FROM_DB=1", "-c", "ext/" + name, "-o", name + ".o"]})
os.makedirs(os.path.join(root, "build"), exist_ok=True)
json.dump(entries, open(os.path.join(root, "build", "compile_commands.json"), "w"))
PY
"$GPULINT" check ext --no-progress --format json > db_auto.json 2>/dev/null
"$GPULINT" check ext --no-progress --format json --compile-commands build > db_explicit.json 2>/dev/null
"$GPULINT" check ext --no-progress --format json > /dev/null 2>&1
holds "compile database: same findings as defaults" python3 - db_auto.json db_explicit.json <<'PY'
import json, sys
def ids(path):
    data = json.load(open(path))
    items = data["diagnostics"] if isinstance(data, dict) else data
    return sorted((d.get("rule") or d.get("ruleId"), d["location"]["start"]["line"] if "location" in d else d.get("line")) for d in items)
a, b = ids(sys.argv[1]), ids(sys.argv[2])
assert a == b and len(a) > 10, (a, b)
PY
"$GPULINT" check ext --compile-commands no-such-dir --no-progress > /dev/null 2> bad.err
holds "--compile-commands without a database is a usage error" test $? -eq 2


finish
