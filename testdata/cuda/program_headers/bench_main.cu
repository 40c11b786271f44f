// A standalone benchmark program: main uploads the inputs once, runs the
// kernel, and checks the result once.
#include "harness.h"
#include "scratch.h"

__global__ void scale(float* x, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= s;
}

int main() {
  const int n = 1 << 20;
  float* host = static_cast<float*>(std::malloc(n * sizeof(float)));
  for (int i = 0; i < n; ++i) host[i] = 1.0f;
  float* x = upload(host, n);
  float* tmp = scratch(n);
  // The folders above build PyTorch extensions, so GPU404 applies here.
  scale<<<(n + 255) / 256, 256>>>(x, 2.0f, n);  // expect: GPU404
  std::printf("%s\n", matches(x, host, n) ? "ok" : "mismatch");
  cudaFree(tmp);
  cudaFree(x);
  return 0;
}
