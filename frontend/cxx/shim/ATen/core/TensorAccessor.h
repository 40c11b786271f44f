// gpulint shim of ATen's tensor accessors: element access by index, as
// kernels and CPU loops use them (Tensor::accessor<T, N>(),
// packed_accessor32/64). Declarations only; shapes, not behaviour.
#pragma once
#include <cstddef>
#include <cstdint>

#ifndef __host__
#define GPULINT_ACCESSOR_HD
#else
#define GPULINT_ACCESSOR_HD __host__ __device__
#endif

namespace at {
template <typename T> struct DefaultPtrTraits { using PtrType = T*; };
template <typename T> struct RestrictPtrTraits { using PtrType = T* __restrict; };

// N dimensions: indexing gives N-1 dimensions; one dimension gives T&.
template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits, typename index_t = int64_t>
class TensorAccessor {
 public:
  using PtrType = typename PtrTraits<T>::PtrType;
  GPULINT_ACCESSOR_HD TensorAccessor<T, N - 1, PtrTraits, index_t> operator[](index_t i) const;
  GPULINT_ACCESSOR_HD index_t size(index_t dim) const;
  GPULINT_ACCESSOR_HD index_t stride(index_t dim) const;
  GPULINT_ACCESSOR_HD T* data() const;
};
template <typename T, template <typename U> class PtrTraits, typename index_t>
class TensorAccessor<T, 1, PtrTraits, index_t> {
 public:
  using PtrType = typename PtrTraits<T>::PtrType;
  GPULINT_ACCESSOR_HD T& operator[](index_t i) const;
  GPULINT_ACCESSOR_HD index_t size(index_t dim) const;
  GPULINT_ACCESSOR_HD index_t stride(index_t dim) const;
  GPULINT_ACCESSOR_HD T* data() const;
};

// The packed accessor a kernel receives by value: the same element access.
template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits, typename index_t = int64_t>
class GenericPackedTensorAccessor : public TensorAccessor<T, N, PtrTraits, index_t> {};

template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits>
using PackedTensorAccessor32 = GenericPackedTensorAccessor<T, N, PtrTraits, int32_t>;
template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits>
using PackedTensorAccessor64 = GenericPackedTensorAccessor<T, N, PtrTraits, int64_t>;
template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits>
using PackedTensorAccessor = GenericPackedTensorAccessor<T, N, PtrTraits, int64_t>;
}  // namespace at

#undef GPULINT_ACCESSOR_HD
