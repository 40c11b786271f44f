// The tensor API real extensions use parses with the shim: accessors,
// deprecated Tensor::type()/data<T>(), argument checks, thrust/cub/
// cooperative-groups headers, device math and vector types. A launch inside
// a dispatch lambda is still found.
// ok: GPU400
#include <ATen/ATen.h>
#include <ATen/core/TensorAccessor.h>
#include <ATen/cuda/CUDAContext.h>
#include <cooperative_groups.h>
#include <cub/cub.cuh>
#include <thrust/tuple.h>
#include <torch/extension.h>

namespace cg = cooperative_groups;

template <typename scalar_t>
__global__ void nearest_kernel(const at::PackedTensorAccessor64<scalar_t, 2, at::RestrictPtrTraits> points,
                               at::PackedTensorAccessor32<int64_t, 1, at::RestrictPtrTraits> out, int n) {
  cg::thread_block block = cg::this_thread_block();
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float3 p = make_float3(points[i][0], points[i][1], points[i][2]);
  float d = sqrtf(p.x * p.x + p.y * p.y) + atan2f(p.y, p.x);
  thrust::tuple<float, int> best = thrust::make_tuple(d, i);
  atomicOr(reinterpret_cast<int*>(&out[i]), thrust::get<1>(best));
  block.sync();
}

void nearest(at::Tensor points, at::Tensor out) {
  at::TensorArg points_arg{points, "points", 1}, out_arg{out, "out", 2};
  at::checkAllSameGPU("nearest", {points_arg, out_arg});
  const c10::DeviceIndex device = points.get_device();
  (void)device;
  at::Tensor first = points.slice(0, 0, 1).cross(points.slice(0, 1, 2), 1);
  at::Tensor init = torch::full({points.size(0)}, -1, points.options());
  const int n = points.size(0);
  AT_DISPATCH_FLOATING_TYPES(points.type(), "nearest", ([&] {
    nearest_kernel<scalar_t><<<(n + 255) / 256, 256>>>(  // expect: GPU404
        points.packed_accessor64<scalar_t, 2, at::RestrictPtrTraits>(),
        out.packed_accessor32<int64_t, 1, at::RestrictPtrTraits>(), n);
  }));
  cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  nearest_kernel<float><<<(n + 255) / 256, 256, 0, stream>>>(  // ok: GPU404
      points.packed_accessor64<float, 2, at::RestrictPtrTraits>(),
      out.packed_accessor32<int64_t, 1, at::RestrictPtrTraits>(), n);
}

// A CPU loop over accessors: no launch, no GPU finding.
float total_cpu(at::Tensor values) {
  auto acc = values.accessor<float, 2>();
  float sum = 0;
  for (int64_t i = 0; i < acc.size(0); ++i) sum += acc[i][0] + *values.data<float>();  // ok: GPU401
  return sum;
}
