// Functions handed to other functions and called there (ScriptModel::invokersOf):
// a training step passed to a timer (`gpu_timer(train_step)`), a closure
// passed to a retry or profiling wrapper. The loop that makes the handing
// call runs the function once per pass, as if it called it itself.
#include <algorithm>
#include <string_view>

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

}  // namespace

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
  return out;
}

}  // namespace gpulint::python
