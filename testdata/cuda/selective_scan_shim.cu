// ok: GPU400
// A state-space scan written as sequence-model extensions write it: complex
// and 16-bit element types from c10/util, cub's block load/store/scan with a
// prefix callback, and libcu++'s cuda::std in a host/device helper. All of it
// must parse (no GPU400), and the launch without a stream is still found.
#include <c10/util/BFloat16.h>
#include <c10/util/Half.h>
#include <c10/util/complex.h>
#include <cub/block/block_load.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/block/block_store.cuh>
#include <cuda/std/type_traits>
#include <torch/extension.h>

using complex_t = c10::complex<float>;
using real_of_complex = c10::scalar_value_type<complex_t>::type;
static_assert(sizeof(real_of_complex) == 4, "the real type of complex<float> is float");

template <typename T, typename U, typename ::cuda::std::enable_if<::cuda::std::is_trivially_copyable<T>::value, int>::type = 0>
__host__ __device__ void copy_into(T* out, U&& value) {
  *out = ::cuda::std::forward<U>(value);
}

inline complex_t rotate(complex_t z, float angle) { return z * complex_t(std::cos(angle), std::sin(angle)); }
inline float half_to_float(c10::Half h) { return static_cast<float>(h) + c10::BFloat16(1.f); }

struct PrefixOp {
  float running;
  __device__ float operator()(float block_total);
};

template <int kThreads, int kItems>
__global__ void scan_kernel(const float* in, float* out, int n) {
  using Load = cub::BlockLoad<float, kThreads, kItems, cub::BLOCK_LOAD_WARP_TRANSPOSE>;
  using Store = cub::BlockStore<float, kThreads, kItems, cub::BLOCK_STORE_WARP_TRANSPOSE>;
  using Scan = cub::BlockScan<float, kThreads, cub::BLOCK_SCAN_WARP_SCANS>;
  __shared__ typename Scan::TempStorage scan_storage;
  float items[kItems];
  Load().Load(in, items, n);
  PrefixOp prefix{0.f};
  Scan(scan_storage).InclusiveScan(items, items, cub::Sum(), prefix);
  Store().Store(out, items, n);
}

void selective_scan(at::Tensor in, at::Tensor out) {
  int n = static_cast<int>(in.numel());
  scan_kernel<128, 4><<<(n + 511) / 512, 128>>>(in.data_ptr<float>(), out.data_ptr<float>(), n);  // expect: GPU404
}
