#pragma once
// accelerate's Accelerator and Lightning Fabric objects: their prepare() /
// setup_dataloaders() hand back what they are given, and move each batch of
// a prepared loader to the device (value_sources.cpp, GPU103/GPU104).
#include "frontend/python/script_model.h"

namespace gpulint::python {

// `receiver` holds an Accelerator or a Fabric: named so (`accelerator`,
// `fabric`) or made by `Accelerator(...)`/`Fabric(...)`.
[[nodiscard]] bool isAcceleratorObject(const ScriptModel& m, ts::Node receiver);

// `c` is such an object's prepare()/setup_dataloaders() and hands back a
// DataLoader at `element` of its result (-1: the call's only argument), whose
// batches the library moves to the device on every step (device_values.cpp).
[[nodiscard]] bool placesLoaderBatches(const ScriptModel& m, const Call& c, int element);

// A collective of such an object (a method, not a qualified library call)
// that hands back what it is given, gathered: `gather`,
// `gather_for_metrics`, `all_gather`, `reduce`, `pad_across_processes`, with
// the value as its first argument.
[[nodiscard]] inline bool returnsGathered(const Call& c) {
  static constexpr std::string_view kCollectives[] = {"gather", "gather_for_metrics", "all_gather", "reduce",
                                                      "pad_across_processes"};
  if (c.positional.empty() || !c.qualified.empty()) return false;
  for (std::string_view name : kCollectives)
    if (c.method == name) return true;
  return false;
}

}  // namespace gpulint::python
