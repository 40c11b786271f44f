// gpulint shim of <c10/util/BFloat16.h>: c10::BFloat16, the brain-float
// 16-bit type. Converts to and from float on host and device, as the real
// type does.
#pragma once
#include <c10/macros/Macros.h>

#include <cstdint>

namespace c10 {
struct BFloat16 {
  unsigned short x;
  struct from_bits_t {};
  static constexpr from_bits_t from_bits() { return from_bits_t(); }
  C10_HOST_DEVICE BFloat16() = default;
  C10_HOST_DEVICE constexpr BFloat16(unsigned short bits, from_bits_t) : x(bits) {}
  C10_HOST_DEVICE BFloat16(float value);
  C10_HOST_DEVICE operator float() const;
};
}  // namespace c10
namespace at {
using c10::BFloat16;
}
