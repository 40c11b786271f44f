// Device dispatch in the style of real extensions' binding headers: the
// CUDA branch is GPU code and its syncs are findings; the CPU branch (the
// else of `is_cuda()`, the then of `is_cpu()`, the code after an early
// `return` of the CUDA branch) and the CPU reference it calls are not.
#include <torch/extension.h>

at::Tensor PointsToVolumeCuda(const at::Tensor& points, int64_t grid);
at::Tensor PointsToVolumeCpu(const at::Tensor& points, int64_t grid);

// Reached from the CPU branches only: CPU code, like the reference kernels.
int64_t OccupiedCellsCpu(const at::Tensor& volume) {
  return volume.sum().item<int64_t>();  // ok: GPU401 (called from CPU branches only)
}

// Called from the CUDA branch: GPU code, so its sync counts.
int64_t OccupiedCells(const at::Tensor& volume) {
  return volume.sum().item<int64_t>();  // expect: GPU401 "`OccupiedCells`"
}

at::Tensor PointsToVolume(const at::Tensor& points, int64_t grid) {
  if (points.is_cuda()) {
    at::Tensor volume = PointsToVolumeCuda(points, grid);
    int64_t occupied = OccupiedCells(volume);
    float extent = points.abs().max().item<float>();  // expect: GPU401 "copies the value to the host"
    return volume * (occupied / extent);
  } else {
    at::Tensor volume = PointsToVolumeCpu(points, grid);
    int64_t occupied = OccupiedCellsCpu(volume);
    float extent = points.abs().max().item<float>();  // ok: GPU401 (the else of is_cuda(): CPU tensors)
    return volume * (occupied / extent);
  }
}

// The early-return form: after the CUDA branch returns, only CPU tensors
// are left.
at::Tensor PointsToVolumeScaled(const at::Tensor& points, int64_t grid, const at::Tensor& scale) {
  if (points.is_cuda()) {
    float s = scale.item<float>();  // expect: GPU401
    return PointsToVolumeCuda(points, grid) * s;
  }
  float s = scale.item<float>();  // ok: GPU401 (after the CUDA branch returned: CPU tensors)
  return PointsToVolumeCpu(points, grid) * s;
}

at::Tensor PointsToVolumeByDevice(const at::Tensor& points, int64_t grid, const at::Tensor& scale) {
  if (points.device().is_cpu()) {
    return PointsToVolumeCpu(points, grid) * scale.item<float>();  // ok: GPU401 (the then of is_cpu())
  }
  return PointsToVolumeCuda(points, grid) * scale.item<float>();  // expect: GPU401
}

// A function that asserts CPU inputs (`CHECK_CPU`) is a CPU kernel.
at::Tensor NormalizeCpu(const at::Tensor& points) {
  TORCH_CHECK(!points.is_cuda(), "points must be a CPU tensor");
  return points * (1.0f / points.norm().item<float>());  // ok: GPU401 (asserted CPU tensor)
}

// A dispatch lambda inside the CPU branch is CPU code too, and so is the
// helper it calls.
float SumCpu(const at::Tensor& t) { return t.sum().item<float>(); }  // ok: GPU401 (called from a CPU lambda)

at::Tensor Accumulate(const at::Tensor& points, const at::Tensor& weight) {
  if (points.is_cuda()) {
    return points * weight.item<float>();  // expect: GPU401
  } else {
    AT_DISPATCH_FLOATING_TYPES(points.scalar_type(), "accumulate_cpu", [&] {
      float w = weight.item<float>() + SumCpu(points);  // ok: GPU401 (CPU branch, inside the dispatch lambda)
      (void)w;
    });
  }
  return points;
}

// A device-type comparison decides the same way.
at::Tensor ScaleByType(const at::Tensor& points, const at::Tensor& scale) {
  if (points.device().type() != at::kCUDA) {
    return points * scale.item<float>();  // ok: GPU401 (not CUDA: the CPU side)
  }
  return points * scale.item<float>();  // expect: GPU401
}

// A failed check's message is built once, when the op fails.
at::Tensor CheckedVolume(const at::Tensor& points, int64_t grid, const at::Tensor& radii) {
  TORCH_CHECK(points.is_cuda(), "points must be a CUDA tensor");
  TORCH_CHECK(grid > 0, "grid must be positive, radii max is ", radii.max().item<float>());  // ok: GPU401 (failure message)
  return PointsToVolumeCuda(points, grid);
}
