#!/usr/bin/env bash
# gpulint and a gpulint-cxx.so built from other sources: the program refuses
# the module with a clear per-file error (exit 2) instead of crashing, and
# the run still reports its other files.
# Usage: abi_mismatch.sh GPULINT STALE_MODULE
set -u
GPULINT=$1
STALE=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The loader looks beside the program first.
cp "$GPULINT" "$work/gpulint"
cp "$STALE" "$work/gpulint-cxx.so"
mkdir -p "$work/repo/.git"
echo '__global__ void k(float* x) { x[0] = 1.f; }' > "$work/repo/op.cu"
printf 'import torch\nx = torch.zeros(1)\n' > "$work/repo/train.py"
cd "$work/repo"
out=$(timeout 60 "$work/gpulint" check . --no-progress 2>&1)
rc=$?
failed=0
if [ "$rc" -ne 2 ]; then echo "FAIL: exit code $rc, expected 2 (a per-file error)"; failed=1; fi
if ! grep -q "built from other gpulint sources" <<<"$out"; then echo "FAIL: no clear error"; failed=1; fi
if ! grep -q "rebuild or reinstall" <<<"$out"; then echo "FAIL: the error does not say what to do"; failed=1; fi
[ "$failed" -eq 0 ] || echo "$out"
exit $failed
