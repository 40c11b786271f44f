#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <vector>

#include "device_buffer.h"

__global__ void scale_rows(const float* x, const float* w, float* y, int n, int d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n * d) y[i] = x[i] * w[i % d];
}

at::Tensor scale_forward(at::Tensor x, std::vector<float> weights) {
  auto y = at::empty_like(x);
  int n = x.size(0), d = x.size(1);
  DeviceBuffer<float> w(weights.size());
  w.upload(weights.data());
  scale_rows<<<(n * d + 255) / 256, 256, 0, at::cuda::getCurrentCUDAStream()>>>(
      x.data_ptr<float>(), w.data(), y.data_ptr<float>(), n, d);
  return y;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("scale_forward", &scale_forward); }
