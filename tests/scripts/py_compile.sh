#!/usr/bin/env bash
# Nothing gpulint writes may be invalid Python: every .fixed/.unsafe-fixed
# Python fixture, and every file of testdata/python and testdata/runnable
# after `gpulint check --fix --unsafe-fixes`, must compile with CPython's own
# parser (py_compile), which is stricter than tree-sitter's error recovery.
# Usage: py_compile.sh GPULINT SOURCE_DIR
set -u
GPULINT=$1
SRC=$2
PYTHON=${GPULINT_TEST_PYTHON:-/usr/bin/python3}
if ! "$PYTHON" -c "import py_compile" >/dev/null 2>&1; then
  echo "SKIP: no usable $PYTHON"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
passes=0

# compile_all FILE...: byte-compiles each in one interpreter (into the temp
# folder, never next to a fixture); prints one line per file that fails and
# ends with "compiled N failed M".
compile_all() {
  "$PYTHON" - "$tmp/out.pyc" "$@" <<'PY'
import py_compile, sys
out, files = sys.argv[1], sys.argv[2:]
bad = 0
for f in files:
    try:
        py_compile.compile(f, cfile=out, doraise=True)
    except py_compile.PyCompileError as e:
        bad += 1
        print("FAIL: does not compile:", " | ".join(l.strip() for l in e.msg.strip().splitlines()))
print("compiled", len(files) - bad, "failed", bad)
PY
}
# count OUTPUT: adds compile_all's result to the totals.
count() {
  grep "^FAIL" <<<"$1"
  passes=$((passes + $(awk '/^compiled/ { print $2 }' <<<"$1")))
  failures=$((failures + $(awk '/^compiled/ { print $4 }' <<<"$1")))
}

shopt -s nullglob
expected=("$SRC"/testdata/*/*.fixed.py "$SRC"/testdata/*/*.unsafe-fixed.py)
if ((${#expected[@]} == 0)); then echo "FAIL: no .fixed.py fixtures found"; failures=$((failures + 1)); fi
count "$(compile_all "${expected[@]}")"

for kind in python runnable; do
  mkdir -p "$tmp/$kind"
  for f in "$SRC/testdata/$kind"/*.py; do
    [[ $f == *.fixed.py || $f == *.unsafe-fixed.py ]] || cp "$f" "$tmp/$kind/"
  done
  "$GPULINT" check --no-progress --quiet --fix --unsafe-fixes "$tmp/$kind" >/dev/null 2>"$tmp/fix.log"
  if grep -q "would not parse" "$tmp/fix.log"; then
    echo "FAIL: a fix in testdata/$kind was rejected as unparsable:"; cat "$tmp/fix.log"; failures=$((failures + 1))
  fi
  changed=0
  for f in "$tmp/$kind"/*.py; do
    cmp -s "$f" "$SRC/testdata/$kind/$(basename "$f")" || changed=$((changed + 1))
  done
  count "$(compile_all "$tmp/$kind"/*.py)"
  # Guards against a vacuous pass (a gpulint that fixes nothing).
  if ((changed == 0)); then echo "FAIL: gpulint changed nothing in testdata/$kind"; failures=$((failures + 1)); fi
done

echo "$passes passed, $failures failed"
[[ $failures -eq 0 ]]
