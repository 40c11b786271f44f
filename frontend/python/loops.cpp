// Loop classification (RULES.md "Step loop", "Eval loop"): a step loop runs a
// backward pass or optimizer step in its own body (or through project
// functions it calls); a loop around step loops is an epoch loop; a loop over
// batches in an evaluation context with no backward is an eval loop.
#include <algorithm>
#include <cctype>
#include <map>
#include <optional>

#include "frontend/name_match.h"
#include "frontend/python/script_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

// The project function a call in the loop's body hands the loop's own
// variable to, when that function runs a module passed in (or held on
// `self`) on it; null when none (helper_forward.cpp).
const Function* forwardingHelperCall(const ScriptModel& m, const Loop& l);

bool isTrainingCall(const Call& c) {
  const std::string& m = c.method;
  if (m == "backward") return true;  // loss.backward(), accelerator.backward(loss), scaler.scale(l).backward()
  if (m == "step" && c.receiver) {
    std::string_view r = c.receiver.text();
    if (syntax::containsWord(r, {"sched", "lr_"})) return false;
    if (syntax::containsWord(r, {"optim", "opt", "scaler"})) return true;
  }
  if (m == "gradient" && c.receiver && syntax::containsWord(c.receiver.text(), {"tape"})) return true;
  if (m == "apply_gradients" || m == "train_on_batch" || m == "minimize") return true;
  return false;
}

namespace {

// The names a loop binds on each pass (`for i, (x, y) in ...`: i, x, y), `_` left out.
std::vector<std::string_view> loopTargetNames(const Loop& l) {
  std::vector<std::string_view> vars;
  std::vector<ts::Node> stack{l.target};
  while (!stack.empty()) {
    ts::Node n = stack.back();
    stack.pop_back();
    if (!n) continue;
    if (n.is("identifier") && n.text() != "_") vars.push_back(n.text());
    for (ts::Node c : n.namedChildren()) stack.push_back(c);
  }
  return vars;
}

}  // namespace

bool forwardsLoopTarget(const ScriptModel& m, const Loop& l) {
  std::vector<std::string_view> vars = loopTargetNames(l);
  if (vars.empty()) return false;
  ts::Node body = l.node.field("body");
  for (const Call& c : m.callsIn(body)) {
    if (!body.contains(c.node) || c.positional.empty() || !c.qualified.empty()) continue;
    bool uses = false;
    for (ts::Node a : c.positional)
      for (std::string_view v : vars) uses = uses || syntax::containsName(a, v);
    if (uses && m.isModuleExpression(c.method == "forward" && c.receiver ? c.receiver : c.callee)) return true;
  }
  return false;
}

// What a sampling loop counts through, under `tqdm`, `enumerate`,
// `reversed` or `list`: `range(n)` (token generation), or a diffusion
// scheduler's `timesteps`/`sigmas`, which only a sampler iterates.
enum class SamplingSteps { None, Counted, Schedule };

SamplingSteps samplingSteps(const ScriptModel& m, ts::Node it) {
  it = syntax::unwrap(it);
  for (int wraps = 0; it && it.is("call") && wraps < 3; ++wraps) {
    const Call* c = m.callAt(it);
    if (!c) return SamplingSteps::None;
    if ((c->method == "range" || c->method == "trange") && !c->receiver) return SamplingSteps::Counted;
    if (!syntax::oneOf(c->method, {"tqdm", "enumerate", "reversed", "list"}) || c->positional.empty())
      return SamplingSteps::None;
    it = syntax::unwrap(c->positional[0]);
  }
  if (!it || !(it.is("identifier") || it.is("attribute"))) return SamplingSteps::None;
  std::string_view last = syntax::lastName(it);
  return last == "timesteps" || last == "sigmas" ? SamplingSteps::Schedule : SamplingSteps::None;
}

bool repeatsForwardPasses(const ScriptModel& m, const Loop& l) {
  if (!l.node.is("for_statement")) return false;
  SamplingSteps steps = samplingSteps(m, l.iterable);
  if (steps == SamplingSteps::Schedule) return true;  // the denoiser may be loaded by any means
  if (steps == SamplingSteps::None) return false;
  ts::Node body = l.node.field("body");
  for (const Call& c : m.callsIn(body)) {
    if (!body.contains(c.node) || !c.qualified.empty()) continue;
    // A parameter counts when every call site, in any file of the project,
    // binds it to a module (`generate(model=model, ...)` from the scripts).
    ts::Node callee = c.method == "forward" && c.receiver ? c.receiver : c.callee;
    if (m.isModuleExpression(callee)) return true;
  }
  return false;
}

bool playsEpisodes(const Loop& l) {
  ts::Node header = l.node.is("while_statement") ? l.node.field("condition") : ts::Node();
  for (ts::Node n : {l.target, l.iterable, header})
    if (n && n.text().size() <= 256 && syntax::containsWord(n.text(), {"episode", "episodes"})) return true;
  return false;
}

