#include "cli/project_scope.h"

#include <filesystem>

#include "checkers/run_config_pass.h"

namespace fs = std::filesystem;

namespace gpulint::cli {

namespace {

// The nearest folder at or above `dir` that marks a project root; "" when none.
std::string projectRoot(fs::path dir) {
  std::error_code ec;
  for (; !dir.empty(); dir = dir.parent_path()) {
    for (const char* marker : {".git", ".gpulint.yaml", "pyproject.toml"})
      if (fs::exists(dir / marker, ec)) return dir.string();
    if (dir == dir.root_path()) break;
  }
  return "";
}

}  // namespace

ProjectScope projectScope(const std::vector<std::string>& paths, const std::string& cwd) {
  ProjectScope plain{paths, {}};
  std::set<std::string> roots;
  ProjectScope scope;
  for (const auto& path : paths) {
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) return plain;
    std::string root = projectRoot(fs::absolute(path, ec).parent_path());
    if (!root.empty() && roots.insert(root).second) scope.analysed.push_back(root);
    scope.reported.insert(displayPath(path, cwd));
  }
  if (roots.empty()) return plain;
  // The given files too: named explicitly, they are analysed even when excluded.
  scope.analysed.insert(scope.analysed.end(), paths.begin(), paths.end());
  return scope;
}

void keepContextFiles(Discovery& discovery, const ProjectScope& scope) {
  if (scope.reported.empty()) return;
  std::erase_if(discovery.files, [&](const DiscoveredFile& f) {
    return !scope.reported.count(f.display) && f.kind == FileKind::Cxx;
  });
}

std::vector<Diagnostic> inScope(std::vector<Diagnostic> diagnostics, const ProjectScope& scope) {
  if (scope.reported.empty()) return diagnostics;
  std::vector<Diagnostic> out;
  for (auto& d : diagnostics) {
    if (!scope.reported.count(d.location.file)) {
      Diagnostic back = d;
      if (!moveBackToScript(back) || !scope.reported.count(back.location.file)) continue;
      d = std::move(back);
    }
    out.push_back(std::move(d));
  }
  return out;
}

}  // namespace gpulint::cli
