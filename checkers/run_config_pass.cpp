// Run configs in the project pass (see run_config_pass.h).
#include "checkers/run_config_pass.h"

#include <algorithm>

#include "fixits/yaml_edits.h"

#include "frontend/project/job_sniff.h"
#include "frontend/project/run_config.h"

namespace fs = std::filesystem;

namespace gpulint {

namespace {

std::string norm(const fs::path& p) { return p.lexically_normal().generic_string(); }

bool isConfigKind(FileKind k) { return k == FileKind::Yaml || k == FileKind::Json; }

constexpr const char* kJobValueReaches = "the job's value reaches here";
constexpr const char* kConfigValueReaches = "the config's value reaches here";

}  // namespace

RunConfigFiles::RunConfigFiles(ProjectInput in) : in_(in) {
  for (size_t i = 0; i < in_.results->size(); ++i)
    if (const auto& s = (*in_.results)[i].source) by_path_[norm(s->path())] = i;
}

std::optional<size_t> RunConfigFiles::indexOf(const std::string& display_path) {
  auto it = by_path_.find(norm(display_path));
  if (it == by_path_.end()) return std::nullopt;
  return it->second;
}

const config::ConfigModel* RunConfigFiles::model(size_t index) {
  auto it = models_.find(index);
  if (it != models_.end()) return it->second.get();
  const FileAnalysis& r = (*in_.results)[index];
  std::unique_ptr<config::ConfigModel> m;
  // A file too large to be a hand-written config (a tokenizer a script loads) is data.
  if (r.source && isConfigKind(r.source->kind()) && r.source->text().size() <= project::kMaxJobFileBytes)
    m = config::buildConfigModel(r.source);
  return (models_[index] = std::move(m)).get();
}

const config::ConfigModel* RunConfigFiles::load(const PathBases& where, const std::string& rel) {
  if (rel.empty()) return nullptr;
  if (!isConfigKind(kindFromPath(rel))) return nullptr;
  std::vector<fs::path> bases = where.bases;
  bases.emplace_back();
  for (const fs::path& base : bases) {
    fs::path display = fs::path(rel).is_absolute() ? fs::path(rel) : where.display_dir / base / rel;
    if (auto i = indexOf(display.string())) return model(*i);
    if (where.disk_dir.empty() || fs::path(rel).is_absolute()) continue;
    fs::path disk = where.disk_dir / base / rel;
    std::error_code ec;
    if (!fs::is_regular_file(disk, ec)) continue;
    LoadedSource loaded = loadSource(disk.string(), norm(display));
    if (!loaded.source || !isConfigKind(loaded.source->kind())) continue;
    in_.results->push_back(analyzeSource(loaded.source, *in_.options));
    in_.disk_paths->push_back(disk.string());
    by_path_[norm(display)] = in_.results->size() - 1;
    return model(in_.results->size() - 1);
  }
  return nullptr;
}

bool RunConfigFiles::bind(python::ScriptModel& script, const project::Launch* launch, const SourceFile* job_file,
                          const PathBases& job, const PathBases& script_dir, std::vector<std::string>* linked) {
  project::RunConfigInput input;
  input.script = &script;
  input.launch = launch;
  input.job_file = job_file;
  input.load = [&](const std::string& rel, bool from_script) {
    const config::ConfigModel* model = load(from_script || !launch ? script_dir : job, rel);
    if (model && linked && std::find(linked->begin(), linked->end(), model->file().path()) == linked->end())
      linked->push_back(model->file().path());
    return model;
  };
  return project::bindRunConfigs(input);
}

std::optional<std::string> moveToValueSource(Diagnostic& d) {
  // Only when the value is written there (the chain's last step); a value
  // computed from a job's and a script's values stays at the script.
  if (d.related.empty()) return std::nullopt;
  size_t k = d.related.size() - 1;
  const RelatedLocation& rel = d.related[k];
  bool argv = rel.message.rfind("job argv", 0) == 0;
  // argv is written in a job file or a launch script (any kind but Python); config keys in YAML/JSON.
  if (argv ? kindFromPath(rel.location.file) == FileKind::Python : !isConfigKind(kindFromPath(rel.location.file)))
    return std::nullopt;
  if (!argv && rel.message.rfind("config key", 0) != 0) return std::nullopt;
  Location script_spot = d.location;
  d.location = rel.location;
  d.related.erase(d.related.begin() + static_cast<long>(k));
  d.related.insert(d.related.begin(), {script_spot, argv ? kJobValueReaches : kConfigValueReaches});
  d.fixes.clear();  // fixes were planned for the script spot
  return d.location.file;
}

bool moveBackToScript(Diagnostic& d) {
  if (d.related.empty()) return false;
  const std::string& first = d.related.front().message;
  if (first != kJobValueReaches && first != kConfigValueReaches) return false;
  bool argv = first == kJobValueReaches;
  Location value_spot = d.location;
  d.location = d.related.front().location;
  d.related.erase(d.related.begin());
  d.related.push_back({value_spot, argv ? "job argv writes the value here" : "config key writes the value here"});
  d.fixes.clear();
  return true;
}

void attachWrittenValueFix(Diagnostic& d, const SourceFile& file) {
  if (!d.value_fix || d.location.file != file.path()) return;
  const WrittenValueFix& v = *d.value_fix;
  if (auto edit = fixits::replaceTokenValue(file, d.location.begin, d.location.end, v.literal, v.replacement))
    d.fixes.push_back(Fix{v.title, v.applicability, {*edit}});
}

bool mayReadRunConfig(const std::string& text) {
  for (const char* word : {"hydra", "OmegaConf", "yaml", "json", "deepspeed"})
    if (text.find(word) != std::string::npos) return true;
  return false;
}

bool mayBindAlone(const python::ScriptModel& script) {
  for (const python::ConfigRead& r : script.configReads())
    if (r.root != python::ConfigRoot::LightningTrainer && r.root != python::ConfigRoot::LightningInit) return true;
  return false;
}

}  // namespace gpulint
