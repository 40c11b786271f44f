// gpulint shim of ATen's free functions beyond the factories ATen.h declares
// with exact signatures. Most take any arguments (a variadic template) and
// give a Tensor; the ones callers pass braced lists to keep real parameter
// types, since a template cannot deduce `{n, 3}`.
#pragma once
#include <ATen/ATen.h>

namespace at {
using TensorList = const std::vector<Tensor>&;
#define GPULINT_FN(name) template <typename... A> Tensor name(A&&...);
#define GPULINT_FN_PAIR(name) template <typename... A> std::tuple<Tensor, Tensor> name(A&&...);
#define GPULINT_FN_LIST(name) template <typename... A> std::vector<Tensor> name(A&&...);
GPULINT_FN(sqrt) GPULINT_FN(exp) GPULINT_FN(log) GPULINT_FN(abs) GPULINT_FN(sigmoid) GPULINT_FN(relu)
GPULINT_FN(clamp) GPULINT_FN(clamp_min) GPULINT_FN(clamp_max) GPULINT_FN(sub) GPULINT_FN(add) GPULINT_FN(mul)
GPULINT_FN(div) GPULINT_FN(pow) GPULINT_FN(bmm) GPULINT_FN(mm) GPULINT_FN(addmm) GPULINT_FN(softmax)
GPULINT_FN(log_softmax) GPULINT_FN(gather) GPULINT_FN(scatter) GPULINT_FN(index_select) GPULINT_FN(masked_select)
GPULINT_FN(nonzero) GPULINT_FN(argmax) GPULINT_FN(argmin) GPULINT_FN(flip) GPULINT_FN(cumsum) GPULINT_FN(cross)
GPULINT_FN(norm) GPULINT_FN(sign) GPULINT_FN(floor) GPULINT_FN(ceil) GPULINT_FN(round) GPULINT_FN(cos)
GPULINT_FN(sin) GPULINT_FN(atan2) GPULINT_FN(transpose) GPULINT_FN(permute) GPULINT_FN(reshape)
GPULINT_FN(squeeze) GPULINT_FN(unsqueeze) GPULINT_FN(narrow) GPULINT_FN(full_like) GPULINT_FN(rand_like)
GPULINT_FN(randn_like) GPULINT_FN(repeat_interleave) GPULINT_FN(any) GPULINT_FN(all) GPULINT_FN(eq)
GPULINT_FN(ne) GPULINT_FN(lt) GPULINT_FN(gt) GPULINT_FN(le) GPULINT_FN(ge) GPULINT_FN(logical_and)
GPULINT_FN(logical_or) GPULINT_FN(logical_not) GPULINT_FN(isnan) GPULINT_FN(maximum) GPULINT_FN(minimum)
GPULINT_FN(bucketize) GPULINT_FN(searchsorted) GPULINT_FN(histc) GPULINT_FN(one_hot) GPULINT_FN(embedding)
GPULINT_FN(conv2d) GPULINT_FN(linear) GPULINT_FN(dropout) GPULINT_FN(layer_norm) GPULINT_FN(group_norm)
GPULINT_FN(batch_norm) GPULINT_FN(cdist) GPULINT_FN(constant_pad_nd) GPULINT_FN(grid_sampler)
GPULINT_FN(adaptive_avg_pool2d) GPULINT_FN(max_pool2d) GPULINT_FN(avg_pool2d) GPULINT_FN(roll) GPULINT_FN(tril)
GPULINT_FN(triu) GPULINT_FN(diag) GPULINT_FN(outer) GPULINT_FN(addcmul) GPULINT_FN(lerp) GPULINT_FN(std)
GPULINT_FN(var) GPULINT_FN(prod) GPULINT_FN(unique_consecutive) GPULINT_FN(masked_fill) GPULINT_FN(index_add)
GPULINT_FN(scatter_add) GPULINT_FN(tanh) GPULINT_FN(neg) GPULINT_FN(reciprocal) GPULINT_FN(rsqrt)
GPULINT_FN(square) GPULINT_FN(remainder) GPULINT_FN(fmod) GPULINT_FN(argsort) GPULINT_FN(count_nonzero)
GPULINT_FN(bincount) GPULINT_FN(logsumexp) GPULINT_FN(amax) GPULINT_FN(amin) GPULINT_FN(scalar_tensor)
GPULINT_FN(mv) GPULINT_FN(dot) GPULINT_FN(baddbmm) GPULINT_FN(threshold) GPULINT_FN(slice) GPULINT_FN(select)
GPULINT_FN(broadcast_to) GPULINT_FN(bmm_out) GPULINT_FN(index_select_out)
GPULINT_FN(_cast_Half) GPULINT_FN(_cast_Float) GPULINT_FN(native_dropout_backward) GPULINT_FN(zero_)
GPULINT_FN(clone) GPULINT_FN(contiguous) GPULINT_FN(view_as_real) GPULINT_FN(pad) GPULINT_FN(upsample_bilinear2d)
GPULINT_FN(upsample_nearest2d) GPULINT_FN(isinf) GPULINT_FN(isfinite) GPULINT_FN(exp2) GPULINT_FN(log2) GPULINT_FN(cumsum_out) GPULINT_FN(sort_out)
GPULINT_FN(index_put) GPULINT_FN(index) GPULINT_FN(masked_scatter) GPULINT_FN(bernoulli) GPULINT_FN(multinomial)
GPULINT_FN_PAIR(topk) GPULINT_FN_PAIR(kthvalue) GPULINT_FN_PAIR(median) GPULINT_FN_PAIR(_unique)
GPULINT_FN_PAIR(var_mean) GPULINT_FN_PAIR(std_mean) GPULINT_FN_PAIR(aminmax)
GPULINT_FN_LIST(split) GPULINT_FN_LIST(chunk) GPULINT_FN_LIST(unbind) GPULINT_FN_LIST(split_with_sizes)
#undef GPULINT_FN
#undef GPULINT_FN_PAIR
#undef GPULINT_FN_LIST
std::tuple<Tensor, Tensor> min(const Tensor& a, int64_t dim, bool keepdim = false);
std::tuple<Tensor, Tensor, Tensor> unique_dim(const Tensor& a, int64_t dim, bool sorted = true,
                                              bool return_inverse = false, bool return_counts = false);
std::tuple<Tensor, Tensor, Tensor> _unique2(const Tensor& a, bool sorted = true, bool return_inverse = false,
                                            bool return_counts = false);
std::tuple<Tensor, Tensor, Tensor> native_layer_norm(const Tensor& input, IntArrayRef shape, const Tensor& weight,
                                                     const Tensor& bias, double eps);
Tensor rand(IntArrayRef size, TensorOptions options = {});
Tensor randn(IntArrayRef size, TensorOptions options = {});
Tensor randint(int64_t high, IntArrayRef size, TensorOptions options = {});
Tensor randint(int64_t low, int64_t high, IntArrayRef size, TensorOptions options = {});
Tensor randperm(int64_t n, TensorOptions options = {});
Tensor empty_strided(IntArrayRef size, IntArrayRef stride, TensorOptions options = {});
Tensor linspace(const Scalar& start, const Scalar& end, int64_t steps, TensorOptions options = {});
Tensor eye(int64_t n, TensorOptions options = {});
Tensor eye(int64_t n, int64_t m, TensorOptions options = {});
Tensor arange(const Scalar& start, const Scalar& end, TensorOptions options = {});
Tensor arange(const Scalar& start, const Scalar& end, const Scalar& step, TensorOptions options = {});
Tensor from_blob(void* data, IntArrayRef sizes, TensorOptions options = {});
Tensor from_blob(void* data, IntArrayRef sizes, IntArrayRef strides, TensorOptions options = {});
Tensor from_blob(void* data, IntArrayRef sizes, IntArrayRef strides, int64_t storage_offset,
                 TensorOptions options = {});
int64_t numel(const Tensor& tensor);
template <typename Deleter>
Tensor from_blob(void* data, IntArrayRef sizes, Deleter deleter, TensorOptions options = {});
Tensor einsum(std::string_view equation, const std::vector<Tensor>& tensors);
std::vector<Tensor> meshgrid(const std::vector<Tensor>& tensors, std::string_view indexing = "ij");
std::vector<Tensor> broadcast_tensors(const std::vector<Tensor>& tensors);
Tensor tensor(std::initializer_list<double> values, TensorOptions options = {});
Tensor tensor(std::initializer_list<int64_t> values, TensorOptions options = {});
Tensor tensor(double value, TensorOptions options = {});
Tensor zeros(IntArrayRef size, ScalarType dtype);
Tensor& zeros_out(Tensor& out, IntArrayRef size);
Tensor& mm_out(Tensor& out, const Tensor& a, const Tensor& b);
Tensor& addmm_out(Tensor& out, const Tensor& self, const Tensor& a, const Tensor& b, const Scalar& beta = 1,
                  const Scalar& alpha = 1);
Tensor& cat_out(Tensor& out, const std::vector<Tensor>& tensors, int64_t dim = 0);
Tensor& sum_out(Tensor& out, const Tensor& self, IntArrayRef dim, bool keepdim = false);
Tensor sum(const Tensor& a, IntArrayRef dim, bool keepdim = false);
Tensor sum(const Tensor& a, IntArrayRef dim, bool keepdim, ScalarType dtype);
Tensor mean(const Tensor& a, IntArrayRef dim, bool keepdim = false);
Tensor concat(const std::vector<Tensor>& tensors, int64_t dim = 0);
Tensor vstack(const std::vector<Tensor>& tensors);
Tensor hstack(const std::vector<Tensor>& tensors);
Tensor full(IntArrayRef size, const Scalar& value, ScalarType dtype);
Tensor view_as_complex(const Tensor& self);
// ATen/Context.h: what the process has.
class Context {
 public:
  bool hasCUDA() const;
  bool hasCuDNN() const;
  bool userEnabledCuDNN() const;
  bool deterministicCuDNN() const;
  bool benchmarkCuDNN() const;
  bool deterministicAlgorithms() const;
  bool allowTF32CuBLAS() const;
  void alertNotDeterministic(const char* caller);
  void setBenchmarkCuDNN(bool on);
};
Context& globalContext();
bool hasCUDA();
void manual_seed(uint64_t seed);
class NoGradGuard {
 public:
  NoGradGuard();
};
struct AutoDispatchBelowAutograd {
  AutoDispatchBelowAutograd();
};
inline int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }
}  // namespace at
