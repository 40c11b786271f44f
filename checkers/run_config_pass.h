#pragma once
// The run-config side of the project pass (project_pass.cpp): finding the
// config files a launch or a script names among the analysed files (or on
// disk beside them), binding their values to the script's model, and moving
// a finding whose value is written in a job or config file to that value.
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "checkers/project_pass.h"
#include "frontend/config/config_model.h"
#include "frontend/project/launch.h"
#include "frontend/python/script_model.h"

namespace gpulint {

// Where relative paths written in a file start: its folder (as displayed and
// on disk; disk "" when the file is in memory only) and the sub-folders to
// try first (AML `code:`, a `cd`), in order; "" is the folder itself.
struct PathBases {
  std::filesystem::path display_dir;
  std::filesystem::path disk_dir;
  std::vector<std::filesystem::path> bases;
};

class RunConfigFiles {
 public:
  explicit RunConfigFiles(ProjectInput in);
  // Binds the run configs the script reads, as launched by `launch` from
  // `job_file` (relative to `job`), or on its own when `launch` is null.
  // True when any config value was bound.
  // `linked` (when given) receives the display paths of the configs read.
  bool bind(python::ScriptModel& script, const project::Launch* launch, const SourceFile* job_file,
            const PathBases& job, const PathBases& script_dir, std::vector<std::string>* linked = nullptr);
  // The result index of a file by its display path.
  [[nodiscard]] std::optional<size_t> indexOf(const std::string& display_path);

 private:
  const config::ConfigModel* load(const PathBases& where, const std::string& rel);
  const config::ConfigModel* model(size_t index);

  ProjectInput in_;
  std::map<std::string, size_t> by_path_;
  std::map<size_t, std::unique_ptr<config::ConfigModel>> models_;
};

// A finding whose value is written in a job's argv or a config file (the
// last related location: "job argv ..." or "config key ..." in a YAML/JSON
// file) moves there; the script spot becomes the first related location and
// fixes planned for the script are dropped. Returns the file it moved to.
std::optional<std::string> moveToValueSource(Diagnostic& d);

// The inverse, for a run that reports only some files (pre-commit's staged
// script without its job): back at the script spot, the value's place as the
// last related location, no fixes (they edit the other file). False when
// `d` was not moved.
bool moveBackToScript(Diagnostic& d);

// Text that may read a run config on its own (Hydra, OmegaConf, yaml/json
// loads, DeepSpeed): a cheap test before building a model again.
// After moveToValueSource: the rule's WrittenValueFix as an edit of `file`
// (the job or config file the finding now points into).
void attachWrittenValueFix(Diagnostic& d, const SourceFile& file);
[[nodiscard]] bool mayReadRunConfig(const std::string& python_text);
// A script run on its own (no job's argv) binds configs only through reads
// that name their file in the script (Hydra, a loaded path, an HF arguments
// file, a DeepSpeed config); a LightningCLI takes its config from argv.
[[nodiscard]] bool mayBindAlone(const python::ScriptModel& script);

}  // namespace gpulint
