// LoopClassifier::run and its step/epoch loop questions (does a loop train, and through which calls).
#include <algorithm>
#include <cctype>

#include "frontend/python/loop_classifier.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

void LoopClassifier::run() {
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
  promoteBatchDrawingLoops();
  promoteBatchLoopsAroundPhases();
  // A loop with a training loop inside (or calling a function that has
  // one) is an epoch loop. The functions followed are this file's: a file
  // with no step loop has no epoch loop, and following calls would only cost.
  bool has_step = std::any_of(m_.loops_.begin(), m_.loops_.end(), [](const Loop& l) { return l.kind == LoopKind::Step; });
  for (Loop& l : m_.loops_) {
    if (!has_step || l.kind == LoopKind::Step) continue;
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

// A train call in `scope` outside nested loops (those are step loops of
// their own), directly or through project functions.
bool LoopClassifier::trainsDirectly(ts::Node loop) {
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
bool LoopClassifier::buildsModelEachPass(const Loop& l) {
  ts::Node body = l.node.field("body");
  for (const Call& c : m_.callsIn(body)) {
    if (!body.contains(c.node) || !c.receiver || !syntax::oneOf(c.method, {"to", "cuda"})) continue;
    ts::Node assign = c.node.parent();
    // `model = (Net(...).cuda().half())`: the parentheses hold the chain.
    while (assign && assign.is("parenthesized_expression")) assign = assign.parent();
    if (!assign || !assign.is("assignment") || !(syntax::unwrap(assign.field("right")) == c.node) ||
        !unconditionalIn(assign, body))
      continue;
    const Call* made = m_.callAt(syntax::unwrap(c.receiver));
    while (made && made->receiver && made->receiver.is("call")) made = m_.callAt(made->receiver);
    if (!made || made->receiver || made->qualified.starts_with("torch.")) continue;
    std::string_view cls = syntax::lastName(made->callee);
    if (m_.constructedClass(*made).second || (!cls.empty() && std::isupper(static_cast<unsigned char>(cls[0]))))
      return true;
  }
  // `for bins in (0, 2, 10): net = Net(bins); net(x).sum().backward()`: a
  // project nn.Module built and run in each pass of a loop over constants
  // written in the code is a smoke test of each configuration. (Over a
  // loader, a module rebuilt per step is usually a loss: still a step.)
  if (!syntax::isConstantCollection(syntax::unwrap(l.iterable))) return false;
  for (const Call& c : m_.callsIn(body)) {
    ts::Node assign = c.node.parent();
    if (!body.contains(c.node) || !assign || !assign.is("assignment") || !(assign.field("right") == c.node) ||
        !assign.field("left").is("identifier") || !unconditionalIn(assign, body))
      continue;
    const ClassDef* cls = m_.constructedClass(c).second;
    bool module = cls && std::any_of(cls->bases.begin(), cls->bases.end(), [](const std::string& b) {
      return b == "torch.nn.Module" || b.ends_with("nn.Module") || b.ends_with("LightningModule");
    });
    if (!module) continue;
    std::string_view name = assign.field("left").text();
    for (const Call& use : m_.callsIn(body))
      if (body.contains(use.node) && use.callee.is("identifier") && use.callee.text() == name) return true;
  }
  return false;
}

// `for _ in range(n): y = m(x); y.sum().backward()` with no optimizer
// step: every pass runs forward and backward on the same inputs and
// changes no weight, so the loop times or profiles one pass (a layer
// benchmark), it trains nothing. A loop that draws new inputs each pass
// (`next(it)`, `x, y = get_batch()` passed to a call) or whose counter
// picks them is a micro-step loop and stays a step loop. The counter may
// be tested (`if it == warmup_iters: timer.reset()`): that picks no input.
bool LoopClassifier::timesOnePass(const Loop& l) {
  ts::Node it = peelWrappers(l.iterable);
  const Call* range = it && it.is("call") ? m_.callAt(it) : nullptr;
  if (!range || range->method != "range" || range->receiver) return false;
  ts::Node body = l.node.field("body");
  for (std::string_view v : loopTargetNames(l))
    if (usedBeyondTests(body, v)) return false;
  std::vector<std::string_view> drawn = drawnInputsIn(body), assigned = namesAssignedIn(body);
  for (const Call& c : m_.callsIn(body)) {
    if (!body.contains(c.node)) continue;
    if (c.method == "next" && !c.receiver) return false;
    if (isTrainingCall(c) ? c.method != "backward" : runsLibraryScalerStep(m_, c)) return false;  // an optimizer step trains
    if (const Function* f = calledFunction(c); f && functionTrains(*f, 1)) return false;
    // A module is run on new inputs when an argument is made in the pass,
    // drawn or fed back from its own outputs (`model(token_id, past=past)`
    // generating a sequence), or made in the call (`G(torch.randn(...))`);
    // another call (a loss on the outputs) only when it takes a drawn input.
    bool module = m_.isModuleExpression(c.callee);
    std::vector<ts::Node> args = c.positional;
    for (const auto& [name, value] : c.keywords) args.push_back(value);
    for (ts::Node arg : args) {
      for (std::string_view v : module ? assigned : drawn)
        if (syntax::containsName(arg, v)) return false;
      ts::Node a = syntax::unwrap(arg);
      if (module && a && !a.is("identifier") && !a.is("attribute") && !syntax::isLiteral(a)) return false;
    }
  }
  return true;
}

// Whether `name` is read in `body` anywhere but in the test of an if/elif.
bool LoopClassifier::usedBeyondTests(ts::Node body, std::string_view name) {
  std::vector<ts::Node> stack{body};
  while (!stack.empty()) {
    ts::Node n = stack.back();
    stack.pop_back();
    if (n.is("identifier") && n.text() == name) return true;
    for (ts::Node c : n.namedChildren()) {
      if ((n.is("if_statement") || n.is("elif_clause")) && c == n.field("condition")) continue;
      stack.push_back(c);
    }
  }
  return false;
}

// The plain names the statements of `body` assign (`x, y = ...`, `y = ...`);
// subscript and attribute targets (`t[0] = ...`) bind no new input.
std::vector<std::string_view> LoopClassifier::namesAssignedIn(ts::Node body) {
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

// The names `body` binds to new inputs on each pass: from a call that runs
// no module and reads nothing the pass computed (`x, y = get_batch(split)`,
// `x = torch.randn(...)`), or any other value made from outside the pass;
// not a forward's outputs (`preds = model(inputs)`) nor what is computed
// from them (`loss = loss_fun(preds, labels)`).
std::vector<std::string_view> LoopClassifier::drawnInputsIn(ts::Node body) {
  std::vector<std::string_view> assigned = namesAssignedIn(body), drawn;
  std::vector<ts::Node> stack{body};
  while (!stack.empty()) {
    ts::Node n = stack.back();
    stack.pop_back();
    if (syntax::isScope(n)) continue;
    for (ts::Node c : n.namedChildren()) stack.push_back(c);
    if (!n.is("assignment") && !n.is("augmented_assignment")) continue;
    ts::Node value = syntax::unwrap(n.field("right"));
    const Call* call = value && value.is("call") ? m_.callAt(value) : nullptr;
    bool derived = call && m_.isModuleExpression(call->callee);
    for (std::string_view v : assigned) derived = derived || (value && syntax::containsName(value, v));
    if (derived) continue;
    ts::Node left = n.field("left");
    for (std::string_view v : assigned)
      if (syntax::containsName(left, v)) drawn.push_back(v);
  }
  return drawn;
}

// No condition or loop between `n` and `body` (a try or with block is fine).
bool LoopClassifier::unconditionalIn(ts::Node n, ts::Node body) {
  for (ts::Node p : n.ancestorWalk()) {
    if (p == body) return true;
    if (!syntax::oneOf(p.type(), {"expression_statement", "block", "try_statement", "with_statement"})) return false;
  }
  return false;
}

bool LoopClassifier::innerLoopBetween(ts::Node n, ts::Node outer) {
  for (ts::Node p : n.ancestorWalk()) {
    if (p == outer) break;
    if (syntax::isLoop(p)) return true;
    if (syntax::isScope(p)) return true;
  }
  return false;
}

// A training call that trains: not a backward for input gradients only,
// nor one that explains a prediction in an interactive app.
bool LoopClassifier::trainingCall(const Call& c) {
  if (!isTrainingCall(c)) return runsLibraryScalerStep(m_, c);
  if (c.method != "backward") return true;
  if (servesRequests()) return false;
  return input_gradients_train_ || !inputGradientOnly(c);
}

// A Streamlit or Gradio app runs its functions once per user request, on
// the few inputs that request names: a backward there reads gradients to
// explain a prediction (Grad-CAM, saliency) and trains nothing by itself.
// Only an optimizer step makes a step loop of an app's loop (a fine-tuning
// page trains per step all the same).
bool LoopClassifier::servesRequests() {
  if (!serves_requests_) serves_requests_ = m_.importsModule("streamlit") || m_.importsModule("gradio");
  return *serves_requests_;
}

// `images.requires_grad_(True); model(images).sum().backward(); images.grad`
// in a file with no optimizer step: a saliency map or an adversarial
// probe, whose backward fills the input's gradient and trains no weight.
bool LoopClassifier::inputGradientOnly(const Call& backward) {
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

bool LoopClassifier::hasOptimizerStep() {
  if (!has_optimizer_step_)
    has_optimizer_step_ = std::any_of(m_.calls().begin(), m_.calls().end(), [this](const Call& c) {
      return isTrainingCall(c) ? c.method != "backward" : runsLibraryScalerStep(m_, c);
    });
  return *has_optimizer_step_;
}

// `name.grad` read in `scope`'s own code.
bool LoopClassifier::readsGrad(ts::Node n, std::string_view name) {
  if (n.is("attribute") && n.field("attribute").text() == "grad" && syntax::unwrap(n.field("object")).text() == name)
    return true;
  for (ts::Node c : n.namedChildren())
    if (!syntax::isScope(c) && readsGrad(c, name)) return true;
  return false;
}

bool LoopClassifier::hasTrainingCall() {
  if (!has_training_call_)
    has_training_call_ = std::any_of(m_.calls().begin(), m_.calls().end(),
                                     [this](const Call& c) { return isTrainingCall(c) || runsLibraryScalerStep(m_, c); });
  return *has_training_call_;
}

bool LoopClassifier::functionTrains(const Function& f, int depth) {
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
bool LoopClassifier::invokesTraining(const Call& c, int depth) {
  for (const Function* passed : m_.functionsHandedBy(c))
    if (functionTrains(*passed, depth)) return true;
  return false;
}

bool LoopClassifier::containsStepLoop(ts::Node node, int depth) {
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

bool LoopClassifier::callsEvalPass(ts::Node node, int depth) {
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

}  // namespace gpulint::python
