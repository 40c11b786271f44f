#include "checkers/data/worker_restarts.h"

#include <algorithm>

#include "checkers/python_common.h"
#include "fixits/python_edits.h"
#include "frontend/python/parameter_default.h"
#include "frontend/python/syntax.h"

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

bool keepsNoWorkers(const python::ScriptModel& model, const python::Call& loader, ts::Node* arg,
                    python::ResolvedValue* persistent) {
  // Workers restart unless persistent, or unless the loader's class iterates its own way.
  if (loader.mayHideArgument("persistent_workers", -1) || mayKeepIterator(model, loader)) return false;
  *arg = loader.keyword("persistent_workers");
  *persistent = *arg ? model.resolve(*arg) : python::ResolvedValue::ofBool(false);
  // Unknown, on, or a string (a truthy value whatever it says): nothing restarts for sure.
  auto on = persistent->truthiness();
  return on && !*on && persistent->kind != python::ResolvedValue::Kind::String;
}

std::optional<RestartNote> restartingWorkers(const python::ScriptModel& model, const python::Call& loader,
                                             const python::ResolvedValue& workers) {
  if (workers.kind != python::ResolvedValue::Kind::Int || workers.int_value <= 0) return std::nullopt;
  ts::Node arg;
  python::ResolvedValue persistent;
  if (!keepsNoWorkers(model, loader, &arg, &persistent)) return std::nullopt;
  return RestartNote{model, loader, workers, arg, std::move(persistent)};
}

python::ResolvedValue workersPassedBeside(const python::ScriptModel& model, const python::Call& loader,
                                          const python::ScriptModel& home, const python::Loop& epoch) {
  const python::Function* factory = loader.function;
  ts::Node written = python::syntax::unwrap(loader.argument("num_workers", kNumWorkersIndex));
  if (!factory || !written || !written.is("identifier")) return {};
  std::string_view param = written.text();
  const auto& params = factory->parameters;
  if (std::find(params.begin(), params.end(), param) == params.end()) return {};
  // The parameter itself, not a name rebound in the factory.
  if (auto b = model.lastBinding(written); !b || !b->parameter) return {};
  const python::Function* around = home.enclosingFunction(epoch.node);
  std::optional<python::ResolvedValue> smallest;
  for (const python::Call& c : home.calls()) {
    if (home.callTarget(c).second != factory || epoch.node.contains(c.node) || home.enclosingFunction(c.node) != around)
      continue;
    python::ResolvedValue v;
    // The step's location is the argument at the call (or the default the call leaves).
    if (ts::Node arg = home.argumentFor(c, *factory, param)) {
      v = home.resolve(arg);
      v.chain.insert(v.chain.begin(), {home.location(arg.parent().is("keyword_argument") ? arg.parent() : arg),
                                       "passed as " + std::string(param) + " to " + factory->name + "()"});
    } else if (c.has_star_args || c.has_star_kwargs) {
      return {};  // may be passed: unknown
    } else if (ts::Node def = python::parameterDefault(*factory, param)) {
      v = model.resolve(def);
      v.chain.insert(v.chain.begin(), {model.location(def.parent()), "default of parameter " + std::string(param) +
                                                                          ", not passed by the call at " +
                                                                          home.file().path() + ":" +
                                                                          std::to_string(c.node.line())});
    }
    if (v.kind != python::ResolvedValue::Kind::Int) return {};
    if (!smallest || v.int_value < smallest->int_value) smallest = std::move(v);
  }
  return smallest ? *smallest : python::ResolvedValue{};
}

}  // namespace gpulint::checks
