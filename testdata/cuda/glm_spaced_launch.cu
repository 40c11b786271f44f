// ok: GPU400
// A Gaussian-splatting style rasteriser: GLM is a git submodule that is not
// checked out here, so gpulint's stand-in declares its vector and matrix
// types; the launches are written with the spaced chevrons some editors
// produce (`<< <...>> >`), which nvcc accepts. Everything parses, the
// stream-less launches are found, and a `>> >` closing nested templates is
// left alone.
#include <cuda.h>
#include "cuda_runtime.h"
#include "device_launch_parameters.h"
#include <glm/glm.hpp>
#include <torch/extension.h>

#include <map>
#include <vector>

__device__ glm::vec3 project_mean(const glm::vec3& p, const glm::mat3& rotation, float scale) {
  glm::vec3 r = rotation * p;
  return glm::normalize(r) * scale + glm::vec3(glm::dot(r, p), 0.f, glm::length(p));
}

__global__ void preprocess(int P, const float* means, const glm::vec4* rotations, float* depths) {
  uint32_t idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= P) return;
  glm::mat3 R = glm::transpose(glm::mat3(1.f, 0.f, 0.f, 0.f, 1.f, 0.f, 0.f, 0.f, 1.f));
  depths[idx] = project_mean(glm::vec3(means[3 * idx], 0.f, 0.f), R, rotations[idx].w).z;
}

std::map<int, std::vector<std::vector<int>> > tiles_by_depth;

void mark_visible(int P, at::Tensor means, at::Tensor rotations, at::Tensor depths) {
  preprocess << <(P + 255) / 256, 256 >> > (  // expect: GPU404
      P, means.data_ptr<float>(), reinterpret_cast<const glm::vec4*>(rotations.data_ptr<float>()),
      depths.data_ptr<float>());
  glm::vec3 cam(0.f, 0.f, 1.f);
  cam += glm::vec3(1.f);
  float z = depths.item<float>();  // expect: GPU401 "runs on every call of the operator"
  tiles_by_depth[static_cast<int>(z)].push_back(std::vector<int>{P});
}
