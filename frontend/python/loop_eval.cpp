// LoopClassifier's eval loop questions (does a loop work on its items on the GPU), apart from training.
#include "frontend/python/loop_classifier.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

bool LoopClassifier::isEvalLoop(const Loop& l) {
  // Every test below must hold: the syntactic ones are asked first, and
  // whether a call runs a module on the loop's items (which resolves
  // values) only of the loops they leave.
  if (l.node.is("while_statement")) return m_.inEvalContext(l.node) && forwardsDrawnBatch(l);
  if (!l.node.is("for_statement")) return false;
  // A loop over a loader in a helper whose callers put the model in eval
  // mode first (`model.eval(); run_visualization(vis_loader, model, cfg)`).
  // So does a loop that runs its forward under `with torch.no_grad():` in
  // its body (an encoding loop over chunks of rows) in such a helper.
  if (!m_.inEvalContext(l.node) &&
      !(l.function && !m_.modeSwitchBefore(l.node) &&
        (syntax::containsWord(syntax::lastName(peelWrappers(l.iterable)), {"loader", "dataloader"}) ||
         switchesGradOffInside(l.node.field("body"))) &&
        m_.calledInEvalMode(*l.function)) &&
      !(walksEvalLoader(l) && !trainsDirectly(l.node)))
    return false;
  // `for key in ("logit_scale", "logit_bias")`, `for s in (0.5, 1.0)`: keys
  // or settings written in the code are not batches, whatever the body runs.
  if (iteratesWrittenItems(l)) return false;
  // `mlab.show(stop=True)`, `plt.show()`, `cv2.waitKey(0)`, `input()` in the
  // body: each pass waits for the user's window or key, an interactive viewer.
  if (waitsOnUser(l.node.field("body"))) return false;
  if (!iteratesBatches(l) || !worksOnItems(l)) return false;
  // `for it in range(n): model(inputs)` on one batch made before the loop:
  // a timing or profiling loop, whatever its counter is called.
  if (timesOnePass(l)) return false;
  // Named like batches but only formats results on the host (`for image
  // in images: logs.append(wandb.Image(image))` after a validation pass):
  // it queues no GPU work, so nothing in it can keep a GPU waiting.
  ts::Node body = l.node.field("body");
  if (onlyHostCalls(body) && !forwardsTarget(l)) return false;
  // Converted with a direct `.numpy()` (asked last: it resolves modules).
  return !(convertsHostTensors(body) && !forwardsTarget(l));
}

// A `with torch.no_grad():` (or inference_mode) block among the statements of `body`.
bool LoopClassifier::switchesGradOffInside(ts::Node body) {
  for (uint32_t i = body.preorder(), end = body.subtreeEnd(); i < end; ++i) {
    ts::Node n = body.preorderAt(i);
    if (syntax::isScope(n)) {
      i = n.subtreeEnd() - 1;
      continue;
    }
    if (n.is("with_statement") && syntax::containsWord(n.child(1).text(), {"no_grad", "inference_mode"})) return true;
  }
  return false;
}

bool LoopClassifier::waitsOnUser(ts::Node body) {
  for (const Call& c : m_.callsIn(body)) {
    if (!body.contains(c.node) || m_.enclosingFunction(c.node) != m_.enclosingFunction(body)) continue;
    const std::string& q = c.qualified;
    if (q == "mayavi.mlab.show" || q.starts_with("open3d.visualization.draw_geometries")) return true;
    if (q == "matplotlib.pyplot.show" && !c.keyword("block")) return true;
    if (q == "cv2.waitKey" && (c.positional.empty() || c.positional[0].text() == "0")) return true;
    if (q.empty() && !c.receiver && c.callee.is("identifier") && c.method == "input" && !m_.functionNamed("input"))
      return true;
  }
  return false;
}

// `for xb, yb in val_loader:` written after the training loop with neither
// no_grad nor eval mode around it: a loader named for validation or testing
// (`val_loader`, `test_loader`, `testloader`, `eval_dataloader`) whose
// loop does not train is an evaluation pass all the same.
bool LoopClassifier::walksEvalLoader(const Loop& l) {
  std::string_view name = syntax::lastName(peelWrappers(l.iterable));
  if (!syntax::containsWord(name, {"loader", "dataloader"}) &&
      !(name.ends_with("loader") && name.size() > 6))
    return false;
  for (std::string_view part : {"val", "valid", "validation", "test", "eval", "dev"})
    if (name.starts_with(part) && name.size() > part.size() &&
        (name[part.size()] == '_' || name.substr(part.size()).starts_with("loader") ||
         name.substr(part.size()).starts_with("dataloader")))
      return true;
  return false;
}

// `all_boxes[j][i] = dets[mask].numpy()` with no `.cpu()` on the way and no
// module run in the loop: `.numpy()` raises on a CUDA tensor, so the loop
// post-processes results already on the host (torch ops there run on the
// CPU) and queues no GPU work.
bool LoopClassifier::convertsHostTensors(ts::Node body) {
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
bool LoopClassifier::onlyHostCalls(ts::Node body, int depth) {
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
    // A tokenizer or processor (`tokenizer(text)`, `self.tokenizer.encode(text)`): CPU
    // work that queues nothing on the GPU (a `.to(device)` of its result is a call of its own).
    if (syntax::namesPreprocessorClass(syntax::lastName(c.callee)) ||
        (c.receiver && syntax::namesPreprocessorClass(syntax::lastName(c.receiver)) &&
         syntax::oneOf(c.method, {"encode", "decode", "batch_decode", "tokenize", "apply_chat_template",
                                  "convert_tokens_to_ids"})))
      continue;
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
bool LoopClassifier::worksOnItems(const Loop& l) {
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

namespace {

// `if n_iter == n_iters: break` (no elif or else): a test of the counter that
// only ends the pass or the loop reads no item (swav's k-means finishes its
// last E step this way).
bool onlyLeavesTheLoop(ts::Node s) {
  if (!s.is("if_statement") || s.field("alternative")) return false;
  ts::Node block = s.field("consequence");
  size_t statements = 0;
  for (ts::Node b : block.namedChildren()) {
    if (b.is("comment")) continue;
    if (!b.is("break_statement") && !b.is("continue_statement")) return false;
    ++statements;
  }
  return statements > 0;
}

}  // namespace

// `for i in range(self.niter):` whose counter shows in prints only (or in
// a test that leaves the loop): the
// loop repeats one computation (k-means or power iterations), it walks no
// items. One that draws batches (`next(it)`) or runs a module still may.
bool LoopClassifier::repeatsOneComputation(const Loop& l, const std::vector<std::string_view>& vars) {
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
    if (onlyLeavesTheLoop(s)) continue;  // `if n_iter == n_iters: break`: the counter ends the loop
    for (std::string_view v : vars)
      if (syntax::containsName(s, v)) return false;
  }
  return true;
}

}  // namespace gpulint::python
