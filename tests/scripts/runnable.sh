#!/usr/bin/env bash
# The fixed code must still run: every testdata/runnable/*.py is a small real
# PyTorch training script on synthetic data that prints "final loss X" last.
# Each runs three times with Debian's python3-torch (CPU): as written, after
# `gpulint check --fix` and after `gpulint check --fix --unsafe-fixes`. The
# fixed scripts must exit 0 and gpulint must have changed them; safe fixes
# must not change the loss at all (printed to 6 decimals), unsafe ones only
# within a tolerance: with workers or persistent workers a seeded DataLoader
# draws its seeds differently, so the shuffle order (and the loss) moves a
# little. Fixing a second time must change nothing.
# Usage: runnable.sh GPULINT SOURCE_DIR. Exits 77 (skipped) when the Python
# has no torch: GPULINT_TEST_DEPS=1 scripts/install-deps.sh installs it.
set -u
GPULINT=$1
SRC=$2
PYTHON=${GPULINT_TEST_PYTHON:-/usr/bin/python3}
UNSAFE_TOLERANCE=0.05  # relative
if ! "$PYTHON" -c "import torch" >/dev/null 2>&1; then
  echo "SKIP: $PYTHON cannot import torch (apt-get install python3-torch)"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
passes=0
pass() { passes=$((passes + 1)); }
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# The scripts themselves, not their expected .fixed/.unsafe-fixed texts.
scripts=()
for f in "$SRC"/testdata/runnable/*.py; do
  [[ $f == *.fixed.py || $f == *.unsafe-fixed.py ]] || scripts+=("$f")
done
for variant in original safe unsafe; do
  mkdir -p "$tmp/$variant"
  cp "${scripts[@]}" "$tmp/$variant/"
done
"$GPULINT" check --no-progress --quiet --fix "$tmp/safe" >"$tmp/safe.log" 2>&1
"$GPULINT" check --no-progress --quiet --fix --unsafe-fixes "$tmp/unsafe" >"$tmp/unsafe.log" 2>&1
if grep -q "not applied" "$tmp/safe.log" "$tmp/unsafe.log"; then fail "some fixes were not applied:"; cat "$tmp"/*.log; else pass; fi

# final_loss DIR SCRIPT: runs it in its folder and prints its final loss; on
# failure says why on stderr (it runs in a subshell: the caller counts it).
final_loss() {
  local out
  if ! out=$(cd "$1" && timeout 120 "$PYTHON" "$2" 2>"$1/$2.stderr"); then
    echo "$1/$2 exited non-zero:" >&2
    tail -n 20 "$1/$2.stderr" >&2
    return 1
  fi
  echo "$out" | awk '/^final loss / { loss = $3 } END { if (loss == "") exit 1; print loss }' ||
    { echo "$1/$2 printed no 'final loss'" >&2; return 1; }
}

# close A B TOLERANCE: |a - b| <= tolerance * max(1, |a|)
close() {
  awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; if (d < 0) d = -d; m = a < 0 ? -a : a;
    if (m < 1) m = 1; exit !(d <= t * m) }'
}

for script in "${scripts[@]}"; do
  name=$(basename "$script")
  if original=$(final_loss "$tmp/original" "$name"); then pass; else fail "$name as written"; continue; fi
  echo "$name: original loss $original"
  if cmp -s "$script" "$tmp/unsafe/$name"; then fail "$name: gpulint --fix --unsafe-fixes changed nothing"; else pass; fi
  if ! cmp -s "$script" "$tmp/safe/$name"; then
    if safe=$(final_loss "$tmp/safe" "$name"); then
      echo "$name: after safe fixes $safe"
      if [[ "$safe" == "$original" ]]; then pass; else fail "$name: safe fixes changed the loss $original -> $safe"; fi
    else
      fail "$name after --fix"
    fi
  fi
  if unsafe=$(final_loss "$tmp/unsafe" "$name"); then
    echo "$name: after unsafe fixes $unsafe"
    if close "$original" "$unsafe" "$UNSAFE_TOLERANCE"; then pass
    else fail "$name: unsafe fixes moved the loss $original -> $unsafe (tolerance $UNSAFE_TOLERANCE)"; fi
  else
    fail "$name after --fix --unsafe-fixes"
  fi
done

# Idempotence on real scripts: a second run finds nothing more to fix.
for variant in safe unsafe; do
  flags=(--fix)
  [[ $variant == unsafe ]] && flags+=(--unsafe-fixes)
  "$GPULINT" check --no-progress --quiet --diff "${flags[@]}" "$tmp/$variant" >"$tmp/again.diff" 2>/dev/null
  if [[ -s "$tmp/again.diff" ]]; then fail "fixing $variant output again changes it:"; cat "$tmp/again.diff"; else pass; fi
done

echo "$passes passed, $failures failed"
[[ $failures -eq 0 ]]
