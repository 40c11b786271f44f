// GPU403 blocking-memcpy: cudaMemcpy/cudaMemset instead of the Async form.
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>

void copy_rows(at::Tensor dst, at::Tensor src, cudaStream_t stream) {
  size_t bytes = src.numel() * sizeof(float);
  cudaMemcpyAsync(dst.data_ptr<float>(), src.data_ptr<float>(), bytes, cudaMemcpyDeviceToDevice, stream);  // expect: GPU403 "`stream` is in scope"
  cudaMemsetAsync(dst.data_ptr<float>(), 0, bytes, stream);  // expect: GPU403
  cudaMemcpyAsync(dst.data_ptr<float>(), src.data_ptr<float>(), bytes, cudaMemcpyDeviceToDevice, stream);  // ok: GPU403 (async, on the caller's stream)
}

float read_back(at::Tensor src) {
  auto stream = at::cuda::getCurrentCUDAStream();
  float host = 0;
  cudaMemcpy(&host, src.data_ptr<float>(), sizeof(float), cudaMemcpyDeviceToHost);  // expect: GPU403
  cudaStreamSynchronize(stream);  // expect: GPU401
  return host;
}

void clear(at::Tensor dst) {
  cudaMemset(dst.data_ptr<float>(), 0, 16);  // expect: GPU403 "getCurrentCUDAStream()"
}

struct Table {
  Table(float* device, const float* host) { cudaMemcpy(device, host, 64, cudaMemcpyHostToDevice); }  // ok: GPU403 (constructor)
};
