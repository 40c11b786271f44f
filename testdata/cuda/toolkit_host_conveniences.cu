// ok: GPU400
// Host code that nvcc and GCC accept but a strict clang parse would not:
// std::tuple and std::function used without an include (the toolkit's
// headers bring them), `min` of a size_t and an int64_t (CUDA's mixed
// signed/unsigned overloads pick one), and a size_t narrowed inside braces
// (GCC only warns). All of it must parse; the allocation and the stream-less
// launch after it are still found, the launch on a stream is not.
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>

std::tuple<bool, int> pick_config(int64_t channels) {
  return std::make_tuple(channels % 8 == 0, static_cast<int>(channels / 8));
}

std::function<void(float*, size_t)> make_filler(float value);

__global__ void fill_kernel(float* out, size_t n, float value) {
  size_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = value;
}

void fill(at::Tensor out, float value) {
  size_t n = out.numel();
  int64_t max_threads = at::cuda::getCurrentDeviceProperties()->maxThreadsPerBlock;
  auto threads = min(n, max_threads);
  size_t blocks = (n + threads - 1) / threads;
  auto [vectorized, groups] = pick_config(out.size(0));
  auto partials = at::empty({blocks}, out.options());
  float* scratch = nullptr;
  cudaMalloc(reinterpret_cast<void**>(&scratch), n * sizeof(float));  // expect: GPU402 "every call"
  fill_kernel<<<blocks, threads, 0, at::cuda::getCurrentCUDAStream()>>>(scratch, n, value);  // ok: GPU404
  fill_kernel<<<blocks, threads>>>(out.data_ptr<float>(), n, value);  // expect: GPU404
  cudaFree(scratch);  // ok: GPU402 (part of the cudaMalloc finding of scratch)
}
