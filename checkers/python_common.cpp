#include "checkers/python_common.h"

#include <algorithm>
#include <cctype>
#include <optional>

#include "frontend/name_match.h"
#include "frontend/python/every_call.h"
#include "frontend/python/frequency.h"
#include "frontend/python/hf_api.h"
#include "frontend/python/parameter_default.h"
#include "frontend/python/project_model.h"
#include "frontend/python/python_symbols.h"
#include "frontend/python/syntax.h"
#include "frontend/python/yacs_config.h"

namespace gpulint::checks {

bool isTrainingArguments(const python::ScriptModel& model, const python::Call& call) {
  if (python::isHfTrainingArguments(call.qualified)) return true;
  // Before the scan of every class: asked of every call, by several rules.
  if (model.classes().empty() || python::kindOf(call.callee) != python::Sym::get().identifier) return false;
  for (const python::ClassDef* cls : model.classesNamed(call.method)) {
    for (const auto& b : cls->bases)
      if (python::isHfTrainingArguments(b)) return true;
  }
  return false;
}

std::vector<RelatedLocation> relatedFrom(const python::ResolvedValue& value) {
  std::vector<RelatedLocation> out;
  for (const auto& step : value.chain) out.push_back({step.location, step.message});
  return out;
}

std::string quote(ts::Node n) {
  std::string s(n.text().substr(0, n.text().find('\n')));
  if (s.size() > 48 || s.size() < n.text().size()) s = s.substr(0, 45) + "...";
  return "`" + s + "`";
}

std::string originSuffix(const python::ResolvedValue& value) {
  if (value.chain.empty()) return "";
  const auto& last = value.chain.back();
  return ": " + last.message + " at " + last.location.file + ":" + std::to_string(last.location.start.line);
}

namespace {
// Candidates smallest first (numbers by value, the rest as written).
std::vector<const python::ResolvedValue*> inOrder(const python::ResolvedValue& value) {
  std::vector<const python::ResolvedValue*> out;
  for (const python::ResolvedValue& c : value.candidates) out.push_back(&c);
  std::stable_sort(out.begin(), out.end(), [](const python::ResolvedValue* a, const python::ResolvedValue* b) {
    auto x = a->asNumber(), y = b->asNumber();
    if (x && y) return *x < *y;
    if (x || y) return x.has_value();
    return a->display() < b->display();
  });
  return out;
}
}  // namespace

std::string candidateList(const python::ResolvedValue& value) {
  std::vector<const python::ResolvedValue*> all = inOrder(value);
  std::string out;
  for (size_t i = 0; i < all.size(); ++i)
    out += (i == 0 ? "" : i + 1 == all.size() ? " or " : ", ") + all[i]->display();
  return out;
}

std::string candidateOrigins(const python::ResolvedValue& value) {
  auto at = [](const python::ValueStep& s) { return s.location.file + ":" + std::to_string(s.location.start.line); };
  std::string out;
  for (const python::ResolvedValue* c : inOrder(value)) {
    if (!out.empty()) out += "; ";
    out += c->display();
    if (c->chain.empty()) continue;
    out += " at " + at(c->chain.front());
    if (c->chain.size() > 1) out += " (" + c->chain.back().message + " at " + at(c->chain.back()) + ")";
  }
  return out;
}

bool generatesPerItem(const python::ScriptModel& m, const python::BatchContext& batch) {
  if (batch.kind != python::BatchKind::Eval || !batch.loop) return false;
  ts::Node body = batch.loop->node.field("body");
  for (const python::Call& c : m.callsIn(body))
    if (body.contains(c.node) && runsGeneration(m, c)) return true;
  return false;
}

bool isLibraryGenerate(const python::ScriptModel& m, const python::Call& c) {
  return c.receiver && c.method == "generate" && !m.callTarget(c).second;
}

namespace {

// A project function that decodes with a library generate(): in its own
// body on every call, or `depth` project calls deeper (a model wrapper's `inference()`
// calling its private `__inference()`, which calls `self.backend.generate(...)`).
bool functionGenerates(const python::ScriptModel& m, const python::Function& f, int depth) {
  for (const python::Call& c : m.callsIn(f.body)) {
    // Only on every call: a forward that generates on one of its paths (`if
    // inference == "generate":`, ranking candidates otherwise) is not one.
    if (c.function != &f || !python::everyCall(m, c.node, f)) continue;
    if (isLibraryGenerate(m, c)) return true;
    if (depth == 0) continue;
    auto [model, g] = m.callTarget(c);
    if (g && g != &f && functionGenerates(*model, *g, depth - 1)) return true;
  }
  return false;
}

}  // namespace

bool runsGeneration(const python::ScriptModel& m, const python::Call& c) {
  if (isLibraryGenerate(m, c)) return true;
  // `model.inference(ids, max_new_tokens=64)`: the argument only a decoding takes, whatever runs it.
  if (c.keyword("max_new_tokens")) return true;
  if (auto [model, f] = m.callTarget(c); f) return functionGenerates(*model, *f, 1);
  // `model.inference(inputs, max_new_tokens=...)` on an object the call does
  // not type (a parameter): the project's methods of that name, when every one generates.
  const python::ProjectModel* project = m.project();
  if (!c.receiver || !project) return false;
  const auto& named = project->methodsNamed(c.method);
  if (named.empty() || named.size() > 3) return false;
  return std::all_of(named.begin(), named.end(),
                     [](const auto& def) { return functionGenerates(*def.first, *def.second, 1); });
}

bool wrapsLibraryGenerate(const python::ScriptModel& m, const python::Function& f) {
  if (f.name.find("generate") == std::string::npos) return false;
  for (const python::Call& c : m.callsIn(f.body))
    if (c.function == &f && isLibraryGenerate(m, c)) return true;
  return false;
}

std::string describeContext(const python::ScriptModel& model, const python::BatchContext& context) {
  std::string s = context.describe();
  if (!context.via_calls.empty()) {
    // The call of the function that holds the line, at its own line (the
    // calls from the loop down to it are related locations).
    ts::Node innermost = context.via_calls.back();
    const python::Call* call = model.callAt(innermost);
    if (call) {
      // A callee with no name of its own (`self.heads[1](x)`) is shown as written.
      std::string callee = call->method.empty() ? std::string(call->callee.text()) : call->method;
      s += " (through " + callee + "() called at line " + std::to_string(innermost.line()) + ")";
    }
  }
  return s;
}

Location headerLocation(const python::ScriptModel& in, ts::Node statement) {
  const python::ScriptModel& model = in.ownerOf(statement);
  uint32_t end = statement.end();
  if (ts::Node body = statement.field("body")) end = body.begin();
  std::string_view text = model.file().text();
  while (end > statement.begin() && (text[end - 1] == '\n' || text[end - 1] == '\r' || text[end - 1] == ' ')) --end;
  return model.location(statement.begin(), end);
}

std::string lineRef(const python::ScriptModel& model, ts::Node n) {
  const python::ScriptModel& owner = model.ownerOf(n);
  std::string line = std::to_string(n.line());
  return &owner == &model ? "line " + line : owner.file().path() + ":" + line;
}

std::vector<RelatedLocation> handOffSites(const python::ScriptModel& model, const python::Loop& loop,
                                          const python::ScriptModel& from) {
  std::vector<RelatedLocation> out;
  const python::ProjectModel* project = model.project();
  if (!project || &from == &model || !loop.function) return out;
  for (const python::ProjectCall& pc : project->callersOf(*loop.function))
    if (pc.model == &from) {
      out.push_back({pc.model->location(pc.call->node), "passes it to " + loop.function->name + "() here"});
      break;
    }
  return out;
}

bool namesEvaluation(std::string_view text) {
  std::string word;
  auto judge = [&word] {
    bool hit = word == "dev" || (word.starts_with("val") && !word.starts_with("value")) ||
               word.starts_with("eval") || word.starts_with("test") || word.starts_with("predict") ||
               word.starts_with("infer") || word.starts_with("holdout");
    word.clear();
    return hit;
  };
  for (size_t i = 0; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    // A word ends at a non-alphanumeric byte or a lower-to-upper case change.
    bool camel = i > 0 && std::isupper(c) && std::islower(static_cast<unsigned char>(text[i - 1]));
    if ((!std::isalnum(c) || camel) && !word.empty() && judge()) return true;
    if (std::isalnum(c)) word += static_cast<char>(std::tolower(c));
  }
  return !word.empty() && judge();
}

bool stepsOncePerEpoch(const python::BatchContext& batch) {
  if (batch.kind != python::BatchKind::Step || !batch.loop || !batch.loop->target) return false;
  ts::Node target = python::syntax::unwrap(batch.loop->target);
  if (!target.is("identifier")) return false;
  std::string name(target.text());
  for (char& ch : name) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return name.find("epoch") != std::string::npos;
}

std::vector<RelatedLocation> relatedFrom(const python::ScriptModel& model, const python::BatchContext& context) {
  std::vector<RelatedLocation> out;
  // Point at the loop header (or def line), not the whole body.
  Location loc = headerLocation(model, context.scope);
  out.push_back({loc, context.loop ? "runs once per batch in this loop" : "runs once per batch: " + context.describe()});
  for (ts::Node c : context.via_calls) out.push_back({model.location(c), "called from here on every batch"});
  return out;
}

ShortGuardNote shortGuardNote(const python::ScriptModel& model, ts::Node n, const python::BatchContext& context) {
  auto guard = model.shortIntervalGuard(n, context);
  if (!guard) return {};
  ShortGuardNote note;
  std::string value = guard->value.display();
  std::string resolved = guard->interval.text() == value
                             ? ""
                             : " (`" + std::string(guard->interval.text()) + "` resolves to " + value +
                                   originSuffix(guard->value) + ")";
  note.clause = " Its guard `" + std::string(guard->condition.text().substr(0, guard->condition.text().find('\n'))) +
                "` is true " + (value == "1" ? std::string("on every step") : "every " + value + " steps") + resolved + ", below min_guard_interval (" +
                std::to_string(model.options().min_guard_interval) + "), so it does not space it out.";
  note.related.push_back({model.location(guard->interval),
                          "interval resolves to " + guard->value.display() + ", below min_guard_interval"});
  for (auto& r : relatedFrom(guard->value)) note.related.push_back(std::move(r));
  return note;
}

Location callHead(const python::ScriptModel& in, const python::Call& call) {
  const python::ScriptModel& model = in.ownerOf(call.node);
  uint32_t begin = call.node.begin();
  uint32_t line = model.file().position(begin).line;
  uint32_t line_end = model.file().lineStart(line + 1);
  uint32_t end = std::min(call.node.end(), line_end);
  while (end > begin && (model.file().text()[end - 1] == '\n' || model.file().text()[end - 1] == '\r')) --end;
  return model.location(begin, end);
}

namespace {

// enumerate(loader), tqdm(loader), zip(a, b), iter(loader), islice(loader, n):
// iterating these iterates their positional arguments.
bool passesIterationThrough(const python::Call& c) {
  const std::string& m = c.method;
  if (c.qualified.starts_with("tqdm.")) return m == "tqdm";
  if (c.qualified.starts_with("itertools.")) return m == "islice" || m == "cycle" || m == "chain";
  return c.qualified.empty() && c.callee.is("identifier") && (m == "enumerate" || m == "zip" || m == "iter");
}

// `metric_logger.log_every(loader, 10)` where log_every is a project
// generator that yields its argument's items one by one: the argument it
// passes them through from. `forever(loader)` of `def forever(loader): while
// True: yield from loader` alike. Null for any other call.
ts::Node passedThroughGenerator(const python::ScriptModel& model, const python::Call& c) {
  auto [owner, f] = model.callTarget(c);
  if (!f) return {};
  std::string parameter = owner->yieldedParameter(*f);
  return parameter.empty() ? ts::Node() : model.argumentFor(c, *f, parameter);
}

// `if deterministic: loader = DataLoader(a) else: loader = DataLoader(b)` in
// a generator that call `c` runs with `deterministic` omitted (default
// False): the branch of `node` is one this call does not take. Only an
// `if <parameter>:` (or `if not <parameter>:`) whose argument, or default,
// resolves to a known truth value rules a branch out.
bool branchRuledOut(const python::ScriptModel& caller, const python::Call& c, const python::ScriptModel& owner,
                    const python::Function& f, ts::Node node) {
  for (ts::Node p = node.parent(); p && !(p == f.node); p = p.parent()) {
    ts::Node branch = p.parent();
    if (!branch) break;
    bool in_then = p.is("block") && branch.is("if_statement") && p == branch.field("consequence");
    bool in_else = p.is("else_clause") && branch.is("if_statement");
    if (!in_then && !in_else) continue;
    ts::Node cond = python::syntax::unwrap(branch.field("condition"));
    bool negated = cond.is("not_operator");
    if (negated) cond = python::syntax::unwrap(cond.field("argument"));
    if (!cond.is("identifier")) continue;
    bool is_parameter = false;
    for (const std::string& name : f.parameters) is_parameter = is_parameter || name == cond.text();
    if (!is_parameter) continue;
    std::optional<bool> truth;
    if (ts::Node arg = caller.argumentFor(c, f, cond.text())) truth = caller.resolve(arg).truthiness();
    else if (c.has_star_args || c.has_star_kwargs) continue;  // may be passed: unknown
    else if (ts::Node def = python::parameterDefault(f, cond.text())) truth = owner.resolve(def).truthiness();
    if (!truth) continue;
    if ((*truth != negated) != in_then) return true;
  }
  return false;
}

// The value of `self.x` when the class assigns it exactly once (anywhere
// under the class): the owning model's index of the class's assignments,
// built once per class, not a walk of the class per lookup.
ts::Node selfAttributeValue(const python::ScriptModel& owner, ts::Node attr) {
  ts::Node cls = attr;
  while (cls && !cls.is("class_definition")) cls = cls.parent();
  if (!cls) return {};
  return owner.singleAssignmentUnder(cls, attr.text());
}

// The value of `self.x` assigned once in a project base class of the
// enclosing class (`class Trainer(BaseTrainer)`, BaseTrainer.__init__ sets
// self.val_loader), possibly in another file; null when none.
ts::Node baseAttributeValue(const python::ScriptModel& model, ts::Node attr) {
  const python::ProjectModel* project = model.project();
  ts::Node cls_node = attr;
  while (cls_node && !cls_node.is("class_definition")) cls_node = cls_node.parent();
  if (!project || !cls_node) return {};
  if (const python::ClassDef* cls = model.classAt(cls_node)) {
    std::string_view name = attr.field("attribute").text();
    for (const auto& [base_model, base] : project->baseClasses(model, *cls)) {
      ts::Node found;
      int count = 0;
      auto visit = [&](auto&& self, ts::Node n) -> void {
        for (ts::Node c : n.namedChildren()) {
          ts::Node left = c.is("assignment") ? c.field("left") : ts::Node();
          if (left && left.is("attribute") && left.field("object").text() == "self" &&
              left.field("attribute").text() == name) {
            found = c.field("right");
            ++count;
          }
          self(self, c);
        }
      };
      visit(visit, base->node);
      if (count > 0) return count == 1 ? found : ts::Node();  // the nearest base that sets it decides
    }
  }
  return {};
}

void collectLoaders(const python::ScriptModel& model, ts::Node expr, int depth,
                    std::vector<const python::Call*>& out);

// The loaders a call of a project generator iterates: what its argument
// holds (passedThroughGenerator), or the loader it builds itself and yields
// from (`loader = DataLoader(...)` then `while True: yield from loader`),
// less those built in a branch this call does not take. False when `c`
// calls no such generator.
bool generatorLoaders(const python::ScriptModel& model, const python::Call& c, int depth,
                      std::vector<const python::Call*>& out) {
  const python::ScriptModel& caller = model.ownerOf(c.node);
  if (ts::Node a = passedThroughGenerator(caller, c)) {
    collectLoaders(model, a, depth + 1, out);
    return true;
  }
  auto [owner, f] = caller.callTarget(c);
  ts::Node local = f ? owner->yieldedLocal(*f) : ts::Node();
  if (!local) return false;
  std::vector<const python::Call*> built;
  collectLoaders(model, local, depth + 1, built);
  for (const python::Call* loader : built)
    if (!branchRuledOut(caller, c, *owner, *f, loader->node) &&
        std::find(out.begin(), out.end(), loader) == out.end())
      out.push_back(loader);
  return true;
}

void collectLoaders(const python::ScriptModel& model, ts::Node expr, int depth,
                    std::vector<const python::Call*>& out) {
  if (depth > 6) return;
  // A generator call has no value sources (valueSources follows returns):
  // one that passes its argument's items through is asked here.
  if (ts::Node call = python::syntax::unwrap(expr); call && call.is("call"))
    if (const python::Call* c = model.callAt(call))
      if (generatorLoaders(model, *c, depth, out)) return;
  // A name holding a generator (`batches = forever(loader)`, then `next(batches)`): the generator call.
  for (ts::Node src : model.valueSources(expr, /*all_paths=*/true, /*generator_calls=*/true)) {
    while (src && src.is("parenthesized_expression") && src.namedChildCount() == 1) src = src.namedChild(0);
    if (src.is("attribute") && src.field("object").text() == "self") {
      if (ts::Node v = selfAttributeValue(model.ownerOf(src), src)) collectLoaders(model, v, depth + 1, out);
      else if (ts::Node b = baseAttributeValue(model.ownerOf(src), src)) collectLoaders(model, b, depth + 1, out);
      continue;
    }
    const python::Call* c = src.is("call") ? model.callAt(src) : nullptr;
    if (!c) continue;
    if (isDataLoader(model, *c)) {
      // `if workers > 0: DataLoader(..., pin_memory=True) else: DataLoader(...)`
      // with workers resolving to 0: the run as configured builds the second.
      if (ruledOutByWorkerCount(model.ownerOf(c->node), *c)) continue;
      if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
    } else if (passesIterationThrough(*c)) {
      for (ts::Node a : c->positional) collectLoaders(model, a, depth + 1, out);
    } else if (c->receiver && python::syntax::oneOf(c->method, {"slice", "with_length", "unbatched", "batched"})) {
      // `dl = wds.WebLoader(...).slice(n)`: webdataset's fluid methods wrap
      // the loader, and iterating the wrapper iterates it anew. Not
      // `with_epoch(n)`, which keeps one iterator of the loader across its
      // epochs. (What they return from other receivers holds no DataLoader.)
      collectLoaders(model, c->receiver, depth + 1, out);
    } else if (!generatorLoaders(model, *c, depth, out)) {
      // `CudaPrefetcher(loader, device)`: a project class whose __iter__
      // loops over the loader it was built with, yielding each batch.
      if (ts::Node inner = model.ownerOf(c->node).iteratedArgument(*c)) collectLoaders(model, inner, depth + 1, out);
    }
  }
}

// Kind ids, not literal kind tests: asked of every ancestor of a batch's name.
bool isComprehension(ts::Node n) {
  const python::Sym& S = python::Sym::get();
  TSSymbol k = python::kindOf(n);
  return k == S.list_comprehension || k == S.set_comprehension || k == S.generator_expression ||
         k == S.dictionary_comprehension;
}

bool mentions(ts::Node n, std::string_view name) {
  if (n.is("identifier")) return n.text() == name;
  for (ts::Node c : n.namedChildren())
    if (mentions(c, name)) return true;
  return false;
}

// `next(data_iter)`: one item drawn from an iterator.
bool drawsNext(ts::Node value) {
  value = python::syntax::unwrap(value);
  if (!value || !value.is("call") || value.field("function").text() != "next") return false;
  ts::Node args = value.field("arguments");
  return args && args.namedChildCount() >= 1 && !args.namedChild(0).is("keyword_argument");
}

const python::Loop* batchSourceLoop(const python::ScriptModel& model, ts::Node expr, int depth,
                                    const python::Call* via = nullptr) {
  if (depth > 8) return nullptr;
  // Down to the name the value is read from: batch["x"].float() -> batch.
  for (;;) {
    while (expr && expr.is("parenthesized_expression") && expr.namedChildCount() == 1) expr = expr.namedChild(0);
    if (expr.is("subscript")) expr = expr.field("value");
    else if (expr.is("attribute") && expr.field("object").text() != "self") expr = expr.field("object");
    else if (expr.is("call") && expr.field("function").is("attribute")) expr = expr.field("function");
    else break;
  }
  if (!expr.is("identifier")) return nullptr;
  // A comprehension variable is an element of what its clause iterates.
  const python::Sym& S = python::Sym::get();
  for (ts::Node p = expr.parent(); p && !python::isKind(p, S.function_definition) && !python::isKind(p, S.module);
       p = p.parent())
    if (isComprehension(p))
      for (ts::Node clause : p.namedChildren())
        if (clause.is("for_in_clause") && mentions(clause.field("left"), expr.text()))
          return batchSourceLoop(model, clause.field("right"), depth + 1);
  auto binding = model.lastBinding(expr);
  // A parameter of the helper `via` calls: what that call passes for it.
  if (binding && binding->parameter && via)
    if (const python::Function* f = model.calledFunction(*via); f && f->node == binding->scope)
      if (ts::Node arg = model.argumentFor(*via, *f, expr.text())) return batchSourceLoop(model, arg, depth + 1);
  if (!binding || !binding->statement) return nullptr;
  if (binding->statement.is("for_statement")) return model.loopFor(binding->statement);
  // `batch = next(data_iter)` in a loop's body: the loop draws a batch per pass.
  if (drawsNext(binding->value)) return model.enclosingLoop(binding->statement);
  ts::Node value = binding->value;
  // `x, y = batch["image"], batch["mask"]`: the element at the name's place.
  // (`x, y = batch` takes its parts from the batch itself.)
  if (value && binding->index >= 0)
    if (ts::Node list = python::syntax::unwrap(value); list.is("expression_list") || list.is("tuple"))
      value = list.namedChild(static_cast<uint32_t>(binding->index));
  if (value) return batchSourceLoop(model, value, depth + 1, via);
  return nullptr;
}

}  // namespace

namespace {

// `samples, targets = prefetcher.next()` where `prefetcher =
// DataPrefetcher(loader, device)` of a project class whose __init__ keeps
// `iter(loader)`: the loaders built with it. Building the prefetcher starts
// the loader's iteration (and its workers), as a loop over it would.
void prefetcherLoaders(const python::ScriptModel& model, const python::Call& draw,
                       std::vector<const python::Call*>& out) {
  if (draw.method != "next" || !draw.receiver || !draw.receiver.is("identifier") || !draw.positional.empty()) return;
  for (ts::Node src : model.valueSources(draw.receiver, /*all_paths=*/true)) {
    const python::ScriptModel& site = model.ownerOf(src);
    const python::Call* made = src.is("call") ? site.callAt(src) : nullptr;
    auto [owner, cls] = made ? site.constructedClass(*made) : python::ScriptModel::ClassRef{nullptr, nullptr};
    if (!cls) continue;
    for (const auto& f : owner->functions()) {
      if (f->owner != cls || f->name != "__init__") continue;
      for (const python::Call& c : owner->callsIn(f->body)) {
        if (c.method != "iter" || c.receiver || !c.qualified.empty() || c.positional.size() != 1) continue;
        ts::Node param = python::syntax::unwrap(c.positional[0]);
        if (!param.is("identifier")) continue;
        if (ts::Node arg = site.argumentFor(*made, *f, param.text())) collectLoaders(model, arg, 1, out);
      }
    }
  }
}

}  // namespace

std::vector<const python::Call*> loadersIteratedBy(const python::ScriptModel& model, const python::Loop& loop) {
  std::vector<const python::Call*> out;
  if (loop.iterable) collectLoaders(model, loop.iterable, 0, out);
  // `while True: batch = next(data_iter)` (data_iter = iter(loader), renewed
  // on StopIteration): the loaders the loop's own statements draw from.
  ts::Node body = loop.node.field("body");
  for (const python::Call& c : model.callsIn(body)) {
    if (model.enclosingLoop(c.node) != &loop) continue;
    if (c.method == "next" && c.receiver) prefetcherLoaders(model, c, out);
    if (c.method != "next" || !c.callee.is("identifier") || c.positional.empty() || !drawsNext(c.node)) continue;
    collectLoaders(model, c.positional[0], 0, out);
  }
  return out;
}

namespace {

// `if workers > 0:` (or `self.cfg.num_workers > 0`) where a DataLoader of the
// if statement takes that same value as its num_workers: the worker count
// picks which loader the run builds.
bool testsWorkerCount(const python::ScriptModel& m, ts::Node if_stmt) {
  ts::Node test = python::syntax::unwrap(if_stmt.field("condition"));
  if (!test || !test.is("comparison_operator") || test.namedChildCount() != 2) return false;
  for (const python::Call& c : m.callsIn(if_stmt)) {
    if (!if_stmt.contains(c.node) || !isDataLoader(c)) continue;
    ts::Node workers = c.keyword("num_workers");
    if (!workers) continue;
    for (ts::Node side : {test.namedChild(0), test.namedChild(1)})
      if (python::syntax::unwrap(side).text() == python::syntax::unwrap(workers).text()) return true;
  }
  return false;
}

}  // namespace

bool ruledOutByWorkerCount(const python::ScriptModel& m, const python::Call& loader) {
  for (ts::Node p = loader.node.parent(); p && !python::syntax::isScope(p); p = p.parent()) {
    ts::Node holder = p.is("block") ? p.parent() : ts::Node();
    if (!holder) continue;
    bool in_else = holder.is("else_clause") && holder.parent() && holder.parent().is("if_statement");
    ts::Node if_stmt = in_else ? holder.parent() : holder;
    if (!if_stmt.is("if_statement") || (!in_else && !(if_stmt.field("consequence") == p))) continue;
    if (!testsWorkerCount(m, if_stmt)) continue;
    ts::Node test = if_stmt.field("condition");
    python::GuardKind k = in_else ? python::judgeElse(m, test).kind : python::judgeGuard(m, test).kind;
    if (k == python::GuardKind::Off) return true;
  }
  return false;
}

std::vector<const python::Call*> loadersOf(const python::ScriptModel& model, ts::Node expr) {
  std::vector<const python::Call*> out;
  collectLoaders(model, expr, 0, out);
  return out;
}

const python::Loop* batchSourceLoop(const python::ScriptModel& model, ts::Node expr) {
  return batchSourceLoop(model, expr, 0);
}

const python::Loop* batchSourceLoop(const python::ScriptModel& model, ts::Node expr, const python::Call& via) {
  return batchSourceLoop(model, expr, 0, &via);
}

namespace {

// `range(start, start + N)` runs N times whatever `start` is (a resumed
// epoch read from a checkpoint, say): the span is known when the start is not.
std::optional<int64_t> offsetSpan(const python::ScriptModel& model, const python::Call& range,
                                  python::ResolvedValue* bound) {
  if (range.positional.size() != 2) return std::nullopt;
  ts::Node stop = python::syntax::unwrap(range.positional[1]);
  if (!stop.is("binary_operator") || stop.field("operator").text() != "+") return std::nullopt;
  if (stop.field("left").text() != python::syntax::unwrap(range.positional[0]).text()) return std::nullopt;
  python::ResolvedValue span = model.resolve(stop.field("right"));
  if (span.kind != python::ResolvedValue::Kind::Int) return std::nullopt;
  *bound = span;
  return std::max<int64_t>(span.int_value, 0);
}

// `ckpt["epoch"]`, `checkpoint.epoch + 1`: a value read from what
// `torch.load(...)` returned (through names, subscripts and attributes).
bool readsCheckpoint(const python::ScriptModel& model, ts::Node expr, int depth = 0) {
  expr = python::syntax::unwrap(expr);
  if (!expr || depth > 4) return false;
  if (expr.is("binary_operator") && expr.field("right").is("integer"))
    return readsCheckpoint(model, expr.field("left"), depth + 1);
  if (expr.is("subscript")) return readsCheckpoint(model, expr.field("value"), depth + 1);
  if (expr.is("attribute")) return readsCheckpoint(model, expr.field("object"), depth + 1);
  if (expr.is("call")) {
    const python::Call* c = model.callAt(expr);
    return c && c->qualified == "torch.load";
  }
  if (!expr.is("identifier")) return false;
  std::vector<ts::Node> sources = model.valueSources(expr, /*all_paths=*/true);
  return !sources.empty() && std::all_of(sources.begin(), sources.end(), [&](ts::Node src) {
    return !(src == expr) && readsCheckpoint(model, src, depth + 1);
  });
}

// `if args.resume_from_checkpoint:` / `if resume:` around a binding: what
// it sets is where a resumed run picks up (`starting_epoch =
// int(path.replace("epoch_", "")) + 1`), however it is computed.
bool underResumeBranch(const python::NameBinding& b) {
  ts::Node child = b.statement;
  for (ts::Node p : b.statement.ancestorWalk()) {
    if (p == b.scope || python::syntax::isScope(p)) break;
    if ((p.is("if_statement") || p.is("elif_clause")) && child == p.field("consequence")) {
      std::string_view test = p.field("condition").text();
      for (std::string_view word : {"resume", "checkpoint", "ckpt"})
        if (test.find(word) != std::string_view::npos) return true;
    }
    child = p;
  }
  return false;
}

// The start of `range(start_epoch, epochs)` in the run that starts fresh:
// `start_epoch` is a number on one path and read from a checkpoint on the
// other (`start_epoch = ckpt["epoch"]` when resuming, else `start_epoch = 0`), or
// set under a resume branch.
// A resumed run continues the same run, so the fresh start counts; the
// largest of the numbers when there are several. Unknown otherwise.
python::ResolvedValue freshRunStart(const python::ScriptModel& model, ts::Node start) {
  start = python::syntax::unwrap(start);
  // `range(begin_epoch + 1, END + 1)`: the fresh start shifted by a literal.
  if (start.is("binary_operator") && start.field("right").is("integer")) {
    std::string_view op = start.field("operator").text();
    python::ResolvedValue offset = model.resolve(start.field("right"));
    python::ResolvedValue base = (op == "+" || op == "-") && offset.kind == python::ResolvedValue::Kind::Int
                                     ? freshRunStart(model, start.field("left"))
                                     : python::ResolvedValue();
    if (base.kind != python::ResolvedValue::Kind::Int) return {};
    base.int_value += op == "+" ? offset.int_value : -offset.int_value;
    return base;
  }
  if (!start.is("identifier")) return {};
  std::vector<python::NameBinding> bindings = model.reachingBindings(start);
  python::ResolvedValue fresh;
  bool resumes = false;
  for (const python::NameBinding& b : bindings) {
    if (!b.value || b.index >= 0) return {};  // a parameter, a loop target, a tuple element: unknown
    if (b.statement && underResumeBranch(b)) {
      resumes = true;
      continue;
    }
    python::ResolvedValue v = model.resolve(b.value);
    if (v.kind == python::ResolvedValue::Kind::Int) {
      if (!fresh.known() || v.int_value > fresh.int_value) fresh = v;
    } else if (readsCheckpoint(model, b.value)) {
      resumes = true;
    } else {
      return {};
    }
  }
  return resumes ? fresh : python::ResolvedValue();
}

}  // namespace

std::optional<int64_t> tripCount(const python::ScriptModel& model, const python::Loop& loop,
                                 python::ResolvedValue* bound) {
  const python::Call* c = loop.iterable && loop.iterable.is("call") ? model.callAt(loop.iterable) : nullptr;
  while (c && (c->method == "enumerate" || c->method == "tqdm") && !c->positional.empty())
    c = c->positional[0].is("call") ? model.callAt(c->positional[0]) : nullptr;
  if (!c || (c->method != "range" && c->method != "trange") || c->has_star_args || c->positional.empty() ||
      c->positional.size() > 3)
    return std::nullopt;
  if (auto n = offsetSpan(model, *c, bound)) return n;
  std::vector<int64_t> v;
  // A bound read of a config key with several candidates (yacs_config.h):
  // the fewest iterations any of them gives, from the largest start and
  // step and the smallest stop.
  const size_t stop_at = c->positional.size() == 1 ? 0u : 1u;
  for (ts::Node a : c->positional) {
    python::ResolvedValue r =
        v.size() == stop_at ? python::smallestCandidate(model, a) : python::largestCandidate(model, a);
    if (v.empty() && stop_at == 1 && !r.known()) r = freshRunStart(model, a);
    if (r.kind != python::ResolvedValue::Kind::Int) return std::nullopt;
    if (v.size() == stop_at) *bound = r;  // the stop bound
    v.push_back(r.int_value);
  }
  if (v.size() == 1) return std::max<int64_t>(v[0], 0);
  int64_t step = v.size() == 3 ? v[2] : 1;
  if (step <= 0) return std::nullopt;
  return std::max<int64_t>((v[1] - v[0] + step - 1) / step, 0);
}

// The large_model_modules prefix imported or called in this file, or "".
std::string largeModelFamily(const AnalysisContext& ctx, const python::ScriptModel& m) {
  auto under = [](std::string_view q, const std::string& p) {
    // `*.faster_rcnn`: a project's own package of that name, anywhere in the
    // path (`from model.faster_rcnn.vgg16 import vgg16`).
    if (p.starts_with("*.")) {
      std::string_view segment = std::string_view(p).substr(2);
      for (size_t at = 0; at <= q.size();) {
        size_t end = std::min(q.find('.', at), q.size());
        if (std::string_view(q).substr(at, end - at) == segment) return true;
        at = end + 1;
      }
      return false;
    }
    return q == p || (q.starts_with(p) && q.size() > p.size() && q[p.size()] == '.');
  };
  for (const auto& p : ctx.options->large_model_modules) {
    for (const auto& [local, q] : m.imports())
      if (under(q, p)) return p;
    for (std::string_view q : m.calledNames())
      if (under(q, p)) return p;
  }
  return "";
}


std::optional<std::vector<ts::Node>> usesOfAssignedValue(const python::ScriptModel& m, const python::Call& call,
                                                         bool module_level) {
  ts::Node assignment = call.node.parent();
  if (!assignment || !assignment.is("assignment") || !(assignment.field("right") == call.node) ||
      !assignment.field("left").is("identifier"))
    return std::nullopt;
  const python::Function* f = m.enclosingFunction(call.node);
  if (!f && !module_level) return std::nullopt;  // a module-level object other modules may import
  ts::Node scope = f ? f->node : m.root();
  ts::Node target = assignment.field("left");
  bool in_loop = false;
  for (ts::Node p = assignment.parent(); p && !(p == scope); p = p.parent()) in_loop = in_loop || python::syntax::isLoop(p);
  std::vector<ts::Node> uses;
  for (uint32_t i = scope.preorder(), end = scope.subtreeEnd(); i < end; ++i) {
    ts::Node n = scope.preorderAt(i);
    if (!n.is("identifier") || n.text() != target.text() || n == target || call.node.contains(n)) continue;
    if (!in_loop && n.end() <= assignment.begin()) continue;
    uses.push_back(n);
  }
  return uses;
}

}  // namespace gpulint::checks
