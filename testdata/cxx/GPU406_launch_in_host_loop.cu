// GPU406 launch-in-host-loop: launches and per-element tensor ops in host
// loops whose trip count depends on data.
#include <torch/extension.h>
#include <vector>

__global__ void row_kernel(float* row, int cols) {
  int i = threadIdx.x;
  if (i < cols) row[i] = 0.0f;
}

void per_row(at::Tensor x, cudaStream_t stream) {
  int64_t rows = x.size(0);
  for (int64_t r = 0; r < rows; ++r)
    row_kernel<<<1, 256, 0, stream>>>(x.data_ptr<float>() + r * 64, 64);  // expect: GPU406 "`rows`"
  for (int s = 0; s < 4; ++s)
    row_kernel<<<64, 256, 0, stream>>>(x.data_ptr<float>(), 64);  // ok: GPU406 (constant trip count)
  for (int64_t r = 0; r < rows; ++r) {
    if (x.size(1) > r) {
      row_kernel<<<64, 256, 0, stream>>>(x.data_ptr<float>(), 64);  // ok: GPU406 (leaves the loop after one launch)
      break;
    }
  }
  for (int64_t i = 0; i < x.size(0); ++i) {
    x[i].fill_(0.0);  // expect: GPU406 "one element per iteration"
    x[i].mul_(2.0);  // ok: GPU406 (one finding per loop)
  }
  std::vector<at::Tensor> parts;
  for (auto& p : parts) p.zero_();  // ok: GPU406 (no per-element indexing)
  row_kernel<<<rows, 256, 0, stream>>>(x.data_ptr<float>(), 64);  // ok: GPU406 (one launch for all rows)
}
