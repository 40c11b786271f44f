#include "checkers/data/worker_restarts.h"

#include "checkers/python_common.h"
#include "fixits/python_edits.h"

namespace gpulint::checks {

std::string workerCount(const std::string& n, std::string_view noun) {
  std::string plural = noun.ends_with("s") ? "es" : "s";
  return n + " " + std::string(noun) + (n == "1" ? "" : plural);
}

std::string itsWorkers(const std::string& n) {
  return n == "1" ? "its worker process" : "its " + workerCount(n, "worker process");
}

void addPersistentFix(const python::ScriptModel& model, const python::Call& loader,
                      const python::ResolvedValue& workers, ts::Node arg, Diagnostic& d) {
  Fix fix{"Set persistent_workers=True", Applicability::Unsafe, {}};
  // A count from a variable may be 0 at run time (`--workers 0`), where
  // persistent_workers=True would raise: tie it to the count.
  std::string value =
      workers.chain.empty() ? "True" : fixits::positiveTest(loader.argument("num_workers", kNumWorkersIndex));
  if (!arg) fix.edits.push_back(fixits::addKeywords(model, loader, {{"persistent_workers", value}}));
  else if (arg.is("false")) fix.edits.push_back(fixits::replaceNode(model, arg, value));
  if (!fix.edits.empty()) d.fixes.push_back(std::move(fix));
}

std::string RestartNote::persistentPhrase() const {
  return arg ? "with persistent_workers=" + persistent.display() + originSuffix(persistent)
             : std::string("without persistent_workers=True");
}

Diagnostic RestartNote::diagnostic(std::string message, std::vector<RelatedLocation> related) const {
  Diagnostic d;
  d.rule = "GPU105";
  d.level = Level::Note;
  d.location = arg ? model.location(arg.parent()) : callHead(model, loader);
  d.message = std::move(message);
  d.related = std::move(related);
  for (const RelatedLocation& r : relatedFrom(persistent)) d.related.push_back(r);
  addPersistentFix(model, loader, workers, arg, d);
  return d;
}

std::optional<RestartNote> restartingWorkers(const python::ScriptModel& model, const python::Call& loader,
                                             const python::ResolvedValue& workers) {
  if (workers.kind != python::ResolvedValue::Kind::Int || workers.int_value <= 0) return std::nullopt;
  // Workers restart unless persistent, or unless the loader's class iterates its own way.
  if (loader.mayHideArgument("persistent_workers", -1) || mayKeepIterator(model, loader)) return std::nullopt;
  ts::Node arg = loader.keyword("persistent_workers");
  python::ResolvedValue persistent = arg ? model.resolve(arg) : python::ResolvedValue::ofBool(false);
  // Unknown, on, or a string (a truthy value whatever it says): nothing restarts for sure.
  if (auto on = persistent.truthiness(); !on || *on || persistent.kind == python::ResolvedValue::Kind::String)
    return std::nullopt;
  return RestartNote{model, loader, workers, arg, std::move(persistent)};
}

}  // namespace gpulint::checks
