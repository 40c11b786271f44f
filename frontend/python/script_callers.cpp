// ScriptModel's call graph questions (which calls reach a function, what a call runs, closures), apart from lookups.
#include <algorithm>

#include "frontend/python/project_model.h"
#include "frontend/python/script_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

std::pair<const ScriptModel*, const Function*> ScriptModel::calledElsewhere(const Call& c) const {
  if (!project_) return {nullptr, nullptr};
  ProjectDef def = project_->calleeOf(*this, c);
  // A class constructed elsewhere runs its __init__, but the call returns
  // the instance, not what __init__ returns. A method named through its
  // class (`Cls.build(...)`, a static or class method; `Fn.apply(...)`
  // read as `Fn.forward(ctx, ...)`) is a call of that method.
  if (def.function && (!def.cls || def.function->name != "__init__")) return {def.model, def.function};
  if (auto [model, f] = closureCalled(c); f && model != this) return {model, f};
  return {nullptr, nullptr};
}

std::pair<const ScriptModel*, const Function*> ScriptModel::closureCalled(const Call& c) const {
  if (!c.callee.is("identifier")) return {nullptr, nullptr};
  // Most called names (builtins, imports) are assigned nowhere in the file:
  // a scan of its text tells, before the per-scope indexes below are built.
  if (c.callee.source() == root().source() && !mayAssign(c.method)) return {nullptr, nullptr};
  // The cheap test first (an indexed lookup per scope): the name is assigned
  // in its function or at module level; most called names (builtins,
  // imports) are not, and following their bindings would cost per call.
  auto assigned = [&](ts::Node scope) {
    const auto& names = bindingsOf(scope);
    auto it = names.find(c.method);
    return it != names.end() && !it->second.assignments.empty();
  };
  // A call of this file knows its innermost function (the builder recorded
  // it); only another's is looked up by walking its ancestors.
  bool ours = !calls_.empty() && &c >= calls_.data() && &c < calls_.data() + calls_.size();
  ts::Node def = ours ? (c.function ? c.function->node : ts::Node())
                      : syntax::ancestor(c.callee, {"function_definition"});
  if (!(def && assigned(def)) && !assigned(root())) return {nullptr, nullptr};
  std::optional<NameBinding> b = lastBinding(c.callee);
  ts::Node value = b && b->value && b->index < 0 && !b->conditional ? syntax::unwrap(b->value) : ts::Node();
  const Call* factory = value && value.is("call") ? callAt(value) : nullptr;
  if (!factory || factory == &c) return {nullptr, nullptr};
  // The factory itself by name: a def of this file, else of the project
  // (not followed further: a closure returned by a closure is rare).
  const ScriptModel* model = this;
  const Function* f = factory->callee.is("identifier") ? functionNamed(factory->method) : nullptr;
  if (!f && project_) {
    ProjectDef def = project_->calleeOf(*this, *factory);
    if (def.cls) return {nullptr, nullptr};
    model = def.model;
    f = def.function;
  }
  const Function* closure = f ? model->returnedClosure(*f) : nullptr;
  if (!closure) return {nullptr, nullptr};
  return {model, closure};
}

const Function* ScriptModel::returnedClosure(const Function& f) const {
  // The defs among f's own statements, by name.
  auto nested = [&](std::string_view name) -> const Function* {
    for (ts::Node s : f.body.namedChildren()) {
      ts::Node def = s.is("decorated_definition") ? s.field("definition") : s;
      if (!def || !def.is("function_definition") || def.field("name").text() != name) continue;
      auto it = function_at_.find(def.id());
      return it == function_at_.end() ? nullptr : it->second;
    }
    return nullptr;
  };
  bool generator = false;
  const std::vector<ts::Node>& returns = returnValues(f, &generator);
  if (generator || returns.empty()) return nullptr;
  const Function* out = nullptr;
  for (ts::Node r : returns) {
    r = syntax::unwrap(r);
    const Function* g = r && r.is("identifier") ? nested(r.text()) : nullptr;
    if (!g || (out && out != g)) return nullptr;
    out = g;
  }
  return out;
}

std::vector<const Call*> ScriptModel::argumentSources(const Function& f) const {
  std::vector<const Call*> out = callersOf(f);
  // A class constructed in this file (`Trainer(model, loader)`) runs its
  // __init__, and so does a subclass that does not define its own
  // (`class EMATrainer(Trainer): ...` constructed with other arguments).
  if (f.owner && f.name == "__init__") {
    auto constructs = [&](const ClassDef& cls) {
      if (auto it = calls_by_method_.find(cls.name); it != calls_by_method_.end())
        for (size_t i : it->second)
          if (calls_[i].callee.is("identifier")) out.push_back(&calls_[i]);
    };
    // The class and each direct subclass (named by its base's last name)
    // that keeps this __init__, in the file's order.
    std::vector<const ClassDef*> running{f.owner};
    for (const ClassDef* cls : subclassesNaming(f.owner->name))
      if (cls != f.owner && methodOf(*cls, "__init__").second == &f) running.push_back(cls);
    std::stable_sort(running.begin(), running.end(),
                     [](const ClassDef* a, const ClassDef* b) { return a->node.begin() < b->node.begin(); });
    for (const ClassDef* cls : running) constructs(*cls);
  }
  return out;
}

