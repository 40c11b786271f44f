#pragma once
// accelerate's Accelerator and Lightning Fabric objects: their prepare() /
// setup_dataloaders() hand back what they are given, and move each batch of
// a prepared loader to the device (value_sources.cpp, GPU103/GPU104).
#include "frontend/python/script_model.h"

namespace gpulint::python {

// `receiver` holds an Accelerator or a Fabric: named so (`accelerator`,
// `fabric`) or made by `Accelerator(...)`/`Fabric(...)`.
[[nodiscard]] bool isAcceleratorObject(const ScriptModel& m, ts::Node receiver);

}  // namespace gpulint::python
