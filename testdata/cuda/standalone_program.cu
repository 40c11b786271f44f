// A standalone CUDA training program (no PyTorch): main() sets the model up
// once and then runs the step loop. Functions called from main outside its
// loop run once, so their allocations and blocking copies cost nothing per
// step; a function that main's loop calls runs on every step, and so does
// what the loop itself holds.
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

float benchmark_step(Model& model, int n) {
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  cudaEventRecord(start);
  sgd_kernel<<<(n + 255) / 256, 256>>>(model.params, model.grads, 0.f, n);  // expect: GPU404
  cudaEventRecord(stop);
  cudaEventSynchronize(stop);  // ok: GPU401 (a benchmark reads its timing)
  float ms = 0.f;
  cudaEventElapsedTime(&ms, start, stop);
  return ms;
}

int main() {
  const int n = 1 << 20;
  static float host_params[1 << 20];
  Model model;
  allocate_state(model, n);
  load_checkpoint(model, host_params, n);
  printf("%.3f ms per step\n", benchmark_step(model, n));
  cudaEvent_t start, end;
  cudaEventCreate(&start);
  cudaEventCreate(&end);
  for (int step = 0; step < 1000; ++step) {
    cudaEventRecord(start);
    float p = train_step(model, n);
    cudaEventRecord(end);
    cudaEventSynchronize(end);  // expect: GPU401 "in a loop of `main`, which runs it on every pass"
    float ms = 0.f;
    cudaEventElapsedTime(&ms, start, end);
    if (step % 100 == 0) printf("step %d param %f (%.2f ms)\n", step, p, ms);
  }
  cudaDeviceSynchronize();  // ok: GPU401 (once, after the loop)
  cudaFree(model.params);
  cudaFree(model.grads);
  return 0;
}
