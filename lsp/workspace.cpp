#include "lsp/workspace.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "checkers/project_pass.h"
#include "frontend/cxx/include_policy.h"
#include "frontend/project/discover.h"
#include "lsp/features.h"

namespace fs = std::filesystem;

namespace gpulint::lsp {

namespace {

std::string normal(const std::string& path) { return fs::path(path).lexically_normal().generic_string(); }

bool isConfigPath(const std::string& path) {
  FileKind kind = kindFromPath(path);
  std::string name = fs::path(path).filename().string();
  return (kind == FileKind::Yaml || kind == FileKind::Json) && name != ".gpulint.yaml" && name != ".gpulint.yml";
}

// The file's text, or nullopt when it is missing, not regular or too big.
std::optional<std::string> readConfig(const std::string& path) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec) || fs::file_size(path, ec) > kMaxConfigBytes || ec) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

bool wordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-'; }

}  // namespace

// A folder as compared and stored: normalised, without a trailing slash.
static std::string folderKey(const std::string& folder) {
  std::string key = normal(folder);
  while (key.size() > 1 && key.back() == '/') key.pop_back();
  return key;
}

void Workspace::setFolders(std::vector<std::string> folders) {
  folders_.clear();
  for (const auto& f : folders)
    if (!f.empty() && std::find(folders_.begin(), folders_.end(), folderKey(f)) == folders_.end())
      folders_.push_back(folderKey(f));
  // C++ parsing may read inside the workspace folders (and system headers) only.
  cxx::setAnalysisRoots(folders_);
  walked_ = false;
  configs_.clear();
}

void Workspace::changeFolders(const std::vector<std::string>& added, const std::vector<std::string>& removed) {
  std::vector<std::string> next;
  for (const auto& f : folders_)
    if (std::none_of(removed.begin(), removed.end(), [&](const std::string& r) { return folderKey(r) == f; }))
      next.push_back(f);
  next.insert(next.end(), added.begin(), added.end());
  setFolders(std::move(next));
}

bool Workspace::inside(const std::string& path) const {
  std::string p = normal(path);
  for (const auto& f : folders_) {
    std::string prefix = f.ends_with('/') ? f : f + "/";
    if (p.rfind(prefix, 0) == 0) return true;
  }
  return false;
}

const std::map<std::string, std::string>& Workspace::configs(const SettingsFor& settings_for) {
  if (walked_) return configs_;
  walked_ = true;
  for (const auto& folder : folders_) {
    Discovery found = discoverFiles({folder}, settings_for(folder), folder);
    for (const auto& file : found.files) {
      if (configs_.size() >= kMaxWorkspaceConfigs) return configs_;
      if (!isConfigPath(file.path)) continue;
      if (auto text = readConfig(file.path)) configs_[normal(file.path)] = std::move(*text);
    }
  }
  return configs_;
}

void Workspace::fileChanged(const std::string& path) {
  if (!walked_ || !isConfigPath(path) || !inside(path)) return;  // the first walk will read it
  std::string key = normal(path);
  if (auto text = readConfig(key)) {
    if (configs_.count(key) || configs_.size() < kMaxWorkspaceConfigs) configs_[key] = std::move(*text);
  } else {
    configs_.erase(key);
  }
}

bool mayLaunch(std::string_view config_text, const std::string& script_path) {
  std::string stem = fs::path(script_path).stem().string();
  if (stem.empty()) return false;
  for (size_t at = config_text.find(stem); at != std::string_view::npos; at = config_text.find(stem, at + 1)) {
    size_t end = at + stem.size();
    bool starts = at == 0 || !wordChar(config_text[at - 1]);
    bool ends = end == config_text.size() || !wordChar(config_text[end]);
    if (starts && ends) return true;
  }
  return false;
}

std::vector<std::string> foldersFromInitialize(const json& params) {
  std::vector<std::string> out;
  const json folders = params.value("workspaceFolders", json());
  if (folders.is_array()) {
    for (const auto& f : folders)
      if (f.is_object() && f.value("uri", json()).is_string())
        if (std::string path = uriToPath(f["uri"].get<std::string>()); !path.empty()) out.push_back(path);
    return out;
  }
  if (params.value("rootUri", json()).is_string()) {
    if (std::string path = uriToPath(params["rootUri"].get<std::string>()); !path.empty()) out.push_back(path);
  } else if (params.value("rootPath", json()).is_string() && !params["rootPath"].get<std::string>().empty()) {
    out.push_back(params["rootPath"].get<std::string>());
  }
  return out;
}

FileAnalysis linkDocument(LinkRequest request, const RuleOptions& options) {
  if (!request.target.source) return std::move(request.target);
  const std::string target_path = request.target.source->path();
  std::vector<FileAnalysis> results;
  std::vector<std::string> disk_paths;
  results.push_back(std::move(request.target));
  disk_paths.push_back(fs::path(target_path).is_absolute() ? target_path : "");
  auto add = [&](WorkspaceText& file) {
    if (normal(file.path) == normal(target_path)) return;
    FileAnalysis other;  // its own findings are not needed: only the target's are read
    other.source = std::make_shared<SourceFile>(file.path, std::move(file.text), kindFromPath(file.path));
    results.push_back(std::move(other));
    disk_paths.push_back(file.path);
  };
  for (auto& c : request.configs) add(c);
  for (auto& s : request.scripts) add(s);
  if (results.size() > 1 || isConfigPath(target_path)) linkJobs({&results, &disk_paths, &options});
  FileAnalysis out = std::move(results.front());
  std::erase_if(out.diagnostics, [&](const Diagnostic& d) { return d.location.file != target_path; });
  return out;
}

}  // namespace gpulint::lsp
