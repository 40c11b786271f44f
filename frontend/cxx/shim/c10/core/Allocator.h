// gpulint shim of <c10/core/Allocator.h>: the owning pointer an allocator
// hands out and the allocator interface, as declarations.
#pragma once
#include <cstddef>
namespace c10 {
class DataPtr {
 public:
  DataPtr();
  DataPtr(DataPtr&& other);
  DataPtr& operator=(DataPtr&& other);
  void* get() const;
  explicit operator bool() const;
  void clear();
};
struct Allocator {
  virtual ~Allocator();
  virtual DataPtr allocate(size_t bytes);  // not pure: the shim declares no overrider
};
}  // namespace c10
namespace at {
using c10::Allocator;
using c10::DataPtr;
}  // namespace at
