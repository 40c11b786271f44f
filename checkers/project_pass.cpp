// Job -> script linking and job-valued re-analysis (see project_pass.h).
#include "checkers/project_pass.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include "frontend/config/config_model.h"
#include "frontend/project/argv_binding.h"
#include "frontend/project/job.h"
#include "frontend/python/script_model.h"

namespace fs = std::filesystem;

namespace gpulint {

namespace {

std::string norm(const fs::path& p) { return p.lexically_normal().generic_string(); }

bool isJobCandidate(const FileAnalysis& r) {
  if (!r.source || !r.error.empty()) return false;
  if (r.source->kind() != FileKind::Yaml && r.source->kind() != FileKind::Json) return false;
  // The tool's own settings file is never a job.
  return fs::path(r.source->path()).filename() != ".gpulint.yaml";
}

class Linker {
 public:
  explicit Linker(ProjectInput in) : in_(in) {
    for (size_t i = 0; i < in_.results->size(); ++i) index(i);
  }

  void run() {
    size_t n = in_.results->size();  // scripts appended below are not jobs
    for (size_t i = 0; i < n; ++i) {
      if (!isJobCandidate((*in_.results)[i])) continue;
      auto model = config::buildConfigModel((*in_.results)[i].source);
      if (!model->error().empty()) {
        (*in_.results)[i].error = model->error();
        continue;
      }
      for (const project::Job& job : project::detectJobs(*model))
        for (const project::JobRole& role : job.roles)
          for (const project::Launch& launch : role.shell.launches) analyseLaunch(i, job, launch);
    }
    // Scripts reached by a job: their job-valued findings replace the defaults'.
    for (auto& [script, diags] : linked_) (*in_.results)[script].diagnostics = std::move(diags);
    for (auto& [job_file, diags] : moved_) {
      auto& target = (*in_.results)[job_file].diagnostics;
      target.insert(target.end(), diags.begin(), diags.end());
      std::sort(target.begin(), target.end(), diagnosticLess);
    }
  }

 private:
  void index(size_t i) {
    const FileAnalysis& r = (*in_.results)[i];
    if (!r.source || r.source->kind() != FileKind::Python) return;
    by_path_[norm(r.source->path())] = i;
    by_name_[fs::path(r.source->path()).filename().string()].push_back(i);
  }

  // The entry script's result index: relative to the job's folder (through
  // AML `code:` and a relative `cd`), else the only file of that name.
  std::optional<size_t> entryScript(size_t job_index, const project::Job& job, const project::Launch& launch) {
    std::string rel = launch.script;
    if (rel.empty() && !launch.module.empty()) {
      rel = launch.module;
      std::replace(rel.begin(), rel.end(), '.', '/');
      rel += ".py";
    }
    if (rel.empty() || launch.entry.unknown) return std::nullopt;
    fs::path display_dir = fs::path((*in_.results)[job_index].source->path()).parent_path();
    fs::path disk_dir = fs::path((*in_.disk_paths)[job_index]).parent_path();
    std::vector<fs::path> bases;
    fs::path code = job.code_dir;
    bool relative_cwd = !launch.cwd.empty() && launch.cwd[0] != '/' && launch.cwd[0] != '$';
    if (fs::path(rel).is_relative()) {
      if (relative_cwd) bases.push_back(code / launch.cwd);
      bases.push_back(code);
    }
    for (const fs::path& base : bases) {
      if (auto it = by_path_.find(norm(display_dir / base / rel)); it != by_path_.end()) return it->second;
      if ((*in_.disk_paths)[job_index].empty()) continue;
      if (auto loaded = loadFromDisk(disk_dir / base / rel, display_dir / base / rel)) return loaded;
    }
    auto named = by_name_.find(fs::path(rel).filename().string());
    if (named != by_name_.end() && named->second.size() == 1) return named->second.front();
    return std::nullopt;
  }

  std::optional<size_t> loadFromDisk(const fs::path& disk, const fs::path& display) {
    std::error_code ec;
    if (!fs::is_regular_file(disk, ec)) return std::nullopt;
    LoadedSource loaded = loadSource(disk.string(), norm(display));
    if (!loaded.source || loaded.source->kind() != FileKind::Python) return std::nullopt;
    in_.results->push_back(analyzeSource(loaded.source, *in_.options));
    in_.disk_paths->push_back(disk.string());
    index(in_.results->size() - 1);
    return in_.results->size() - 1;
  }

  void analyseLaunch(size_t job_index, const project::Job& job, const project::Launch& launch) {
    std::optional<size_t> script = entryScript(job_index, job, launch);
    if (!script) return;
    const SourceFile& job_file = *(*in_.results)[job_index].source;
    auto model = python::buildScriptModel((*in_.results)[*script].source, *in_.options);
    project::applyBindings(*model, project::bindArgv(launch.args, *model, job_file));
    AnalysisContext context;
    context.script = model.get();
    context.options = in_.options;
    VectorSink sink;
    for (const auto& checker : allCheckers())
      if (checker->reads(FileKind::Python)) checker->run(context, sink);
    auto& script_diags = linked_[*script];
    for (Diagnostic& d : sink.diagnostics) {
      bool moved = moveToJobToken(d, job_file.path());
      addOnce(moved ? moved_[job_index] : script_diags, std::move(d));
    }
  }

  // A value written in the job's argv: the finding belongs at that token.
  static bool moveToJobToken(Diagnostic& d, const std::string& job_path) {
    // Only when the job token is where the value is written (the chain's
    // last step); a value computed from the job's and the script's values
    // stays at the script.
    if (!d.related.empty()) {
      size_t k = d.related.size() - 1;
      const RelatedLocation& rel = d.related[k];
      if (rel.location.file != job_path || rel.message.rfind("job argv", 0) != 0) return false;
      Location script_spot = d.location;
      d.location = rel.location;
      d.related.erase(d.related.begin() + static_cast<long>(k));
      d.related.insert(d.related.begin(), {script_spot, "the job's value reaches here"});
      d.fixes.clear();  // fixes were planned for the script spot
      return true;
    }
    return false;
  }

  static void addOnce(std::vector<Diagnostic>& into, Diagnostic d) {
    for (const Diagnostic& e : into)
      if (e.rule == d.rule && e.location.file == d.location.file && e.location.begin == d.location.begin &&
          e.location.end == d.location.end && e.message == d.message)
        return;
    into.push_back(std::move(d));
  }

  ProjectInput in_;
  std::map<std::string, size_t> by_path_;
  std::map<std::string, std::vector<size_t>> by_name_;
  std::map<size_t, std::vector<Diagnostic>> linked_;
  std::map<size_t, std::vector<Diagnostic>> moved_;
};

}  // namespace

void linkJobs(ProjectInput input) {
  if (input.disk_paths->size() < input.results->size()) input.disk_paths->resize(input.results->size());
  Linker(input).run();
}

}  // namespace gpulint
