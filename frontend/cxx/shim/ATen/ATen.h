// gpulint shim of the ATen tensor API: the declarations gpulint's C++
// checkers look at (at::Tensor with item<T>(), cpu(), to(), data_ptr, the
// factory functions, dispatch and check macros). Used only when the real
// PyTorch headers are not on the include path. Declarations only.
#pragma once
// What the real headers pull in transitively and extensions rely on
// without naming it (sqrtf, memcpy, std::runtime_error, std::cout).
#include <math.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <initializer_list>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <ATen/core/TensorAccessor.h>

namespace c10 {
enum class DeviceType : int8_t { CPU = 0, CUDA = 1 };
constexpr DeviceType kCPU = DeviceType::CPU;
constexpr DeviceType kCUDA = DeviceType::CUDA;
enum class ScalarType : int8_t { Byte, Char, Short, Int, Long, Half, Float, Double, Bool, BFloat16 };
constexpr ScalarType kByte = ScalarType::Byte, kInt = ScalarType::Int, kLong = ScalarType::Long,
                     kHalf = ScalarType::Half, kFloat = ScalarType::Float, kFloat32 = ScalarType::Float,
                     kDouble = ScalarType::Double, kBool = ScalarType::Bool, kBFloat16 = ScalarType::BFloat16,
                     kInt32 = ScalarType::Int, kInt64 = ScalarType::Long, kFloat16 = ScalarType::Half;
struct Half { unsigned short x; };
struct BFloat16 { unsigned short x; };
class Device {
 public:
  Device(DeviceType type, int8_t index = -1);
  Device(const std::string& spec);
  DeviceType type() const;
  int8_t index() const;
  bool is_cuda() const;
  bool is_cpu() const;
};
class IntArrayRef {
 public:
  IntArrayRef();
  IntArrayRef(int64_t single);
  IntArrayRef(std::initializer_list<int64_t> list);
  IntArrayRef(const std::vector<int64_t>& vec);
  size_t size() const;
  int64_t operator[](size_t i) const;
  const int64_t* begin() const;
  const int64_t* end() const;
};
class TensorOptions {
 public:
  TensorOptions();
  TensorOptions(ScalarType dtype);
  TensorOptions(DeviceType device);
  TensorOptions(Device device);
  TensorOptions dtype(ScalarType dtype) const;
  TensorOptions device(Device device) const;
  TensorOptions device(DeviceType device, int index = -1) const;
  TensorOptions requires_grad(bool on) const;
  Device device() const;
};
class Scalar {
 public:
  Scalar(double v);
  Scalar(int64_t v);
  Scalar(int v);
  Scalar(float v);
  template <typename T> T to() const;
  double toDouble() const;
  float toFloat() const;
  int64_t toLong() const;
  int toInt() const;
};
namespace detail {
template <typename... Args> [[noreturn]] void torchCheckFail(const char* condition, const Args&... message);
}  // namespace detail
using DeviceIndex = int8_t;
using std::nullopt;
using std::optional;
}  // namespace c10

