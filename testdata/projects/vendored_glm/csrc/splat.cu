// ok: GPU400
// Uses a function only the vendored GLM declares: it resolves (the project's
// copy wins over gpulint's stand-in), and the launch after it is found.
#include <glm/glm.hpp>
#include <torch/extension.h>

__global__ void splat_kernel(glm::vec3* points, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = glm::vendored_only_sum(points[i]);
}

float splat(at::Tensor points, at::Tensor out) {
  int n = static_cast<int>(out.numel());
  glm::vec3 origin{0.f, 0.f, 0.f};
  splat_kernel<<<(n + 255) / 256, 256>>>(reinterpret_cast<glm::vec3*>(points.data_ptr<float>()),  // expect: GPU404
                                         out.data_ptr<float>(), n);
  return glm::vendored_only_sum(origin);
}
