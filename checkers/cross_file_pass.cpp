#include "checkers/cross_file_pass.h"

#include <algorithm>

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

CrossFilePass::CrossFilePass(std::vector<FileAnalysis>& results, const RuleOptions& options)
    : results_(results), options_(options) {
  size_t python = 0;
  for (FileAnalysis& r : results_) {
    if (!r.source || r.source->kind() != FileKind::Python || !r.error.empty()) continue;
    if (!r.script) r.script = python::buildScriptModel(r.source, options_);
    ++python;
  }
  if (python < 2) return;
  for (FileAnalysis& r : results_)
    if (r.script && r.source && r.source->kind() == FileKind::Python && r.error.empty())
      project_.add(r.script.get());
  project_.link();
  attachment_ = std::make_unique<python::ProjectAttachment>(project_);
  linked_ = true;
}

void CrossFilePass::run() {
  if (!linked_) return;
  std::map<std::string, size_t> by_path;
  for (size_t i = 0; i < results_.size(); ++i)
    if (results_[i].source) by_path.emplace(results_[i].source->path(), i);
  for (size_t i = 0; i < results_.size(); ++i) {
    FileAnalysis& r = results_[i];
    if (!r.script || !r.error.empty() || !project_.linksAcrossFiles(*r.script)) continue;
    std::vector<Diagnostic> own;
    for (Diagnostic& d : pythonDiagnostics(*r.script, options_)) {
      auto there = by_path.find(d.location.file);
      if (there == by_path.end() || there->second == i) own.push_back(std::move(d));
      else addOnce(elsewhere_[there->second], std::move(d));
    }
    r.diagnostics = std::move(own);
  }
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