namespace {

// The iterable or the variable of a loop is named like batches: `train_loader`,
// `tqdm(dl)`, `for images, labels in ...`.
bool namesBatches(std::string_view iterable, std::string_view target) {
  if (iterable.size() + 1 + target.size() > kMaxMatchedNameLength) return false;  // as one name, joined by a space
  auto hit = [](std::string_view text) {
    names::Lowered lowered(text);
    std::string_view s = lowered.view();
    auto any = [](char) { return true; };
    auto non_word = [](char c) { return !(names::isAsciiLetter(c) || (c >= '0' && c <= '9') || c == '_'); };
    return names::containsAny(s, {"loader", "batch", "data", "iter", "val", "test", "eval", "inputs", "images",
                                  "progress", "pbar", "prefetch"}) ||
           names::occursBetween(s, "dl", true, any, true, non_word);
  };
  return hit(iterable) || hit(target);
}

// The last name of an iterable of things that are not batches: `subsets`,
// `model_names`, `cfg.seeds`.
bool namesThings(std::string_view last) {
  names::Lowered lowered(last);
  if (!lowered.fits()) return false;
  std::string_view s = lowered.view();
  for (std::string_view things :
       {"subsets", "splits", "datasets", "prompts", "texts", "sentences", "names", "models", "folds", "tasks",
        "files", "paths", "fpaths", "filenames", "classnames", "classes", "templates", "mappings", "strs", "types",
        "heads", "classifiers", "checkpoints", "ckpts", "configs", "seeds", "langs", "languages", "phases", "modes",
        "domains", "benchmarks"})
    if (s.ends_with(things) && (s.size() == things.size() || s[s.size() - things.size() - 1] == '_')) return true;
  return false;
}

}  // namespace

class LoopClassifier {
 public:
  explicit LoopClassifier(ScriptModel& m) : m_(m) {}

  void run() {
    // Only a file with no optimizer step that asks for input gradients
    // (`x.requires_grad_(True)`) may hold a backward that trains nothing.
    bool input_gradients = !hasOptimizerStep() && std::any_of(m_.calls().begin(), m_.calls().end(), [](const Call& c) {
      return c.method == "requires_grad_" && c.receiver;
    });
    for (Loop& l : m_.loops_) {
      // A loop over a loader's batches runs a per-batch pass whatever its
      // backward fills: only other loops drop input-gradient backwards.
      if (bool batches = input_gradients && namedLikeBatches(l); batches != input_gradients_train_) {
        input_gradients_train_ = batches;
        memo_.clear();  // functionTrains' answers depend on it
      }
      if (!playsEpisodes(l) && trainsDirectly(l.node) && !buildsModelEachPass(l) && !timesOnePass(l))
        l.kind = LoopKind::Step;
    }
    m_.promoteBatchDrawingLoops();
    // A loop with a training loop inside (or calling a function that has
    // one) is an epoch loop.
    for (Loop& l : m_.loops_) {
      if (l.kind == LoopKind::Step) continue;
      if (containsStepLoop(l.node, 0)) l.kind = LoopKind::Epoch;
    }
    for (Loop& l : m_.loops_) {
      if (l.kind != LoopKind::Other) continue;
      if (isEvalLoop(l)) l.kind = LoopKind::Eval;
    }
    // An eval loop inside another eval loop: only the innermost counts,
    // unless the outer one runs the model on its own variable too (a batch
    // split into chunks inside the batch loop).
    for (Loop& l : m_.loops_) {
      if (l.kind != LoopKind::Eval || forwardsTarget(l) || forwardsThroughHelper(l)) continue;
      for (const Loop& inner : m_.loopsIn(l.node))
        if (&inner != &l && inner.kind == LoopKind::Eval && l.node.contains(inner.node) &&
            m_.enclosingFunction(inner.node) == m_.enclosingFunction(l.node)) {
          l.kind = LoopKind::Other;
          break;
        }
    }
    // A loop whose every iteration runs a whole evaluation pass (it calls a
    // function with its own batch loop) iterates datasets, classifiers or
    // checkpoints: per batch only the callee's loop counts. Calls into other
    // files are followed by ProjectModel::markEvalPassLoops.
    for (Loop& l : m_.loops_)
      if (l.kind == LoopKind::Eval && !forwardsTarget(l) && !forwardsThroughHelper(l) &&
          callsEvalPass(l.node.field("body"), 0))
        l.kind = LoopKind::Other;
  }

