// Does the script put anything on a CUDA device? (RULES.md "Device tensors")
#include <cctype>

#include "frontend/python/hf_api.h"
#include "frontend/python/script_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

namespace {

// A "cuda..." string, or a conditional with such a branch (`"cpu" if
// args.no_cuda else "cuda"`: the default run, or the one with the flag, is
// on the GPU).
bool namesCuda(ts::Node a) {
  a = syntax::unwrap(a);
  if (a.is("string")) {
    // Any string, f-strings included (`f"cuda:{rank}"`): its text past the
    // prefix letters and the opening quotes.
    std::string_view t = a.text();
    size_t i = 0;
    while (i < t.size() && std::isalpha(static_cast<unsigned char>(t[i]))) ++i;
    while (i < t.size() && (t[i] == '"' || t[i] == '\'')) ++i;
    return t.substr(i).starts_with("cuda");
  }
  // `"cuda:" + str(rank)`, `"cuda:{}".format(rank)`.
  if (a.is("binary_operator") && a.field("operator").text() == "+") return namesCuda(a.field("left"));
  if (a.is("call") && a.field("function").is("attribute") && a.field("function").field("attribute").text() == "format")
    return namesCuda(a.field("function").field("object"));
  return a.is("conditional_expression") && a.namedChildCount() == 3 &&
         (namesCuda(a.namedChild(0)) || namesCuda(a.namedChild(2)));
}

// A device argument that names a CUDA device: written here, held by a name
// one of whose values does (`device = "cpu" if args.no_cuda else "cuda"`),
// or resolved to such a string (a constant or an argparse default).
bool deviceNamesCuda(const ScriptModel& m, ts::Node a) {
  if (namesCuda(a)) return true;
  if (syntax::unwrap(a).is("identifier"))
    for (ts::Node src : m.valueSources(a, /*all_paths=*/true))
      if (namesCuda(src)) return true;
  ResolvedValue v = m.resolve(a);
  return v.kind == ResolvedValue::Kind::String && v.string_value.starts_with("cuda");
}

// Every Lightning Trainer/Fabric or accelerate Accelerator the file makes is
// told to run off the GPU (`L.Fabric(accelerator="cpu")`, `Trainer(accelerator=
// "tpu")`, `Accelerator(cpu=True)`), and it makes at least one. An accelerator
// left to "auto", "gpu" or a value we cannot resolve keeps the GPU path.
bool frameworkToldOffGpu(const ScriptModel& m) {
  bool any = false;
  for (const Call& c : m.calls()) {
    const std::string& q = c.qualified;
    bool lightning = (q.starts_with("lightning.") || q.starts_with("pytorch_lightning.")) &&
                     (c.method == "Trainer" || c.method == "Fabric");
    bool accelerate = q.starts_with("accelerate.") && c.method == "Accelerator";
    if (!lightning && !accelerate) continue;
    if (c.has_star_kwargs) return false;
    if (accelerate) {
      auto cpu = c.keyword("cpu") ? m.resolve(c.keyword("cpu")).truthiness() : std::nullopt;
      if (!cpu || !*cpu) return false;
    } else {
      ResolvedValue v = c.keyword("accelerator") ? m.resolve(c.keyword("accelerator")) : ResolvedValue{};
      if (v.kind != ResolvedValue::Kind::String ||
          !syntax::oneOf(v.string_value, {"cpu", "tpu", "mps", "xla", "ipu", "hpu"}))
        return false;
    }
    any = true;
  }
  return any;
}

// The call places something on a CUDA device, or asks for one.
bool placesOnCuda(const ScriptModel& m, const Call& c) {
  if (c.method == "cuda" && c.receiver) return true;
  if (isHfTrainingApi(c.qualified))
    return true;
  if (c.qualified == "torch.device" || c.method == "to")
    for (ts::Node a : c.positional)
      if (deviceNamesCuda(m, a)) return true;
  // `x.to(device="cuda")`, `model.to_empty(device=...)`, `torch.zeros(n, device=dev)`.
  if (ts::Node d = c.keyword("device"); d && deviceNamesCuda(m, d)) return true;
  // Asking for or choosing a CUDA device: `torch.cuda.set_device(local_rank)`
  // then `.to(local_rank)` places on that GPU.
  if (c.qualified == "torch.cuda.is_available" || c.qualified == "torch.cuda.set_device" ||
      c.qualified == "torch.cuda.current_device")
    return true;
  // The device-agnostic API (`torch.accelerator.current_accelerator()`):
  // on the GPU node it is the GPU.
  if (c.qualified.starts_with("torch.accelerator.")) return true;
  // DataParallel replicates the module over the visible CUDA devices and
  // does nothing else: a script that wraps its model in it is written for
  // the GPU, wherever the device itself comes from (a config file).
  if (c.qualified == "torch.nn.DataParallel" || c.qualified == "torch.nn.parallel.DataParallel") return true;
  return false;
}

}  // namespace

