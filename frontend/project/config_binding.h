#pragma once
// Run-config values as the script sees them: a YAML/JSON config (Hydra,
// OmegaConf, HF arguments, DeepSpeed, Lightning CLI) flattened to dotted key
// paths, each value typed the way the loader types it and carrying its
// provenance (the last step is the value in the config file: "config key
// data.num_workers"), and command-line overrides of those keys.
#include <functional>
#include <map>
#include <set>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/config/config_model.h"
#include "frontend/project/launch.h"
#include "frontend/python/resolved_value.h"

namespace gpulint::project {

using ConfigValues = std::map<std::string, python::ResolvedValue>;

// A YAML/JSON scalar typed as a YAML loader reads it: 0 -> int, false ->
// bool, "0" -> str, null -> None; interpolations (`${...}`, `???`) and
// DeepSpeed's "auto" are unknown.
[[nodiscard]] python::ResolvedValue scalarValue(const config::ConfigValue& v);
// A command-line value typed the way Hydra and jsonargparse read it:
// "8" -> 8, "0.5" -> 0.5, "true" -> True, "null" -> None, 'x' -> str.
[[nodiscard]] python::ResolvedValue overrideValue(std::string_view text);

// Every scalar under `root` by dotted key path relative to it ("data.num_workers",
// "milestones[0]"). Each value's chain is `link` followed by the value in the
// file, described as "config key <key_prefix><path>".
[[nodiscard]] ConfigValues flattenConfig(const config::ConfigModel& model, const config::ConfigValue& root,
                                         const std::string& key_prefix, const std::vector<python::ValueStep>& link);

struct ConfigOverride {
  enum class Op { Set, Add, ForceAdd, Delete };
  Op op = Op::Set;
  std::string path;
  python::ResolvedValue value;  // chain ends at the argv token: "job argv sets <path>"
};

// Hydra's `key=value`, `+key=value`, `++key=value` and `~key` argv tokens;
// nullopt for anything else (flags, paths, `hydra.*` settings).
[[nodiscard]] std::optional<ConfigOverride> hydraOverride(const ArgToken& token, const SourceFile& job_file);
// Applies overrides in order: Set/ForceAdd replace, Add only adds a new key,
// Delete removes the key and everything under it.
void applyOverrides(ConfigValues& values, const std::vector<ConfigOverride>& overrides);

// Hydra's defaults list in a primary config: `- group: option` entries load
// `<group>/<option>.yaml` (through `load`, relative to the config folder)
// under the key `group`, applied before the primary's own values unless
// `_self_` comes first. `choices` are the command line's `group=option`.
// Entries that cannot be followed (`group@pkg`, `/abs/group`, a missing
// file) leave that group's keys unknown; nullopt when an unfollowed entry
// could override the primary's own values.
struct HydraCompose {
  std::function<const config::ConfigModel*(const std::string& rel)> load;
  std::string dir;                          // the config folder as written ("conf")
  std::vector<python::ValueStep> link;      // how the primary config was reached
  std::map<std::string, ArgToken> choices;  // group -> `group=option` argv token
  const SourceFile* job_file = nullptr;     // where `choices` are written
};
[[nodiscard]] std::optional<ConfigValues> composeHydra(const config::ConfigModel& primary,
                                                       const config::ConfigValue& document, const HydraCompose& in,
                                                       std::set<std::string>* groups);

}  // namespace gpulint::project
