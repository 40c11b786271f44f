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
#include <array>
#include <cassert>
#include <climits>
#include <cfloat>
#include <cstdlib>
#include <deque>
#include <numeric>
#include <list>
#include <mutex>
#include <thread>
#include <chrono>
#include <iomanip>
#include <queue>
#include <unordered_set>
#include <map>
#include <unordered_map>
#include <set>
#include <type_traits>

#include <c10/macros/Macros.h>

#include <c10/util/BFloat16.h>
#include <c10/util/Half.h>
#include <c10/util/complex.h>

#include <ATen/core/TensorAccessor.h>

namespace c10 {
enum class DeviceType : int8_t {
  CPU = 0, CUDA = 1, Meta = 2, MPS = 3, XPU = 4, PrivateUse1 = 5, XLA = 6, COMPILE_TIME_MAX_DEVICE_TYPES = 7
};
constexpr DeviceType kXLA = DeviceType::XLA;
constexpr DeviceType kCPU = DeviceType::CPU;
constexpr DeviceType kCUDA = DeviceType::CUDA;
enum class ScalarType : int8_t {
  Byte, Char, Short, Int, Long, Half, Float, Double, ComplexHalf, ComplexFloat, ComplexDouble, Bool, BFloat16,
  QInt8, QUInt8, QInt32, UInt16, UInt32, UInt64, Float8_e5m2, Float8_e4m3fn, Undefined
};
constexpr ScalarType kByte = ScalarType::Byte, kInt = ScalarType::Int, kLong = ScalarType::Long,
                     kHalf = ScalarType::Half, kFloat = ScalarType::Float, kFloat32 = ScalarType::Float,
                     kDouble = ScalarType::Double, kBool = ScalarType::Bool, kBFloat16 = ScalarType::BFloat16,
                     kInt32 = ScalarType::Int, kInt64 = ScalarType::Long, kFloat16 = ScalarType::Half,
                     kChar = ScalarType::Char, kShort = ScalarType::Short, kInt8 = ScalarType::Char,
                     kInt16 = ScalarType::Short, kFloat64 = ScalarType::Double, kUInt8 = ScalarType::Byte,
                     kComplexFloat = ScalarType::ComplexFloat, kComplexDouble = ScalarType::ComplexDouble,
                     kUInt16 = ScalarType::UInt16, kUInt32 = ScalarType::UInt32, kUInt64 = ScalarType::UInt64,
                     kFloat8_e5m2 = ScalarType::Float8_e5m2, kFloat8_e4m3fn = ScalarType::Float8_e4m3fn;
// The ScalarType of a C++ element type.
template <typename T> struct CppTypeToScalarType { static constexpr ScalarType value = ScalarType::Undefined; };
constexpr DeviceType kMeta = DeviceType::Meta;
enum class MemoryFormat : int8_t { Contiguous, Preserve, ChannelsLast, ChannelsLast3d };
enum class Layout : int8_t { Strided, Sparse, SparseCsr, Mkldnn };
constexpr Layout kStrided = Layout::Strided, kSparse = Layout::Sparse;
size_t elementSize(ScalarType t);
std::string DeviceTypeName(DeviceType type, bool lower_case = false);
const char* toString(ScalarType t);
bool isFloatingType(ScalarType t);
bool isIntegralType(ScalarType t, bool include_bool);
bool isComplexType(ScalarType t);
// What Tensor::dtype() returns; compares with a ScalarType.
class TypeMeta {
 public:
  size_t itemsize() const;
  const char* name() const;
  ScalarType toScalarType() const;
  template <typename T> bool Match() const;
  friend bool operator==(const TypeMeta& a, ScalarType b);
  friend bool operator!=(const TypeMeta& a, ScalarType b);
  friend bool operator==(const TypeMeta& a, const TypeMeta& b);
  friend bool operator!=(const TypeMeta& a, const TypeMeta& b);
};
class Device {
 public:
  Device(DeviceType type, int8_t index = -1);
  Device(const std::string& spec);
  Device(const char* spec);
  std::string str() const;
  bool has_index() const;
  friend bool operator==(const Device& a, const Device& b);
  friend bool operator!=(const Device& a, const Device& b);
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
  IntArrayRef(const int64_t* data, size_t length);
  template <size_t N> IntArrayRef(const std::array<int64_t, N>& array);
  template <size_t N> IntArrayRef(const int64_t (&array)[N]);
  size_t size() const;
  bool empty() const;
  const int64_t* data() const;
  int64_t front() const;
  int64_t back() const;
  bool equals(IntArrayRef other) const;
  std::vector<int64_t> vec() const;
  IntArrayRef slice(size_t start, size_t length) const;
  IntArrayRef slice(size_t start) const;
  friend bool operator==(IntArrayRef a, IntArrayRef b);
  friend bool operator!=(IntArrayRef a, IntArrayRef b);
  int64_t operator[](size_t i) const;
  const int64_t* begin() const;
  const int64_t* end() const;
};
// A view of a contiguous run of T (a vector, an array, a braced list).
template <typename T> class ArrayRef {
 public:
  ArrayRef();
  ArrayRef(const T& single);
  ArrayRef(const T* data, size_t length);
  ArrayRef(const std::vector<T>& vec);
  ArrayRef(std::initializer_list<T> list);
  template <size_t N> ArrayRef(const std::array<T, N>& array);
  template <size_t N> ArrayRef(const T (&array)[N]);
  size_t size() const;
  bool empty() const;
  const T* data() const;
  const T& front() const;
  const T& back() const;
  const T& operator[](size_t i) const;
  const T* begin() const;
  const T* end() const;
  std::vector<T> vec() const;
};
// Sets the current device for its scope (any device type).
struct DeviceGuard {
  explicit DeviceGuard(Device device);
};
class TensorOptions {
 public:
  TensorOptions();
  TensorOptions(ScalarType dtype);
  TensorOptions(DeviceType device);
  TensorOptions(Device device);
  TensorOptions(Layout layout);
  TensorOptions(MemoryFormat format);
  TensorOptions dtype(ScalarType dtype) const;
  TensorOptions dtype(TypeMeta dtype) const;
  template <typename T> TensorOptions dtype() const;
  TypeMeta dtype() const;
  TensorOptions layout(Layout layout) const;
  TensorOptions memory_format(MemoryFormat format) const;
  TensorOptions pinned_memory(bool on) const;
  TensorOptions device_index(int index) const;
  Layout layout() const;
  TensorOptions device(Device device) const;
  TensorOptions device(DeviceType device, int index = -1) const;
  TensorOptions requires_grad(bool on) const;
  Device device() const;
};
class Scalar {
 public:
  template <typename T, typename = std::enable_if_t<std::is_arithmetic_v<T>>> Scalar(T v);
  Scalar(Half v);
  Scalar(BFloat16 v);
  template <typename T> T to() const;
  double toDouble() const;
  float toFloat() const;
  int64_t toLong() const;
  int toInt() const;
};
using DeviceIndex = int8_t;
// Printing; declared here so that argument-dependent lookup finds them.
std::ostream& operator<<(std::ostream& out, IntArrayRef sizes);
std::ostream& operator<<(std::ostream& out, ScalarType type);
std::ostream& operator<<(std::ostream& out, const Device& device);
std::ostream& operator<<(std::ostream& out, DeviceType type);
std::ostream& operator<<(std::ostream& out, const TypeMeta& type);
std::ostream& operator<<(std::ostream& out, MemoryFormat format);
using std::nullopt;
using std::optional;
}  // namespace c10