// The project function places something on a CUDA device itself (ProjectModel::markGpu).
bool functionPlacesOnCuda(const ScriptModel& m, const Function& f) {
  for (const Call& c : m.callsIn(f.body))
    if (placesOnCuda(m, c)) return true;
  return false;
}

bool detectCuda(const ScriptModel& m) {
  // Frameworks that place the model on the GPU themselves; not in a script
  // written for TPUs (torch_xla), where they place it on the XLA device, nor
  // where each of them is told to use another device.
  bool off_gpu = m.importsModuleUnconditionally("torch_xla") || frameworkToldOffGpu(m);
  for (const char* module : {"pytorch_lightning", "lightning", "accelerate", "deepspeed"})
    if (!off_gpu && m.importsModule(module)) return true;
  // The HF Trainer places the model on the GPU itself: a class built on it,
  // or a call of it or of its arguments (`import transformers` then
  // `transformers.Trainer(...)` too). An import alone, never used, is not a
  // run: a CPU-only tutorial may import it for a later cell.
  for (const auto& cls : m.classes())
    for (const std::string& base : cls->bases)
      if (isHfTrainingApi(base)) return true;
  for (const Call& c : m.calls())
    if (placesOnCuda(m, c)) return true;
  return false;
}

// After linking: a device argument whose value comes from another project
// file (`device = init_compute()`, `rank, device = setup(kind)`,
// `torch.device(DEV)` with `DEV = "cuda"` in a settings module) names a GPU.
// Found only when the project's calls are bound, hence not in detectCuda.
bool namesCudaThroughProject(const ScriptModel& m) {
  if (!m.project()) return false;
  for (const Call& c : m.calls()) {
    ts::Node a = c.keyword("device");
    if (!a && (c.qualified == "torch.device" || (c.method == "to" && c.receiver)) && !c.positional.empty())
      a = c.positional.front();
    if (!a || syntax::unwrap(a).is("string")) continue;
    if (ResolvedValue v = m.resolve(a); v.kind == ResolvedValue::Kind::String && v.string_value.starts_with("cuda"))
      return true;
    for (ts::Node src : m.valueSources(a, /*all_paths=*/true)) {
      if (namesCuda(src)) return true;
      const ScriptModel& owner = m.ownerOf(src);
      const Call* made = src.is("call") ? owner.callAt(src) : nullptr;
      if (made && made->qualified == "torch.device" && !made->positional.empty() &&
          (namesCuda(made->positional[0]) || owner.resolve(made->positional[0]).string_value.starts_with("cuda")))
        return true;
    }
  }
  return false;
}

