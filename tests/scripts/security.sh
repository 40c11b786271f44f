#!/usr/bin/env bash
# Hardening, security items: analysing an untrusted repository never runs a
# program, never writes a file outside what --fix may change, never quotes a
# file outside the analysed tree, never blocks on a FIFO.
# Usage: security.sh GPULINT SOURCE_DIR
set -u
GPULINT=$1
source "$(dirname "${BASH_SOURCE[0]}")/lib/assert.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

# --- 1 and 2: a compile database in the tree asks clang's driver to run a tool and write files.
mkdir -p repo/ops outside
cat > repo/ops/kernel.cu <<'CU'
#include <torch/extension.h>
__global__ void k(float* x) { x[threadIdx.x] = 0; }
void launch(float* x) { k<<<1, 32>>>(x); }
CU
cat > repo/evil.sh <<SH
#!/bin/sh
touch "$work/outside/ran"
echo sm_80
SH
chmod +x repo/evil.sh
mkdir -p repo/bin && cp repo/evil.sh repo/bin/nvptx-arch
python3 - "$work" <<'PY'
import json, sys
w = sys.argv[1]
flags = ["clang++", "-x", "cuda", "--offload-arch=native", "--nvptx-arch-tool=" + w + "/repo/evil.sh",
         "-B" + w + "/repo/bin", "-Wp,-MD," + w + "/outside/deps.d",
         "--serialize-diagnostics", w + "/outside/diag.bin", "-fmodules", "-fmodules-cache-path=" + w + "/outside/mcache",
         "-Xclang", "-load", "-Xclang", w + "/repo/plugin.so", "-fplugin=" + w + "/repo/plugin.so",
         "-DFROM_DB=1", "-c", "ops/kernel.cu"]
entries = [{"directory": "/proc/self/cwd", "file": "ops/kernel.cu", "arguments": flags},
           {"directory": w + "/repo", "file": w + "/repo/ops/kernel.cu", "arguments": flags}]
json.dump(entries, open(w + "/repo/compile_commands.json", "w"))
PY
(cd repo && timeout 120 "$GPULINT" check . --no-progress --format json > ../db.json 2> ../db.err)
rc=$?
holds "database run finishes (rc $rc)" test $rc -le 2
holds "no tool from the database ran" test ! -e outside/ran
holds "no dependency file written" test ! -e outside/deps.d
holds "no serialized diagnostics written" test ! -e outside/diag.bin
holds "no module cache created" test ! -e outside/mcache
holds "the launch is still analysed with the database" grep -q GPU404 db.json

# --- 3: an absolute include of a file outside the tree is not read, nor quoted.
mkdir -p leak
echo "TOPSECRETTOKEN zzz;" > outside/secret.h
cat > leak/op.cu <<CU
#include "$work/outside/secret.h"
__global__ void k(float* x) { x[threadIdx.x] = 0; }
void launch(float* x) { k<<<1, 32>>>(x); }
CU
for fmt in text json sarif github; do
  (cd leak && timeout 120 "$GPULINT" check . --no-progress --format $fmt > ../leak.$fmt 2>&1)
  holds "no secret token in $fmt output" bash -c "! grep -q TOPSECRETTOKEN leak.$fmt"
done
holds "the refused include is reported" grep -qi "secret.h" leak.text

# --- 10: a FIFO (or /dev/stdin) included from the tree never blocks.
mkdir -p fifo
mkfifo fifo/pipe.h
cat > fifo/op.cu <<'CU'
#include <torch/extension.h>
__global__ void k(float* x) { x[threadIdx.x] = 0; }
void launch(float* x) { k<<<1, 32>>>(x); }
#include "pipe.h"
#include "/dev/stdin"
CU
(cd fifo && timeout 60 "$GPULINT" check op.cu --no-progress > ../fifo.out 2>&1 < /dev/zero)
rc=$?
holds "FIFO include does not hang (rc $rc)" test $rc -ne 124
holds "the launch is still found" grep -q GPU404 fifo.out

# --- 4: --fix never writes a script outside the analysed paths.
mkdir -p other proj
cat > other/train.py <<'PY'
import torch
from torch.utils.data import DataLoader
def main():
    loader = DataLoader(torch.randn(10, 3), batch_size=64)
    model = torch.nn.Linear(1, 1).cuda()
    for epoch in range(10):
        for x in loader:
            x = x.cuda()
            loss = model(x).sum()
            loss.backward()
main()
PY
cp other/train.py other/train.py.orig
cat > proj/job.yaml <<'YAML'
apiVersion: batch/v1
kind: Job
metadata:
  name: t
spec:
  template:
    spec:
      containers:
        - name: t
          image: x
          command: ["python", "../other/train.py"]
          resources:
            limits:
              nvidia.com/gpu: 1
YAML
"$GPULINT" check proj --fix --unsafe-fixes --no-progress > fixout.out 2> fixout.err
holds "script outside the analysed paths untouched" cmp -s other/train.py other/train.py.orig
holds "the refusal is said" grep -q "outside the analysed" fixout.err

# --- 12/13: a read-only script is not rewritten, and the summary counts what was written.
mkdir -p ro
cp other/train.py.orig ro/train.py
chmod 0444 ro/train.py
"$GPULINT" check ro --fix --unsafe-fixes --no-progress > ro.out 2> ro.err
holds "read-only script untouched" cmp -s ro/train.py other/train.py.orig
holds "read-only script named in the errors" grep -q "read-only" ro.out ro.err
holds "summary says nothing was fixed" grep -q "fixed 0 findings in 0 file" ro.err

finish
