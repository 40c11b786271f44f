// gpulint shim of ATen's dispatch macros: each calls its last argument (a
// lambda) with `scalar_t` bound to one element type, so the kernel launches
// inside are parsed and checked once. The `_AND*` variants take the extra
// types first and ignore them.
#pragma once
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
#define AT_DISPATCH_FLOATING_TYPES_AND3(A, B, C, TYPE, NAME, ...) GPULINT_DISPATCH_AS(float, TYPE, __VA_ARGS__)
#define AT_DISPATCH_ALL_TYPES_AND3(A, B, C, TYPE, NAME, ...) GPULINT_DISPATCH_AS(float, TYPE, __VA_ARGS__)
#define AT_DISPATCH_ALL_TYPES_AND_HALF(TYPE, NAME, ...) GPULINT_DISPATCH_AS(float, TYPE, __VA_ARGS__)
#define AT_DISPATCH_INTEGRAL_TYPES_AND(A, TYPE, NAME, ...) GPULINT_DISPATCH_AS(int, TYPE, __VA_ARGS__)
#define AT_DISPATCH_INDEX_TYPES(TYPE, NAME, ...) [&] { using index_t = int64_t; (void)(TYPE); return __VA_ARGS__(); }()
#define AT_DISPATCH_COMPLEX_TYPES(TYPE, NAME, ...) GPULINT_DISPATCH_AS(float, TYPE, __VA_ARGS__)
#define AT_DISPATCH_ALL_TYPES_AND_COMPLEX(TYPE, NAME, ...) GPULINT_DISPATCH_AS(float, TYPE, __VA_ARGS__)
#define AT_DISPATCH_ALL_TYPES_AND_COMPLEX_AND(A, TYPE, NAME, ...) GPULINT_DISPATCH_AS(float, TYPE, __VA_ARGS__)
#define AT_DISPATCH_ALL_TYPES_AND_COMPLEX_AND2(A, B, TYPE, NAME, ...) GPULINT_DISPATCH_AS(float, TYPE, __VA_ARGS__)
#define AT_DISPATCH_ALL_TYPES_AND_COMPLEX_AND3(A, B, C, TYPE, NAME, ...) \
  GPULINT_DISPATCH_AS(float, TYPE, __VA_ARGS__)
#define AT_DISPATCH_FLOATING_AND_COMPLEX_TYPES_AND1(A, TYPE, NAME, ...) GPULINT_DISPATCH_AS(float, TYPE, __VA_ARGS__)
#define AT_DISPATCH_FLOATING_AND_COMPLEX_TYPES_AND2(A, B, TYPE, NAME, ...) \
  GPULINT_DISPATCH_AS(float, TYPE, __VA_ARGS__)
#define AT_DISPATCH_REDUCED_FLOATING_TYPES_AND(A, TYPE, NAME, ...) GPULINT_DISPATCH_AS(c10::Half, TYPE, __VA_ARGS__)
// The switch-and-case form: every case's lambda is called with its type.
#define AT_DISPATCH_CASE(ENUM, ...) case ENUM: { using scalar_t = float; __VA_ARGS__(); break; }
#define AT_DISPATCH_SWITCH(TYPE, NAME, ...) [&] { switch (::c10::ScalarType(TYPE)) { __VA_ARGS__ default: break; } }()
#define AT_DISPATCH_CASE_FLOATING_TYPES(...) AT_DISPATCH_CASE(::c10::ScalarType::Float, __VA_ARGS__)
#define AT_DISPATCH_CASE_ALL_TYPES(...) AT_DISPATCH_CASE(::c10::ScalarType::Float, __VA_ARGS__)
#define AT_DISPATCH_CASE_INTEGRAL_TYPES(...) AT_DISPATCH_CASE(::c10::ScalarType::Int, __VA_ARGS__)