 private:
  // A train call in `scope` outside nested loops (those are step loops of
  // their own), directly or through project functions.
  bool trainsDirectly(ts::Node loop) {
    // Every way to train below ends at a training call of this file (the
    // functions followed are its own): a file with none trains in no loop,
    // and asking what each call runs would only cost.
    if (!hasTrainingCall()) return false;
    ts::Node body = loop.field("body");
    for (const Call& c : m_.callsIn(body)) {
      if (!body.contains(c.node)) continue;
      // The cheap (memoised) questions first: innerLoopBetween walks parents.
      bool trains = trainingCall(c);
      const Function* f = trains ? nullptr : calledFunction(c);
      if (!trains && !(f && functionTrains(*f, 1)) && !invokesTraining(c, 1)) continue;
      if (!innerLoopBetween(c.node, loop)) return true;
    }
    return false;
  }

  // `model = GPTModel(cfg).bfloat16().to(device)` among the loop's own
  // statements: every pass trains a fresh model (a batch-size search, a
  // benchmark sweep), so the loop runs experiments, not steps. A module of
  // torch.nn (a loss rebuilt per step) does not count.
  bool buildsModelEachPass(const Loop& l) {
    ts::Node body = l.node.field("body");
    for (const Call& c : m_.callsIn(body)) {
      if (!body.contains(c.node) || !c.receiver || !syntax::oneOf(c.method, {"to", "cuda"})) continue;
      ts::Node assign = c.node.parent();
      if (!assign || !assign.is("assignment") || !(assign.field("right") == c.node) || !unconditionalIn(assign, body))
        continue;
      const Call* made = m_.callAt(syntax::unwrap(c.receiver));
      while (made && made->receiver && made->receiver.is("call")) made = m_.callAt(made->receiver);
      if (!made || made->receiver || made->qualified.starts_with("torch.")) continue;
      std::string_view cls = syntax::lastName(made->callee);
      if (m_.constructedClass(*made).second || (!cls.empty() && std::isupper(static_cast<unsigned char>(cls[0]))))
        return true;
    }
    return false;
  }

  // `for _ in range(n): y = m(x); y.sum().backward()` with no optimizer
  // step: every pass runs forward and backward on the same inputs and
  // changes no weight, so the loop times or profiles one pass (a layer
  // benchmark), it trains nothing. A loop that draws new inputs each pass
  // (`next(it)`, `x, y = get_batch()` passed to a call) or whose counter
  // picks them is a micro-step loop and stays a step loop.
  bool timesOnePass(const Loop& l) {
    ts::Node it = peelWrappers(l.iterable);
    const Call* range = it && it.is("call") ? m_.callAt(it) : nullptr;
    if (!range || range->method != "range" || range->receiver) return false;
    ts::Node body = l.node.field("body");
    for (std::string_view v : loopTargetNames(l))
      if (syntax::containsName(body, v)) return false;
    std::vector<std::string_view> assigned = namesAssignedIn(body);
    for (const Call& c : m_.callsIn(body)) {
      if (!body.contains(c.node)) continue;
      if (c.method == "next" && !c.receiver) return false;
      if (isTrainingCall(c) && c.method != "backward") return false;  // an optimizer step trains
      if (const Function* f = calledFunction(c); f && functionTrains(*f, 1)) return false;
      for (ts::Node arg : c.positional)
        for (std::string_view v : assigned)
          if (syntax::containsName(arg, v)) return false;  // an input made in the loop
    }
    return true;
  }

  // The plain names the statements of `body` assign (`x, y = ...`, `y = ...`);
  // subscript and attribute targets (`t[0] = ...`) bind no new input.
  static std::vector<std::string_view> namesAssignedIn(ts::Node body) {
    std::vector<std::string_view> names;
    std::vector<ts::Node> stack{body};
    while (!stack.empty()) {
      ts::Node n = stack.back();
      stack.pop_back();
      if (syntax::isScope(n)) continue;
      if (n.is("assignment") || n.is("augmented_assignment")) {
        std::vector<ts::Node> targets{n.field("left")};
        while (!targets.empty()) {
          ts::Node t = targets.back();
          targets.pop_back();
          if (t.is("identifier") && t.text() != "_") names.push_back(t.text());
          if (t.is("pattern_list") || t.is("tuple_pattern") || t.is("list_pattern"))
            for (ts::Node c : t.namedChildren()) targets.push_back(c);
        }
      }
      for (ts::Node c : n.namedChildren()) stack.push_back(c);
    }
    return names;
  }

  // No condition or loop between `n` and `body` (a try or with block is fine).
  static bool unconditionalIn(ts::Node n, ts::Node body) {
    for (ts::Node p : n.ancestorWalk()) {
      if (p == body) return true;
      if (!syntax::oneOf(p.type(), {"expression_statement", "block", "try_statement", "with_statement"})) return false;
    }
    return false;
  }

  bool innerLoopBetween(ts::Node n, ts::Node outer) {
    for (ts::Node p : n.ancestorWalk()) {
      if (p == outer) break;
      if (syntax::isLoop(p)) return true;
      if (syntax::isScope(p)) return true;
    }
    return false;
  }

  const Function* calledFunction(const Call& c) { return m_.calledFunction(c); }

