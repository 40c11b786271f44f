// A blocking cudaMemset that runs once, on the first call only (lazy optimizer-state init),
// must stay silent: it is not a per-call cost.
#include <cuda_runtime.h>

struct Opt { float* mom; float* var; bool fresh; size_t n; };

__global__ void step_kernel(float* w, const float* g, float* m, float* v, size_t n) {
    size_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) { m[i] = 0.9f * m[i] + g[i]; v[i] += g[i] * g[i]; w[i] -= 1e-3f * m[i]; }
}

void opt_step(Opt* o, float* w, const float* g, cudaStream_t s) {
    if (o->fresh) {
        o->fresh = false;
        cudaMemset(o->mom, 0, o->n * sizeof(float));  // ok: once-only lazy init behind a flag cleared here
        cudaMemset(o->var, 0, o->n * sizeof(float));  // ok: once-only lazy init
    }
    if (o->mom == NULL) {
        cudaMalloc(&o->mom, o->n * sizeof(float));     // ok: lazy allocation, first call only
        cudaMalloc(&o->var, o->n * sizeof(float));     // ok: same once-only block
        cudaMemset(o->mom, 0, o->n * sizeof(float));   // ok: buffer tested by the guard
        cudaMemset(o->var, 0, o->n * sizeof(float));   // ok: sibling buffer, same once-only block (flagged today)
    }
    step_kernel<<<(o->n + 255) / 256, 256, 0, s>>>(w, g, o->mom, o->var, o->n);
}

void train(Opt* o, float* w, const float* g, float* host_loss, const float* dev_loss, int steps, cudaStream_t s) {
    for (int t = 0; t < steps; t++) {
        opt_step(o, w, g, s);
        cudaMemcpy(host_loss, dev_loss, sizeof(float), cudaMemcpyDeviceToHost);  // expect: GPU403 "cudaMemcpy"
    }
}
