// A standalone CUDA training program (no PyTorch): main() sets the model up
// once and then runs the step loop. Functions called from main outside its
// loop run once, so their allocations and blocking copies cost nothing per
// step; a function that main's loop calls runs on every step.
#include <cuda_runtime.h>
#include <cstdio>

struct Model {
  float* params;
  float* grads;
};

__global__ void sgd_kernel(float* params, const float* grads, float lr, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) params[i] -= lr * grads[i];
}

void allocate_state(Model& model, int n) {
  cudaMalloc(&model.params, n * sizeof(float));  // ok: GPU402 (called once, from main before the loop)
  cudaMalloc(&model.grads, n * sizeof(float));  // ok: GPU402 (called once)
  cudaMemset(model.grads, 0, n * sizeof(float));  // ok: GPU403 (set-up)
}

void load_checkpoint(Model& model, const float* host_params, int n) {
  cudaMemcpy(model.params, host_params, n * sizeof(float), cudaMemcpyHostToDevice);  // ok: GPU403 (once)
}

float train_step(Model& model, int n) {
  // This folder builds PyTorch extensions too, so GPU404 applies here.
  sgd_kernel<<<(n + 255) / 256, 256>>>(model.params, model.grads, 0.01f, n);  // expect: GPU404
  float first = 0.f;
  cudaMemcpy(&first, model.params, sizeof(float), cudaMemcpyDeviceToHost);  // expect: GPU403 "cudaMemcpy"
  return first;
}

int main() {
  const int n = 1 << 20;
  static float host_params[1 << 20];
  Model model;
  allocate_state(model, n);
  load_checkpoint(model, host_params, n);
  for (int step = 0; step < 1000; ++step) {
    float p = train_step(model, n);
    if (step % 100 == 0) printf("step %d param %f\n", step, p);
  }
  cudaFree(model.params);
  cudaFree(model.grads);
  return 0;
}
