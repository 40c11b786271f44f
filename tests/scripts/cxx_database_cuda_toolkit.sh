#!/usr/bin/env bash
# With a compile database whose flags name CUDA toolkit folders — one that
# would break clang, the machine's /usr/local/cuda (any version, or none),
# one that does not exist — gpulint's shim stands in for the toolkit, and the
# findings are those of a parse without the database.
# Usage: cxx_database_cuda_toolkit.sh GPULINT SOURCE_DIR
set -u
GPULINT=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/repo/.git" "$work/repo/csrc/cuda" "$work/toolkit/cuda-12.4/include" "$work/build"
echo '#error a CUDA toolkit header was used' > "$work/toolkit/cuda-12.4/include/cuda_runtime.h"
echo '#error a CUDA toolkit header was used' > "$work/toolkit/cuda-12.4/include/cuda_runtime_api.h"
# The project's own csrc/cuda folder is not a toolkit: it stays on the path.
echo 'inline int blocks_for(int n) { return (n + 255) / 256; }' > "$work/repo/csrc/cuda/grid.h"
cat > "$work/repo/csrc/op.cu" <<'CU'
#include <cuda_runtime.h>
#include <torch/extension.h>
#include "grid.h"
__global__ void fill_kernel(float* x, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] = 1.f; }
float fill_and_read(at::Tensor x) {
  const int n = x.numel();
  fill_kernel<<<blocks_for(n), 256>>>(x.data_ptr<float>(), n);
  return x.item<float>();
}
CU
cat > "$work/build/compile_commands.json" <<JSON
[{"directory": "$work/build", "file": "$work/repo/csrc/op.cu",
  "arguments": ["nvcc", "-I$work/toolkit/cuda-12.4/include", "-isystem", "/usr/local/cuda/include",
                "-I/nonexistent/cuda-11.8/targets/x86_64-linux/include", "-I$work/repo/csrc/cuda",
                "-DWITH_CUDA", "-c", "$work/repo/csrc/op.cu"]}]
JSON
cd "$work/repo"
findings() { timeout 300 "$GPULINT" check csrc/op.cu --no-progress --format json "$@" | grep -E '"(rule|line)"'; }
with_db=$(findings --compile-commands "$work/build")
failed=0
if grep -q GPU400 <<<"$with_db"; then echo "FAIL: the toolkit folders reached clang"; failed=1; fi
if ! grep -q GPU404 <<<"$with_db" || ! grep -q GPU401 <<<"$with_db"; then echo "FAIL: findings missing"; failed=1; fi
# Without the database csrc/cuda is no include folder: the header goes beside
# the file for that run.
cp "$work/repo/csrc/cuda/grid.h" "$work/repo/csrc/grid.h"
without_db=$(findings)
if [ "$with_db" != "$without_db" ]; then echo "FAIL: the database changed the findings"; echo "$with_db"; echo "$without_db"; failed=1; fi
exit $failed
