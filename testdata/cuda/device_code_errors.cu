// ok: GPU400
// Errors inside device-only code do not make a file "unresolved": gpulint's
// checks read host code, and a host-only parse sees kernels without what
// nvcc's device pass gives them. Here a helper exists only under
// __CUDA_ARCH__ and a kernel uses an intrinsic of a newer toolkit; the host
// code parses, and its findings stand.
#include <torch/extension.h>

#ifdef __CUDA_ARCH__
__device__ __forceinline__ static void accumulate(float* address, float value) { atomicAdd(address, value); }
#endif

template <typename T>
__global__ void scatter_add_kernel(const T* values, const int* index, T* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) accumulate(&out[index[i]], values[i]);
}

__device__ float clamp_unit(float v) { return __vendor_saturate_e4m3(v); }

void scatter_add(const at::Tensor& values, const at::Tensor& index, at::Tensor& out) {
  const int n = values.numel();
  scatter_add_kernel<float><<<(n + 255) / 256, 256>>>(  // expect: GPU404
      values.data_ptr<float>(), index.data_ptr<int>(), out.data_ptr<float>(), n);
}
