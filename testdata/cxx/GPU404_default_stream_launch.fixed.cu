// GPU404 default-stream-launch: kernels launched without a stream in a
// PyTorch extension run on the legacy default stream.
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void add_kernel(float* out, const float* a, const float* b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a[i] + b[i];
}

void add(at::Tensor out, at::Tensor a, at::Tensor b, cudaStream_t stream) {
  int n = a.numel();
  add_kernel<<<(n + 255) / 256, 256, 0, at::cuda::getCurrentCUDAStream()>>>(out.data_ptr<float>(), a.data_ptr<float>(), b.data_ptr<float>(), n);  // expect: GPU404 "legacy default stream"
  add_kernel<<<(n + 255) / 256, 256, 1024, at::cuda::getCurrentCUDAStream()>>>(out.data_ptr<float>(), a.data_ptr<float>(), b.data_ptr<float>(), n);  // expect: GPU404
  AT_DISPATCH_FLOATING_TYPES(a.scalar_type(), "add", ([&] {
    add_kernel<<<(n + 255) / 256, 256, 0, at::cuda::getCurrentCUDAStream()>>>(out.data_ptr<float>(), a.data_ptr<float>(), b.data_ptr<float>(), n);  // expect: GPU404
  }));
  add_kernel<<<(n + 255) / 256, 256, 0, at::cuda::getCurrentCUDAStream()>>>(out.data_ptr<float>(), a.data_ptr<float>(), b.data_ptr<float>(), n);  // expect: GPU404 "on stream `0`"
  add_kernel<<<(n + 255) / 256, 256, 512, at::cuda::getCurrentCUDAStream()>>>(out.data_ptr<float>(), a.data_ptr<float>(), b.data_ptr<float>(), n);  // expect: GPU404 "on stream `nullptr`"
  add_kernel<<<(n + 255) / 256, 256, 0, stream>>>(out.data_ptr<float>(), a.data_ptr<float>(), b.data_ptr<float>(), n);  // ok: GPU404 (explicit stream)
}
