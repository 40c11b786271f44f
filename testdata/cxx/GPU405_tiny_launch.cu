// GPU405 tiny-launch: constant block sizes that waste warp lanes, single
// small blocks.
#include <cuda_runtime.h>

__global__ void scale_kernel(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= 2.0f;
}

void launch_all(float* x, int n, cudaStream_t stream) {
  const int threads = 48;
  scale_kernel<<<(n + threads - 1) / threads, threads, 0, stream>>>(x, n);  // expect: GPU405 "`threads` at line 11"
  scale_kernel<<<n, 16, 0, stream>>>(x, n);  // expect: GPU405 "blocks of 16 threads"
  dim3 block(16, 16);
  scale_kernel<<<n, block, 0, stream>>>(x, n);  // ok: GPU405 (16 x 16 = 256 threads)
  scale_kernel<<<1, 128, 0, stream>>>(x, n);  // expect: GPU405 "single block"
  scale_kernel<<<1, 256, 0, stream>>>(x, n);  // ok: GPU405 (one block of 256 threads)
  scale_kernel<<<(n + 255) / 256, 256, 0, stream>>>(x, n);  // ok: GPU405
  int dynamic = n < 128 ? 32 : 256;
  scale_kernel<<<n, dynamic, 0, stream>>>(x, n);  // ok: GPU405 (not known before run time)
  dim3 tiles(8, 3);
  scale_kernel<<<n, tiles, 0, stream>>>(x, n);  // expect: GPU405 "blocks of 24 threads"
  dim3 grown(8);
  grown.x = n;
  scale_kernel<<<n, grown, 0, stream>>>(x, n);  // ok: GPU405 (changed after construction)
}

// A macro that expands to a launch per channel count: one finding at the
// macro's call, naming every block size that wastes lanes.
#define LAUNCH_FOR_CHANNELS(C)                          \
  switch (C) {                                          \
    case 40: scale_kernel<<<n, 40, 0, stream>>>(x, n); break;   \
    case 72: scale_kernel<<<n, 72, 0, stream>>>(x, n); break;   \
    case 256: scale_kernel<<<n, 256, 0, stream>>>(x, n); break; \
    default: scale_kernel<<<n, 100, 0, stream>>>(x, n); break;  \
  }

void launch_channels(float* x, int n, int c, cudaStream_t stream) {
  LAUNCH_FOR_CHANNELS(c)  // expect: GPU405 "also launches it with blocks of 72, 100 threads"
}

// A dim3 declared empty and set in each branch (a tiled kernel and its
// fallback): the value at the launch is the branch's, not the empty one's.
void launch_tiled(float* x, int n, bool tiled, cudaStream_t stream) {
  dim3 block_shape;
  if (tiled) {
    block_shape = dim3(32 * 8, 1, 1);
  } else {
    block_shape = dim3(4, 32, 1);
  }
  scale_kernel<<<n, block_shape, 0, stream>>>(x, n);  // ok: GPU405 (assigned after its declaration)
  dim3 passed(1);
  extern void choose_block(dim3 * out, int n);
  choose_block(&passed, n);
  scale_kernel<<<n, passed, 0, stream>>>(x, n);  // ok: GPU405 (written through a pointer)
  dim3 fixed(4, 4);
  scale_kernel<<<n, fixed, 0, stream>>>(x, n);  // expect: GPU405 "blocks of 16 threads"
}
