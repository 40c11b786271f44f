#pragma once
// The Python files of a run as one project (frontend/python/project_model.h):
// files that call into, or are called from, other files of the project are
// analysed again with the project attached, so a device, a loader or a
// value made in one module is known where another module uses it. A finding
// located in another file (GPU103 at a loader built in main.py and iterated
// in engine.py) is handed to that file, once.
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "checkers/pipeline.h"
#include "frontend/python/project_model.h"

namespace gpulint {

class CrossFilePass {
 public:
  // Binds the run configs a script names itself (a default `--config` path
  // read with yaml.load, @hydra.main) to its model; called with the result's
  // index, before the link.
  using ConfigBinder = std::function<void(size_t, python::ScriptModel&)>;

  // Builds the models the per-file pass did not keep (files added by the
  // editor without analysis), binds each script's own run configs (so a
  // value another module receives from the script, an epoch count read from
  // the YAML file its --config default names, is known there) and links the
  // project. Deferred checks (pipeline.h) of files that link to no other run
  // here, on `jobs` threads.
  CrossFilePass(std::vector<FileAnalysis>& results, const RuleOptions& options, unsigned jobs = 1,
                const ConfigBinder& bind_configs = {});

  // Re-analyses the linked files (whose deferred checks this completes), on
  // the `jobs` threads; their own findings replace the per-file ones,
  // findings located elsewhere are held for handOver(). The result does not
  // depend on the number of threads.
  void run();
  // Adds the held findings to the files they point at (after the job pass
  // has replaced the findings of job-linked scripts).
  void handOver();
  // The project, for models built later (job-linked scripts); null when the
  // run has fewer than two Python files.
  [[nodiscard]] const python::ProjectModel* project() const { return linked_ ? &project_ : nullptr; }

 private:
  std::vector<FileAnalysis>& results_;
  const RuleOptions& options_;
  python::ProjectModel project_;
  std::unique_ptr<python::ProjectAttachment> attachment_;
  unsigned jobs_;
  std::map<size_t, std::vector<Diagnostic>> elsewhere_;  // result index -> findings located there
  bool linked_ = false;

  void completeUnlinked(unsigned jobs);
  void bindYacsTrees();
  void keepOrHandOver(size_t index, std::vector<Diagnostic> found, const std::map<std::string, size_t>& by_path);
};

}  // namespace gpulint
