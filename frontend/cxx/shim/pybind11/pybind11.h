// gpulint shim of <pybind11/pybind11.h>: the binding API an extension's
// module definition uses (module_::def, class_, arg, init, cast), as
// declarations; what they do at import time is not modelled.
#pragma once
// What <Python.h>, included first by pybind11, brings in.
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cstddef>
#include <string>
#include <sys/types.h>
#include <vector>
#include <array>
#include <map>
#include <memory>
#include <unordered_map>
#include <utility>
#include <type_traits>

namespace pybind11 {
class object;
class handle {
 public:
  template <typename T> T cast() const;
  object attr(const char* name) const;
  template <typename... A> class object operator()(A&&... args) const;
  bool is_none() const;
  explicit operator bool() const;
};
class object : public handle {
 public:
  object();
  template <typename T> object(const T& value);
};
// The typed wrappers convert from any object, as pybind11's do.
class str : public object {
 public:
  str(const char* text = "");
  str(const std::string& text);
  str(const object& o);
  operator std::string() const;
};
class int_ : public object { public: int_(long long value = 0); };
class float_ : public object { public: float_(double value = 0); };
class bool_ : public object { public: bool_(bool value = false); };
class none : public object {};
class tuple : public object {
 public:
  explicit tuple(size_t size = 0);
  tuple(const object& o);
  object operator[](size_t index) const;
  size_t size() const;
};
class list : public object {
 public:
  explicit list(size_t size = 0);
  list(const object& o);
  object operator[](size_t index) const;
  template <typename T> void append(T&& value);
  size_t size() const;
};
class dict : public object {
 public:
  dict();
  dict(const object& o);
  // py::dict("key"_a = value, ...)
  template <typename... A, typename = std::enable_if_t<(sizeof...(A) > 0)>> explicit dict(A&&... keywords);
  object operator[](const char* key) const;
  template <typename K> bool contains(K&& key) const;
  size_t size() const;
};
class array : public object {};
struct arg {
  explicit arg(const char* name);
  template <typename T> arg& operator=(const T& value);
  arg& noconvert(bool on = true);
  arg& none(bool on = true);
};
using arg_v = arg;
struct kw_only {};
struct is_operator {};
struct is_method { explicit is_method(const handle& self); };
struct keep_alive_base {};
template <size_t Nurse, size_t Patient> struct keep_alive : keep_alive_base {};
struct dynamic_attr {};
struct module_local { explicit module_local(bool on = true); };
struct pos_only {};
struct doc { explicit doc(const char* text); };
enum class return_value_policy { automatic, take_ownership, copy, move, reference, reference_internal };
struct call_guard_base {};
template <typename... T> struct call_guard : call_guard_base {};
class gil_scoped_release { public: gil_scoped_release(); };
class gil_scoped_acquire { public: gil_scoped_acquire(); };
template <typename... Args> struct init_t {};
template <typename... Args> init_t<Args...> init();
template <typename F> struct init_factory {};
template <typename F> init_factory<F> init(F&&) { return {}; }
// The binding templates have bodies: bound to a lambda (a type without
// linkage), a declared-only template is an error in clang.
class module_ : public object {
 public:
  template <typename F, typename... Extra> module_& def(const char*, F&&, const Extra&...) { return *this; }
  module_ def_submodule(const char* name, const char* doc = nullptr);
  template <typename T> module_& attr_set(const char* name, T&& value);
  static module_ import(const char* name);
  object& doc();  // `m.doc() = "..."`
};
using module = module_;
template <typename T, typename... Options> class class_ : public object {
 public:
  template <typename... Extra> class_(handle scope, const char* name, const Extra&... extra);
  template <typename F, typename... Extra> class_& def(const char*, F&&, const Extra&...) { return *this; }
  template <typename... Args, typename... Extra> class_& def(init_t<Args...>, const Extra&...) { return *this; }
  template <typename F, typename... Extra> class_& def(init_factory<F>, const Extra&...) { return *this; }
  template <typename F, typename... Extra> class_& def_static(const char*, F&&, const Extra&...) { return *this; }
  template <typename D, typename... Extra> class_& def_readwrite(const char* name, D d, const Extra&... extra);
  template <typename D, typename... Extra> class_& def_readonly(const char* name, D d, const Extra&... extra);
  template <typename G, typename... Extra> class_& def_property_readonly(const char*, G, const Extra&...) {
    return *this;
  }
  template <typename G, typename S, typename... Extra> class_& def_property(const char*, G, S, const Extra&...) {
    return *this;
  }
  template <typename F> class_& def_pickle(F&&) { return *this; }
};
template <typename T> class enum_ : public object {
 public:
  enum_(handle scope, const char* name);
  enum_& value(const char* name, T value);
  enum_& export_values();
};
template <typename T> object cast(T&& value, return_value_policy policy = return_value_policy::automatic);
template <typename T> T cast(const handle& value);
template <typename T> bool isinstance(const handle& value);
template <typename... A> tuple make_tuple(A&&... values);
size_t len(handle value);
template <typename T> T reinterpret_borrow(handle value);
template <typename T> T reinterpret_steal(handle value);
object globals();

inline namespace literals {
arg operator""_a(const char* name, size_t length);
}  // namespace literals
class error_already_set { public: const char* what() const noexcept; };
struct buffer_info {
  void* ptr;
  ssize_t itemsize;
  std::string format;
  ssize_t ndim;
  std::vector<ssize_t> shape;
  std::vector<ssize_t> strides;
};
}  // namespace pybind11

#define PYBIND11_MODULE(name, variable)                                  \
  static void pybind11_init_##name(::pybind11::module_& variable);       \
  extern "C" void* PyInit_##name();                                      \
  static void pybind11_init_##name(::pybind11::module_& variable)
#define PYBIND11_OVERLOAD(...)
#define PYBIND11_MAKE_OPAQUE(...)
#define PYBIND11_DECLARE_HOLDER_TYPE(type, holder, ...)
