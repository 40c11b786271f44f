// A CPU reference kernel, as extensions ship beside their CUDA kernels
// (`*_cpu.cpp`): it loops over CPU tensors element by element, reads
// per-mesh counts with .item() and writes results through views. Nothing in
// it touches the GPU, so no GPU4xx finding applies: .item() of a CPU tensor
// is a plain load, and there is no kernel to launch per element.
#include <torch/extension.h>

#include <tuple>

at::Tensor FaceAreasCpu(const at::Tensor& verts, const at::Tensor& faces) {
  const int64_t num_faces = faces.size(0);
  at::Tensor areas = at::zeros({num_faces}, verts.options());
  auto verts_a = verts.accessor<float, 2>();
  auto faces_a = faces.accessor<int64_t, 2>();
  for (int64_t f = 0; f < num_faces; ++f) {
    const int64_t v0 = faces_a[f][0], v1 = faces_a[f][1];
    const float dx = verts_a[v1][0] - verts_a[v0][0];
    areas[f] = dx * dx;  // ok: GPU406 (a CPU tensor: no kernel per element)
  }
  return areas;
}

std::tuple<at::Tensor, at::Tensor> PackedRangesCpu(const at::Tensor& first_idx, const at::Tensor& counts) {
  const int64_t num_meshes = first_idx.size(0);
  at::Tensor starts = at::empty({num_meshes}, first_idx.options());
  at::Tensor ends = at::empty({num_meshes}, first_idx.options());
  for (int64_t n = 0; n < num_meshes; ++n) {
    const int start = first_idx[n].item().to<int32_t>();  // ok: GPU401 (a CPU tensor: no device to wait for)
    const int count = counts[n].item<int32_t>();  // ok: GPU401 GPU406 (a CPU tensor)
    starts[n] = start;
    ends[n] = start + count;
  }
  return std::make_tuple(starts, ends);
}

float MaxRadiusCpu(const at::Tensor& radii) {
  return radii.max().item<float>();  // ok: GPU401 (no sign of GPU code in this file)
}
