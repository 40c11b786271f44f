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

}  // namespace gpulint::python
