// Functions handed to other functions and called there (ScriptModel::invokersOf):
// a training step passed to a timer (`gpu_timer(train_step)`), a closure
// passed to a retry or profiling wrapper. The loop that makes the handing
// call runs the function once per pass, as if it called it itself.
#include <algorithm>
#include <string_view>

#include "frontend/python/hook_overrides.h"
#include "frontend/python/project_model.h"
#include "frontend/python/script_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

namespace {

// True when `g` calls its parameter `name` in its own body (`fn()`), and
// does not rebind it first: the argument it receives runs there.
bool runsParameter(const ScriptModel& model, const Function& g, std::string_view name) {
  for (const Call& c : model.callsIn(g.body))
    if (c.function == &g && !c.receiver && c.callee.is("identifier") && c.callee.text() == name) return true;
  return false;
}

// The parameter of `g` that the positional argument `index` of `c` binds
// ("" when none: past the parameters, or *args).
std::string_view parameterAt(const Function& g, const Call& c, size_t index) {
  bool method = g.owner && !g.parameters.empty() && g.parameters.front() == "self";
  // `self.run(fn)` binds fn to the parameter after self; `Timer.run(obj, fn)` does not skip it.
  size_t offset = method && c.receiver ? 1 : 0;
  if (index + offset >= g.parameters.size()) return {};
  return g.parameters[index + offset];
}

// A name a method may have: `"after_train_step"`, not `"--lr"` or `"a b"`.
bool methodName(std::string_view s) {
  if (s.empty() || (s[0] >= '0' && s[0] <= '9')) return false;
  return std::all_of(s.begin(), s.end(), [](char ch) {
    return ch == '_' || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9');
  });
}

}  // namespace

bool ScriptModel::dispatchesByName(const Function& g, std::string_view parameter) const {
  // Few files call getattr at all: its calls are indexed by name.
  auto named = calls_by_method_.find(std::string_view("getattr"));
  if (named == calls_by_method_.end()) return false;
  for (size_t i : named->second) {
    const Call& lookup = calls_[i];
    if (lookup.function != &g || lookup.receiver || lookup.positional.size() < 2) continue;
    ts::Node name = syntax::unwrap(lookup.positional[1]);
    if (!name.is("identifier") || name.text() != parameter) continue;
    // The looked-up attribute is called right there (`getattr(hook, fn_name)(self)`).
    ts::Node outer = lookup.node.parent();
    if (outer && outer.is("call") && outer.field("function") == lookup.node) return true;
  }
  return false;
}

std::vector<std::pair<const ScriptModel*, const Function*>> ScriptModel::methodsRunByName(const Call& c) const {
  std::vector<std::pair<const ScriptModel*, const Function*>> out;
  auto consider = [&](ts::Node arg, auto parameterOf) {
    std::string name;
    if (!syntax::stringLiteral(syntax::unwrap(arg), &name) || !methodName(name)) return;
    // Most string arguments name no method of the project: asked before the callee is looked up.
    std::vector<std::pair<const ScriptModel*, const Function*>> methods;
    if (project_) {
      methods = project_->methodsNamed(name);
    } else {
      for (const auto& f : functions_)
        if (f->owner && f->name == name) methods.emplace_back(this, f.get());
    }
    if (methods.empty()) return;
    auto [model, target] = callTarget(c);
    if (!target) return;
    std::string_view parameter = parameterOf(*target);
    if (parameter.empty() || !model->dispatchesByName(*target, parameter)) return;
    // A base class's empty hook (`def after_train_step(self, runner): pass`) runs nothing.
    for (const auto& [m, f] : methods)
      if (!isStub(*f) && f != target) out.emplace_back(m, f);
    // The hooks the dispatching file registers itself (`self.hooks = [Timing(), GradStep()]`)
    // first: they run on every run, another module's only when its algorithm picks it.
    std::stable_partition(out.begin(), out.end(), [&](const auto& def) {
      return def.second->owner && model->calls_by_method_.count(std::string_view(def.second->owner->name)) > 0;
    });
  };
  for (size_t i = 0; i < c.positional.size(); ++i)
    consider(c.positional[i], [&](const Function& g) { return parameterAt(g, c, i); });
  for (const auto& [name, arg] : c.keywords)
    consider(arg, [&](const Function&) { return std::string_view(name); });
  return out;
}

const std::vector<const Call*>& ScriptModel::invokersOf(const Function& f) const {
  auto& memo = caches().invokers;
  if (!memo) {
    memo.emplace();
    for (const Call& c : calls_) {
      // `arg` hands a function of this file to the parameter the callee calls.
      auto record = [&](ts::Node arg, auto parameterOf) {
        const Function* passed = arg.is("identifier") ? functionNamed(arg.text()) : nullptr;
        if (!passed) return;
        auto [model, target] = callTarget(c);
        if (!target || target == passed) return;  // unknown callee, or recursion by name
        std::string_view parameter = parameterOf(*target);
        if (!parameter.empty() && runsParameter(*model, *target, parameter)) (*memo)[passed].push_back(&c);
      };
      for (size_t i = 0; i < c.positional.size(); ++i)
        record(c.positional[i], [&](const Function& g) { return parameterAt(g, c, i); });
      for (const auto& [name, arg] : c.keywords)
        record(arg, [&](const Function&) { return std::string_view(name); });
      // `self.call_hook("after_train_step")` runs each hook's method of that name.
      for (const auto& [model, method] : methodsRunByName(c))
        if (model == this) (*memo)[method].push_back(&c);
    }
  }
  static const std::vector<const Call*> none;
  auto it = memo->find(&f);
  return it == memo->end() ? none : it->second;
}

std::vector<const Function*> ScriptModel::functionsHandedBy(const Call& c) const {
  std::vector<const Function*> out;
  for (ts::Node arg : c.positional) {
    const Function* passed = arg.is("identifier") ? functionNamed(arg.text()) : nullptr;
    if (!passed) continue;
    const auto& invokers = invokersOf(*passed);
    if (std::find(invokers.begin(), invokers.end(), &c) != invokers.end()) out.push_back(passed);
  }
  for (const auto& [model, method] : methodsRunByName(c))
    if (model == this) out.push_back(method);
  return out;
}

}  // namespace gpulint::python