const std::vector<const ClassDef*>& ScriptModel::subclassesNaming(std::string_view base) const {
  std::call_once(subclasses_once_, [this] {
    for (const auto& cls : classes_)
      for (const std::string& b : cls->bases) {
        std::string_view last = b;
        if (size_t dot = last.rfind('.'); dot != std::string_view::npos) last.remove_prefix(dot + 1);
        std::vector<const ClassDef*>& named = subclasses_by_base_[last];
        if (named.empty() || named.back() != cls.get()) named.push_back(cls.get());
      }
  });
  static const std::vector<const ClassDef*> kNone;
  auto it = subclasses_by_base_.find(base);
  return it == subclasses_by_base_.end() ? kNone : it->second;
}

namespace {

// `self.ema(self.model)`: a call of an object held in an attribute of self.
bool calledThroughSelf(const Call& c) {
  ts::Node receiver = c.receiver ? syntax::unwrap(c.receiver) : ts::Node();
  return receiver && receiver.is("identifier") && receiver.text() == "self";
}

}  // namespace

std::vector<const Call*> ScriptModel::callersOf(const Function& f) const {
  std::vector<const Call*> out;
  // A method runs through self, an instance or (`__call__`) a call of the object.
  auto add = [&](const Call& c) {
    if (f.owner ? calledFunction(c) == &f : c.callee.is("identifier") && !callsParameter(c)) out.push_back(&c);
  };
  if (f.owner && f.name == "__call__") {
    // Any call of a plain name may call an object: not in the by-name index.
    for (const Call& c : calls_)
      if (c.method == f.name || c.callee.is("identifier") || c.callee.is("subscript")) add(c);
    return out;
  }
  // A module's forward runs where the module is called (`acc(logits, y)`,
  // `self.ema(self.model)`, `self.heads[1](x)`) as well as through `m.forward(x)`.
  if (f.owner && f.name == "forward" && derivesTorchModule(*f.owner)) {
    for (const Call& c : calls_)
      if (c.method == f.name || c.callee.is("identifier") || c.callee.is("subscript") || calledThroughSelf(c)) add(c);
    return out;
  }
  if (f.owner) {
    // Every method of a name (`__init__`, `forward`) asks about the same
    // calls: grouped by callee once, not resolved again per method.
    const auto& by_callee = methodCallers(f.name);
    if (auto it = by_callee.find(&f); it != by_callee.end()) out = it->second;
  } else if (auto named = calls_by_method_.find(f.name); named != calls_by_method_.end()) {
    for (size_t i : named->second) add(calls_[i]);
  }
  // A closure its factory returns runs where a name holding it is called
  // (`step = make_train_step(...)`, then `step(x, y)`).
  const Function* factory = f.owner ? nullptr : enclosingFunction(f.node.parent());
  if (!factory || returnedClosure(*factory) != &f) return out;
  auto memo = caches().closure_callers.find(&f);
  if (memo == caches().closure_callers.end()) {
    std::vector<const Call*> found;
    for (const Call& c : calls_)
      if (c.callee.is("identifier") && c.method != f.name && !functionNamed(c.method) &&
          closureCalled(c) == std::pair<const ScriptModel*, const Function*>{this, &f})
        found.push_back(&c);
    memo = caches().closure_callers.emplace(&f, std::move(found)).first;
  }
  out.insert(out.end(), memo->second.begin(), memo->second.end());
  return out;
}

// `def fit(step): ... step()`: the name is fit's parameter, whatever the
// file defines under that name; what runs is what the caller passed
// (invokersOf finds the calls that pass a function of the file).
bool ScriptModel::callsParameter(const Call& c) {
  if (!c.function || c.receiver) return false;
  const auto& params = c.function->parameters;
  return std::find(params.begin(), params.end(), c.method) != params.end();
}

const std::unordered_map<const Function*, std::vector<const Call*>>& ScriptModel::methodCallers(
    const std::string& name) const {
  if (auto it = caches().method_callers.find(name); it != caches().method_callers.end()) return it->second;
  thread_local std::unordered_map<const Function*, std::vector<const Call*>> unsettled;
  std::unordered_map<const Function*, std::vector<const Call*>> by_callee;
  // An answer read while one of boundMethod's questions is open (its entry
  // reads "none" until then) or refused below (asked again next time) may
  // differ when asked later: such a grouping answers this question only.
  bool settled = caches().bound_in_progress == 0;
  unsigned long refused = CrossFileDepth::refusalCount();
  if (auto named = calls_by_method_.find(name); named != calls_by_method_.end())
    for (size_t i : named->second)
      if (const Function* g = calledFunction(calls_[i])) by_callee[g].push_back(&calls_[i]);
  if (!settled || CrossFileDepth::refusalCount() != refused) {
    unsettled = std::move(by_callee);
    return unsettled;
  }
  return caches().method_callers.emplace(name, std::move(by_callee)).first->second;
}

const Function* ScriptModel::calledFunction(const Call& c) const {
  if (c.callee.is("identifier")) {
    if (const Function* f = callsParameter(c) ? nullptr : functionNamed(c.method)) return f;
    if (auto [model, f] = closureCalled(c); model == this) return f;
  }
  auto [model, f] = boundMethod(c);
  return model == this ? f : nullptr;
}

std::pair<const ScriptModel*, const Function*> ScriptModel::callTarget(const Call& c) const {
  if (const Function* f = calledFunction(c)) return {this, f};
  return calledElsewhere(c);
}

}  // namespace gpulint::python
