#pragma once
// Runs fn(0) .. fn(n - 1) on up to `jobs` threads (this one included), each
// index once, in no particular order. fn must be safe to run concurrently on
// distinct indexes.
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <numeric>
#include <thread>
#include <vector>

namespace gpulint {

template <class Fn>
void parallelFor(size_t n, unsigned jobs, Fn&& fn) {
  std::atomic<size_t> next{0};
  auto worker = [&] {
    for (size_t i = next++; i < n; i = next++) fn(i);
  };
  size_t threads = std::min<size_t>(std::max(1u, jobs), n);
  std::vector<std::thread> pool;
  for (size_t t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool) t.join();
}

// The indexes 0 .. sizes.size() - 1, largest size first (ties in index
// order): handed out in this order, the last items a thread takes are small
// ones, so a big file met last does not leave the other threads idle while
// it runs alone. Only the order of work changes, never where a result goes.
inline std::vector<size_t> largestFirst(const std::vector<size_t>& sizes) {
  std::vector<size_t> order(sizes.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return sizes[a] > sizes[b]; });
  return order;
}

}  // namespace gpulint
