#pragma once
// The workspace around the open documents: its folders, the job configs
// (YAML/JSON) found in them, and job linking for one document as a pure
// function of file texts -- the server only decides which texts to pass.
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "checkers/pipeline.h"
#include "frontend/project/settings.h"
#include "lsp/transport.h"

namespace gpulint::lsp {

// Bounds for the configs read from disk: a workspace that is a home folder
// must not make every keystroke read thousands of files.
constexpr size_t kMaxWorkspaceConfigs = 2000;
constexpr size_t kMaxConfigBytes = 1u << 20;

// A file as the server sees it: an open document's text, else the disk's.
struct WorkspaceText {
  std::string path;
  std::string text;
};

// Workspace folders and the YAML/JSON files below them, read once and then
// kept up to date from save and file-watch events.
class Workspace {
 public:
  // The settings (excludes) of a folder.
  using SettingsFor = std::function<Settings(const std::string& folder)>;

  void setFolders(std::vector<std::string> folders);
  void changeFolders(const std::vector<std::string>& added, const std::vector<std::string>& removed);
  [[nodiscard]] const std::vector<std::string>& folders() const { return folders_; }
  [[nodiscard]] bool inside(const std::string& path) const;

  // path -> text of every config below the folders (walked on first use).
  [[nodiscard]] const std::map<std::string, std::string>& configs(const SettingsFor& settings_for);
  // A config on disk was created, changed or deleted: re-read just that file.
  void fileChanged(const std::string& path);

 private:
  std::vector<std::string> folders_;
  bool walked_ = false;
  std::map<std::string, std::string> configs_;
};

// Whether a config's text may launch `script_path`: it names the script's
// file stem ("train" for .../train.py, as in `python train.py` or
// `python -m pkg.train`). A cheap filter before the real job detection.
[[nodiscard]] bool mayLaunch(std::string_view config_text, const std::string& script_path);

// `workspaceFolders`/`rootUri`/`rootPath` of initialize params -> folder paths.
[[nodiscard]] std::vector<std::string> foldersFromInitialize(const json& params);

struct LinkRequest {
  FileAnalysis target;                 // the document's own (per-file) analysis
  std::vector<WorkspaceText> configs;  // YAML/JSON files that may be jobs
  std::vector<WorkspaceText> scripts;  // open scripts: their text wins over the disk's
};

// The target after job linking (linkJobs, as `gpulint check` runs it): a
// script launched by jobs gets the findings it has under them (those whose
// value is written in a job move to that job file); a job file gets its job
// findings, its parse error, and the findings moved to it from the scripts it
// launches. Only findings located in the target itself are kept.
[[nodiscard]] FileAnalysis linkDocument(LinkRequest request, const RuleOptions& options);

}  // namespace gpulint::lsp
