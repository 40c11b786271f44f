// ok: GPU400
// framework.h is found in the folder the load() call names, and its torch
// include and check macro exist because the call defines RAST_TORCH: the
// file parses, and the per-call read-back after the draw is found.
#include "framework.h"
#include "raster_state.hpp"

float raster_coverage(at::Tensor mask, RasterState& state) {
  RAST_CHECK_CUDA_ERROR(cudaGetLastError());
  state.draw(nullptr, at::cuda::getCurrentCUDAStream());
  return mask.sum().item<float>();  // expect: GPU401
}
