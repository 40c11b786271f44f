// The workspace side of the server: folders, watched files, and which texts
// job linking reads for a document (linkDocument does the work).
#include <filesystem>

#include "lsp/features.h"
#include "lsp/server.h"

namespace gpulint::lsp {

namespace {

bool isConfig(const Document& doc) { return doc.kind() == FileKind::Yaml || doc.kind() == FileKind::Json; }

std::vector<std::string> folderPaths(const json& list) {
  std::vector<std::string> out;
  if (!list.is_array()) return out;
  for (const auto& f : list)
    if (f.is_object() && f.value("uri", json()).is_string())
      if (std::string path = uriToPath(f["uri"].get<std::string>()); !path.empty()) out.push_back(path);
  return out;
}

}  // namespace

void Server::didChangeWorkspaceFolders(const json& params) {
  const json& event = params.at("event");
  workspace_.changeFolders(folderPaths(event.value("added", json::array())),
                           folderPaths(event.value("removed", json::array())));
  for (const auto& [uri, doc] : documents_)
    if (doc.kind() == FileKind::Python || isConfig(doc)) dirty_.insert(uri);
}

void Server::didChangeWatchedFiles(const json& params) {
  bool configs_changed = false;
  for (const auto& change : params.at("changes")) {
    std::string path = uriToPath(change.at("uri").get<std::string>());
    std::string name = std::filesystem::path(path).filename().string();
    if (name == ".gpulint.yaml" || name == ".gpulint.yml") {
      settingsChanged();
      return;
    }
    FileKind kind = kindFromPath(path);
    if (kind != FileKind::Yaml && kind != FileKind::Json) continue;
    workspace_.fileChanged(path);
    configs_changed = true;
  }
  // Rare enough to re-check every open script rather than track old texts.
  if (configs_changed)
    for (const auto& [uri, doc] : documents_)
      if (doc.kind() == FileKind::Python) dirty_.insert(uri);
}

void Server::markDependents(const Document& doc) {
  for (const auto& [uri, other] : documents_) {
    if (uri == doc.uri()) continue;
    if (doc.kind() == FileKind::Python && isConfig(other) && mayLaunch(other.text(), doc.path()))
      dirty_.insert(uri);  // a job that launches the script: findings move to it
    else if (isConfig(doc) && other.kind() == FileKind::Python && mayLaunch(doc.text(), other.path()))
      dirty_.insert(uri);  // a script the job launches: its values come from the job
  }
}

std::vector<WorkspaceText> Server::configsLaunching(const std::string& script_path) {
  std::map<std::string, const std::string*> open;  // open configs: their text wins over the disk's
  for (const auto& [uri, doc] : documents_)
    if (isConfig(doc)) open[std::filesystem::path(doc.path()).lexically_normal().generic_string()] = &doc.text();
  std::vector<WorkspaceText> out;
  auto settings_for = [this](const std::string& folder) { return settingsForDir(folder); };
  for (const auto& [path, text] : workspace_.configs(settings_for))
    if (!open.count(path) && mayLaunch(text, script_path)) out.push_back({path, text});
  for (const auto& [path, text] : open)
    if (mayLaunch(*text, script_path)) out.push_back({path, *text});
  return out;
}

FileAnalysis Server::analyzeInWorkspace(Document& doc, const RuleOptions& options) {
  std::vector<WorkspaceText> configs;
  if (doc.kind() == FileKind::Python) configs = configsLaunching(doc.path());
  // Job linking reads the model: kept findings come without one.
  FileAnalysis own = doc.analyze(options, /*reuse=*/configs.empty());
  if (!own.source || (doc.kind() != FileKind::Python && !isConfig(doc))) return own;
  LinkRequest request{std::move(own), {}, {}};
  if (doc.kind() == FileKind::Python) {
    request.configs = std::move(configs);
  } else {
    for (const auto& [uri, other] : documents_)
      if (other.kind() == FileKind::Python && mayLaunch(doc.text(), other.path()))
        request.scripts.push_back({other.path(), other.text()});
  }
  return linkDocument(std::move(request), options);
}

}  // namespace gpulint::lsp