  // A training call that trains: not a backward for input gradients only,
  // nor one that explains a prediction in an interactive app.
  bool trainingCall(const Call& c) {
    if (!isTrainingCall(c) || c.method != "backward") return isTrainingCall(c);
    if (servesRequests()) return false;
    return input_gradients_train_ || !inputGradientOnly(c);
  }

  // A Streamlit or Gradio app runs its functions once per user request, on
  // the few inputs that request names: a backward there reads gradients to
  // explain a prediction (Grad-CAM, saliency) and trains nothing by itself.
  // Only an optimizer step makes a step loop of an app's loop (a fine-tuning
  // page trains per step all the same).
  bool servesRequests() {
    if (!serves_requests_) serves_requests_ = m_.importsModule("streamlit") || m_.importsModule("gradio");
    return *serves_requests_;
  }

  // `images.requires_grad_(True); model(images).sum().backward(); images.grad`
  // in a file with no optimizer step: a saliency map or an adversarial
  // probe, whose backward fills the input's gradient and trains no weight.
  bool inputGradientOnly(const Call& backward) {
    if (hasOptimizerStep()) return false;
    ts::Node scope = backward.function ? backward.function->body : m_.root();
    for (const Call& c : m_.callsIn(scope)) {
      if (c.function != backward.function || c.method != "requires_grad_" || !c.receiver) continue;
      if (!c.positional.empty() && !syntax::unwrap(c.positional[0]).is("true")) continue;
      ts::Node input = syntax::unwrap(c.receiver);
      if (input.is("identifier") && readsGrad(scope, input.text())) return true;
    }
    return false;
  }

  bool hasOptimizerStep() {
    if (!has_optimizer_step_)
      has_optimizer_step_ = std::any_of(m_.calls().begin(), m_.calls().end(),
                                        [](const Call& c) { return isTrainingCall(c) && c.method != "backward"; });
    return *has_optimizer_step_;
  }

  // `name.grad` read in `scope`'s own code.
  static bool readsGrad(ts::Node n, std::string_view name) {
    if (n.is("attribute") && n.field("attribute").text() == "grad" && syntax::unwrap(n.field("object")).text() == name)
      return true;
    for (ts::Node c : n.namedChildren())
      if (!syntax::isScope(c) && readsGrad(c, name)) return true;
    return false;
  }

  bool hasTrainingCall() {
    if (!has_training_call_)
      has_training_call_ = std::any_of(m_.calls().begin(), m_.calls().end(), [](const Call& c) { return isTrainingCall(c); });
    return *has_training_call_;
  }

  bool functionTrains(const Function& f, int depth) {
    if (depth > 3) return false;
    auto key = std::make_pair(&f, depth);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    memo_[key] = false;  // break recursion
    bool result = false;
    for (const Call& c : m_.callsIn(f.node)) {
      if (c.function != &f) continue;
      // Training inside a loop of f makes that loop the step loop (f is a
      // train_one_epoch), not the loop that calls f.
      if (m_.enclosingLoop(c.node)) continue;
      if (trainingCall(c)) { result = true; break; }
      if (const Function* g = calledFunction(c); g && g != &f && functionTrains(*g, depth + 1)) { result = true; break; }
      if (invokesTraining(c, depth + 1)) { result = true; break; }
    }
    memo_[key] = result;
    return result;
  }

  // `gpu_timer(train_step)`: the call hands a function that trains to a
  // function that calls it (ScriptModel::invokersOf), so it trains too.
  bool invokesTraining(const Call& c, int depth) {
    for (const Function* passed : m_.functionsHandedBy(c))
      if (functionTrains(*passed, depth)) return true;
    return false;
  }

  bool containsStepLoop(ts::Node node, int depth) {
    if (depth > 3) return false;
    for (const Loop& inner : m_.loopsIn(node))
      if (inner.kind == LoopKind::Step && !(inner.node == node) && node.contains(inner.node)) return true;
    for (const Call& c : m_.callsIn(node)) {
      if (!node.contains(c.node)) continue;
      const Function* f = calledFunction(c);
      if (f && !f->node.contains(node) && containsStepLoop(f->node, depth + 1)) return true;
    }
    return false;
  }

  bool callsEvalPass(ts::Node node, int depth) {
    if (depth > 2) return false;
    for (const Call& c : m_.callsIn(node)) {
      if (!node.contains(c.node)) continue;
      const Function* f = calledFunction(c);
      if (!f || f->node.contains(node)) continue;
      for (const Loop& inner : m_.loopsIn(f->node))
        if (f->node.contains(inner.node) && (inner.kind == LoopKind::Eval || repeatsForwardPasses(m_, inner)))
          return true;
      if (callsEvalPass(f->node, depth + 1)) return true;
    }
    return false;
  }

