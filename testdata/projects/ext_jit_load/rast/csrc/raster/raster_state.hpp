// ok: GPU400
// Names the CUDA runtime's stream type without including the runtime: every
// file that includes it has done so first. Analysed on its own, it is parsed
// with the runtime in scope.
#pragma once
class RasterState {
 public:
  void draw(const int* ranges, cudaStream_t stream);
  void* colorBuffer();
};