namespace at {
using c10::BFloat16;
using c10::Device;
using c10::DeviceType;
using c10::Half;
using c10::IntArrayRef;
using c10::kBFloat16;
using c10::kBool;
using c10::kByte;
using c10::kCPU;
using c10::kCUDA;
using c10::kDouble;
using c10::kFloat;
using c10::kFloat16;
using c10::kFloat32;
using c10::kHalf;
using c10::kInt;
using c10::kInt32;
using c10::kInt64;
using c10::kLong;
using c10::Scalar;
using c10::ScalarType;
using c10::TensorOptions;
using c10::optional;
class Tensor;
// What the deprecated Tensor::type() returns.
class DeprecatedTypeProperties {
 public:
  ScalarType scalarType() const;
  bool is_cuda() const;
};

class Tensor {
 public:
  Tensor();
  int64_t size(int64_t dim) const;
  IntArrayRef sizes() const;
  int64_t stride(int64_t dim) const;
  IntArrayRef strides() const;
  int64_t numel() const;
  int64_t dim() const;
  bool defined() const;
  bool is_cuda() const;
  bool is_contiguous() const;
  Device device() const;
  int get_device() const;
  ScalarType scalar_type() const;
  TensorOptions options() const;
  template <typename T> T item() const;
  Scalar item() const;
  template <typename T> T* data_ptr() const;
  void* data_ptr() const;
  template <typename T> T* mutable_data_ptr() const;
  template <typename T> const T* const_data_ptr() const;
  Tensor cpu() const;
  Tensor cuda() const;
  Tensor to(Device device, ScalarType dtype, bool non_blocking = false, bool copy = false) const;
  Tensor to(Device device, bool non_blocking = false, bool copy = false) const;
  Tensor to(DeviceType device, bool non_blocking = false, bool copy = false) const;
  Tensor to(ScalarType dtype, bool non_blocking = false, bool copy = false) const;
  Tensor to(TensorOptions options, bool non_blocking = false, bool copy = false) const;
  Tensor to(const Tensor& other, bool non_blocking = false, bool copy = false) const;
  Tensor contiguous() const;
  Tensor clone() const;
  Tensor view(IntArrayRef shape) const;
  Tensor reshape(IntArrayRef shape) const;
  Tensor select(int64_t dim, int64_t index) const;
  Tensor narrow(int64_t dim, int64_t start, int64_t length) const;
  Tensor index_select(int64_t dim, const Tensor& index) const;
  Tensor operator[](int64_t index) const;
  Tensor& copy_(const Tensor& src, bool non_blocking = false);
  Tensor& zero_();
  Tensor& fill_(const Scalar& value);
  Tensor& add_(const Tensor& other, const Scalar& alpha = Scalar(int64_t(1)));
  Tensor& mul_(const Scalar& other);
  Tensor add(const Tensor& other) const;
  Tensor mul(const Tensor& other) const;
  Tensor sum() const;
  Tensor mean() const;
  Tensor max() const;
  bool is_cpu() const;
  int64_t ndimension() const;
  Tensor norm() const;
  Tensor abs() const;
  Tensor sqrt() const;
  Tensor slice(int64_t dim = 0, std::optional<int64_t> start = std::nullopt, std::optional<int64_t> end = std::nullopt,
               int64_t step = 1) const;
  Tensor cross(const Tensor& other, std::optional<int64_t> dim = std::nullopt) const;
  Tensor permute(IntArrayRef dims) const;
  Tensor transpose(int64_t a, int64_t b) const;
  Tensor unsqueeze(int64_t dim) const;
  Tensor squeeze() const;
  Tensor expand(IntArrayRef sizes) const;
  Tensor toType(ScalarType t) const;
  Tensor index(const Tensor& index) const;
  Tensor& index_put_(const std::vector<Tensor>& indices, const Tensor& values);
  Tensor& resize_(IntArrayRef sizes);
  DeprecatedTypeProperties type() const;                 // deprecated API, still in real extensions
  template <typename T> T* data() const;                 // deprecated: data_ptr<T>()
  template <typename T, size_t N> TensorAccessor<T, N> accessor() const;
  template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits, typename index_t = int64_t>
  GenericPackedTensorAccessor<T, N, PtrTraits, index_t> generic_packed_accessor() const;
  template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits>
  PackedTensorAccessor32<T, N, PtrTraits> packed_accessor32() const;
  template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits>
  PackedTensorAccessor64<T, N, PtrTraits> packed_accessor64() const;
  template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits>
  PackedTensorAccessor<T, N, PtrTraits> packed_accessor() const;
  Tensor operator+(const Tensor& other) const;
  Tensor operator*(const Tensor& other) const;
  Tensor operator*(const Scalar& other) const;
  Tensor& operator=(const Scalar& value);
};

Tensor empty(IntArrayRef size, TensorOptions options = {});
Tensor zeros(IntArrayRef size, TensorOptions options = {});
Tensor ones(IntArrayRef size, TensorOptions options = {});
Tensor empty_like(const Tensor& other, TensorOptions options = {});
Tensor zeros_like(const Tensor& other, TensorOptions options = {});
Tensor ones_like(const Tensor& other, TensorOptions options = {});
Tensor cat(const std::vector<Tensor>& tensors, int64_t dim = 0);
Tensor stack(const std::vector<Tensor>& tensors, int64_t dim = 0);
Tensor matmul(const Tensor& a, const Tensor& b);
Tensor full(IntArrayRef size, const Scalar& value, TensorOptions options = {});
Tensor arange(const Scalar& end, TensorOptions options = {});
Tensor max(const Tensor& a, const Tensor& b);
Tensor min(const Tensor& a, const Tensor& b);
std::tuple<Tensor, Tensor> max(const Tensor& a, int64_t dim, bool keepdim = false);
std::tuple<Tensor, Tensor> sort(const Tensor& a, int64_t dim = -1, bool descending = false);
Tensor where(const Tensor& condition, const Tensor& a, const Tensor& b);
Tensor mean(const Tensor& a);
Tensor sum(const Tensor& a);

std::ostream& operator<<(std::ostream& out, const Tensor& tensor);
std::ostream& operator<<(std::ostream& out, IntArrayRef sizes);
std::ostream& operator<<(std::ostream& out, ScalarType type);
std::ostream& operator<<(std::ostream& out, const Device& device);
int get_num_threads();
template <typename F> void parallel_for(int64_t begin, int64_t end, int64_t grain, const F& f);

// Argument checks of ATen/TensorUtils.h.
using CheckedFrom = const char*;
struct TensorArg {
  TensorArg(const Tensor& tensor, const char* name, int position);
};
void checkAllSameGPU(const char* function, std::initializer_list<TensorArg> tensors);
void checkAllSameType(const char* function, std::initializer_list<TensorArg> tensors);
void checkContiguous(const char* function, const TensorArg& tensor);
Device device_of(const Tensor& tensor);
}  // namespace at

