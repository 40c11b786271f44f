// Includes no torch header itself; ops.cpp one folder up does.
__global__ void scale_kernel(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= 2.0f;
}

void launch_scale(float* x, int n) {
  scale_kernel<<<(n + 255) / 256, 256>>>(x, n);  // expect: GPU404 "a C++ file in this folder or above"
}
