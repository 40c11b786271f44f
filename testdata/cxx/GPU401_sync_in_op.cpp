// GPU401 sync-in-op: host-device synchronisation on every operator call.
#include <torch/extension.h>
#include <c10/cuda/CUDAFunctions.h>

struct Workspace {
  Workspace() { cudaDeviceSynchronize(); }  // ok: GPU401 (a constructor runs once)
};

at::Tensor normalize(at::Tensor x) {
  TORCH_CHECK(x.is_cuda(), "normalize expects a CUDA tensor");
  float peak = x.max().item<float>();  // expect: GPU401 "copies the value to the host"
  return x * (1.0 / peak);
}

// Nothing says this runs on the GPU (no CUDA check, launch or API call, and
// no GPU code calls it): it may well be the CPU path, so it stays silent.
at::Tensor normalize_any(at::Tensor x) {
  float peak = x.max().item<float>();  // ok: GPU401 (no sign of GPU code)
  return x * (1.0 / peak);
}

at::Tensor to_host(at::Tensor x) {
  auto y = x.cpu();  // expect: GPU401
  auto z = x.to(at::kCPU);  // expect: GPU401
  auto w = x.to(x.device());  // ok: GPU401 (stays on the tensor's GPU)
  auto f = x.to(at::kFloat);  // ok: GPU401 (a dtype cast, no device change)
  cudaDeviceSynchronize();  // expect: GPU401 "every kernel queued on the device"
  torch::cuda::synchronize();  // ok: GPU401 (the synchronize above emptied the queue; nothing was queued since)
  return y + z + w + f;
}

void init_extension() { c10::cuda::device_synchronize(); }  // ok: GPU401 (init-named: runs once)

int64_t count_items(at::Tensor x) {
  static const int64_t warmup = x.sum().item<int64_t>();  // ok: GPU401 (a static initializer runs once)
  return warmup + x.numel();
}

__global__ void noop_kernel() {}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("normalize", &normalize);
  m.def("to_host", &to_host);
}
