// Per-step placement and periodic guards (RULES.md "Periodic guard").
#include <algorithm>
#include <regex>

#include "frontend/python/script_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

namespace {

constexpr int kMaxCallDepth = 3;

bool isLightningHook(const Function& f, BatchKind* kind) {
  if (!f.owner) return false;
  bool lightning = f.owner->is_lightning_module;
  bool hf_trainer = false;
  for (const auto& b : f.owner->bases)
    if (b.ends_with("Trainer")) hf_trainer = true;
  if ((lightning || hf_trainer) && f.name == "training_step") {
    *kind = BatchKind::Step;
    return true;
  }
  if (lightning && (f.name == "validation_step" || f.name == "test_step" || f.name == "predict_step")) {
    *kind = BatchKind::Eval;
    return true;
  }
  return false;
}

// Names of loop counters: a `==` against one of them is true once.
bool isCounterName(std::string_view text) {
  static const std::regex counter(R"((^|[._])(i|j|it|idx|step|steps|iter|iteration|batch_idx|batch_id|global_step|n_iter|iter_num|batch_num|num_steps|update|updates|epoch)$|step|iter)",
                                  std::regex::icase);
  return std::regex_search(std::string(text), counter);
}

}  // namespace

bool ScriptModel::isPeriodicCondition(ts::Node cond) const {
  cond = syntax::unwrap(cond);
  if (!cond) return false;
  std::string_view t = cond.type();
  if (t == "boolean_operator") {
    std::string_view op = cond.field("operator").text();
    bool l = isPeriodicCondition(cond.field("left")), r = isPeriodicCondition(cond.field("right"));
    return op == "and" ? (l || r) : (l && r);
  }
  if (t == "not_operator") {
    ts::Node arg = syntax::unwrap(cond.field("argument"));
    // `not step % n`: true when the remainder is 0.
    if (arg.is("binary_operator") && arg.field("operator").text() == "%") {
      return isPeriodicCondition(arg);
    }
    // Failure checks: `not math.isfinite(loss)`, `not torch.isfinite(x).all()`.
    return syntax::containsWord(arg.text(), {"isfinite"});
  }
  if (t == "binary_operator" && cond.field("operator").text() == "%") {
    // Used in `not x % n` or bare `if x % n == 0` handled below; judge the interval.
    ts::Node left = cond.field("left");
    if (syntax::containsWord(left.text(), {"epoch"})) return true;
    ResolvedValue n = resolve(cond.field("right"));
    auto i = n.asInt();
    return !(i && *i < options_.min_guard_interval);
  }
  if (t == "call" || t == "attribute" || t == "identifier") {
    std::string_view text = cond.text();
    if (syntax::containsWord(text, {"isnan", "isinf"})) return true;
    static const std::regex last(R"((^|[._])(is_)?(last|final)([._]|$)|last_batch|is_last)", std::regex::icase);
    if (std::regex_search(std::string(text), last)) return true;
    // A flag whose resolved value is off never runs (e.g. args.synchronize).
    return false;
  }
  if (t == "comparison_operator") {
    std::vector<ts::Node> operands;
    std::vector<std::string_view> ops;
    for (uint32_t i = 0; i < cond.childCount(); ++i) {
      ts::Node c = cond.child(i);
      if (c.isNamed() && !c.is("comment")) operands.push_back(c);
      else if (!c.isNamed()) ops.push_back(c.text());
    }
    if (operands.size() != 2 || ops.size() != 1) return false;
    std::string_view op = ops[0];
    for (ts::Node side : operands) {
      ts::Node s = syntax::unwrap(side);
      if (s.is("binary_operator") && s.field("operator").text() == "%") {
        // x % n == k fires once every n steps; x % n != 0 fires on most.
        if (op == "==") return isPeriodicCondition(s);
        return false;
      }
    }
    if (op == "==") {
      // step == last_step, i == len(loader) - 1; not rank == 0 or cfg == "x".
      for (ts::Node side : operands) {
        ts::Node s = syntax::unwrap(side);
        if (s.is("string")) return false;
      }
      for (ts::Node side : operands)
        if (isCounterName(syntax::unwrap(side).text())) return true;
      return false;
    }
    if (op == ">" || op == ">=" || op == "<" || op == "<=") {
      // A counter or timer compared with an interval.
      for (ts::Node side : operands)
        if (syntax::containsWord(side.text(), {"every", "interval", "freq", "period"})) return true;
    }
    return false;
  }
  return false;
}

