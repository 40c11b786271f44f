// The API of older and newer extensions side by side: packed accessors,
// accessor<T, N>, THC atomics, ATenCeilDiv from CUDAApplyUtils, the
// template cudaMalloc<T>. The file parses cleanly, and the allocation on
// the operator's per-call path is found.
// ok: GPU400
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <ATen/cuda/CUDAApplyUtils.cuh>
#include <THC/THCAtomics.cuh>

template <typename scalar_t>
__global__ void scatter_sum_kernel(const at::PackedTensorAccessor32<scalar_t, 2, at::RestrictPtrTraits> src,
                                   const at::PackedTensorAccessor32<int64_t, 1, at::RestrictPtrTraits> index,
                                   at::PackedTensorAccessor32<scalar_t, 2, at::RestrictPtrTraits> out) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= src.size(0)) return;
  for (int c = 0; c < src.size(1); ++c) atomicAdd(&out[index[row]][c], src[row][c]);
}

at::Tensor scatter_sum(const at::Tensor& src, const at::Tensor& index, int64_t rows) {
  TORCH_CHECK(src.is_cuda(), "src must be a CUDA tensor");
  auto out = at::zeros({rows, src.size(1)}, src.options());
  const dim3 blocks(at::cuda::ATenCeilDiv(src.size(0), 256L));
  cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  AT_DISPATCH_FLOATING_TYPES_AND_HALF(src.scalar_type(), "scatter_sum", [&] {
    scatter_sum_kernel<scalar_t><<<blocks, 256, 0, stream>>>(
        src.packed_accessor32<scalar_t, 2, at::RestrictPtrTraits>(),
        index.packed_accessor32<int64_t, 1, at::RestrictPtrTraits>(),
        out.packed_accessor32<scalar_t, 2, at::RestrictPtrTraits>());
  });
  return out;
}

float* staging(int64_t n) {
  float* buffer = nullptr;
  cudaMalloc<float>(&buffer, n * sizeof(float));  // expect: GPU402
  return buffer;
}