  bool isEvalLoop(const Loop& l) {
    // Every test below must hold: the syntactic ones are asked first, and
    // whether a call runs a module on the loop's items (which resolves
    // values) only of the loops they leave.
    if (!l.node.is("for_statement") || !m_.inEvalContext(l.node)) return false;
    if (!iteratesBatches(l) || !worksOnItems(l)) return false;
    // Named like batches but only formats results on the host (`for image
    // in images: logs.append(wandb.Image(image))` after a validation pass):
    // it queues no GPU work, so nothing in it can keep a GPU waiting.
    ts::Node body = l.node.field("body");
    if (onlyHostCalls(body) && !forwardsTarget(l)) return false;
    // Converted with a direct `.numpy()` (asked last: it resolves modules).
    return !(convertsHostTensors(body) && !forwardsTarget(l));
  }

  // `all_boxes[j][i] = dets[mask].numpy()` with no `.cpu()` on the way and no
  // module run in the loop: `.numpy()` raises on a CUDA tensor, so the loop
  // post-processes results already on the host (torch ops there run on the
  // CPU) and queues no GPU work.
  bool convertsHostTensors(ts::Node body) {
    bool direct_numpy = false;
    for (const Call& c : m_.callsIn(body))
      if (body.contains(c.node) && c.method == "numpy" && c.receiver && c.positional.empty() && c.keywords.empty())
        direct_numpy = true;
    if (!direct_numpy) return false;
    for (const Call& c : m_.callsIn(body)) {
      if (!body.contains(c.node)) continue;
      // A module, a copy between devices or a project function (which may
      // run either) leaves the question open.
      if (syntax::oneOf(c.method, {"to", "cuda", "cpu"}) || calledFunction(c) || m_.isModuleExpression(c.callee))
        return false;
    }
    return true;
  }

  // Every call in `body` is a known host-side call (image/array formatting,
  // trackers, containers, logging), and there is at least one.
  bool onlyHostCalls(ts::Node body, int depth = 0) {
    size_t n = 0;
    for (const Call& c : m_.callsIn(body)) {
      if (!body.contains(c.node)) continue;
      ++n;
      // `ok, _ = parse_json(text)`: a project helper whose own calls are all
      // host calls queues no GPU work either (one with no call at all may
      // still do tensor arithmetic).
      if (const Function* f = depth < 2 ? calledFunction(c) : nullptr; f && !f->node.contains(body)) {
        if (onlyHostCalls(f->body, depth + 1)) continue;
        return false;
      }
      const std::string& q = c.qualified;
      bool host_library = false;
      for (std::string_view prefix : {"wandb.", "numpy.", "PIL.", "cv2.", "os.", "json.", "math.", "logging.",
                                      "imageio.", "matplotlib.", "random.", "re."})
        host_library = host_library || q.starts_with(prefix);
      // The tracker module held on an object (`self.wandb = wandb`).
      host_library = host_library || (c.receiver && syntax::lastName(c.receiver) == "wandb");
      if (host_library) continue;
      if (!c.receiver && q.empty() &&
          syntax::oneOf(c.method, {"print", "len", "str", "int", "float", "zip", "enumerate", "range", "list", "dict",
                                   "tuple", "isinstance", "format", "open", "round", "sorted", "reversed", "max",
                                   "min"}))
        continue;
      if (c.receiver && q.empty() &&
          syntax::oneOf(c.method, {"append", "extend", "info", "warning", "debug", "format", "join", "save", "resize",
                                   "convert", "log", "add_images", "add_image", "add_data", "items", "keys", "values", "get",
                                   "split", "strip", "replace", "write",
                                   // string and regex-match methods: a tensor has none of them
                                   "startswith", "endswith", "lower", "upper", "lstrip", "rstrip", "splitlines",
                                   "group", "groups",
                                   // a value already on the host, or one sync on finished work: no GPU work queued
                                   "item", "tolist"}))
        continue;
      return false;  // anything else may queue GPU work
    }
    return n > 0;
  }

  // Something in the body besides printing uses what the loop yields:
  // `for x, y in loader: print(x.shape)` inspects the data and queues no GPU
  // work, so nothing in it can keep a GPU waiting.
  bool worksOnItems(const Loop& l) {
    std::vector<std::string_view> vars = loopTargetNames(l);
    if (vars.empty()) return true;  // unknown shape: keep the loop
    ts::Node body = l.node.field("body");
    for (const Call& c : m_.callsIn(body)) {
      if (!body.contains(c.node)) continue;
      if (!c.receiver && syntax::oneOf(c.method, {"print", "len", "str", "repr", "type", "isinstance", "format"}))
        continue;
      if (syntax::oneOf(c.method, {"info", "debug", "warning", "write", "set_description", "set_postfix"})) continue;
      for (std::string_view v : vars)
        if (syntax::containsName(c.node, v)) return true;
    }
    if (repeatsOneComputation(l, vars)) return false;
    // Assignments and subscripts use the items too (`preds[i] = batch`): only
    // a body of prints and nothing else is an inspection loop.
    for (ts::Node s : body.namedChildren()) {
      if (s.is("comment")) continue;
      ts::Node e = s.is("expression_statement") && s.namedChildCount() == 1 ? s.namedChild(0) : ts::Node();
      const Call* c = e && e.is("call") ? m_.callAt(e) : nullptr;
      if (!c || !(c->method == "print" || c->method == "info")) return true;
    }
    return false;
  }

