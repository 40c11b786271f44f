// cudaMemcpy DeviceToDevice and cudaMemset on device memory do not block the host
// (CUDA "API synchronization behavior"); in a program that only uses the default
// stream they are equivalent to the Async forms on stream 0. A device-to-host copy is blocking.
#include <cuda_runtime.h>

__global__ void scale_kernel(float* y, const float* x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = 2.0f * x[i];
}

void run_variant(float* out, float* scratch, const float* in, int n) {
    cudaMemset(scratch, 0, n * sizeof(float));                              // ok: device memset is host-asynchronous, default stream only
    scale_kernel<<<(n + 255) / 256, 256>>>(scratch, in, n);
    cudaMemcpy(out, scratch, n * sizeof(float), cudaMemcpyDeviceToDevice);  // ok: device-to-device copy never blocks the host
}

// Without PyTorch in the program there is no caching allocator or current
// stream to point to: the advice says what this program can do instead.
void run_with_scratch(float* out, const float* in, int n) {
    float* tmp;
    cudaMalloc(&tmp, n * sizeof(float));  // expect: GPU402 "allocate the buffer once (in main or an init function)"
    scale_kernel<<<(n + 255) / 256, 256>>>(tmp, in, n);
    cudaDeviceSynchronize();  // expect: GPU401 "kernels on one stream already run in order"
    cudaMemcpy(out, tmp, n * sizeof(float), cudaMemcpyDeviceToDevice);  // ok: device-to-device
    cudaFree(tmp);  // ok: GPU402 (part of the cudaMalloc finding of tmp)
}

float run_and_read(float* out, float* scratch, const float* in, float* host, int n) {
    run_variant(out, scratch, in, n);
    cudaMemcpy(host, out, sizeof(float), cudaMemcpyDeviceToHost);  // expect: GPU403 "cudaMemcpy"
    return host[0];
}

int main() {
    float *a, *b, *c, h[1];
    cudaMalloc(&a, 1024 * sizeof(float)); cudaMalloc(&b, 1024 * sizeof(float)); cudaMalloc(&c, 1024 * sizeof(float));
    for (int r = 0; r < 100; r++) {
        run_and_read(a, b, c, h, 1024);
        run_with_scratch(a, c, 1024);
    }
    return 0;
}
