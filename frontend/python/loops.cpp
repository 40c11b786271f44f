// Loop classification (RULES.md "Step loop", "Eval loop"): a step loop runs a
// backward pass or optimizer step in its own body (or through project
// functions it calls); a loop around step loops is an epoch loop; a loop over
// batches in an evaluation context with no backward is an eval loop.
#include <algorithm>
#include <cctype>

#include "frontend/python/loop_classifier.h"
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

namespace {

// timm's loss scalers: calling one scales the loss, backpropagates, unscales,
// clips and steps the optimizer it is handed.
bool isLibraryScaler(const Call& made) {
  return made.qualified.starts_with("timm.") && syntax::oneOf(syntax::lastName(made.callee), {"NativeScaler", "ApexScaler"});
}

// Every value `e` may hold is made by a call `made` accepts (none known: false).
template <class Accept>
bool everySourceMadeBy(const ScriptModel& m, ts::Node e, Accept made) {
  std::vector<ts::Node> sources = m.valueSources(e, /*all_paths=*/true);
  return !sources.empty() && std::all_of(sources.begin(), sources.end(), [&](ts::Node src) {
    src = syntax::unwrap(src);
    const Call* call = src && src.is("call") ? m.ownerOf(src).callAt(src) : nullptr;
    return call && made(*call);
  });
}

// torch.optim.SGD/AdamW/... (a class of the package, not lr_scheduler or
// swa_utils), or an AMP GradScaler.
bool isOptimizerOrScaler(const Call& made) {
  const std::string& q = made.qualified;
  constexpr std::string_view kOptim = "torch.optim.";
  if (q.starts_with(kOptim) && q.size() > kOptim.size() && std::isupper(static_cast<unsigned char>(q[kOptim.size()])))
    return true;
  return syntax::lastName(made.callee) == "GradScaler";
}

}  // namespace

bool runsLibraryScalerStep(const ScriptModel& m, const Call& c) {
  // Names first (cheap): a scaler is called with the loss and the optimizer,
  // through a name or `self.x` that says what it is.
  if (!c.qualified.empty() || c.positional.size() < 2 || c.method.find("scaler") == std::string::npos) return false;
  if (c.receiver && !(syntax::unwrap(c.receiver).is("identifier") && c.receiver.text() == "self")) return false;
  return everySourceMadeBy(m, c.callee, isLibraryScaler);
}

bool stepsTypedOptimizer(const ScriptModel& m, const Call& c) {
  return c.method == "step" && c.receiver && everySourceMadeBy(m, c.receiver, isOptimizerOrScaler);
}

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

namespace {

// A module method that runs no forward pass on what it is given.
// `adapter.set_scale(w)`, `net.load_weights(path)`: a setter configures the
// module with a value; only one handed the loop's item itself
// (`model.set_input(batch)`, pix2pix's trainer) takes a batch.
bool isSetter(std::string_view method) {
  return method.starts_with("set_") || method.starts_with("load_") || method.starts_with("register_");
}

bool setsUpModule(std::string_view method) {
  return syntax::oneOf(method, {"to", "cuda", "cpu", "half", "float", "double", "bfloat16", "type", "train", "eval",
                                "load_state_dict", "state_dict", "parameters", "named_parameters", "modules",
                                "named_modules", "children", "apply", "register_buffer", "register_forward_hook",
                                "register_forward_pre_hook", "zero_grad", "requires_grad_", "add_module",
                                "get_submodule", "get_parameter", "get_buffer"});
}

}  // namespace

// The loop runs a module on its item by calling it, its `forward`, or
// another method of it (`net.get_intermediate_layers(x)`); with
// `through_locals`, also on a local computed from the item (`x =
// to_tensor(frame)`, then `net(x)`).
bool forwardsLoopTarget(const ScriptModel& m, const Loop& l, bool through_locals) {
  std::vector<std::string_view> targets = loopTargetNames(l);
  return !targets.empty() && callsModuleOn(m, l.node.field("body"), targets, through_locals);
}

