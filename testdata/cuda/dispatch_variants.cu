// Launches inside the AT_DISPATCH_* variants real extensions use (_AND_HALF,
// _AND2 with half and bfloat16, the deprecated `input.type()` argument) are
// found: the lambda is parsed with scalar_t bound.
// ok: GPU400
#include <ATen/ATen.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <torch/extension.h>

template <typename scalar_t>
__global__ void axpy_kernel(const scalar_t* x, scalar_t* y, scalar_t a, int64_t n) {
  int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

void axpy_half(const at::Tensor& x, at::Tensor& y, double a) {
  const int64_t n = x.numel();
  AT_DISPATCH_FLOATING_TYPES_AND_HALF(x.scalar_type(), "axpy_half", [&] {
    axpy_kernel<scalar_t><<<(n + 255) / 256, 256>>>(  // expect: GPU404
        x.data_ptr<scalar_t>(), y.data_ptr<scalar_t>(), static_cast<scalar_t>(a), n);
  });
}

void axpy_reduced(const at::Tensor& x, at::Tensor& y, double a) {
  at::cuda::OptionalCUDAGuard guard(device_of(x));
  const int64_t n = x.numel();
  cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  AT_DISPATCH_FLOATING_TYPES_AND2(at::kHalf, at::kBFloat16, x.scalar_type(), "axpy_reduced", [&] {
    axpy_kernel<scalar_t><<<(n + 255) / 256, 256, 0, stream>>>(  // ok: GPU404
        x.data_ptr<scalar_t>(), y.data_ptr<scalar_t>(), static_cast<scalar_t>(a), n);
  });
  C10_CUDA_KERNEL_LAUNCH_CHECK();
}

// Old extensions dispatch on the deprecated Tensor::type().
void axpy_legacy(at::Tensor x, at::Tensor y, float a) {
  AT_ASSERTM(x.type().is_cuda(), "x must be a CUDA tensor");
  const int64_t n = x.numel();
  AT_DISPATCH_FLOATING_TYPES(x.type(), "axpy_legacy", ([&] {
    axpy_kernel<scalar_t><<<(n + 511) / 512, 512>>>(  // expect: GPU404
        x.data<scalar_t>(), y.data<scalar_t>(), static_cast<scalar_t>(a), n);
  }));
}
