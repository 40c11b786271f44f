// gpulint shim of c10's error checks: TORCH_CHECK and its older spellings
// end in a [[noreturn]] call when the condition fails, so code after a
// failed check is known not to run; the message arguments are type-checked.
// TORCH_CHECK is an `if` with a block, as in PyTorch, so a use without a
// trailing semicolon (`else TORCH_CHECK(false, "...")`) parses as it compiles.
#pragma once
namespace c10::detail {
template <typename... Args> [[noreturn]] void torchCheckFail(const char* condition, const Args&... message);
template <typename... Args> void torchWarn(const Args&... message);
}  // namespace c10::detail
namespace c10 {
struct Error {
  template <typename... A> Error(A&&...);
  const char* what() const noexcept;
};
using ValueError = Error;
using IndexError = Error;
using NotImplementedError = Error;
}  // namespace c10
#define TORCH_CHECK(cond, ...) \
  if (!(cond)) { ::c10::detail::torchCheckFail(#cond, ##__VA_ARGS__); }
#define TORCH_INTERNAL_ASSERT(cond, ...) TORCH_CHECK(cond, ##__VA_ARGS__)
#define AT_ASSERT(cond, ...) TORCH_CHECK(cond, ##__VA_ARGS__)
#define AT_ASSERTM(cond, ...) TORCH_CHECK(cond, ##__VA_ARGS__)
#define TORCH_CHECK_EQ(a, b) TORCH_CHECK((a) == (b))
#define AT_ERROR(...) ::c10::detail::torchCheckFail("", ##__VA_ARGS__)

#define TORCH_CHECK_ARG(cond, argN, ...) TORCH_CHECK(cond, ##__VA_ARGS__)
#define TORCH_CHECK_VALUE(cond, ...) TORCH_CHECK(cond, ##__VA_ARGS__)
#define TORCH_CHECK_INDEX(cond, ...) TORCH_CHECK(cond, ##__VA_ARGS__)
#define TORCH_CHECK_NOT_IMPLEMENTED(cond, ...) TORCH_CHECK(cond, ##__VA_ARGS__)
#define TORCH_CHECK_NE(a, b) TORCH_CHECK((a) != (b))
#define TORCH_CHECK_LE(a, b) TORCH_CHECK((a) <= (b))
#define TORCH_CHECK_LT(a, b) TORCH_CHECK((a) < (b))
#define TORCH_CHECK_GE(a, b) TORCH_CHECK((a) >= (b))
#define TORCH_CHECK_GT(a, b) TORCH_CHECK((a) > (b))
#define TORCH_INTERNAL_ASSERT_DEBUG_ONLY(cond, ...) TORCH_CHECK(cond, ##__VA_ARGS__)
#define TORCH_WARN(...) ::c10::detail::torchWarn(__VA_ARGS__)
#define TORCH_WARN_ONCE(...) ::c10::detail::torchWarn(__VA_ARGS__)
#define AT_WARN(...) ::c10::detail::torchWarn(__VA_ARGS__)
#define AT_INDEX_ERROR(...) ::c10::detail::torchCheckFail("", ##__VA_ARGS__)
#define AT_CHECK(cond, ...) TORCH_CHECK(cond, ##__VA_ARGS__)
#define C10_THROW_ERROR(kind, msg) ::c10::detail::torchCheckFail(#kind, msg)
