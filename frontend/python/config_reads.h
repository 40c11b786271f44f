#pragma once
// Internal to the Python front end: reads of linked run configs in
// expressions (`cfg.data.num_workers` in a @hydra.main function, the result
// of OmegaConf.load(...), HfArgumentParser results, `self.x` set from an
// `__init__` parameter of a class LightningCLI configures).
#include <optional>
#include <string>

#include "frontend/python/script_model.h"

namespace gpulint::python {

// Which bound config an expression reads, and the key path inside it.
struct ConfigReference {
  ConfigRoot root = ConfigRoot::File;
  std::string key;   // ScriptModel::configValue's key
  std::string path;  // dotted key path; "" for the whole config
};

// The config (and key path) `expr` reads; nullopt when it reads none or the
// reaching bindings disagree.
[[nodiscard]] std::optional<ConfigReference> configReference(const ScriptModel& model, ts::Node expr);
// The bound value `expr` reads; nullopt when it reads no bound config.
[[nodiscard]] std::optional<ResolvedValue> configReferenceValue(const ScriptModel& model, ts::Node expr);

}  // namespace gpulint::python
