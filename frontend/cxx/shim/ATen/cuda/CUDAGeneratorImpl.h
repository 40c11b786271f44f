// gpulint shim of <ATen/cuda/CUDAGeneratorImpl.h>: the CUDA random
// generator and the Philox state kernels take for dropout-style randomness.
#pragma once
#include <ATen/ATen.h>

#include <cstdint>
#include <mutex>
#include <utility>
namespace at {
struct PhiloxCudaState {
  PhiloxCudaState() = default;
  PhiloxCudaState(uint64_t seed, uint64_t offset);
  PhiloxCudaState(int64_t* seed, int64_t* offset_extragraph, uint32_t offset_intragraph);
  union Payload { uint64_t val; int64_t* ptr; };
  Payload seed_{}, offset_{};
  uint32_t offset_intragraph_ = 0;
  bool captured_ = false;
};
class Generator {
 public:
  template <typename Impl> Impl* get() const;
  std::mutex& mutex();
  uint64_t current_seed() const;
};
struct CUDAGeneratorImpl {
  std::mutex mutex_;
  uint64_t current_seed() const;
  void set_current_seed(uint64_t seed);
  PhiloxCudaState philox_cuda_state(uint64_t increment);
  std::pair<uint64_t, uint64_t> philox_engine_inputs(uint64_t increment);
};
template <typename Impl> Impl* get_generator_or_default(const std::optional<Generator>& gen, const Generator& fallback);
namespace cuda::detail {
const Generator& getDefaultCUDAGenerator(int8_t device = -1);
}  // namespace cuda::detail
}  // namespace at