namespace {

// The branch of an if statement that contains `n`: 0 = consequence,
// 1 = else/elif part, -1 = condition.
int branchOf(ts::Node if_stmt, ts::Node n) {
  ts::Node cons = if_stmt.field("consequence");
  if (cons && cons.contains(n)) return 0;
  ts::Node cond = if_stmt.field("condition");
  if (cond && cond.contains(n)) return -1;
  return 1;
}

}  // namespace

// True when a block's last statement leaves the loop or function, so the
// block runs at most once per loop.
static bool endsByLeaving(ts::Node block) {
  if (!block || block.namedChildCount() == 0) return false;
  ts::Node last = block.namedChild(block.namedChildCount() - 1);
  for (uint32_t i = block.namedChildCount(); i-- > 0 && last.is("comment");) last = block.namedChild(i);
  return last.is("break_statement") || last.is("return_statement") || last.is("raise_statement");
}

// Walks from n outward to its batch loop. With `respect_guards`, a periodic
// guard (or a flag resolved to off) on the way means "not per step".
static std::optional<BatchContext> findBatchContext(const ScriptModel& m, ts::Node n, bool respect_guards,
                                                    int depth, std::vector<ts::Node> via) {
  std::vector<ts::Node> up = n.ancestors();
  for (size_t i = 0; i < up.size(); ++i) {
    ts::Node p = up[i], child = i ? up[i - 1] : n;
    // An exception handler is a failure path, like `if not math.isfinite(loss):`
    // (an out-of-memory retry), not something most steps run.
    if (respect_guards && p.is("except_clause")) return std::nullopt;
    if (respect_guards && (p.is("if_statement") || p.is("elif_clause"))) {
      int branch = branchOf(p, child);
      if (branch == 0) {
        ts::Node cond = p.field("condition");
        if (m.isPeriodicCondition(cond)) return std::nullopt;
        // A branch that leaves the loop (`if done: print(...); break`) runs once.
        if (endsByLeaving(p.field("consequence"))) return std::nullopt;
        ResolvedValue v = m.resolve(cond);
        if (auto b = v.truthiness(); b && !*b && v.kind != ResolvedValue::Kind::String) return std::nullopt;
      }
    }
    if (syntax::isLoop(p)) {
      const Loop* l = m.loopFor(p);
      ts::Node body = p.field("body");
      if (!body || !body.contains(n)) {
        // The loop header runs once; keep walking outward.
        continue;
      }
      if (l && (l->kind == LoopKind::Step || l->kind == LoopKind::Eval)) {
        BatchContext ctx;
        ctx.kind = l->kind == LoopKind::Step ? BatchKind::Step : BatchKind::Eval;
        ctx.scope = p;
        ctx.loop = l;
        ctx.via_calls = via;
        return ctx;
      }
      if (l && l->kind == LoopKind::Epoch) return std::nullopt;  // once per epoch
    }
    if (p.is("class_definition") || p.is("lambda")) return std::nullopt;
    if (p.is("function_definition")) {
      const Function* f = m.enclosingFunction(p.namedChild(0));
      if (!f) return std::nullopt;
      // A @tf.function/@jax.jit body is traced into a graph: its Python
      // statements (print, .numpy(), logging) run once, at tracing.
      for (const auto& d : f->decorators)
        if (d == "tensorflow.function" || d == "jax.jit") return std::nullopt;
      BatchKind kind;
      if (isLightningHook(*f, &kind)) {
        BatchContext ctx;
        ctx.kind = kind;
        ctx.scope = p;
        ctx.via_calls = via;
        return ctx;
      }
      if (depth >= kMaxCallDepth) return std::nullopt;
      for (const Call* c : m.callersOf(*f)) {
        if (f->node.contains(c->node)) continue;  // recursion
        auto next = via;
        next.insert(next.begin(), c->node);
        if (auto r = findBatchContext(m, c->node, respect_guards, depth + 1, next)) return r;
      }
      return std::nullopt;
    }
  }
  return std::nullopt;
}

std::optional<BatchContext> ScriptModel::perStep(ts::Node n) const {
  return findBatchContext(*this, n, true, 0, {});
}

std::optional<BatchContext> ScriptModel::inBatchLoop(ts::Node n) const {
  return findBatchContext(*this, n, false, 0, {});
}

