// A plain CUDA program without PyTorch: the default stream is fine here
// (no GPU404), and main() runs once (no GPU401/GPU402/GPU403).
#include <cstdio>

__global__ void saxpy(int n, float a, const float* x, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

int main() {
  const int n = 1 << 20;
  float *x = nullptr, *y = nullptr;
  cudaMalloc((void**)&x, n * sizeof(float));
  cudaMalloc((void**)&y, n * sizeof(float));
  cudaMemset(y, 0, n * sizeof(float));
  saxpy<<<(n + 255) / 256, 256>>>(n, 2.0f, x, y);
  cudaDeviceSynchronize();
  cudaFree(x);
  cudaFree(y);
  std::printf("done\n");
  return 0;
}
