// Loop classification (RULES.md "Step loop", "Eval loop"): a step loop runs a
// backward pass or optimizer step in its own body (or through project
// functions it calls); a loop around step loops is an epoch loop; a loop over
// batches in an evaluation context with no backward is an eval loop.
#include <algorithm>
#include <map>

#include "frontend/bounded_regex.h"
#include "frontend/python/script_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

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

bool playsEpisodes(const Loop& l) {
  ts::Node header = l.node.is("while_statement") ? l.node.field("condition") : ts::Node();
  for (ts::Node n : {l.target, l.iterable, header})
    if (n && n.text().size() <= 256 && syntax::containsWord(n.text(), {"episode", "episodes"})) return true;
  return false;
}

class LoopClassifier {
 public:
  explicit LoopClassifier(ScriptModel& m) : m_(m) {}

  void run() {
    for (Loop& l : m_.loops_) {
      if (!playsEpisodes(l) && trainsDirectly(l.node)) l.kind = LoopKind::Step;
    }
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
      if (l.kind != LoopKind::Eval || forwardsTarget(l)) continue;
      for (const Loop& inner : m_.loopsIn(l.node))
        if (&inner != &l && inner.kind == LoopKind::Eval && l.node.contains(inner.node) &&
            m_.enclosingFunction(inner.node) == m_.enclosingFunction(l.node)) {
          l.kind = LoopKind::Other;
          break;
        }
    }
  }

 private:
  // A train call in `scope` outside nested loops (those are step loops of
  // their own), directly or through project functions.
  bool trainsDirectly(ts::Node loop) {
    ts::Node body = loop.field("body");
    for (const Call& c : m_.callsIn(body)) {
      if (!body.contains(c.node)) continue;
      // The cheap (memoised) questions first: innerLoopBetween walks parents.
      const Function* f = isTrainingCall(c) ? nullptr : calledFunction(c);
      if (!isTrainingCall(c) && !(f && functionTrains(*f, 1))) continue;
      if (!innerLoopBetween(c.node, loop)) return true;
    }
    return false;
  }

  bool innerLoopBetween(ts::Node n, ts::Node outer) {
    for (ts::Node p : n.ancestors()) {
      if (p == outer) break;
      if (syntax::isLoop(p)) return true;
      if (syntax::isScope(p)) return true;
    }
    return false;
  }

  const Function* calledFunction(const Call& c) { return m_.calledFunction(c); }

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
      if (isTrainingCall(c)) { result = true; break; }
      if (const Function* g = calledFunction(c); g && g != &f && functionTrains(*g, depth + 1)) { result = true; break; }
    }
    memo_[key] = result;
    return result;
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

  bool isEvalLoop(const Loop& l) {
    if (!l.node.is("for_statement") || !iteratesBatches(l)) return false;
    return m_.inEvalContext(l.node);
  }

  // A batch loop iterates batches (RULES.md "How often a line runs"): it runs
  // a forward pass on its variable, or iterates something named like a loader
  // or iterator (through enumerate/tqdm/log_every wrappers); a loop over
  // datasets, subsets, prompts, model names or folds does not.
  bool iteratesBatches(const Loop& l) {
    if (forwardsTarget(l)) return true;
    ts::Node it = peelWrappers(l.iterable);
    if (!it || isCollectionOfThings(it)) return false;
    std::string text = std::string(l.iterable.text()) + " " + std::string(l.target.text());
    static const std::regex batchy(
        R"((loader|batch|data|dl\b|iter|val|test|eval|inputs|images|progress|pbar|prefetch))",
        std::regex::icase);
    return nameSearch(text, batchy);
  }

  // `enumerate(x)`, `tqdm(x, ...)`, `iter(x)`, `sorted(x)`, `metric_logger.log_every(x, freq, header)` -> x.
  ts::Node peelWrappers(ts::Node it) {
    it = syntax::unwrap(it);
    for (int i = 0; i < 3 && it && it.is("call"); ++i) {
      const Call* c = m_.callAt(it);
      if (!c || c->positional.empty() ||
          !syntax::oneOf(c->method, {"enumerate", "tqdm", "iter", "log_every", "trange", "track", "sorted", "reversed",
                                     "list", "tuple"}))
        break;
      it = syntax::unwrap(c->positional[0]);
    }
    return it;
  }

  // Literal collections, dict views, string splits and plurals of things
  // that are not batches: each iteration is a dataset, a prompt, a model.
  bool isCollectionOfThings(ts::Node it) {
    if (syntax::oneOf(it.type(), {"list", "tuple", "set", "dictionary", "string", "concatenated_string"})) return true;
    if (const Call* c = it.is("call") ? m_.callAt(it) : nullptr)
      if (c->receiver && syntax::oneOf(c->method, {"items", "keys", "values", "split", "iterrows", "itertuples"}))
        return true;  // a dict's entries, a table's rows
    static const std::regex things(
        R"((^|_)(subsets|splits|datasets|prompts|texts|sentences|names|models|folds|tasks|files|paths|checkpoints|ckpts|configs|seeds|langs|languages|phases|modes|domains|benchmarks)$)",
        std::regex::icase);
    return nameSearch(syntax::lastName(it), things);
  }

  // The body calls a model on the loop variable: `model(images)`, `self.net(x.to(device))`.
  bool forwardsTarget(const Loop& l) {
    std::vector<std::string_view> vars;
    std::vector<ts::Node> stack{l.target};
    while (!stack.empty()) {
      ts::Node n = stack.back();
      stack.pop_back();
      if (!n) continue;
      if (n.is("identifier") && n.text() != "_") vars.push_back(n.text());
      for (ts::Node c : n.namedChildren()) stack.push_back(c);
    }
    if (vars.empty()) return false;
    ts::Node body = l.node.field("body");
    for (const Call& c : m_.callsIn(body)) {
      if (!body.contains(c.node) || c.positional.empty() || !c.qualified.empty()) continue;
      bool uses = false;
      for (ts::Node a : c.positional)
        for (std::string_view v : vars) uses = uses || syntax::containsName(a, v);
      if (uses && m_.isModuleExpression(c.method == "forward" && c.receiver ? c.receiver : c.callee)) return true;
    }
    return false;
  }


  ScriptModel& m_;
  std::map<std::pair<const Function*, int>, bool> memo_;
};