namespace torch {
using namespace at;
using at::Tensor;
inline c10::TensorOptions dtype(c10::ScalarType t) { return c10::TensorOptions(t); }
inline c10::TensorOptions device(c10::Device d) { return c10::TensorOptions(d); }
}  // namespace torch

#define TORCH_CHECK(cond, ...) \
  do { if (!(cond)) ::c10::detail::torchCheckFail(#cond, ##__VA_ARGS__); } while (0)
#define TORCH_INTERNAL_ASSERT(cond, ...) TORCH_CHECK(cond, ##__VA_ARGS__)
#define AT_ASSERT(cond, ...) TORCH_CHECK(cond, ##__VA_ARGS__)
#define AT_ASSERTM(cond, ...) TORCH_CHECK(cond, ##__VA_ARGS__)
#define TORCH_CHECK_EQ(a, b) TORCH_CHECK((a) == (b))
#define AT_ERROR(...) ::c10::detail::torchCheckFail("", ##__VA_ARGS__)

// The dispatch macros call their last argument (a lambda) with scalar_t bound.
#define GPULINT_DISPATCH_AS(T, TYPE, ...) [&] { using scalar_t = T; (void)(TYPE); return __VA_ARGS__(); }()
#define AT_DISPATCH_FLOATING_TYPES(TYPE, NAME, ...) GPULINT_DISPATCH_AS(float, TYPE, __VA_ARGS__)
#define AT_DISPATCH_FLOATING_TYPES_AND_HALF(TYPE, NAME, ...) GPULINT_DISPATCH_AS(float, TYPE, __VA_ARGS__)
#define AT_DISPATCH_FLOATING_TYPES_AND(A, TYPE, NAME, ...) GPULINT_DISPATCH_AS(float, TYPE, __VA_ARGS__)
#define AT_DISPATCH_FLOATING_TYPES_AND2(A, B, TYPE, NAME, ...) GPULINT_DISPATCH_AS(float, TYPE, __VA_ARGS__)
#define AT_DISPATCH_REDUCED_FLOATING_TYPES(TYPE, NAME, ...) GPULINT_DISPATCH_AS(c10::Half, TYPE, __VA_ARGS__)
#define AT_DISPATCH_INTEGRAL_TYPES(TYPE, NAME, ...) GPULINT_DISPATCH_AS(int, TYPE, __VA_ARGS__)
#define AT_DISPATCH_ALL_TYPES(TYPE, NAME, ...) GPULINT_DISPATCH_AS(float, TYPE, __VA_ARGS__)
#define AT_DISPATCH_ALL_TYPES_AND(A, TYPE, NAME, ...) GPULINT_DISPATCH_AS(float, TYPE, __VA_ARGS__)
#define AT_DISPATCH_ALL_TYPES_AND2(A, B, TYPE, NAME, ...) GPULINT_DISPATCH_AS(float, TYPE, __VA_ARGS__)
#define AT_DISPATCH_FLOATING_AND_COMPLEX_TYPES(TYPE, NAME, ...) GPULINT_DISPATCH_AS(float, TYPE, __VA_ARGS__)