  // `for i in range(self.niter):` whose counter shows in prints only: the
  // loop repeats one computation (k-means or power iterations), it walks no
  // items. One that draws batches (`next(it)`) or runs a module still may.
  bool repeatsOneComputation(const Loop& l, const std::vector<std::string_view>& vars) {
    ts::Node it = peelWrappers(l.iterable);
    const Call* range = it && it.is("call") ? m_.callAt(it) : nullptr;
    if (!range || range->method != "range" || range->receiver) return false;
    ts::Node body = l.node.field("body");
    for (const Call& c : m_.callsIn(body)) {
      if (!body.contains(c.node)) continue;
      if ((c.method == "next" && !c.receiver) || m_.isModuleExpression(c.callee)) return false;
    }
    for (ts::Node s : body.namedChildren()) {
      ts::Node e = s.is("expression_statement") && s.namedChildCount() == 1 ? s.namedChild(0) : ts::Node();
      const Call* c = e && e.is("call") ? m_.callAt(e) : nullptr;
      if (c && (c->method == "print" || c->method == "info")) continue;
      for (std::string_view v : vars)
        if (syntax::containsName(s, v)) return false;
    }
    return true;
  }

  // A batch loop iterates batches (RULES.md "How often a line runs"): it runs
  // a forward pass on its variable, or iterates something named like a loader
  // or iterator (through enumerate/tqdm/log_every wrappers); a loop over
  // datasets, subsets, prompts, model names or folds does not.
  bool iteratesBatches(const Loop& l) {
    return namedLikeBatches(l) || forwardsTarget(l) || drawsBatchEachPass(l) || forwardsItemsOfBatch(l);
  }

  // `for b in range(images.shape[0]): score(model, images[b], chunks)` inside
  // a loop over a loader: a helper runs the model on each item of the batch
  // (helper_forward.cpp). Only inside a loader's loop: a loop over class
  // names or prompts that embeds each once (set-up), or one that runs a
  // helper on a fixed input, walks no batches.
  bool forwardsItemsOfBatch(const Loop& l) {
    ts::Node it = peelWrappers(l.iterable);
    if (!it || isCollectionOfThings(it)) return false;
    bool in_batch_loop = false;
    for (ts::Node p = l.node.parent(); p && !syntax::isScope(p) && !in_batch_loop; p = p.parent())
      if (const Loop* outer = p.is("for_statement") ? m_.loopFor(p) : nullptr)
        in_batch_loop = namedLikeBatches(*outer);
    return in_batch_loop && forwardsThroughHelper(l);
  }

  bool forwardsThroughHelper(const Loop& l) {
    auto [it, fresh] = helper_forward_.try_emplace(&l, false);
    if (fresh) it->second = forwardingHelperCall(m_, l) != nullptr;
    return it->second;
  }

  // `for _ in range(steps): x, y = next(it)` with `it = iter(loader)`: each
  // pass pulls one batch, whatever the count is called. Only a plain
  // `next()` of an iterator over data, on every pass (not
  // `next(model.parameters())`).
  bool drawsBatchEachPass(const Loop& l) {
    ts::Node it = peelWrappers(l.iterable);
    const Call* range = it && it.is("call") ? m_.callAt(it) : nullptr;
    if (!range || range->method != "range" || range->receiver) return false;
    ts::Node body = l.node.field("body");
    for (const Call& c : m_.callsIn(body)) {
      if (!body.contains(c.node) || c.method != "next" || c.receiver || c.positional.size() != 1) continue;
      ts::Node source = syntax::unwrap(c.positional[0]);
      ts::Node statement = c.node;
      while (statement && !statement.is("expression_statement") && !(statement == body)) statement = statement.parent();
      if (!source.is("identifier") || !statement || !unconditionalIn(statement, body)) continue;
      names::Lowered lowered(source.text());
      if (lowered.fits() && names::containsAny(lowered.view(), {"iter", "loader", "data", "batch"})) return true;
      auto binding = m_.lastBinding(source);
      ts::Node made = binding && binding->value ? syntax::unwrap(binding->value) : ts::Node();
      const Call* iter = made && made.is("call") ? m_.callAt(made) : nullptr;
      if (iter && iter->method == "iter" && !iter->receiver) return true;
    }
    return false;
  }

