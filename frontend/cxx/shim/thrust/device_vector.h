// gpulint shim of thrust's containers and algorithms: std's shapes with a
// device/host vector, enough for a parse (what they run is not modelled).
#pragma once
#include <thrust/execution_policy.h>
#include <vector>
namespace thrust {
template <typename T> class device_ptr {
 public:
  explicit device_ptr(T* p = nullptr);
  T* get() const;
  T& operator*() const;
  T& operator[](long i) const;
  device_ptr operator+(long n) const;
};
template <typename T> device_ptr<T> device_pointer_cast(T* p);
template <typename T> T* raw_pointer_cast(device_ptr<T> p);
template <typename T> T* raw_pointer_cast(T* p);
template <typename T> class device_vector : public std::vector<T> {
 public:
  using std::vector<T>::vector;
  template <typename It> device_vector(It first, It last);
};
template <typename T> class host_vector : public std::vector<T> {
 public:
  using std::vector<T>::vector;
};
}  // namespace thrust