bool ScriptModel::underPeriodicGuard(ts::Node n, ts::Node scope) const {
  std::vector<ts::Node> up = n.ancestors();
  for (size_t i = 0; i < up.size() && !(up[i] == scope); ++i) {
    ts::Node p = up[i], child = i ? up[i - 1] : n;
    if ((p.is("if_statement") || p.is("elif_clause")) && branchOf(p, child) == 0 &&
        isPeriodicCondition(p.field("condition")))
      return true;
  }
  return false;
}

std::optional<ShortIntervalGuard> ScriptModel::shortIntervalGuard(ts::Node n, const BatchContext& context) const {
  std::vector<ts::Node> starts{n};
  starts.insert(starts.end(), context.via_calls.rbegin(), context.via_calls.rend());
  for (ts::Node start : starts) {
    std::vector<ts::Node> up = start.ancestors();
    for (size_t i = 0; i < up.size() && !(up[i] == context.scope) && !up[i].is("function_definition"); ++i) {
      ts::Node p = up[i], child = i ? up[i - 1] : start;
      if (!(p.is("if_statement") || p.is("elif_clause")) || branchOf(p, child) != 0) continue;
      std::vector<ts::Node> stack{p.field("condition")};
      while (!stack.empty()) {
        ts::Node e = stack.back();
        stack.pop_back();
        for (ts::Node k : e.namedChildren()) stack.push_back(k);
        if (!e.is("binary_operator") || e.field("operator").text() != "%") continue;
        ResolvedValue v = resolve(e.field("right"));
        auto every = v.kind == ResolvedValue::Kind::Int ? v.asInt() : std::nullopt;
        if (every && *every >= 1 && *every < options_.min_guard_interval)
          return ShortIntervalGuard{p.field("condition"), syntax::unwrap(e.field("right")), std::move(v)};
      }
    }
  }
  return std::nullopt;
}


// Walks outward from n collecting epoch loops (see epochLoopsAround); stops
// at a batch loop, a guard or a scope boundary, keeping what it has found.
static bool collectEpochLoops(const ScriptModel& m, ts::Node n, int depth, std::vector<const Loop*>& out) {
  std::vector<ts::Node> up = n.ancestors();
  for (size_t i = 0; i < up.size(); ++i) {
    ts::Node p = up[i], child = i ? up[i - 1] : n;
    if ((p.is("if_statement") || p.is("elif_clause")) && branchOf(p, child) == 0) {
      ts::Node cond = p.field("condition");
      std::string_view text = cond.text();
      // Not every epoch: periodic, built once (`if loader is None:`), or off.
      if (m.isPeriodicCondition(cond) || text.find("is None") != std::string_view::npos ||
          syntax::containsWord(text, {"hasattr"}))
        return !out.empty();
      ResolvedValue v = m.resolve(cond);
      if (auto b = v.truthiness(); b && !*b && v.kind != ResolvedValue::Kind::String) return !out.empty();
    }
    if (syntax::isLoop(p)) {
      ts::Node body = p.field("body");
      if (!body || !body.contains(n)) continue;  // the loop header runs once
      const Loop* l = m.loopFor(p);
      if (!l || l->kind == LoopKind::Step || l->kind == LoopKind::Eval) return !out.empty();  // per batch
      ts::Node it = syntax::unwrap(l->iterable);
      bool phases = it && (it.is("list") || it.is("tuple"));
      if (l->kind == LoopKind::Epoch && !phases) out.push_back(l);
      continue;
    }
    if (p.is("class_definition") || p.is("lambda")) return !out.empty();
    if (p.is("function_definition")) {
      const Function* f = m.enclosingFunction(p.namedChild(0));
      if (!f || depth >= kMaxCallDepth) return !out.empty();
      // Every caller chain: the function may be reached from several loops.
      for (const Call* c : m.callersOf(*f)) {
        if (f->node.contains(c->node)) continue;  // recursion
        std::vector<const Loop*> outer;
        (void)collectEpochLoops(m, c->node, depth + 1, outer);
        for (const Loop* l : outer)
          if (std::find(out.begin(), out.end(), l) == out.end()) out.push_back(l);
      }
      return !out.empty();
    }
  }
  return !out.empty();
}

std::vector<const Loop*> ScriptModel::epochLoopsAround(ts::Node n) const {
  std::vector<const Loop*> out;
  (void)collectEpochLoops(*this, n, 0, out);
  return out;
}

}  // namespace gpulint::python
