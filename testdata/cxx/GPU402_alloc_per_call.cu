// GPU402 alloc-per-call: cudaMalloc/cudaFree on every call. The free of a
// buffer whose allocation is reported is part of that finding (one edit).
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void fill_kernel(float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = 1.0f;
}

class Scratch {
 public:
  explicit Scratch(size_t bytes) { cudaMalloc(&buffer_, bytes); }  // ok: GPU402 (constructor)
  ~Scratch() { cudaFree(buffer_); }  // ok: GPU402 (destructor)
  void grow(size_t bytes) {
    if (!buffer_) cudaMalloc(&buffer_, bytes);  // ok: GPU402 (lazy one-time set-up of a member)
  }

 private:
  void* buffer_ = nullptr;
};

static float* g_lut = nullptr;
void init_lut() { cudaMalloc((void**)&g_lut, 1024 * sizeof(float)); }  // ok: GPU402 (init-named)

float* shared_workspace() {
  static float* ws = [] {
    float* p = nullptr;
    cudaMalloc((void**)&p, 4096);  // ok: GPU402 (static initializer: once per process)
    return p;
  }();
  return ws;
}

at::Tensor fill(at::Tensor x) {
  float* tmp = nullptr;
  int n = x.numel();
  cudaMalloc((void**)&tmp, n * sizeof(float));  // expect: GPU402 "allocates memory"
  fill_kernel<<<(n + 255) / 256, 256, 0, at::cuda::getCurrentCUDAStream()>>>(tmp, n);
  float* pinned = nullptr;
  cudaMallocHost((void**)&pinned, n * sizeof(float));  // expect: GPU402 "pinned"
  cudaFreeHost(pinned);  // ok: GPU402 (frees the buffer of the cudaMallocHost finding: the same edit)
  cudaFree(tmp);  // ok: GPU402 (frees the buffer of the cudaMalloc finding: the same edit)
  return x;
}

// A buffer handed in by the caller and freed here: no allocation of this
// call to fold it into, so the free is a finding of its own.
at::Tensor fill_handed(at::Tensor x, int64_t handle) {
  float* buf = reinterpret_cast<float*>(handle);
  fill_kernel<<<(x.numel() + 255) / 256, 256, 0, at::cuda::getCurrentCUDAStream()>>>(buf, x.numel());
  cudaFree(buf);  // expect: GPU402 "frees memory"
  return x;
}
