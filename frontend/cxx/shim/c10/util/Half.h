// gpulint shim of <c10/util/Half.h>: c10::Half, the 16-bit float tensors
// hold. It converts to and from float on host and device, as the real type
// does, so arithmetic on it in kernels and host code parses.
#pragma once
#include <c10/macros/Macros.h>

#include <cstdint>
#include <limits>
#if defined(__CUDA__)
#include <cuda_fp16.h>
#endif

namespace c10 {
struct Half {
  unsigned short x;
  struct from_bits_t {};
  static constexpr from_bits_t from_bits() { return from_bits_t(); }
  C10_HOST_DEVICE Half() = default;
  C10_HOST_DEVICE constexpr Half(unsigned short bits, from_bits_t) : x(bits) {}
  C10_HOST_DEVICE Half(float value);
  C10_HOST_DEVICE operator float() const;
#if defined(__CUDA__)
  // To and from CUDA's __half. The conversion out is explicit here (only
  // `h.operator __half()` spells it in extension code) so that a call with
  // both a float and a __half overload keeps choosing float.
  C10_HOST_DEVICE Half(const __half& value);
  C10_HOST_DEVICE explicit operator __half() const;
#endif
};
}  // namespace c10
namespace at {
using c10::Half;
}
