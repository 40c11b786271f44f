#pragma once
// Linking a launch to the run configs its script reads, and binding their
// values: the config files named on the command line (`--config x.yaml`,
// `--deepspeed ds.json`, HF's sole `args.yaml`/`args.json` positional, Hydra
// `--config-name`/`--config-path`, Lightning CLI `fit --config cfg.yaml`),
// the script's own defaults (`@hydra.main(config_path=, config_name=)`,
// `OmegaConf.load("conf.yaml")`) and command-line overrides (Hydra
// `key=value`/`+key=value`/`++key=value`/`~key`, Lightning
// `--trainer.devices=4`, HF `--dataloader_num_workers 0`). Each value the
// script then reads (ScriptModel::setConfigValues) keeps its provenance: the
// link (the argv token or the decorator naming the file), then the value.
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "frontend/config/config_model.h"
#include "frontend/project/launch.h"
#include "frontend/python/script_model.h"

namespace gpulint::project {

// Loads a config file by the path the launch or script writes: relative to
// the job (its folder, AML `code:`, the `cd`) or, with `from_script`,
// relative to the script's folder. Null when there is no such file.
using ConfigLoader = std::function<const config::ConfigModel*(const std::string& path, bool from_script)>;

struct RunConfigInput {
  python::ScriptModel* script = nullptr;
  const Launch* launch = nullptr;       // null: the script on its own, with its defaults
  const SourceFile* job_file = nullptr;  // the file the launch is written in
  ConfigLoader load;
};

// Binds every run config the script reads; true when any value was bound.
bool bindRunConfigs(const RunConfigInput& in);

// What a script's argv says about run configs (for tests and the binder).
struct ArgvConfigs {
  std::vector<ArgToken> configs;            // values of --config/-c/--cfg/--config_file/--config-file
  std::optional<ArgToken> deepspeed;        // value of --deepspeed/--deepspeed_config
  std::optional<ArgToken> hydra_name;       // value of --config-name/-cn
  std::optional<ArgToken> hydra_path;       // value of --config-path/-cp
  std::vector<ArgToken> positionals;        // words that are not flags nor flag values
  std::optional<ArgToken> args_file;        // the sole positional when it ends .yaml/.yml/.json
  // `--a.b=v` / `--a.b v` (Lightning CLI): the dotted key and the value token.
  std::vector<std::pair<std::string, ArgToken>> dotted;
  // `--name v`/`--name=v`/`--flag` words (HF arguments); the value token, or
  // the flag itself with text "true" for a bare flag.
  std::vector<std::pair<std::string, ArgToken>> flags;
};
[[nodiscard]] ArgvConfigs scanArgv(const std::vector<ArgToken>& args);

}  // namespace gpulint::project
