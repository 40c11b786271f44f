// Which command-line flag puts the script on the GPU (RULES.md "The GPU
// path"): gpulint judges a script as it runs on the GPU node, so a device
// chosen by `--accel` or `--cuda` counts as the GPU, and messages say the
// finding holds when the script is run with that flag.
#include "frontend/python/script_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

namespace {

// The store_true option (default off) that `cond` needs to be true: `args.accel`,
// `opt.cuda and torch.cuda.is_available()`, or a local variable holding such
// a test (`use_accel = args.accel and ...`). Null when the condition holds
// without a flag (`not args.no_accel`, `x or y`, `torch.cuda.is_available()`).
const ArgparseOption* requiredFlag(const ScriptModel& m, ts::Node cond, int depth) {
  cond = syntax::unwrap(cond);
  if (!cond || depth > 3) return nullptr;
  if (cond.is("boolean_operator")) {
    if (cond.field("operator").text() != "and") return nullptr;
    if (const ArgparseOption* o = requiredFlag(m, cond.field("left"), depth)) return o;
    return requiredFlag(m, cond.field("right"), depth);
  }
  if (cond.is("attribute")) {
    const ArgparseOption* o = m.argparseOption(cond.field("attribute").text());
    bool off_by_default = o && o->action == "store_true" && !o->default_value.truthiness().value_or(false);
    return off_by_default ? o : nullptr;
  }
  if (cond.is("identifier")) {
    std::vector<ts::Node> sources = m.valueSources(cond);
    return sources.size() == 1 && sources.front() != cond ? requiredFlag(m, sources.front(), depth + 1) : nullptr;
  }
  return nullptr;
}

// A node that makes a GPU device: `torch.accelerator.current_accelerator()`,
// `torch.cuda.set_device(...)`, a `.cuda()` call, a "cuda"/"cuda:N" string
// (also an f-string) outside a comparison.
bool makesGpuDevice(const ScriptModel& m, ts::Node n) {
  if (n.is("call")) {
    const Call* c = m.callAt(n);
    return c && (c->qualified.starts_with("torch.accelerator.current_accelerator") ||
                 c->qualified == "torch.cuda.set_device" || (c->method == "cuda" && c->receiver));
  }
  if (!n.is("string")) return false;
  std::string s;
  if (!syntax::stringLiteral(n, &s)) s = n.text().substr(0, 8);
  if (!(s == "cuda" || s.starts_with("cuda:") || s.starts_with("f\"cuda") || s.starts_with("f'cuda"))) return false;
  return !syntax::ancestor(n, {"comparison_operator"});
}

// The flag the branch holding `n` needs, walking out to n's scope; null
// when some way to `n` needs none.
const ArgparseOption* flagAround(const ScriptModel& m, ts::Node n) {
  ts::Node child = n;
  for (ts::Node p : n.ancestorWalk()) {
    if (syntax::isScope(p)) return nullptr;
    if (p.is("conditional_expression") && p.namedChild(0) == child)
      if (const ArgparseOption* o = requiredFlag(m, p.namedChild(1), 0)) return o;
    if ((p.is("if_statement") || p.is("elif_clause")) && p.field("consequence") == child)
      if (const ArgparseOption* o = requiredFlag(m, p.field("condition"), 0)) return o;
    child = p;
  }
  return nullptr;
}

}  // namespace

const std::string& ScriptModel::gpuFlag() const {
  if (caches().gpu_flag) return *caches().gpu_flag;
  caches().gpu_flag.emplace();
  const ArgparseOption* flag = nullptr;
  std::vector<ts::Node> stack{root()};
  while (!stack.empty()) {
    ts::Node n = stack.back();
    stack.pop_back();
    if (makesGpuDevice(*this, n)) {
      const ArgparseOption* needed = flagAround(*this, n);
      if (!needed || (flag && flag != needed)) return *caches().gpu_flag;  // a GPU path without (that) flag
      flag = needed;
      continue;
    }
    for (ts::Node k : n.namedChildren()) stack.push_back(k);
  }
  if (flag)
    for (const std::string& f : flag->flags)
      if (f.starts_with("--")) *caches().gpu_flag = f;
  return *caches().gpu_flag;
}

}  // namespace gpulint::python
