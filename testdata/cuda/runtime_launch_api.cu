// ok: GPU400
// Launches through the runtime API, as fused-normalisation extensions write
// them: a cooperative launch chosen at run time, a thread-block-cluster
// launch through cudaLaunchKernelEx, and bf16 conversions in host/device
// helpers. All of it must parse (no GPU400); the launches that name a stream
// are silent, the `<<<...>>>` launch without one after them is still found.
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <cooperative_groups.h>
#include <cuda_bf16.h>

namespace cg = cooperative_groups;

struct NormParams {
  const __nv_bfloat16* x;
  __nv_bfloat16* y;
  float* partial_sums;
  int rows, cols;
};

__host__ __device__ inline __nv_bfloat16 to_bf16(float v) { return __float2bfloat16_rn(v); }
__host__ __device__ inline float2 widen(__nv_bfloat162 v) { return __bfloat1622float2(v); }

__global__ void __launch_bounds__(256) norm_kernel(NormParams params) {
  cg::grid_group grid = cg::this_grid();
  params.partial_sums[blockIdx.x] = 0.f;
  grid.sync();
}

__global__ void cluster_norm_kernel(NormParams params) {
  cg::cluster_group cluster = cg::this_cluster();
  __shared__ __align__(16) float partial[32];
  float* peer = cluster.map_shared_rank(partial, 0);
  cluster.sync();
  params.y[threadIdx.x] = to_bf16(peer[threadIdx.x % 32]);
}

__global__ void finalize_kernel(NormParams params) { params.y[0] = to_bf16(params.partial_sums[0]); }

void launch_norm(NormParams params, bool cooperative, cudaStream_t stream) {
  cudaDeviceProp props;
  cudaGetDeviceProperties(&props, 0);
  dim3 grid(props.multiProcessorCount), block(256);
  void* args[] = {&params};
  if (cooperative)
    cudaLaunchCooperativeKernel((const void*)norm_kernel, grid, block, args, 0, stream);  // ok: GPU404
  else
    cudaLaunchKernel((const void*)norm_kernel, grid, block, args, 0, stream);  // ok: GPU404
}

void launch_cluster_norm(NormParams params, cudaStream_t stream) {
  cudaFuncSetAttribute(cluster_norm_kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(params.rows);
  config.blockDim = dim3(256);
  config.stream = stream;
  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeClusterDimension;
  attribute[0].val.clusterDim.x = 2;
  attribute[0].val.clusterDim.y = 1;
  attribute[0].val.clusterDim.z = 1;
  config.attrs = attribute;
  config.numAttrs = 1;
  int cluster_size = 0;
  cudaOccupancyMaxPotentialClusterSize(&cluster_size, cluster_norm_kernel, &config);
  cudaLaunchKernelEx(&config, cluster_norm_kernel, params);  // ok: GPU404
  finalize_kernel<<<1, 256>>>(params);  // expect: GPU404
}
