#pragma once
// A memo of answers that depend only on a file's syntax tree (the binding
// sites of a scope, a scope's name bindings), kept once per model for every
// CacheScope: the cross-file pass checks each linked file under a scope of
// its own, and without sharing each of them recomputed the same indexes of
// the files it reads. Lookups take a lock, since the pass runs files on
// several threads at once. Each scope still pays what computing an entry
// costs in work units (ts::WorkBudget), once, on its first use, so a file's
// budget verdict does not depend on which file computed the entry first.
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <utility>

#include "frontend/ts/work_budget.h"

namespace gpulint::python {

template <typename Value>
class TreeMemo {
 public:
  using Key = std::pair<uint32_t, uint32_t>;  // the node's byte range

  // The entry for `key`, computed with `compute(Value&)` when absent. Charges
  // the entry's cost to this thread's budget when it was computed before.
  template <typename Compute>
  const Value& get(const Key& key, Compute&& compute) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (auto it = entries_.find(key); it != entries_.end()) {
        ts::WorkBudget::charge(it->second.units);
        return *it->second.value;
      }
    }
    // Computed outside the lock (it may be long); a budget that runs out
    // leaves no half-built entry behind.
    auto value = std::make_unique<Value>();
    uint64_t before = ts::WorkBudget::chargedOnThread();
    compute(*value);
    uint64_t units = ts::WorkBudget::chargedOnThread() - before;
    std::lock_guard<std::mutex> lock(mutex_);
    auto [it, added] = entries_.try_emplace(key, Entry{std::move(value), units});
    return *it->second.value;  // another thread's equal entry when it was first
  }

 private:
  struct Entry {
    std::unique_ptr<const Value> value;
    uint64_t units = 0;
  };
  std::mutex mutex_;
  std::map<Key, Entry> entries_;
};

}  // namespace gpulint::python
