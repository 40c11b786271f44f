// Kernels launched through the runtime API instead of `<<<...>>>`, as
// resampling and activation extensions write them for kernels picked from a
// table at run time. The sixth argument is the stream: left out (the C++
// overloads default it to 0) or written as a null stream, the launch runs on
// the legacy default stream like `k<<<grid, block>>>`. Launches on a stream
// variable or on PyTorch's current stream stay silent.
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>

struct ScaleArgs {
  const float* in;
  float* out;
  float gain;
  int n;
};

__global__ void scale_kernel(ScaleArgs a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < a.n) a.out[i] = a.in[i] * a.gain;
}

__global__ void gather_kernel(ScaleArgs a) {
  if (threadIdx.x == 0) a.out[blockIdx.x] = a.in[blockIdx.x];
}

using LaunchedKernel = void (*)(ScaleArgs);

void scale_on_null_stream(ScaleArgs a) {
  void* args[] = {&a};
  dim3 grid((a.n + 255) / 256), block(256);
  cudaLaunchKernel((const void*)scale_kernel, grid, block, args, 0, 0);  // expect: GPU404
  cudaLaunchKernel((const void*)gather_kernel, grid, block, args, 0, NULL);  // expect: GPU404
  cudaLaunchCooperativeKernel((const void*)scale_kernel, grid, block, args, 0, nullptr);  // expect: GPU404
}

void scale_with_defaults(ScaleArgs a, LaunchedKernel picked) {
  void* args[] = {&a};
  cudaLaunchKernel(picked, dim3(a.n / 256), dim3(256), args);  // expect: GPU404
  cudaLaunchKernel(picked, dim3(a.n / 256), dim3(256), args, 1024);  // expect: GPU404
  cudaLaunchKernel((const void*)scale_kernel, dim3(a.n / 256), dim3(256), args, 0,  // expect: GPU404
                   (cudaStream_t)0);
}

void scale_on_streams(ScaleArgs a, LaunchedKernel picked, cudaStream_t stream) {
  void* args[] = {&a};
  dim3 grid((a.n + 255) / 256), block(256);
  cudaLaunchKernel((const void*)scale_kernel, grid, block, args, 0, stream);  // ok: GPU404 (its stream)
  cudaLaunchKernel(picked, grid, block, args, 0, at::cuda::getCurrentCUDAStream());  // ok: GPU404
  cudaLaunchCooperativeKernel(picked, grid, block, args, 512, stream);  // ok: GPU404 (its stream)
  // A stream named zero_stream is a variable, not the null stream.
  cudaStream_t zero_stream = at::cuda::getCurrentCUDAStream();
  cudaLaunchKernel((const void*)gather_kernel, grid, block, args, 0, zero_stream);  // ok: GPU404
}

// Device code queries its launch configuration; no host launch here.
__device__ int launched_blocks() { return gridDim.x; }
