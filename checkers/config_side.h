#pragma once
// The config side of the Python rules (RULES.md "Value": a config-file value
// the script is linked to): settings a linked run config gives the HF
// Trainer, DeepSpeed or a Lightning CLI Trainer, which the script never
// writes in Python. A finding about such a setting starts at the script's
// read of the config (the parse call, LightningCLI(...), deepspeed.initialize)
// and carries the chain to the value, so the project pass moves it to the
// config file where the value is written.
#include <optional>
#include <string>
#include <string_view>

#include "core/diagnostic.h"
#include "frontend/python/script_model.h"

namespace gpulint::checks {

struct ConfigSetting {
  python::ResolvedValue value;  // chain ends at the config value or argv token
  Location read;                // the script's read of the config (first line of the call)
};

// The value a linked config of `root` gives `key`; nullopt when no config of
// that root is linked, the key is absent, or the value is unknown.
[[nodiscard]] std::optional<ConfigSetting> configSetting(const python::ScriptModel& model, python::ConfigRoot root,
                                                         std::string_view key);
// True unless the linked HF arguments are known to train on the GPU: any
// `no_cuda`/`use_cpu` that is true or unknown counts as CPU training.
[[nodiscard]] bool hfArgumentsMayUseCpu(const python::ScriptModel& model);
// A Diagnostic at the config read with the value's chain as related locations.
[[nodiscard]] Diagnostic configDiagnostic(const char* rule, Level level, const ConfigSetting& s, std::string message);
// "dataloader_num_workers = 0 (config key dataloader_num_workers at args.yaml:4)".
[[nodiscard]] std::string describeSetting(std::string_view key, const python::ResolvedValue& v);

}  // namespace gpulint::checks
