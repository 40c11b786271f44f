// Error-check macros of an extension's launcher: a synchronize in the
// branch that runs only when a CUDA call failed costs nothing on the calls
// that work, and a macro that expands its argument twice still holds one
// copy to report. A synchronize outside any error branch waits every call.
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK_OR_SYNC(call)                                                    \
  do {                                                                        \
    cudaError_t status_ = (call);                                             \
    if (status_ != cudaSuccess) {                                             \
      printf("CUDA error %s\n", cudaGetErrorString(status_));                \
      cudaDeviceSynchronize();                                                \
    }                                                                         \
  } while (0)

#define WARN_TWICE(X) \
  do { if (X != cudaSuccess) printf("CUDA error %s\n", cudaGetErrorString(X)); } while (0)

__global__ void fill_kernel(int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = i;
}

void fill_op(int* out_dev, const int* count_host, int n, cudaStream_t stream) {
  fill_kernel<<<(n + 255) / 256, 256, 0, stream>>>(out_dev, n);
  CHECK_OR_SYNC(cudaGetLastError());  // ok: GPU401 (only when the launch failed)
  WARN_TWICE(cudaMemcpy(out_dev, count_host, sizeof(int), cudaMemcpyHostToDevice));  // expect: GPU403
  cudaError_t status = cudaStreamQuery(stream);
  if (status == cudaSuccess) {
    printf("done\n");
  } else {
    cudaDeviceSynchronize();  // ok: GPU401 (the query did not succeed)
  }
  cudaDeviceSynchronize();  // expect: GPU401
}
