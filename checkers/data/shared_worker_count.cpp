#include "checkers/data/shared_worker_count.h"

#include <algorithm>
#include <string>

#include "checkers/python_common.h"

namespace gpulint::checks {

namespace {

bool sameEdit(const Edit& a, const Edit& b) {
  return a.file == b.file && a.begin == b.begin && a.end == b.end && a.replacement == b.replacement;
}

// True when a training step loop of the file iterates the loader.
bool feedsTraining(const python::ScriptModel& model, const python::Call* loader) {
  return std::any_of(model.loops().begin(), model.loops().end(), [&](const python::Loop& l) {
    if (l.kind != python::LoopKind::Step) return false;
    std::vector<const python::Call*> loaders = loadersIteratedBy(model, l);
    return std::find(loaders.begin(), loaders.end(), loader) != loaders.end();
  });
}

Diagnostic merged(const python::ScriptModel& model, std::vector<LoaderFinding*> group) {
  auto lead_it =
      std::find_if(group.begin(), group.end(), [&](LoaderFinding* f) { return feedsTraining(model, f->loader); });
  LoaderFinding* lead = lead_it == group.end() ? group.front() : *lead_it;
  Diagnostic d = std::move(lead->finding);
  std::string lines;
  size_t k = 0;
  for (LoaderFinding* f : group) {
    if (f == lead) continue;
    if (k++) lines += k == group.size() - 1 ? " and " : ", ";
    lines += std::to_string(f->finding.location.start.line);
    d.related.push_back({f->finding.location, "another DataLoader takes its worker count from the same place"});
    // The same fix kinds: add the edits this loader needs (its own
    // persistent_workers), once each (the written default is shared).
    for (Fix& mine : f->finding.fixes)
      for (Fix& ours : d.fixes)
        if (ours.title == mine.title)
          for (Edit& e : mine.edits)
            if (std::none_of(ours.edits.begin(), ours.edits.end(), [&](const Edit& o) { return sameEdit(o, e); }))
              ours.edits.push_back(std::move(e));
  }
  d.message += std::string(k == 1 ? " The DataLoader at line " : " The DataLoaders at lines ") + lines +
               (k == 1 ? " takes" : " take") +
               " its worker count from the same place, so the same edit fixes it: part of this finding.";
  return d;
}

}  // namespace

std::vector<Diagnostic> mergeSharedWorkerCounts(const python::ScriptModel& model, std::vector<LoaderFinding> found) {
  std::vector<Diagnostic> out;
  std::vector<bool> done(found.size(), false);
  for (size_t i = 0; i < found.size(); ++i) {
    if (done[i]) continue;
    std::vector<LoaderFinding*> group{&found[i]};
    for (size_t j = i + 1; j < found.size() && found[i].source; ++j)
      if (!done[j] && found[j].source == found[i].source) {
        group.push_back(&found[j]);
        done[j] = true;
      }
    out.push_back(group.size() == 1 ? std::move(found[i].finding) : merged(model, std::move(group)));
  }
  return out;
}

}  // namespace gpulint::checks
