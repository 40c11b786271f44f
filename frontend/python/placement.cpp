// Does the script put anything on a CUDA device? (RULES.md "Device tensors")
#include "frontend/python/script_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

namespace {

// A "cuda..." string, or a conditional with such a branch (`"cpu" if
// args.no_cuda else "cuda"`: the default run, or the one with the flag, is
// on the GPU).
bool namesCuda(ts::Node a) {
  a = syntax::unwrap(a);
  std::string s;
  if (syntax::stringLiteral(a, &s)) return s.starts_with("cuda");
  return a.is("conditional_expression") && a.namedChildCount() == 3 &&
         (namesCuda(a.namedChild(0)) || namesCuda(a.namedChild(2)));
}

}  // namespace

bool detectCuda(const ScriptModel& m) {
  // Frameworks that place the model on the GPU themselves.
  for (const char* module : {"pytorch_lightning", "lightning", "accelerate", "deepspeed"})
    if (m.importsModule(module)) return true;
  for (const auto& [local, q] : m.imports())
    if (q.starts_with("transformers.") && (q.ends_with("Trainer") || q.ends_with("TrainingArguments")))
      return true;
  for (const Call& c : m.calls()) {
    if (c.method == "cuda" && c.receiver) return true;
    // `import transformers` then `transformers.Trainer(...)`: the same Trainer.
    if ((c.qualified.starts_with("transformers.") || c.qualified.starts_with("trl.")) && c.qualified.ends_with("Trainer"))
      return true;
    if (c.qualified == "torch.device" || c.method == "to") {
      for (ts::Node a : c.positional) {
        if (namesCuda(a)) return true;
        // `device = "cpu" if args.no_cuda else "cuda"` then x.to(device).
        if (syntax::unwrap(a).is("identifier"))
          for (ts::Node src : m.valueSources(a, /*all_paths=*/true))
            if (namesCuda(src)) return true;
        // x.to(device) with `device = "cuda"` (a constant or argparse default).
        if (ResolvedValue v = m.resolve(a); v.kind == ResolvedValue::Kind::String && v.string_value.starts_with("cuda"))
          return true;
      }
    }
    if (c.qualified == "torch.cuda.is_available") return true;
    // The device-agnostic API (`torch.accelerator.current_accelerator()`):
    // on the GPU node it is the GPU.
    if (c.qualified.starts_with("torch.accelerator.")) return true;
  }
  return false;
}

namespace {

// +1 when a condition holds exactly when the device is CUDA, -1 when it holds
// exactly when it is the CPU, 0 when it says nothing about the device.
int cudaTest(ts::Node cond) {
  cond = syntax::unwrap(cond);
  if (!cond) return 0;
  if (cond.is("not_operator")) return -cudaTest(cond.field("argument"));
  if (cond.is("comparison_operator") && cond.namedChildCount() == 2) {
    std::string op;  // "not in" and "is not" come as two tokens
    for (uint32_t i = 0; i < cond.childCount(); ++i)
      if (!cond.child(i).isNamed()) op += (op.empty() ? "" : " ") + std::string(cond.child(i).text());
    int sign = op == "==" || op == "in" || op == "is" ? 1 : op == "!=" || op == "not in" || op == "is not" ? -1 : 0;
    for (ts::Node side : cond.namedChildren()) {
      std::string s;
      if (!syntax::stringLiteral(side, &s)) continue;
      if (s == "cuda" || s.starts_with("cuda:")) return sign;
      if (s == "cpu") return -sign;
    }
    return 0;
  }
  if (cond.is("call")) return cond.field("function").text().ends_with("cuda.is_available") ? 1 : 0;
  if (cond.is("identifier") || cond.is("attribute")) {
    std::string_view name = syntax::lastName(cond);
    if (name == "cuda" || name == "use_cuda" || name == "use_gpu" || name == "on_gpu") return 1;
    if (name == "cpu" || name == "no_cuda" || name == "use_cpu") return -1;
  }
  return 0;
}

}  // namespace

bool ScriptModel::onCpuPath(ts::Node n) const {
  for (ts::Node p : n.ancestorWalk()) {
    if (syntax::isScope(p)) break;
    if (!p.is("if_statement") && !p.is("elif_clause")) continue;
    ts::Node cond = p.field("condition");
    if (cond && cond.contains(n)) continue;
    bool in_body = p.field("consequence").contains(n);
    int test = cudaTest(cond);
    if ((in_body && test < 0) || (!in_body && test > 0)) return true;
  }
  return false;
}

}  // namespace gpulint::python