  // The names part of iteratesBatches (the cheap one, asked first).
  bool namedLikeBatches(const Loop& l) {
    ts::Node it = peelWrappers(l.iterable);
    if (!it || isCollectionOfThings(it) || indexesOneBatch(it)) return false;
    bool named = countsRepetitions(it) ? namesBatches("", l.target.text())
                                       : namesBatches(l.iterable.text(), l.target.text());
    // Asked last, of the loops the names leave (it follows values).
    return named && !iteratesDictKeys(it);
  }

  // `range(args.images_per_prompt)`: every name of the count that sounds
  // like batches is a rate (`x_per_y`), which counts repetitions of one
  // item, not batches.
  bool countsRepetitions(ts::Node it) {
    const Call* c = it.is("call") ? m_.callAt(it) : nullptr;
    if (!c || c->method != "range" || c->receiver) return false;
    bool rate = false;
    std::vector<ts::Node> stack(c->positional.begin(), c->positional.end());
    while (!stack.empty()) {
      ts::Node n = stack.back();
      stack.pop_back();
      if (n.is("identifier") && namesBatches(n.text(), "")) {
        if (n.text().find("_per_") == std::string_view::npos) return false;
        rate = true;
      }
      for (ts::Node child : n.namedChildren()) stack.push_back(child);
    }
    return rate;
  }

  // `enumerate(x)`, `tqdm(x, ...)`, `iter(x)`, `sorted(x)`, `metric_logger.log_every(x, freq, header)` -> x;
  // also `iter_wrap(x)` where the local `iter_wrap` holds one of them (`tqdm.tqdm if use_tqdm else iter`).
  ts::Node peelWrappers(ts::Node it) {
    it = syntax::unwrap(it);
    for (int i = 0; i < 3 && it && it.is("call"); ++i) {
      const Call* c = m_.callAt(it);
      if (!c || c->positional.empty() || !(isWrapperName(c->method) || holdsWrapper(c->callee))) break;
      it = syntax::unwrap(c->positional[0]);
    }
    return it;
  }

  static bool isWrapperName(std::string_view name) {
    return syntax::oneOf(name, {"enumerate", "tqdm", "iter", "log_every", "trange", "track", "sorted", "reversed",
                                "list", "tuple"});
  }

  // A local name every binding of which is a wrapper function itself, not a
  // call of one: `iter_wrap = tqdm.tqdm` on one branch, `iter_wrap = iter` on
  // the other, or `tqdm.tqdm if verbose else iter`.
  bool holdsWrapper(ts::Node callee) {
    if (!callee.is("identifier") || isWrapperName(callee.text())) return false;
    std::vector<NameBinding> bindings = m_.reachingBindings(callee);
    for (const NameBinding& b : bindings)
      if (b.parameter || b.index >= 0 || !namesWrapper(b.value)) return false;
    return !bindings.empty();
  }

  static bool namesWrapper(ts::Node value) {
    value = value ? syntax::unwrap(value) : ts::Node();
    if (value && value.is("conditional_expression"))
      return namesWrapper(value.namedChild(0)) && namesWrapper(value.namedChild(2));
    return value && (value.is("identifier") || value.is("attribute")) && isWrapperName(syntax::lastName(value));
  }

  // `range(batch_size)`, `range(bsz)`, `range(len(batch))`: the items of one
  // batch, visited inside whatever loop runs per batch.
  bool indexesOneBatch(ts::Node it) {
    const Call* c = it.is("call") ? m_.callAt(it) : nullptr;
    if (!c || c->method != "range" || c->receiver || c->positional.size() != 1) return false;
    ts::Node n = syntax::unwrap(c->positional[0]);
    auto oneBatch = [](ts::Node t) {
      return syntax::oneOf(syntax::lastName(t), {"batch", "x", "inputs", "images", "imgs", "samples", "outputs",
                                                 "preds", "predictions", "logits", "latents"});
    };
    if (const Call* len = n.is("call") ? m_.callAt(n) : nullptr; len && len->method == "len" && len->positional.size() == 1)
      return oneBatch(len->positional[0]);
    // `range(images.shape[0])`, `range(outputs.size(0))`: the items of one batch.
    if (n.is("subscript") && n.field("subscript").text() == "0") {
      ts::Node shape = syntax::unwrap(n.field("value"));
      if (shape.is("attribute") && shape.field("attribute").text() == "shape") return oneBatch(shape.field("object"));
    }
    if (const Call* size = n.is("call") ? m_.callAt(n) : nullptr;
        size && size->method == "size" && size->receiver && size->positional.size() == 1 &&
        size->positional[0].text() == "0")
      return oneBatch(size->receiver);
    std::string_view name = syntax::lastName(n);
    return syntax::oneOf(name, {"batch_size", "bsz", "bs", "local_batch_size", "micro_batch_size"}) ||
           (name.size() > 11 && name.substr(name.size() - 11) == "_batch_size");
  }

