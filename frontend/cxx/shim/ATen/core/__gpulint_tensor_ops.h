// gpulint shim: the long tail of at::Tensor methods real extensions call.
// Each name takes any arguments (a variadic template), so a call parses
// whatever overload the real API picks; the result type is what callers
// chain on. Included inside `class Tensor`; names with exact signatures
// (the ones gpulint's checkers read) are declared there instead.
#define GPULINT_OP(name) template <typename... A> Tensor name(A&&...) const;
#define GPULINT_INPLACE(name) template <typename... A> Tensor& name(A&&...) const;
#define GPULINT_PAIR(name) template <typename... A> std::tuple<Tensor, Tensor> name(A&&...) const;
#define GPULINT_LIST(name) template <typename... A> std::vector<Tensor> name(A&&...) const;
#define GPULINT_BOOL(name) template <typename... A> bool name(A&&...) const;
GPULINT_OP(view_as) GPULINT_OP(expand_as) GPULINT_OP(repeat) GPULINT_OP(repeat_interleave) GPULINT_OP(flatten)
GPULINT_OP(t) GPULINT_OP(argsort) GPULINT_OP(masked_fill) GPULINT_OP(masked_select) GPULINT_OP(nonzero)
GPULINT_OP(gather) GPULINT_OP(scatter) GPULINT_OP(scatter_add) GPULINT_OP(index_add) GPULINT_OP(index_fill)
GPULINT_OP(index_copy) GPULINT_OP(div) GPULINT_OP(sub) GPULINT_OP(pow) GPULINT_OP(exp) GPULINT_OP(log)
GPULINT_OP(sigmoid) GPULINT_OP(relu) GPULINT_OP(clamp) GPULINT_OP(clamp_min) GPULINT_OP(clamp_max)
GPULINT_OP(floor) GPULINT_OP(ceil) GPULINT_OP(round) GPULINT_OP(neg) GPULINT_OP(reciprocal) GPULINT_OP(rsqrt)
GPULINT_OP(sin) GPULINT_OP(cos) GPULINT_OP(prod) GPULINT_OP(cumsum) GPULINT_OP(cumprod) GPULINT_OP(argmax)
GPULINT_OP(argmin) GPULINT_OP(all) GPULINT_OP(any) GPULINT_OP(eq) GPULINT_OP(ne) GPULINT_OP(lt) GPULINT_OP(le)
GPULINT_OP(gt) GPULINT_OP(ge) GPULINT_OP(logical_and) GPULINT_OP(logical_or) GPULINT_OP(logical_not)
GPULINT_OP(mm) GPULINT_OP(bmm) GPULINT_OP(addmm) GPULINT_OP(baddbmm) GPULINT_OP(dot) GPULINT_OP(type_as)
GPULINT_OP(to_dense) GPULINT_OP(detach) GPULINT_OP(grad) GPULINT_OP(flip) GPULINT_OP(roll) GPULINT_OP(tril)
GPULINT_OP(triu) GPULINT_OP(unique) GPULINT_OP(square) GPULINT_OP(log_softmax) GPULINT_OP(softmax)
GPULINT_OP(minimum) GPULINT_OP(maximum) GPULINT_OP(lerp) GPULINT_OP(bitwise_and) GPULINT_OP(bitwise_or)
GPULINT_OP(isnan) GPULINT_OP(isinf) GPULINT_OP(sign) GPULINT_OP(fmod) GPULINT_OP(remainder) GPULINT_OP(pin_memory)
GPULINT_OP(as_strided)
GPULINT_OP(unfold) GPULINT_OP(diag) GPULINT_OP(trace) GPULINT_OP(outer) GPULINT_OP(addcmul) GPULINT_OP(addcdiv)
GPULINT_OP(std) GPULINT_OP(var) GPULINT_OP(amax) GPULINT_OP(amin) GPULINT_OP(logsumexp) GPULINT_OP(nan_to_num)
GPULINT_OP(movedim) GPULINT_OP(swapaxes) GPULINT_OP(to_sparse)
GPULINT_OP(coalesce) GPULINT_OP(_values) GPULINT_OP(_indices) GPULINT_OP(values) GPULINT_OP(indices)
GPULINT_OP(absolute) GPULINT_OP(atan2) GPULINT_OP(tan) GPULINT_OP(tanh) GPULINT_OP(erf) GPULINT_OP(frac)
GPULINT_OP(floor_divide) GPULINT_OP(mv) GPULINT_OP(sgn) GPULINT_OP(view_as_real)
GPULINT_INPLACE(unsqueeze_) GPULINT_INPLACE(squeeze_) GPULINT_INPLACE(transpose_) GPULINT_INPLACE(t_)
GPULINT_INPLACE(addmm_) GPULINT_INPLACE(baddbmm_) GPULINT_INPLACE(sub_) GPULINT_INPLACE(div_)
GPULINT_INPLACE(pow_) GPULINT_INPLACE(exp_) GPULINT_INPLACE(log_) GPULINT_INPLACE(clamp_) GPULINT_INPLACE(neg_)
GPULINT_INPLACE(sqrt_) GPULINT_INPLACE(abs_) GPULINT_INPLACE(masked_fill_) GPULINT_INPLACE(scatter_)
GPULINT_INPLACE(scatter_add_) GPULINT_INPLACE(index_add_) GPULINT_INPLACE(index_fill_) GPULINT_INPLACE(index_copy_)
GPULINT_INPLACE(uniform_) GPULINT_INPLACE(normal_) GPULINT_INPLACE(set_) GPULINT_INPLACE(sigmoid_)
GPULINT_INPLACE(relu_) GPULINT_INPLACE(floor_) GPULINT_INPLACE(round_) GPULINT_INPLACE(reciprocal_)
GPULINT_INPLACE(addcmul_) GPULINT_INPLACE(addcdiv_) GPULINT_INPLACE(lerp_) GPULINT_INPLACE(detach_)
GPULINT_INPLACE(requires_grad_) GPULINT_INPLACE(masked_scatter_) 
GPULINT_INPLACE(fmod_) GPULINT_INPLACE(clamp_min_) GPULINT_INPLACE(clamp_max_) 
GPULINT_INPLACE(resize_as_) GPULINT_INPLACE(put_) GPULINT_INPLACE(bernoulli_) GPULINT_INPLACE(random_)
GPULINT_PAIR(sort) GPULINT_PAIR(topk) GPULINT_PAIR(min) GPULINT_PAIR(kthvalue) GPULINT_PAIR(median)
GPULINT_PAIR(mode) GPULINT_PAIR(cummax) GPULINT_PAIR(aminmax)
GPULINT_LIST(split) GPULINT_LIST(chunk) GPULINT_LIST(unbind) GPULINT_LIST(split_with_sizes)
GPULINT_LIST(tensor_split)
GPULINT_BOOL(equal) GPULINT_BOOL(allclose) GPULINT_BOOL(is_same_size) GPULINT_BOOL(is_floating_point)
GPULINT_BOOL(is_sparse) GPULINT_BOOL(requires_grad) GPULINT_BOOL(is_complex) GPULINT_BOOL(is_signed)
GPULINT_BOOL(is_pinned) GPULINT_BOOL(is_non_overlapping_and_dense) GPULINT_BOOL(is_mkldnn) GPULINT_BOOL(is_meta)
GPULINT_BOOL(is_same) GPULINT_BOOL(has_names) GPULINT_BOOL(is_xpu) GPULINT_BOOL(is_mps) GPULINT_BOOL(is_quantized)
#undef GPULINT_OP
#undef GPULINT_INPLACE
#undef GPULINT_PAIR
#undef GPULINT_LIST
#undef GPULINT_BOOL
