#pragma once
// Runs fn(0) .. fn(n - 1) on up to `jobs` threads (this one included), each
// index once, in no particular order. fn must be safe to run concurrently on
// distinct indexes.
#include <algorithm>
#include <atomic>
#include <cstddef>
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

}  // namespace gpulint