void classifyLoops(ScriptModel& model) { LoopClassifier(model).run(); }

// Evaluation context: a function named like eval/valid/test/predict, a
// no_grad/inference_mode block or decorator, or model.eval() as the latest
// mode switch before n in the same function (a later model.train() ends it).
bool ScriptModel::inEvalContext(ts::Node n) const {
  static const std::regex eval_name(R"((eval|valid|test|predict|infer))", std::regex::icase);
  for (ts::Node p : n.ancestors()) {
    if (p.is("with_statement")) {
      std::string_view items = p.child(1).text();
      if (syntax::containsWord(items, {"no_grad", "inference_mode"})) return true;
    }
    if (p.is("function_definition")) {
      const Function* f = enclosingFunction(p.namedChild(0));
      if (!f) break;
      if (nameSearch(f->name, eval_name) && !syntax::containsWord(f->name, {"train"})) return true;
      for (const auto& d : f->decorators)
        if (syntax::containsWord(d, {"no_grad", "inference_mode"})) return true;
      const Call* mode = modeSwitchBefore(n);
      return mode && mode->method == "eval";
    }
  }
  // A loop of a script without functions: `model.eval()` earlier at module level.
  const Call* mode = modeSwitchBefore(n);
  return mode && mode->method == "eval";
}

const Call* ScriptModel::modeSwitchBefore(ts::Node n) const {
  const Function* f = enclosingFunction(n);
  const Call* last = nullptr;
  std::vector<const Call*> switches = callsNamed("eval"), trains = callsNamed("train");
  switches.insert(switches.end(), trains.begin(), trains.end());
  // In document order, as `last` prefers the first of calls starting together.
  std::sort(switches.begin(), switches.end());
  for (const Call* c : switches) {
    if (c->function != f || !c->receiver || !c->positional.empty() || c->node.begin() >= n.begin()) continue;
    // HF `trainer.train()` runs a training job; it switches no module's mode.
    if (c->method == "train" && syntax::containsWord(c->receiver.text(), {"trainer"})) continue;
    if (!last || c->node.begin() > last->node.begin()) last = c;
  }
  return last;
}

namespace {

bool switchesGrad(std::string_view text) {
  return syntax::containsWord(text, {"no_grad", "inference_mode", "set_grad_enabled"});
}

// A `torch.set_grad_enabled(...)` statement in `f` before `n`, or anywhere at
// module level (`f` null): its argument is a run-time value, so autograd may be off.
bool gradSwitchedBefore(const ScriptModel& m, const Function* f, ts::Node n) {
  for (const Call* c : m.callsNamed("set_grad_enabled"))
    if (c->function == f && c->node.parent().is("expression_statement") && (!f || c->node.begin() < n.begin()))
      return true;
  return false;
}

// `stack.enter_context(torch.no_grad())` on an ExitStack entered by the
// with-statement `with_stmt`, before `n`: no_grad holds until the stack exits.
bool enteredOnStack(const ScriptModel& m, ts::Node with_stmt, ts::Node n) {
  for (const Call* c : m.callsNamed("enter_context"))
    if (c->positional.size() == 1 && with_stmt.contains(c->node) && c->node.end() <= n.begin() &&
        switchesGrad(c->positional[0].text()) && c->positional[0].text().find("True") == std::string_view::npos)
      return true;
  return false;
}

bool gradDisabledAt(const ScriptModel& m, ts::Node n, int depth) {
  for (ts::Node p : n.ancestors()) {
    if (p.is("with_statement") && (switchesGrad(p.child(1).text()) || enteredOnStack(m, p, n))) return true;
    if (!p.is("function_definition")) continue;
    const Function* f = m.enclosingFunction(p.namedChild(0));
    if (!f) return false;
    for (const auto& d : f->decorators)
      if (switchesGrad(d)) return true;
    // Lightning runs validation/test/predict hooks with grad disabled.
    if (f->owner && f->owner->is_lightning_module && syntax::containsWord(f->name, {"validation", "test", "predict"}))
      return true;
    if (gradSwitchedBefore(m, f, n) || gradSwitchedBefore(m, nullptr, n)) return true;
    if (depth >= 3) return false;
    bool called = false;
    for (const Call* c : m.callersOf(*f)) {
      if (f->node.contains(c->node)) continue;  // recursion
      if (!gradDisabledAt(m, c->node, depth + 1)) return false;
      called = true;
    }
    return called;
  }
  return gradSwitchedBefore(m, nullptr, n);
}

}  // namespace

bool ScriptModel::gradDisabled(ts::Node n) const { return gradDisabledAt(*this, n, 0); }

}  // namespace gpulint::python
