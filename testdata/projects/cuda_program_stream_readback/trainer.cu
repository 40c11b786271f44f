// A CUDA program (no PyTorch) whose kernels run on a stream it declares at
// file scope: the advice names that stream, asks for page-locked host memory
// for host copies, and for a result the host reads on the next line says to
// keep the reduction on the device (an async copy would wait at the read).
// Its error checks are a function-style macro around each call: a check runs
// after the wait it wraps and queues nothing, so a device-wide synchronize
// right after a blocking copy and the host's loop over its result waits for
// nothing new (the copy is the finding).
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#include "kernels.cuh"

cudaStream_t run_stream;

inline void check_(cudaError_t e, const char* file, int line) {
  if (e != cudaSuccess) {
    printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e), file, line);
    exit(1);
  }
}
#define CHECK(e) (check_(e, __FILE__, __LINE__))

float train_step(float* pred, int* d_tgt, const int* tgt, float* d_err, float* h_err, int n) {
  cudaMemcpy(d_tgt, tgt, n * sizeof(int), cudaMemcpyHostToDevice);  // expect: GPU403 "`run_stream` is in scope), from pinned (page-locked) host memory"
  launch_square_error(d_err, pred, d_tgt, n, run_stream);
  CHECK(cudaMemcpy(h_err, d_err, n * sizeof(float), cudaMemcpyDeviceToHost));  // expect: GPU403 "The host reads `h_err` right after it (line 30)"
  float total = 0.0f;
  for (int i = 0; i < n; i++) total += h_err[i];
  CHECK(cudaDeviceSynchronize());  // ok: GPU401 (the blocking copy above already drained the queue)
  return total / n;
}

void init_weights(float* pred, const float* host, int n) {
  cudaMemcpy(pred, host, n * sizeof(float), cudaMemcpyHostToDevice);  // ok: GPU403 (set-up, runs once)
}

int main() {
  cudaStreamCreate(&run_stream);
  const int n = 1 << 16;
  float *pred, *d_err, *h_err;
  int *d_tgt;
  cudaMalloc(&pred, n * sizeof(float));
  cudaMalloc(&d_err, n * sizeof(float));
  cudaMalloc(&d_tgt, n * sizeof(int));
  cudaMallocHost(&h_err, n * sizeof(float));
  float* init = static_cast<float*>(calloc(n, sizeof(float)));
  int* tgt = static_cast<int*>(calloc(n, sizeof(int)));
  init_weights(pred, init, n);
  for (int step = 0; step < 1000; step++) {
    float loss = train_step(pred, d_tgt, tgt, d_err, h_err, n);
    if (step % 100 == 0) printf("%d %f\n", step, loss);
  }
  return 0;
}
