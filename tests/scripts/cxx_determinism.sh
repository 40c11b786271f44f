#!/usr/bin/env bash
# The same C++/CUDA file gives the same findings on every machine: a torch
# header installed on an include path the environment names (CPATH,
# CPLUS_INCLUDE_PATH, C_INCLUDE_PATH) never replaces gpulint's shim when no
# compile database is given.
# Usage: cxx_determinism.sh GPULINT SOURCE_DIR
set -u
GPULINT=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/repo/.git" "$work/repo/installed/torch"
# Inside the project, so the sandbox would let clang read it if it were searched.
echo '#error an installed torch header was used' > "$work/repo/installed/torch/extension.h"
cat > "$work/repo/op.cpp" <<'CPP'
#include <torch/extension.h>
float read_total(at::Tensor t) { TORCH_CHECK(t.is_cuda(), "a CUDA tensor"); return t.item<float>(); }
CPP
cd "$work/repo"
run() { timeout 120 env "$@" "$GPULINT" check op.cpp --no-progress --format json ; }
plain=$(run X=1)
failed=0
for var in CPATH CPLUS_INCLUDE_PATH C_INCLUDE_PATH; do
  other=$(run "$var=$work/repo/installed")
  if [ "$other" != "$plain" ]; then echo "FAIL: $var changed the findings"; failed=1; fi
done
if ! grep -q GPU401 <<<"$plain"; then echo "FAIL: the finding is missing"; failed=1; fi
if grep -q GPU400 <<<"$plain"; then echo "FAIL: the shim did not parse cleanly"; failed=1; fi
exit $failed