  // Literal collections, dict views, string splits and plurals of things
  // that are not batches: each iteration is a dataset, a prompt, a model.
  bool isCollectionOfThings(ts::Node it) {
    if (syntax::oneOf(it.type(), {"list", "tuple", "set", "dictionary", "string", "concatenated_string"})) return true;
    if (const Call* c = it.is("call") ? m_.callAt(it) : nullptr) {
      if (c->receiver && syntax::oneOf(c->method, {"items", "keys", "values", "split", "iterrows", "itertuples"}))
        return true;  // a dict's entries, a table's rows
      // `zip(dataset_names, metric_types)`: things in step, when every list is.
      if (c->method == "zip" && !c->receiver && !c->positional.empty()) {
        for (ts::Node arg : c->positional)
          if (!isCollectionOfThings(syntax::unwrap(arg))) return false;
        return true;
      }
    }
    return namesThings(syntax::lastName(it));
  }

  // `for name in test_stats:` where every value of the name is a dict
  // literal: its keys (results, settings), not batches.
  bool iteratesDictKeys(ts::Node it) {
    if (!it.is("identifier")) return false;
    std::vector<ts::Node> sources = m_.valueSources(it, /*all_paths=*/true);
    return !sources.empty() && std::all_of(sources.begin(), sources.end(), [](ts::Node v) {
      return v.is("dictionary") || v.is("dictionary_comprehension");
    });
  }

  bool forwardsTarget(const Loop& l) { return forwardsLoopTarget(m_, l); }

  ScriptModel& m_;
  std::map<std::pair<const Function*, int>, bool> memo_;
  std::map<const Loop*, bool> helper_forward_;  // forwardsThroughHelper(), once asked per loop
  std::optional<bool> has_training_call_;  // hasTrainingCall(), once asked
  bool input_gradients_train_ = false;       // the loop being classified walks a loader's batches
  std::optional<bool> has_optimizer_step_;  // inputGradientOnly()'s file-wide question, once asked
  std::optional<bool> serves_requests_;     // servesRequests(), once asked
};

namespace {

// The names the loop's own statements (not those of nested loops or
// functions) bind from a `next(...)` call: `imgs, labels = next(batches)`.
void namesDrawnByNext(const ScriptModel& m, ts::Node block, std::vector<std::string_view>& out) {
  for (ts::Node s : block.namedChildren()) {
    if (syntax::isLoop(s) || syntax::isScope(s)) continue;
    ts::Node e = s.is("expression_statement") && s.namedChildCount() == 1 ? s.namedChild(0) : ts::Node();
    if (e && e.is("assignment")) {
      ts::Node right = syntax::unwrap(e.field("right"));
      const Call* c = right && right.is("call") ? m.callAt(right) : nullptr;
      if (c && c->method == "next" && !c->receiver) {
        ts::Node left = e.field("left");
        if (left.is("identifier")) out.push_back(left.text());
        for (ts::Node t : left.namedChildren())
          if (t.is("identifier")) out.push_back(t.text());
      }
      continue;
    }
    namesDrawnByNext(m, s, out);  // `with record_function(...):`, `if ...:` blocks
  }
}

}  // namespace

void ScriptModel::promoteBatchDrawingLoops() {
  // Only a file with a step loop and a plain `next(...)` call has the shape.
  if (std::none_of(loops_.begin(), loops_.end(), [](const Loop& l) { return l.kind == LoopKind::Step; })) return;
  if (std::none_of(calls_.begin(), calls_.end(), [](const Call& c) { return c.method == "next" && !c.receiver; }))
    return;
  for (Loop& outer : loops_) {
    if (outer.kind == LoopKind::Step) continue;
    std::vector<std::string_view> drawn;
    namesDrawnByNext(*this, outer.node.field("body"), drawn);
    if (drawn.empty()) continue;
    // Only when a step loop inside walks what was drawn (`zip(imgs.split(k), ...)`):
    // a batch drawn for a preview beside a loop over the loader changes nothing.
    auto inside = [&](const Loop& inner) {
      return &inner != &outer && inner.kind == LoopKind::Step && outer.node.contains(inner.node) &&
             inner.function == outer.function;
    };
    auto iteratesDrawn = [&](const Loop& l) {
      for (std::string_view name : drawn)
        if (l.iterable && syntax::containsName(l.iterable, name)) return true;
      return false;
    };
    // The step loop itself, or a loop inside it (micro-batches within a
    // per-optimizer phase), walks the drawn batch.
    bool walks_pieces = false;
    for (const Loop& step : loops_) {
      if (!inside(step)) continue;
      for (const Loop& l : loops_)
        if ((&l == &step || step.node.contains(l.node)) && iteratesDrawn(l)) walks_pieces = true;
    }
    if (!walks_pieces) continue;
    outer.kind = LoopKind::Step;
    for (Loop& inner : loops_)
      if (inside(inner)) inner.kind = LoopKind::Other;
  }
}

void classifyLoops(ScriptModel& model) { LoopClassifier(model).run(); }

}  // namespace gpulint::python
