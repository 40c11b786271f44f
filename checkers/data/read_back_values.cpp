#include "checkers/data/read_back_values.h"

#include <string>
#include <utility>
#include <vector>

#include "frontend/python/project_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks {

namespace {

using python::Call;
using python::ScriptModel;
namespace syntax = python::syntax;

constexpr int kMaxDepth = 24;   // a sampling loop's outputs pass through a dozen ops and two helpers
constexpr int kBudget = 400;    // nodes visited per question: unknown past it

int& visits() {
  thread_local int n = 0;
  return n;
}

// Every caller, in this file or (through the project) another one, passes
// a read-back value for the parameter `id`.
bool parameterReadBack(const ScriptModel& m, ts::Node id, int depth) {
  const python::Function* f = m.enclosingFunction(id);
  if (!f) return false;
  std::vector<std::pair<const ScriptModel*, const Call*>> callers;
  for (const Call* c : m.callersOf(*f)) callers.emplace_back(&m, c);
  if (const python::ProjectModel* project = m.project())
    for (const python::ProjectCall& site : project->callersOf(*f))
      if (site.model != &m) callers.emplace_back(site.model, site.call);
  if (callers.empty()) return false;
  for (const auto& [model, c] : callers) {
    ts::Node arg = model->argumentFor(*c, *f, id.text());
    if (!arg || !readBackFromGpu(*model, arg, depth + 1)) return false;
  }
  return true;
}

bool callReadBack(const ScriptModel& m, const Call& c, int depth) {
  // `out.cpu()`: a copy to the host, of what the loop computed on its device.
  if (c.receiver && c.method == "cpu") return true;
  // `preds.numpy()`, `preds.tolist()` of a GPU tensor (or of one read back).
  if (c.receiver && syntax::oneOf(c.method, {"numpy", "tolist"}))
    return m.mayLiveOnDevice(c.receiver) || readBackFromGpu(m, c.receiver, depth + 1);
  // Array ops keep the values what they were.
  if (c.receiver && syntax::oneOf(c.method, {"astype", "round", "clip", "transpose", "reshape", "squeeze", "copy",
                                             "permute", "mul", "add", "convert", "resize", "crop", "rotate"}))
    return readBackFromGpu(m, c.receiver, depth + 1);
  if (!c.positional.empty() &&
      (syntax::oneOf(c.qualified, {"numpy.array", "numpy.asarray", "numpy.ascontiguousarray", "numpy.uint8",
                                   "numpy.clip", "PIL.Image.fromarray", "torch.from_numpy", "einops.rearrange"}) ||
       c.qualified.starts_with("cv2.")))
    return readBackFromGpu(m, c.positional[0], depth + 1);
  // A project helper: what it returns (`arrays_to_pictures(pics)`, `stamp(pic)`).
  if (const python::Function* f = m.calledFunction(c)) {
    bool generator = false;
    const std::vector<ts::Node>& returns = m.returnValues(*f, &generator);
    if (returns.empty()) return false;
    for (ts::Node r : returns)
      if (!readBackFromGpu(m, r, depth + 1)) return false;
    return true;
  }
  // Any other call given such a value first (`tagger(bgr)`, a watermark
  // encoder's `enc.encode(img, "dwtDct")`): made from what it was given.
  return !c.positional.empty() && readBackFromGpu(m, c.positional[0], depth + 1);
}

}  // namespace

bool readBackFromGpu(const ScriptModel& m, ts::Node e, int depth) {
  if (depth == 0) visits() = 0;
  e = syntax::unwrap(e);
  if (!e || depth > kMaxDepth || ++visits() > kBudget) return false;
  if (e.is("subscript")) return readBackFromGpu(m, e.field("value"), depth + 1);
  if (e.is("binary_operator"))
    return readBackFromGpu(m, e.field("left"), depth + 1) || readBackFromGpu(m, e.field("right"), depth + 1);
  if (e.is("list_comprehension") || e.is("generator_expression")) return readBackFromGpu(m, e.field("body"), depth + 1);
  if (e.is("call")) {
    const Call* c = m.callAt(e);
    return c && callReadBack(m, *c, depth);
  }
  if (!e.is("identifier")) return false;
  std::vector<python::NameBinding> bindings = m.reachingBindings(e);
  if (bindings.empty()) {  // a comprehension variable: an element of what it walks
    ts::Node iterable = syntax::comprehensionIterable(e, e.text());
    return iterable && readBackFromGpu(m, iterable, depth + 1);
  }
  for (const python::NameBinding& b : bindings) {
    if (b.parameter) {
      if (!parameterReadBack(m, e, depth)) return false;
      continue;
    }
    // `for x in outs:` binds an element of what the loop walks.
    if (b.statement && b.statement.is("for_statement")) {
      if (!readBackFromGpu(m, b.statement.field("right"), depth + 1)) return false;
      continue;
    }
    if (!b.value || b.index >= 0 || !readBackFromGpu(m, b.value, depth + 1)) return false;
  }
  return true;
}

}  // namespace gpulint::checks
