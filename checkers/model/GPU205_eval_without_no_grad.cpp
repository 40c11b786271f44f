#include "checkers/model/GPU205_eval_without_no_grad.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <set>

#include "checkers/model/backprop_reach.h"
#include "checkers/python_common.h"
#include "fixits/python_edits.h"
#include "frontend/name_match.h"
#include "frontend/python/project_model.h"
#include "frontend/python/syntax.h"
#include "frontend/python/training_mode.h"

namespace gpulint::checks {

namespace {

using python::Call;
using python::Function;
using python::ScriptModel;
namespace syntax = python::syntax;

constexpr int kHelperDepth = 2;  // project helpers followed from an eval loop to the forward call

const char* kWhy =
    " with autograd on: PyTorch keeps every activation for a backward pass that never comes, so evaluation "
    "holds several times the GPU memory it needs (forcing smaller eval batches) and spends time building a "
    "graph it throws away. model.eval() does not turn this off; ";

bool isPipelineName(const std::string& qualified) {
  return (qualified.starts_with("diffusers.") || qualified.starts_with("transformers.")) &&
         qualified.find("Pipeline") != std::string::npos;
}

// A project class whose instances run without autograd when called: it
// derives from a diffusers/transformers pipeline (directly or through project
// bases), or its own __call__ is decorated with no_grad/inference_mode
// (`class LightControlNetPipeline(StableDiffusionControlNetPipeline)` with
// `@torch.no_grad() def __call__`).
bool isNoGradCallable(const ScriptModel& m, ts::Node class_expr) {
  const python::ClassDef* cls = nullptr;
  const ScriptModel* owner = &m;
  if (const auto& local = m.classesNamed(class_expr.text()); local.size() == 1) {
    cls = local.front();
  } else if (const python::ProjectModel* project = m.project()) {
    std::string q = m.qualify(class_expr);
    python::ProjectDef def = q.empty() ? python::ProjectDef{} : project->classNamed(m, q);
    cls = def.cls;
    owner = def.model;
  }
  if (!cls) return false;
  std::vector<std::pair<const ScriptModel*, const python::ClassDef*>> chain{{owner, cls}};
  if (const python::ProjectModel* project = owner->project())
    for (const auto& base : project->baseClasses(*owner, *cls)) chain.push_back(base);
  for (const auto& [model, c] : chain)
    for (const std::string& base : c->bases)
      if (isPipelineName(base)) return true;
  const Function* call = owner->methodOf(*cls, "__call__").second;
  if (!call) return false;
  for (const auto& d : call->decorators)
    if (syntax::containsWord(d, {"no_grad", "inference_mode"})) return true;
  return false;
}

// A diffusers or transformers pipeline (`StableDiffusionPipeline.from_pretrained(...)`,
// `transformers.pipeline("text-generation")`, a project subclass of one),
// moved or cast or not: its __call__ runs under no_grad itself, so a
// validation pass through it builds no graph.
bool isLibraryPipeline(const ScriptModel& m, ts::Node value, int depth) {
  if (depth > 3) return false;
  for (ts::Node src : m.valueSources(value, /*all_paths=*/true)) {
    const Call* made = src.is("call") ? m.callAt(src) : nullptr;
    if (!made) continue;
    if (made->receiver && syntax::oneOf(made->method, {"to", "cuda", "half", "float", "bfloat16"})) {
      if (isLibraryPipeline(m, made->receiver, depth + 1)) return true;
      continue;
    }
    const std::string& q = made->qualified;
    if (q == "transformers.pipeline" || isPipelineName(q)) return true;
    // `Pipeline.from_pretrained(...)` or `Pipeline(...)` of a project class.
    ts::Node cls = made->method == "from_pretrained" && made->receiver ? made->receiver : made->callee;
    if (cls && (cls.is("identifier") || cls.is("attribute")) && isNoGradCallable(m, cls)) return true;
  }
  return false;
}

// `model(x)`, `self.net(x)`, `model.module(x)`, `model.forward(x)`: a module
// call, not a loss or metric (their inputs carry the graph, if any) and not
// HF `generate` or a library pipeline (which run under no_grad themselves).
bool parameterFreeTorchModule(std::string_view q) {
  if (!q.starts_with("torch.nn.")) return false;
  std::string_view name = q.substr(q.rfind('.') + 1);
  return syntax::oneOf(name, {"CosineSimilarity", "PairwiseDistance", "Softmax", "LogSoftmax", "Softmin", "Sigmoid",
                              "Tanh", "ReLU", "GELU", "SiLU", "Flatten", "Unflatten", "Identity", "Dropout",
                              "Upsample", "AvgPool1d", "AvgPool2d", "MaxPool1d", "MaxPool2d", "AdaptiveAvgPool2d",
                              "PixelShuffle", "PixelUnshuffle"});
}

bool isForward(const ScriptModel& m, const Call& c) {
  ts::Node callee = c.callee;
  if (c.method == "forward" && c.receiver) callee = c.receiver;
  else if (!c.qualified.empty()) return false;
  // A project function is no forward; a project module's call binds to its forward.
  else if (const python::Function* g = m.calledFunction(c); g && !(g->owner && g->name == "forward")) return false;
  if (syntax::containsWord(syntax::lastName(callee), {"loss", "criterion", "metric"})) return false;
  for (ts::Node src : m.valueSources(callee)) {
    const Call* made = src.is("call") ? m.callAt(src) : nullptr;
    if (!made) continue;
    const std::string& q = made->qualified;
    if (q.starts_with("torchmetrics.") || q.ends_with("Loss")) return false;
    // A torch.nn module with no parameters (`nn.CosineSimilarity(dim=1)`,
    // `nn.Softmax`): it records a graph only for inputs that need one, which
    // a model forward of the scope would be reported for itself.
    if (parameterFreeTorchModule(q)) return false;
    // A Keras/TF/JAX model in a file that also imports torch: no autograd graph.
    if (q.starts_with("tensorflow.") || q.starts_with("keras.") || q.starts_with("jax.") || q.starts_with("flax."))
      return false;
  }
  if (!m.isModuleExpression(callee)) return false;
  return !isLibraryPipeline(m, callee, 0);
}

// A no_grad-like with-block between `n` and `scope`.
bool localNoGrad(ts::Node n, ts::Node scope) {
  for (ts::Node p = n.parent(); p && !(p == scope); p = p.parent())
    if (p.is("with_statement") && syntax::containsWord(p.child(1).text(), {"no_grad", "inference_mode", "set_grad"}))
      return true;
  return false;
}

// Calls in `scope` that need gradients on purpose (saliency maps, adversarial
// evaluation, test-time training, a Hessian-vector product), directly or in
// the project helpers it calls: autograd must stay on.
// `torch.enable_grad()` around it or on its function says the same.
bool needsGrad(const ScriptModel& m, ts::Node scope, int depth = 0) {
  for (const Call& c : m.calls()) {
    if (!scope.contains(c.node)) continue;
    if (c.qualified.starts_with("torch.autograd") || c.method == "backward" || c.method == "requires_grad_" ||
        c.method == "enable_grad")
      return true;
    const Function* g = depth < kHelperDepth ? m.calledFunction(c) : nullptr;
    if (g && !g->node.contains(scope) && needsGrad(m, g->body, depth + 1)) return true;
  }
  for (ts::Node p = scope.parent(); p && !p.is("module"); p = p.parent())
    if ((p.is("with_statement") || p.is("decorated_definition")) && syntax::containsWord(p.text().substr(0, p.text().find(':')), {"enable_grad"}))
      return true;
  return false;
}

// The first model forward reached from `scope` with autograd on locally.
const Call* forwardIn(const ScriptModel& m, ts::Node scope, const Function* fn, int depth) {
  for (const Call& c : m.calls()) {
    if (c.function != fn || !scope.contains(c.node) || localNoGrad(c.node, scope)) continue;
    // `if model.training: return model(x)`: a shared step helper's training
    // side, which an evaluation pass after `.eval()` does not take.
    if (std::optional<python::ModeRequirement> mode = python::modeRequiredFor(c.node); mode && mode->training)
      continue;
    if (isForward(m, c)) return &c;
    const Function* g = m.calledFunction(c);
    if (!g || g == fn || depth >= kHelperDepth) continue;
    bool decorated = false;
    for (const auto& d : g->decorators) decorated |= syntax::containsWord(d, {"no_grad", "inference_mode"});
    if (!decorated)
      if (const Call* inner = forwardIn(m, g->body, g, depth + 1)) return inner;
  }
  return nullptr;
}

// A function that trains (a step or epoch loop, a backward): decorating it
// would break training, so its eval loop is reported at the loop.
bool trains(const ScriptModel& m, const Function& f) {
  for (const auto& l : m.loops())
    if (l.function == &f && (l.kind == python::LoopKind::Step || l.kind == python::LoopKind::Epoch)) return true;
  return needsGrad(m, f.body);
}

bool evalNamed(const Function& f) {
  names::Lowered lowered(f.name);
  // test_* functions are unit tests, not evaluation.
  return lowered.fits() && names::containsAny(lowered.view(), {"eval", "valid", "predict", "infer", "test"}) && !f.name.starts_with("test_") && !syntax::containsWord(f.name, {"train"});
}

// From the start of `n` to the end of its first line (a def or loop header).
Location headerLine(const ScriptModel& m, ts::Node n) {
  uint32_t end = std::min(n.end(), m.file().lineStart(m.file().position(n.begin()).line + 1));
  while (end > n.begin() && std::isspace(static_cast<unsigned char>(m.file().text()[end - 1]))) --end;
  return m.location(n.begin(), end);
}

// "torch.no_grad()" under the script's own name for torch; "" when torch
// itself is not imported under any name.
std::string noGradCall(const ScriptModel& m) {
  for (const auto& [local, qualified] : m.imports()) {
    if (qualified == "torch") return local + ".no_grad()";
    if (qualified == "torch.no_grad") return local + "()";
  }
  return "";
}

// How to spell `torch.no_grad()` here, with the edit that imports torch
// when the script reaches it under no name; null when `torch` names
// something else or there is no import to place `import torch` by.
struct NoGrad {
  std::string call;
  std::optional<Edit> import;
};
std::optional<NoGrad> noGrad(const ScriptModel& m) {
  if (std::string call = noGradCall(m); !call.empty()) return NoGrad{call, std::nullopt};
  if (m.imports().count("torch")) return std::nullopt;
  auto edit = fixits::addImport(m, "torch");
  if (!edit) return std::nullopt;
  return NoGrad{"torch.no_grad()", std::move(edit)};
}

// `sampler.eval().requires_grad_(False)`: the object a chain of method calls starts from.
ts::Node chainBase(ts::Node n) {
  n = syntax::unwrap(n);
  while (n.is("call") && syntax::unwrap(n.field("function")).is("attribute"))
    n = syntax::unwrap(syntax::unwrap(n.field("function")).field("object"));
  return n;
}

// `p.requires_grad = False` (spaced or not) in `text`.
bool setsRequiresGradFalse(std::string_view text) {
  for (size_t at = text.find("requires_grad"); at != std::string_view::npos; at = text.find("requires_grad", at + 1)) {
    std::string_view rest = text.substr(at + std::string_view("requires_grad").size());
    while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    if (!rest.starts_with("=") || rest.starts_with("==")) continue;
    rest.remove_prefix(1);
    while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    if (rest.starts_with("False")) return true;
  }
  return false;
}

// A loop body that sets `requires_grad = False` on each parameter it walks:
// the store is one of the body's own statements, not under an `if` that
// keeps some trainable (`if name not in ["fc.weight", "fc.bias"]:` freezes
// all but a linear probe, whose forward still records a graph).
bool freezesEveryParameter(ts::Node body) {
  for (ts::Node stmt : body.namedChildren())
    if (stmt.is("expression_statement") && setsRequiresGradFalse(stmt.text())) return true;
  return false;
}

// The model the forward calls was frozen where this code can see it:
// `G.eval().requires_grad_(False)`, `G = copy.deepcopy(net).requires_grad_(False)`
// or `for p in G.parameters(): p.requires_grad = False` in the same function,
// at module level, or (for `self.G`) in a method of the same class. With no
// parameter needing a gradient and inputs made without one (noise, labels,
// loaded images), autograd records nothing: a metric's frozen generator.
bool frozenModel(const ScriptModel& m, const Call& fwd) {
  std::string_view name = syntax::unwrap(fwd.callee).text();
  bool via_self = name.starts_with("self.");
  auto sameScope = [&](const python::Function* f) {
    if (!f || f == fwd.function) return true;
    return via_self && fwd.function && f->owner && f->owner == fwd.function->owner;
  };
  for (const Call& c : m.calls()) {
    if (!sameScope(c.function)) continue;
    bool off = c.method == "requires_grad_" && c.positional.size() == 1 && syntax::unwrap(c.positional[0]).is("false");
    if (off && c.receiver && chainBase(c.receiver).text() == name) return true;
    if (off) {
      ts::Node stmt = syntax::ancestor(c.node, {"assignment"});
      if (stmt && syntax::unwrap(stmt.field("left")).text() == name && stmt.field("right").contains(c.node)) return true;
    }
    // `for p in G.parameters(): p.requires_grad = False` (or `for k, v in G.named_parameters()`)
    if ((c.method == "parameters" || c.method == "named_parameters") && c.receiver &&
        syntax::unwrap(c.receiver).text() == name)
      if (ts::Node loop = syntax::ancestor(c.node, {"for_statement"});
          loop && loop.field("right").contains(c.node) &&
          freezesEveryParameter(loop.field("body")))
        return true;
  }
  return false;
}

// A method of a class that defines `forward` (not a LightningModule, whose
// hooks Lightning runs under no_grad itself): the model's own computation,
// such as a decode head's iterative `forward_test`. Grad mode is its caller's
// to set, and the caller's evaluation loop is judged where it is.
bool partOfModel(const ScriptModel& m, const Function* f) {
  if (!f || !f->owner || f->owner->is_lightning_module) return false;
  for (const auto& g : m.functions())
    if (g->owner == f->owner && g->name == "forward") return true;
  return false;
}

// `for _ in range(cfg.subdivision_steps):`: a model's refinement passes,
// not a walk over evaluation data (`for x in loader:` in a model's own
// `evaluate` method is still judged).
bool countsPasses(const ScriptModel& m, const python::Loop& l) {
  const Call* c = l.iterable ? m.callAt(syntax::unwrap(l.iterable)) : nullptr;
  // `for k in reversed(range(self.n_flows)):` (a flow's inverse) counts them too.
  if (c && c->method == "reversed" && !c->receiver && c->positional.size() == 1)
    c = m.callAt(syntax::unwrap(c->positional[0]));
  return c && c->method == "range" && !c->receiver;
}

// A `yield` or `await` in `n` outside nested functions: while the code is
// suspended there, a `with` block would leave grad mode off for whatever
// runs in between.
bool suspends(ts::Node n) {
  if (n.is("yield") || n.is("await")) return true;
  if (n.is("function_definition") || n.is("lambda")) return false;
  for (ts::Node c : n.namedChildren())
    if (suspends(c)) return true;
  return false;
}

// A backward pass or autograd call in the loop's own scope (its function,
// or module-level code) outside the loop: a tensor computed in the loop
// might feed it, and under no_grad it would carry no gradient.
bool gradientsElsewhere(const ScriptModel& m, const python::Loop& l) {
  for (const Call& c : m.calls())
    if (c.function == l.function && !l.node.contains(c.node) &&
        (c.method == "backward" || c.qualified.starts_with("torch.autograd")))
      return true;
  return false;
}

// `with torch.no_grad():` around the loop. No fix for a loop holding a
// multi-line string: its lines cannot be re-indented without changing the
// string, so wrapInBlock declines.
std::optional<Fix> wrapFix(const ScriptModel& m, const python::Loop& l) {
  auto ng = noGrad(m);
  if (!ng || suspends(l.node)) return std::nullopt;
  auto edits = fixits::wrapInBlock(m, l.node, "with " + ng->call + ":");
  if (!edits) return std::nullopt;
  if (ng->import) edits->push_back(*ng->import);
  Applicability a = gradientsElsewhere(m, l) ? Applicability::Unsafe : Applicability::Safe;
  return Fix{"Wrap the loop in `with " + ng->call + ":`", a, std::move(*edits)};
}

// `@torch.no_grad()` above the def, when the def starts its line. Callers
// that backpropagate through the function's result were ruled out
// (outputOfIsDifferentiated) before it is reported.
std::optional<Fix> decoratorFix(const ScriptModel& m, const Function& fn) {
  auto ng = noGrad(m);
  uint32_t line_start = m.file().lineStart(m.file().position(fn.node.begin()).line);
  std::string indent(m.file().text().substr(line_start, fn.node.begin() - line_start));
  if (!ng || indent.find_first_not_of(" \t") != std::string::npos) return std::nullopt;
  Fix fix{"Add @" + ng->call, Applicability::Safe,
          {Edit{m.file().path(), line_start, line_start, indent + "@" + ng->call + "\n"}}};
  if (ng->import) fix.edits.push_back(*ng->import);
  return fix;
}

void report(const ScriptModel& m, const Function* fn, const python::Loop* loop, const Call& fwd,
            DiagnosticSink& sink) {
  Diagnostic d;
  d.rule = "GPU205";
  d.level = Level::Warning;
  std::string forward = "`" + std::string(fwd.callee.text()) + "(...)` at line " + std::to_string(fwd.node.line());
  std::string decorator = noGradCall(m);
  std::optional<Fix> fix;
  if (fn) {
    d.location = headerLine(m, fn->node);
    d.message = "`" + fn->name + "()` runs the model forward (" + forward + ")" + kWhy + "decorate it with `@" +
                (decorator.empty() ? "torch.no_grad()" : decorator) + "` (or `@torch.inference_mode()`).";
    fix = decoratorFix(m, *fn);
  } else {
    d.location = headerLine(m, loop->node);
    d.message = "This evaluation loop runs the model forward (" + forward + ")" + kWhy +
                "wrap the loop in `with torch.no_grad():` (or `torch.inference_mode()`).";
    fix = wrapFix(m, *loop);
  }
  if (fix) d.fixes.push_back(std::move(*fix));
  d.related.push_back({m.location(fwd.node), "model forward pass with autograd on"});
  if (loop && fn) d.related.push_back({headerLine(m, loop->node), "evaluation loop"});
  sink.report(std::move(d));
}

}  // namespace

void EvalWithoutNoGrad::run(const AnalysisContext& ctx, DiagnosticSink& sink) const {
  const ScriptModel& m = *ctx.script;
  // PyTorch only: TF/Keras/JAX build no autograd graph outside a tape or grad transform.
  if (!m.importsModule("torch")) return;
  std::set<uint32_t> reported;
  for (const auto& l : m.loops()) {
    if (l.kind != python::LoopKind::Eval || (partOfModel(m, l.function) && countsPasses(m, l))) continue;
    // no_grad around the loop, on its function or on every caller; a Lightning hook.
    if (m.gradDisabled(l.node)) continue;
    if (needsGrad(m, l.node)) continue;
    const Call* fwd = forwardIn(m, l.node.field("body"), l.function, 0);
    if (!fwd) continue;  // no model forward: nothing for autograd to record
    if (frozenModel(m, *fwd)) continue;  // no parameter needs a gradient: no graph is kept
    // The function's result is backpropagated by a caller: a training forward.
    if (l.function && outputOfIsDifferentiated(m, *l.function)) continue;
    const Function* owner = l.function && !trains(m, *l.function) ? l.function : nullptr;
    if (!reported.insert(owner ? owner->node.begin() : l.node.begin()).second) continue;
    report(m, owner, &l, *fwd, sink);
  }
  // Eval functions without an eval loop of their own (a per-sample predict()).
  for (const auto& f : m.functions()) {
    if (!evalNamed(*f) || reported.count(f->node.begin()) || trains(m, *f) || partOfModel(m, f.get())) continue;
    // Called only from other modules: the caller's context is unknown.
    auto callers = m.callersOf(*f);
    if (callers.empty() || m.gradDisabled(f->body) || needsGrad(m, f->body)) continue;
    // A one-off call (a shape probe at start-up) is not evaluation: some caller must run it repeatedly.
    if (std::none_of(callers.begin(), callers.end(), [&](const Call* c) { return m.enclosingLoop(c->node); }))
      continue;
    // Called from an eval loop: judged (and reported) with that loop.
    if (std::any_of(callers.begin(), callers.end(), [&](const Call* c) {
          auto batch = m.inBatchLoop(c->node);
          return batch && batch->kind == python::BatchKind::Eval;
        }))
      continue;
    bool has_eval_loop = false;
    for (const auto& l : m.loops()) has_eval_loop |= l.function == f.get() && l.kind == python::LoopKind::Eval;
    if (has_eval_loop) continue;  // judged with its loop above
    const Call* fwd = forwardIn(m, f->body, f.get(), 0);
    if (!fwd || frozenModel(m, *fwd)) continue;
    // The forward is in a helper reported with its own loop: decorating that
    // helper covers this call of it too (one finding, not one per caller).
    if (fwd->function && fwd->function != f.get() && reported.count(fwd->function->node.begin())) continue;
    // `loss = F.cross_entropy(self.predict(x), y); loss.backward()`: the
    // training forward (asked last: it follows values through the callers).
    if (outputOfIsDifferentiated(m, *f)) continue;
    report(m, f.get(), nullptr, *fwd, sink);
  }
}

}  // namespace gpulint::checks
