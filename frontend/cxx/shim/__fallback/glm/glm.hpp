// gpulint stand-in for GLM's <glm/glm.hpp>, used only when the analysed
// project does not hold GLM itself (an unchecked-out git submodule): the
// float vector and matrix types, their arithmetic and the common geometric
// functions, as declarations, so that code passing glm::vec3 parses.
#pragma once
#if defined(__CUDA__)
#define GPULINT_GLM_HD __host__ __device__
#else
#define GPULINT_GLM_HD
#endif
namespace glm {
template <int L, typename T> struct vec;
template <typename T> struct vec<2, T> {
  T x, y;
  GPULINT_GLM_HD vec();
  GPULINT_GLM_HD explicit vec(T s);
  GPULINT_GLM_HD vec(T a, T b);
  GPULINT_GLM_HD T& operator[](int i);
  GPULINT_GLM_HD const T& operator[](int i) const;
};
template <typename T> struct vec<3, T> {
  union { struct { T x, y, z; }; struct { T r, g, b; }; };
  GPULINT_GLM_HD vec();
  GPULINT_GLM_HD explicit vec(T s);
  GPULINT_GLM_HD vec(T a, T b, T c);
  GPULINT_GLM_HD explicit vec(const vec<4, T>& v);
  GPULINT_GLM_HD vec(const vec<2, T>& v, T c);
  GPULINT_GLM_HD T& operator[](int i);
  GPULINT_GLM_HD const T& operator[](int i) const;
};
template <typename T> struct vec<4, T> {
  union { struct { T x, y, z, w; }; struct { T r, g, b, a; }; };
  GPULINT_GLM_HD vec();
  GPULINT_GLM_HD explicit vec(T s);
  GPULINT_GLM_HD vec(T a, T b, T c, T d);
  GPULINT_GLM_HD vec(const vec<3, T>& v, T d);
  GPULINT_GLM_HD T& operator[](int i);
  GPULINT_GLM_HD const T& operator[](int i) const;
};
// Column-major C x R matrices; m[i] is column i.
template <int C, int R, typename T> struct mat {
  GPULINT_GLM_HD mat();
  GPULINT_GLM_HD explicit mat(T diagonal);
  template <typename... A> GPULINT_GLM_HD mat(A... values);
  template <int C2, int R2> GPULINT_GLM_HD explicit mat(const mat<C2, R2, T>& other);
  GPULINT_GLM_HD vec<R, T>& operator[](int i);
  GPULINT_GLM_HD const vec<R, T>& operator[](int i) const;
};
using vec2 = vec<2, float>;
using vec3 = vec<3, float>;
using vec4 = vec<4, float>;
using ivec2 = vec<2, int>;
using ivec3 = vec<3, int>;
using uvec2 = vec<2, unsigned>;
using dvec3 = vec<3, double>;
using mat2 = mat<2, 2, float>;
using mat3 = mat<3, 3, float>;
using mat4 = mat<4, 4, float>;
using mat3x4 = mat<3, 4, float>;
using mat4x3 = mat<4, 3, float>;

#define GPULINT_GLM_OP(op)                                                                                  \
  template <int L, typename T> GPULINT_GLM_HD vec<L, T> operator op(const vec<L, T>& a, const vec<L, T>& b); \
  template <int L, typename T> GPULINT_GLM_HD vec<L, T> operator op(const vec<L, T>& a, T s);                \
  template <int L, typename T> GPULINT_GLM_HD vec<L, T> operator op(T s, const vec<L, T>& a);                \
  template <int L, typename T> GPULINT_GLM_HD vec<L, T>& operator op##=(vec<L, T>& a, const vec<L, T>& b);   \
  template <int L, typename T> GPULINT_GLM_HD vec<L, T>& operator op##=(vec<L, T>& a, T s);
GPULINT_GLM_OP(+)
GPULINT_GLM_OP(-)
GPULINT_GLM_OP(*)
GPULINT_GLM_OP(/)
#undef GPULINT_GLM_OP
template <int L, typename T> GPULINT_GLM_HD vec<L, T> operator-(const vec<L, T>& a);
template <int L, typename T> GPULINT_GLM_HD bool operator==(const vec<L, T>& a, const vec<L, T>& b);
template <int L, typename T> GPULINT_GLM_HD bool operator!=(const vec<L, T>& a, const vec<L, T>& b);
template <int C, int R, typename T> GPULINT_GLM_HD vec<R, T> operator*(const mat<C, R, T>& m, const vec<C, T>& v);
template <int C, int R, typename T> GPULINT_GLM_HD vec<C, T> operator*(const vec<R, T>& v, const mat<C, R, T>& m);
template <int C, int R, int K, typename T>
GPULINT_GLM_HD mat<K, R, T> operator*(const mat<C, R, T>& a, const mat<K, C, T>& b);
template <int C, int R, typename T> GPULINT_GLM_HD mat<C, R, T> operator*(const mat<C, R, T>& m, T s);
template <int C, int R, typename T> GPULINT_GLM_HD mat<C, R, T> operator*(T s, const mat<C, R, T>& m);
template <int C, int R, typename T> GPULINT_GLM_HD mat<C, R, T> operator+(const mat<C, R, T>& a, const mat<C, R, T>& b);
template <int C, int R, typename T> GPULINT_GLM_HD mat<C, R, T> operator-(const mat<C, R, T>& a, const mat<C, R, T>& b);

template <int L, typename T> GPULINT_GLM_HD T dot(const vec<L, T>& a, const vec<L, T>& b);
template <typename T> GPULINT_GLM_HD vec<3, T> cross(const vec<3, T>& a, const vec<3, T>& b);
template <int L, typename T> GPULINT_GLM_HD T length(const vec<L, T>& v);
template <int L, typename T> GPULINT_GLM_HD T distance(const vec<L, T>& a, const vec<L, T>& b);
template <int L, typename T> GPULINT_GLM_HD vec<L, T> normalize(const vec<L, T>& v);
template <typename T> GPULINT_GLM_HD T max(T a, T b);
template <typename T> GPULINT_GLM_HD T min(T a, T b);
template <typename T, typename U> GPULINT_GLM_HD T clamp(T x, U lo, U hi);
template <int L, typename T> GPULINT_GLM_HD vec<L, T> abs(const vec<L, T>& v);
template <int C, int R, typename T> GPULINT_GLM_HD mat<R, C, T> transpose(const mat<C, R, T>& m);
template <int N, typename T> GPULINT_GLM_HD mat<N, N, T> inverse(const mat<N, N, T>& m);
template <int N, typename T> GPULINT_GLM_HD T determinant(const mat<N, N, T>& m);
}  // namespace glm
