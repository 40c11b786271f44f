// gpulint shim of <c10/util/complex.h>: c10::complex<T>, the complex type
// usable in kernels and host code, with its arithmetic, comparisons and
// math functions, and c10::scalar_value_type. Declarations only.
#pragma once
#include <c10/macros/Macros.h>

#include <complex>

namespace c10 {
template <typename T> struct alignas(sizeof(T) * 2) complex {
  using value_type = T;
  T real_ = T(0);
  T imag_ = T(0);
  constexpr complex() = default;
  C10_HOST_DEVICE constexpr complex(const T& re, const T& im = T()) : real_(re), imag_(im) {}
  template <typename U> C10_HOST_DEVICE explicit constexpr complex(const std::complex<U>& other);
  template <typename U> C10_HOST_DEVICE explicit constexpr complex(const complex<U>& other);
  C10_HOST_DEVICE constexpr T real() const { return real_; }
  C10_HOST_DEVICE constexpr T imag() const { return imag_; }
  C10_HOST_DEVICE constexpr void real(T value) { real_ = value; }
  C10_HOST_DEVICE constexpr void imag(T value) { imag_ = value; }
  C10_HOST_DEVICE complex& operator=(T re);
  C10_HOST_DEVICE complex& operator+=(T re);
  C10_HOST_DEVICE complex& operator-=(T re);
  C10_HOST_DEVICE complex& operator*=(T re);
  C10_HOST_DEVICE complex& operator/=(T re);
  template <typename U> C10_HOST_DEVICE complex& operator+=(const complex<U>& other);
  template <typename U> C10_HOST_DEVICE complex& operator-=(const complex<U>& other);
  template <typename U> C10_HOST_DEVICE complex& operator*=(const complex<U>& other);
  template <typename U> C10_HOST_DEVICE complex& operator/=(const complex<U>& other);
  explicit operator std::complex<T>() const;
  C10_HOST_DEVICE explicit constexpr operator bool() const { return real_ || imag_; }
};

// Arithmetic of two complex numbers, or of a complex number and its scalar.
#define GPULINT_COMPLEX_OP(op)                                                                        \
  template <typename T> C10_HOST_DEVICE complex<T> operator op(const complex<T>& a, const complex<T>& b); \
  template <typename T> C10_HOST_DEVICE complex<T> operator op(const complex<T>& a, const T& b);          \
  template <typename T> C10_HOST_DEVICE complex<T> operator op(const T& a, const complex<T>& b);
GPULINT_COMPLEX_OP(+)
GPULINT_COMPLEX_OP(-)
GPULINT_COMPLEX_OP(*)
GPULINT_COMPLEX_OP(/)
#undef GPULINT_COMPLEX_OP
template <typename T> C10_HOST_DEVICE complex<T> operator+(const complex<T>& a);
template <typename T> C10_HOST_DEVICE complex<T> operator-(const complex<T>& a);
template <typename T> C10_HOST_DEVICE bool operator==(const complex<T>& a, const complex<T>& b);
template <typename T> C10_HOST_DEVICE bool operator!=(const complex<T>& a, const complex<T>& b);
template <typename T> std::ostream& operator<<(std::ostream& out, const complex<T>& value);

// The math functions real c10 offers (found by argument-dependent lookup,
// and also through std:: as below).
#define GPULINT_COMPLEX_FN(fn) template <typename T> C10_HOST_DEVICE complex<T> fn(const complex<T>& z);
GPULINT_COMPLEX_FN(exp) GPULINT_COMPLEX_FN(log) GPULINT_COMPLEX_FN(log10) GPULINT_COMPLEX_FN(log2)
GPULINT_COMPLEX_FN(sqrt) GPULINT_COMPLEX_FN(sin) GPULINT_COMPLEX_FN(cos) GPULINT_COMPLEX_FN(tan)
GPULINT_COMPLEX_FN(sinh) GPULINT_COMPLEX_FN(cosh) GPULINT_COMPLEX_FN(tanh) GPULINT_COMPLEX_FN(conj)
GPULINT_COMPLEX_FN(asin) GPULINT_COMPLEX_FN(acos) GPULINT_COMPLEX_FN(atan)
#undef GPULINT_COMPLEX_FN
template <typename T> C10_HOST_DEVICE T abs(const complex<T>& z);
template <typename T> C10_HOST_DEVICE T arg(const complex<T>& z);
template <typename T> C10_HOST_DEVICE T norm(const complex<T>& z);
template <typename T> C10_HOST_DEVICE complex<T> polar(const T& r, const T& theta = T());
template <typename T, typename U> C10_HOST_DEVICE complex<T> pow(const complex<T>& z, const U& exponent);

// The real type of a scalar: T for T and for complex<T>.
template <typename T> struct scalar_value_type { using type = T; };
template <typename T> struct scalar_value_type<complex<T>> { using type = T; };
template <typename T> struct scalar_value_type<std::complex<T>> { using type = T; };
}  // namespace c10

namespace std {
using c10::abs;
using c10::arg;
using c10::conj;
using c10::exp;
using c10::log;
using c10::norm;
using c10::polar;
using c10::pow;
using c10::sqrt;
}  // namespace std