bool callsModuleOn(const ScriptModel& m, ts::Node body, const std::vector<std::string_view>& names,
                   bool through_locals) {
  // Only what the pass computed before the call: a token loop's
  // `x = torch.multinomial(probs)` after `model(x, past_length=n)` feeds
  // the next pass, not this one (a sampling loop, not a loop over items).
  std::vector<ts::Node> assignments = through_locals ? ownAssignmentsOf(body) : std::vector<ts::Node>{};
  std::vector<std::string_view> derived = names;
  size_t applied = 0;
  for (const Call& c : m.callsIn(body)) {  // in document order
    for (; applied < assignments.size() && assignments[applied].end() <= c.node.begin(); ++applied)
      addDerivedTargets(assignments[applied], derived);
    if (!body.contains(c.node) || c.positional.empty() || !c.qualified.empty()) continue;
    bool uses = false, hands_item = false;
    for (ts::Node a : c.positional) {
      for (std::string_view v : derived) uses = uses || syntax::containsName(a, v);
      for (std::string_view v : names) hands_item = hands_item || syntax::unwrap(a).text() == v;
    }
    if (!uses) continue;  // the cheap test first: a module question resolves values
    if (m.isModuleExpression(c.method == "forward" && c.receiver ? c.receiver : c.callee)) return true;
    if (c.receiver && !setsUpModule(c.method) && (hands_item || !isSetter(c.method)) && m.isModuleExpression(c.receiver))
      return true;
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
    // `self.ups[i](x)`: each pass a different layer of a container, a walk
    // over the model's layers, not the same model run again.
    if (syntax::unwrap(callee).is("subscript")) continue;
    if (auto b = callee.is("identifier") ? m.lastBinding(callee) : std::nullopt;
        b && b->value && syntax::unwrap(b->value).is("subscript"))
      continue;  // `layer = self.layers[i]` then `layer(x)`
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

void LoopClassifier::promoteBatchDrawingLoops() {
  // Only a file with a step loop and a plain `next(...)` call has the shape.
  std::vector<Loop>& loops = m_.loops_;
  if (std::none_of(loops.begin(), loops.end(), [](const Loop& l) { return l.kind == LoopKind::Step; })) return;
  if (std::none_of(m_.calls().begin(), m_.calls().end(), [](const Call& c) { return c.method == "next" && !c.receiver; }))
    return;
  for (Loop& outer : loops) {
    if (outer.kind == LoopKind::Step) continue;
    std::vector<std::string_view> drawn;
    namesDrawnByNext(m_, outer.node.field("body"), drawn);
    if (drawn.empty()) continue;
    // Only when a step loop inside walks what was drawn (`zip(imgs.split(k), ...)`):
    // a batch drawn for a preview beside a loop over the loader changes nothing.
    auto inside = [&](const Loop& inner) {
      return &inner != &outer && inner.kind == LoopKind::Step && outer.node.contains(inner.node) &&
             inner.function == outer.function;
    };
    // A drawn loader walked batch by batch (`loader = next(loaders); for x in
    // loader:`) is no batch split into pieces.
    auto iteratesDrawn = [&](const Loop& l) {
      for (std::string_view name : drawn)
        if (l.iterable && syntax::containsName(l.iterable, name)) return !namedLikeBatches(l);
      return false;
    };
    // The step loop itself, or a loop inside it (micro-batches within a
    // per-optimizer phase), walks the drawn batch. Or the step loops run
    // phases of one step on it (`for opt, w in phases: loss = model(x) * w`):
    // they read what was drawn and none of them walks batches of its own (a
    // loop over the loader that also reads a preview batch is the step loop).
    bool walks_pieces = false, runs_phases = false, walks_batches = false;
    for (const Loop& step : loops) {
      if (!inside(step)) continue;
      for (const Loop& l : loops)
        if ((&l == &step || step.node.contains(l.node)) && iteratesDrawn(l)) walks_pieces = true;
      if (iteratesBatches(step))
        walks_batches = true;
      else if (std::any_of(drawn.begin(), drawn.end(),
                           [&](std::string_view name) { return syntax::containsName(step.node.field("body"), name); }))
        runs_phases = true;
    }
    if (!walks_pieces && !(runs_phases && !walks_batches)) continue;
    outer.kind = LoopKind::Step;
    for (Loop& inner : loops)
      if (inside(inner)) inner.kind = LoopKind::Other;
  }
}

namespace {

// A loop whose body reads a name its target binds (`opts[u].step()`,
// `trainer.update(unet_number=unet)`): each pass does something else.
bool readsItsTarget(const Loop& l) {
  ts::Node body = l.node.field("body");
  if (!l.target || !body) return false;
  std::vector<ts::Node> names;
  if (l.target.is("identifier")) names.push_back(l.target);
  for (ts::Node t : l.target.namedChildren())
    if (t.is("identifier")) names.push_back(t);
  return std::any_of(names.begin(), names.end(),
                     [&](ts::Node n) { return n.text() != "_" && syntax::containsName(body, n.text()); });
}

}  // namespace

void LoopClassifier::promoteBatchLoopsAroundPhases() {
  // `for i, (img,) in enumerate(loader):` ... `for u in range(num_unets):
  // loss = trainer(img, unet=u); loss.backward(); opts[u].step()`: the
  // step loops inside walk the phases of one step (sub-models, optimizers,
  // critic rounds), not batches; the loop over the loader is the step loop,
  // and what it runs beside the phases runs once per batch, not per epoch.
  std::vector<Loop>& loops = m_.loops_;
  if (std::none_of(loops.begin(), loops.end(), [](const Loop& l) { return l.kind == LoopKind::Step; })) return;
  // The loops inside a loop are those after it in byte order that start
  // before it ends: a scan of that run, not of every loop (quadratic in a
  // file of thousands of loops). The verdict does not depend on the order.
  std::vector<Loop*> by_start;
  for (Loop& l : loops) by_start.push_back(&l);
  std::stable_sort(by_start.begin(), by_start.end(),
                   [](const Loop* a, const Loop* b) { return a->node.begin() < b->node.begin(); });
  auto nested = [&](const Loop& outer) {
    auto first = std::lower_bound(by_start.begin(), by_start.end(), outer.node.begin(),
                                  [](const Loop* l, uint32_t at) { return l->node.begin() < at; });
    auto last = std::lower_bound(first, by_start.end(), outer.node.end(),
                                 [](const Loop* l, uint32_t at) { return l->node.begin() < at; });
    return std::make_pair(first, last);
  };
  for (Loop& outer : loops) {
    if (outer.kind == LoopKind::Step) continue;
    auto inside = [&](const Loop& inner) {
      return &inner != &outer && inner.kind == LoopKind::Step && outer.node.contains(inner.node) &&
             inner.function == outer.function;
    };
    auto [first, last] = nested(outer);
    bool phases = false;
    for (auto it = first; it != last; ++it) {
      const Loop& inner = **it;
      if (!inside(inner)) continue;
      // A step loop that walks batches itself (`for loader in loaders: for
      // x in loader:`) keeps its place, and so does one that repeats the
      // same step (`for _ in range(n_critic):`): each of its passes is a
      // step of its own. (Its variable handed to the module, as in
      // `trainer(x, unet_number=u)`, says nothing: a phase's index is too.)
      if (namedLikeBatches(inner) || drawsBatchEachPass(inner) || !readsItsTarget(inner)) {
        phases = false;
        break;
      }
      phases = true;
    }
    if (!phases || !iteratesBatches(outer)) continue;
    outer.kind = LoopKind::Step;
    for (auto it = first; it != last; ++it)
      if (inside(**it)) (*it)->kind = LoopKind::Other;
  }
}

void classifyLoops(ScriptModel& model) { LoopClassifier(model).run(); }

}  // namespace gpulint::python
