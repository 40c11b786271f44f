// gpulint shim of <mma.h>: the warp matrix (tensor core) fragments, as types.
#pragma once
#include <cuda_fp16.h>
namespace nvcuda::wmma {
struct matrix_a {};
struct matrix_b {};
struct accumulator {};
struct row_major {};
struct col_major {};
enum layout_t { mem_row_major, mem_col_major };
template <typename Use, int M, int N, int K, typename T, typename Layout = void> struct fragment {
  T x[8];
  enum { num_elements = 8 };
};
template <typename F, typename T> __device__ void fill_fragment(F& f, const T& v);
template <typename F, typename T> __device__ void load_matrix_sync(F& f, const T* p, unsigned ldm);
template <typename F, typename T> __device__ void load_matrix_sync(F& f, const T* p, unsigned ldm, layout_t layout);
template <typename F, typename T> __device__ void store_matrix_sync(T* p, const F& f, unsigned ldm, layout_t layout);
template <typename D, typename A, typename B, typename C> __device__ void mma_sync(D& d, const A& a, const B& b, const C& c);
}  // namespace nvcuda::wmma
