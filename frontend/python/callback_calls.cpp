// Functions handed to other functions and called there (ScriptModel::invokersOf):
// a training step passed to a timer (`gpu_timer(train_step)`), a closure
// passed to a retry or profiling wrapper. The loop that makes the handing
// call runs the function once per pass, as if it called it itself.
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
      for (size_t i = 0; i < c.positional.size(); ++i) {
        ts::Node arg = c.positional[i];
        if (!arg.is("identifier")) continue;
        const Function* passed = functionNamed(arg.text());
        if (!passed) continue;
        auto [model, target] = callTarget(c);
        if (!target || target == passed) continue;  // unknown callee, or recursion by name
        std::string_view parameter = parameterAt(*target, c, i);
        if (!parameter.empty() && runsParameter(*model, *target, parameter)) (*memo)[passed].push_back(&c);
      }
      for (const auto& [name, arg] : c.keywords) {
        if (!arg.is("identifier")) continue;
        const Function* passed = functionNamed(arg.text());
        if (!passed) continue;
        auto [model, target] = callTarget(c);
        if (target && target != passed && runsParameter(*model, *target, name)) (*memo)[passed].push_back(&c);
      }
    }
  }
  static const std::vector<const Call*> none;
  auto it = memo->find(&f);
  return it == memo->end() ? none : it->second;
}

}  // namespace gpulint::python
