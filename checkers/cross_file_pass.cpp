#include "checkers/cross_file_pass.h"

#include <algorithm>
#include <optional>

#include "core/parallel_for.h"
#include "frontend/project/yacs_binding.h"
#include "frontend/python/script_model.h"

namespace gpulint {

namespace {

bool sameFinding(const Diagnostic& a, const Diagnostic& b) {
  return a.rule == b.rule && a.location.file == b.location.file && a.location.begin == b.location.begin &&
         a.location.end == b.location.end;
}

void addOnce(std::vector<Diagnostic>& into, Diagnostic d) {
  for (const Diagnostic& e : into)
    if (sameFinding(e, d)) return;
  into.push_back(std::move(d));
}

}  // namespace

CrossFilePass::CrossFilePass(std::vector<FileAnalysis>& results, const RuleOptions& options, unsigned jobs,
                             const ConfigBinder& bind_configs)
    : results_(results), options_(options), jobs_(jobs) {
  size_t python = 0;
  for (FileAnalysis& r : results_) {
    if (!r.source || r.source->kind() != FileKind::Python || !r.error.empty()) continue;
    if (!r.script) r.script = python::buildScriptModel(r.source, options_);
    ++python;
  }
  // Before the link: what the link settles may read config values. By index,
  // as binding may append the config files it loads from disk to the results.
  if (bind_configs)
    for (size_t i = 0, n = results_.size(); i < n; ++i)
      if (results_[i].script && results_[i].error.empty()) bind_configs(i, *results_[i].script);
  if (python >= 2) {
    for (FileAnalysis& r : results_)
      if (r.script && r.source && r.source->kind() == FileKind::Python && r.error.empty())
        project_.add(r.script.get());
    project_.link(jobs);
    bindYacsTrees();
    linked_ = true;
  } else {
    // One file: its own callers hand the dicts its splatted parameters take (the link does this for a project).
    std::vector<python::ScriptModel*> models;
    for (FileAnalysis& r : results_)
      if (r.script && r.source && r.source->kind() == FileKind::Python && r.error.empty()) models.push_back(r.script.get());
    python::expandParameterSplats(models);
    python::ProjectModel::importDictOptions(models);
  }
  completeUnlinked(jobs);
  if (linked_) attachment_ = std::make_unique<python::ProjectAttachment>(project_);
}

// yacs/fvcore config trees: their keys' values come from the project's YAML files too.
void CrossFilePass::bindYacsTrees() {
  std::vector<SourceFilePtr> yamls;
  for (const FileAnalysis& r : results_)
    if (r.source && r.source->kind() == FileKind::Yaml) yamls.push_back(r.source);
  python::CacheScope scope;  // the models' memos stay as the checks will find them
  project::bindYacsConfigs(project_, yamls);
}

// Files whose checks were deferred and that link to no other file get their
// own findings, as the per-file pass would: without the project attached
// (each then reads only its own model, so they run in parallel).
void CrossFilePass::completeUnlinked(unsigned jobs) {
  std::vector<FileAnalysis*> unlinked;
  for (FileAnalysis& r : results_)
    if (r.deferred && !(linked_ && project_.linksAcrossFiles(*r.script))) unlinked.push_back(&r);
  for (FileAnalysis* r : unlinked) r->script->attachProject(nullptr);
  std::vector<size_t> sizes;
  for (FileAnalysis* r : unlinked) sizes.push_back(r->source ? r->source->text().size() : 0);
  std::vector<size_t> order = largestFirst(sizes);
  parallelFor(unlinked.size(), jobs, [&](size_t k) { completeOwnChecks(*unlinked[order[k]], options_); });
}

void CrossFilePass::run() {
  if (!linked_) return;
  std::vector<size_t> linked;
  for (size_t i = 0; i < results_.size(); ++i)
    if (results_[i].script && results_[i].error.empty() && project_.linksAcrossFiles(*results_[i].script))
      linked.push_back(i);
  // Each file is checked under a cache scope of its own (script_model.h):
  // the threads share the models but no memo, and every file's findings are
  // those it would have alone, whatever ran before it on its thread.
  std::vector<std::optional<std::vector<Diagnostic>>> found(linked.size());
  // A linked file's checks walk the files it links with: its cost follows
  // their bytes with its own (ordered by its own size alone, Lightning's
  // costliest small files came last: 91M instructions on one thread, 22M
  // on the other).
  std::vector<size_t> sizes;
  for (size_t i : linked) {
    const python::ScriptModel& m = *results_[i].script;
    sizes.push_back(m.file().text().size() + project_.linkedBytes(m));
  }
  std::vector<size_t> order = largestFirst(sizes);
  parallelFor(linked.size(), jobs_, [&](size_t at) {
    size_t k = order[at];
    FileAnalysis& r = results_[linked[k]];
    python::CacheScope scope;
    std::vector<Diagnostic> diagnostics;
    extendBudget(r, project_.linkedBytes(*r.script));  // its checks walk the files it links with
    if (runWithinBudget(r, [&] { diagnostics = pythonDiagnostics(*r.script, options_); }))
      found[k] = std::move(diagnostics);
    r.deferred.reset();
  });
  std::map<std::string, size_t> by_path;
  for (size_t i = 0; i < results_.size(); ++i)
    if (results_[i].source) by_path.emplace(results_[i].source->path(), i);
  for (size_t k = 0; k < linked.size(); ++k)
    if (found[k]) keepOrHandOver(linked[k], std::move(*found[k]), by_path);
}

// A linked file's findings in its own file replace its per-file ones; those
// located in another file are held for handOver().
void CrossFilePass::keepOrHandOver(size_t index, std::vector<Diagnostic> found,
                                   const std::map<std::string, size_t>& by_path) {
  std::vector<Diagnostic> own;
  for (Diagnostic& d : found) {
    auto there = by_path.find(d.location.file);
    if (there == by_path.end() || there->second == index) own.push_back(std::move(d));
    else addOnce(elsewhere_[there->second], std::move(d));
  }
  results_[index].diagnostics = std::move(own);
}

void CrossFilePass::handOver() {
  for (auto& [index, diagnostics] : elsewhere_) {
    auto& target = results_[index].diagnostics;
    for (Diagnostic& d : diagnostics) addOnce(target, std::move(d));
    std::sort(target.begin(), target.end(), diagnosticLess);
  }
  elsewhere_.clear();
}

}  // namespace gpulint