namespace {

// `cfg.NUM_GPUS`, `args.n_gpu`, `ngpus`: how many GPUs the run uses, 0 on a
// CPU-only run.
bool namesGpuCount(ts::Node n) {
  if (!n.is("identifier") && !n.is("attribute")) return false;
  std::string name(syntax::lastName(n));
  if (name.size() > 16) return false;
  for (char& ch : name) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return syntax::oneOf(name, {"num_gpus", "num_gpu", "n_gpu", "n_gpus", "ngpu", "ngpus", "nb_gpus", "gpu_count"});
}

// `n_gpu > 0`, `n_gpu >= 1`, `n_gpu != 0`: +1; `n_gpu == 0`, `n_gpu < 1`: -1;
// any other bound (`n_gpu > 1` picks multi-GPU runs) says nothing.
int gpuCountTest(ts::Node cond, std::string_view op) {
  ts::Node left = syntax::unwrap(cond.namedChild(0)), right = syntax::unwrap(cond.namedChild(1));
  if (!namesGpuCount(left) || !right.is("integer")) return 0;
  std::string_view bound = right.text();
  if ((op == ">" && bound == "0") || (op == ">=" && bound == "1") || (op == "!=" && bound == "0")) return 1;
  if ((op == "==" && bound == "0") || (op == "<" && bound == "1") || (op == "<=" && bound == "0")) return -1;
  return 0;
}

// A device that is not CUDA, as a test names it: the CPU, Apple's MPS
// backend, an XLA device (a TPU).
bool namesOtherDevice(std::string_view s) {
  return s == "cpu" || s == "mps" || s == "xla" || s == "tpu" || s.starts_with("mps:") || s.starts_with("xla:");
}

// +1 when every string of a tuple or list names CUDA, -1 when every one
// names another device, 0 otherwise (`device.type in ("cpu", "mps")`).
int devicesListed(ts::Node side) {
  side = syntax::unwrap(side);
  if (!side.is("tuple") && !side.is("list")) return 0;
  int kind = 0;
  for (ts::Node e : side.namedChildren()) {
    std::string s;
    if (!syntax::stringLiteral(e, &s)) return 0;
    int k = s == "cuda" || s.starts_with("cuda:") ? 1 : namesOtherDevice(s) ? -1 : 0;
    if (k == 0 || (kind && k != kind)) return 0;
    kind = k;
  }
  return kind;
}

int comparisonTest(ts::Node cond) {
  std::string op;  // "not in" and "is not" come as two tokens
  for (uint32_t i = 0; i < cond.childCount(); ++i)
    if (!cond.child(i).isNamed()) op += (op.empty() ? "" : " ") + std::string(cond.child(i).text());
  if (int count = gpuCountTest(cond, op)) return count;
  int sign = op == "==" || op == "in" || op == "is" ? 1 : op == "!=" || op == "not in" || op == "is not" ? -1 : 0;
  for (ts::Node side : cond.namedChildren()) {
    std::string s;
    if (!syntax::stringLiteral(side, &s)) {
      if (int listed = op.ends_with("in") && side == cond.namedChild(1) ? devicesListed(side) : 0) return sign * listed;
      continue;
    }
    if (s == "cuda" || s.starts_with("cuda:")) return sign;
    if (namesOtherDevice(s)) return -sign;
  }
  return 0;
}

// +1 when a condition holds exactly when the device is CUDA, -1 when it holds
// only on another device (the CPU, MPS, XLA), 0 when it says nothing about
// the device. A local boolean bound once to such a test is followed
// (`mps = "mps" in device.type` then `if mps:`).
// True when `e` resolves to a true value as configured (`not args.no_accel`
// with the store_true option off).
bool configuredTrue(const ScriptModel& m, ts::Node e, bool want = true) {
  e = syntax::unwrap(e);
  if (!e) return false;
  if (e.is("not_operator")) return configuredTrue(m, e.field("argument"), !want);
  auto b = m.resolve(e).truthiness();
  return b && *b == want;
}

int cudaTest(const ScriptModel& m, ts::Node cond, int depth = 0) {
  cond = syntax::unwrap(cond);
  if (!cond || depth > 2) return 0;
  if (cond.is("not_operator")) return -cudaTest(m, cond.field("argument"), depth);
  if (cond.is("boolean_operator")) {
    // "Holds on another device only" survives `and` (either side) and `or`
    // (both sides); "holds on CUDA" survives `and` when the other side is a
    // CUDA test too or true as configured (`not args.no_accel and
    // torch.accelerator.is_available()`).
    ts::Node left = cond.field("left"), right = cond.field("right");
    int l = cudaTest(m, left, depth), r = cudaTest(m, right, depth);
    bool conjunction = cond.field("operator").text() == "and";
    if (conjunction ? (l < 0 || r < 0) : (l < 0 && r < 0)) return -1;
    if (conjunction && ((l > 0 && (r > 0 || configuredTrue(m, right))) || (r > 0 && configuredTrue(m, left)))) return 1;
    return 0;
  }
  if (cond.is("comparison_operator") && cond.namedChildCount() == 2) return comparisonTest(cond);
  if (cond.is("call")) {
    std::string_view f = cond.field("function").text();
    if (f.ends_with("cuda.is_available") || f.ends_with("accelerator.is_available")) return 1;
    // No MPS backend on a CUDA node.
    return f.ends_with("backends.mps.is_available") || f.ends_with("backends.mps.is_built") ? -1 : 0;
  }
  if (cond.is("identifier") || cond.is("attribute")) {
    std::string_view name = syntax::lastName(cond);
    if (syntax::oneOf(name, {"cuda", "use_cuda", "use_gpu", "on_gpu", "use_accel", "use_accelerator"})) return 1;
    if (syntax::oneOf(name, {"cpu", "no_cuda", "no_accel", "use_cpu", "mps", "use_mps", "on_mps", "is_mps", "tpu",
                             "use_tpu",
                             "on_tpu", "is_tpu", "xla", "use_xla", "on_xla", "is_xla"}))
      return -1;
    if (namesGpuCount(cond)) return 1;  // `if cfg.NUM_GPUS:`
    if (!cond.is("identifier")) return 0;
    auto b = m.lastBinding(cond);
    if (!b || !b->value || b->index >= 0 || b->conditional || b->parameter) return 0;
    return cudaTest(m, b->value, depth + 1);
  }
  return 0;
}

}  // namespace

bool ScriptModel::offCudaBranch(ts::Node branching, ts::Node n) const {
  if (!branching.is("if_statement") && !branching.is("elif_clause")) return false;
  ts::Node cond = branching.field("condition");
  if (!cond || cond.contains(n)) return false;
  bool in_body = branching.field("consequence").contains(n);
  int test = cudaTest(*this, cond);
  return (in_body && test < 0) || (!in_body && test > 0);
}

bool ScriptModel::cudaBranch(ts::Node branching, ts::Node n) const {
  if (!branching.is("if_statement") && !branching.is("elif_clause")) return false;
  ts::Node body = branching.field("consequence");
  return body && body.contains(n) && cudaTest(*this, branching.field("condition")) > 0;
}

int ScriptModel::cudaCondition(ts::Node cond) const { return cudaTest(*this, cond); }

bool ScriptModel::onCpuPath(ts::Node n) const {
  for (ts::Node p : n.ancestorWalk()) {
    if (syntax::isScope(p)) break;
    if (offCudaBranch(p, n)) return true;
  }
  return false;
}

}  // namespace gpulint::python