namespace at {
using c10::BFloat16;
using c10::Device;
using c10::DeviceGuard;
using c10::DeviceType;
using c10::Half;
using c10::IntArrayRef;
using c10::ArrayRef;
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
using c10::nullopt;
using c10::MemoryFormat;
using c10::Layout;
using c10::kStrided;
using c10::kSparse;
using c10::kChar;
using c10::kShort;
using c10::kInt8;
using c10::kInt16;
using c10::kFloat64;
using c10::kUInt8;
using c10::kUInt16;
using c10::kUInt32;
using c10::kUInt64;
using c10::kFloat8_e5m2;
using c10::kFloat8_e4m3fn;
using c10::kComplexFloat;
using c10::kComplexDouble;
using c10::kMeta;
using c10::kXLA;
using c10::elementSize;
using c10::toString;
using c10::isFloatingType;
using c10::isIntegralType;
using c10::TypeMeta;
using IntList = IntArrayRef;
using DimnameList = IntArrayRef;
namespace indexing {
struct EllipsisIndexType {};
struct NoneIndexType {};
inline constexpr EllipsisIndexType Ellipsis{};
inline constexpr NoneIndexType None{};
// Slice(), Slice(start), Slice(start, stop, step); each bound an integer or None.
struct Slice {
  Slice();
  template <typename... Bounds> Slice(Bounds&&... bounds);
};
}  // namespace indexing
class Tensor;
// What the deprecated Tensor::type() returns.
class DeprecatedTypeProperties {
 public:
  ScalarType scalarType() const;
  bool is_cuda() const;
  TensorOptions options() const;
  operator TensorOptions() const;  // at::empty(size, x.type())
};

class Tensor {
 public:
  Tensor();
  MemoryFormat suggest_memory_format(bool channels_last_strides_exact_match = false) const;
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
  Tensor to(TypeMeta dtype, bool non_blocking = false, bool copy = false) const;
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
  Tensor sum(IntArrayRef dim, bool keepdim = false, std::optional<ScalarType> dtype = std::nullopt) const;
  Tensor mean(IntArrayRef dim, bool keepdim = false, std::optional<ScalarType> dtype = std::nullopt) const;
  // The new_* factories take the size first, often as a braced list.
  Tensor new_empty(IntArrayRef size, TensorOptions options = {}) const;
  Tensor new_zeros(IntArrayRef size, TensorOptions options = {}) const;
  Tensor new_ones(IntArrayRef size, TensorOptions options = {}) const;
  Tensor new_full(IntArrayRef size, const Scalar& value, TensorOptions options = {}) const;
  Tensor max() const;
  Tensor min() const;
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
  TypeMeta dtype() const;
  size_t element_size() const;
  size_t nbytes() const;
  size_t itemsize() const;
  Layout layout() const;
  int64_t storage_offset() const;
  bool is_contiguous(MemoryFormat format) const;
  Tensor contiguous(MemoryFormat format) const;
  Tensor& set_requires_grad(bool on);
  const Tensor& _fw_grad(int64_t level) const;
  std::string toString() const;
  Tensor index(std::initializer_list<struct TensorIndex> indices) const;
  Tensor& index_put_(std::initializer_list<struct TensorIndex> indices, const Tensor& values);
  Tensor& index_put_(std::initializer_list<struct TensorIndex> indices, const Scalar& value);
#include <ATen/core/__gpulint_tensor_ops.h>
  // Operators on tensors and scalars, both sides.
  template <typename T> Tensor operator-(const T& other) const;
  template <typename T> Tensor operator/(const T& other) const;
  template <typename T> Tensor operator%(const T& other) const;
  template <typename T> Tensor operator<(const T& other) const;
  template <typename T> Tensor operator>(const T& other) const;
  template <typename T> Tensor operator<=(const T& other) const;
  template <typename T> Tensor operator>=(const T& other) const;
  template <typename T> Tensor operator==(const T& other) const;
  template <typename T> Tensor operator!=(const T& other) const;
  template <typename T> Tensor operator&(const T& other) const;
  template <typename T> Tensor operator|(const T& other) const;
  template <typename T> Tensor operator^(const T& other) const;
  template <typename T> Tensor& operator+=(const T& other);
  template <typename T> Tensor& operator-=(const T& other);
  template <typename T> Tensor& operator*=(const T& other);
  template <typename T> Tensor& operator/=(const T& other);
  template <typename T> Tensor operator+(const T& other) const;
  Tensor operator-() const;
  Tensor operator~() const;
  Tensor operator!() const;
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

Tensor empty(IntArrayRef size, TensorOptions options = {}, std::optional<MemoryFormat> memory_format = std::nullopt);
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
Tensor max(const Tensor& a);
Tensor min(const Tensor& a);
Tensor max(const Tensor& a, const Tensor& b);
Tensor min(const Tensor& a, const Tensor& b);
std::tuple<Tensor, Tensor> max(const Tensor& a, int64_t dim, bool keepdim = false);
std::tuple<Tensor, Tensor> sort(const Tensor& a, int64_t dim = -1, bool descending = false);
Tensor where(const Tensor& condition, const Tensor& a, const Tensor& b);
Tensor mean(const Tensor& a);
Tensor sum(const Tensor& a);

std::ostream& operator<<(std::ostream& out, const Tensor& tensor);
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
std::optional<Device> device_of(const Tensor& tensor);
// A tensor index: an integer, a tensor, a Slice, None or Ellipsis.
struct TensorIndex {
  TensorIndex(int64_t index);
  TensorIndex(int index);
  TensorIndex(const Tensor& tensor);
  TensorIndex(indexing::Slice slice);
  TensorIndex(indexing::NoneIndexType);
  TensorIndex(indexing::EllipsisIndexType);
  TensorIndex(bool value);
};
namespace indexing {
using at::TensorIndex;
}  // namespace indexing
#define GPULINT_SCALAR_LEFT(op) \
  template <typename T, typename = std::enable_if_t<std::is_arithmetic_v<T>>> Tensor operator op(T a, const Tensor& b);
GPULINT_SCALAR_LEFT(+) GPULINT_SCALAR_LEFT(-) GPULINT_SCALAR_LEFT(*) GPULINT_SCALAR_LEFT(/)
#undef GPULINT_SCALAR_LEFT
inline TensorOptions dtype(ScalarType t) { return TensorOptions(t); }
inline TensorOptions device(Device d) { return TensorOptions(d); }
inline TensorOptions device(DeviceType d) { return TensorOptions(d); }
TensorOptions layout(Layout layout);
TensorOptions requires_grad(bool on = true);
template <typename T> TensorOptions dtype();
}  // namespace at

namespace torch {
using namespace at;
using at::Tensor;
using at::dtype;
using at::device;
using Dtype = at::ScalarType;
using at::indexing::Slice;
}  // namespace torch

#include <ATen/Dispatch.h>
#include <c10/util/Exception.h>
#include <c10/util/Logging.h>
#include <ATen/Functions.h>
