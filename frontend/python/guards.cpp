// How often a node runs (frequency.h) and the per-step questions built on it
// (RULES.md "Periodic guard", "How often a line runs").
#include <algorithm>
#include <charconv>
#include <optional>
#include "frontend/python/every_call.h"
#include "frontend/python/frequency.h"
#include "frontend/python/guard_judge.h"
#include "frontend/python/parameter_default.h"
#include "frontend/python/syntax.h"
#include "frontend/python/training_mode.h"
#include "frontend/python/yacs_config.h"

namespace gpulint::python {

namespace {

constexpr int kMaxCallDepth = 3;

// The qualified bases of the method's class and of the project classes it
// derives from (`class Mine(_SharedTrainer)` with `class
// _SharedTrainer(transformers.Trainer)` in the project).
std::vector<std::string_view> basesOf(const ScriptModel& m, const ClassDef& cls) {
  std::vector<std::string_view> out(cls.bases.begin(), cls.bases.end());
  for (const auto& [home, base] : m.baseClassesOf(cls)) out.insert(out.end(), base->bases.begin(), base->bases.end());
  return out;
}

bool isLightningHook(const ScriptModel& m, const Function& f, BatchKind* kind) {
  if (!f.owner) return false;
  bool lightning = f.owner->is_lightning_module;
  // Only the two Trainer hooks ask for the bases (the project's walked once per method).
  std::vector<std::string_view> bases;
  if (f.name == "training_step" || f.name == "compute_loss") bases = basesOf(m, *f.owner);
  bool hf_trainer = false;
  for (std::string_view b : bases)
    if (b.ends_with("Trainer")) hf_trainer = true;
  if ((lightning || hf_trainer) && f.name == "training_step") {
    *kind = BatchKind::Step;
    return true;
  }
  // Hugging Face's (or TRL's) Trainer.training_step calls compute_loss once per step.
  bool library_trainer = false;
  for (std::string_view b : bases)
    library_trainer = library_trainer || ((b.starts_with("transformers.") || b.starts_with("trl.")) && b.ends_with("Trainer"));
  if (library_trainer && f.name == "compute_loss") {
    *kind = BatchKind::Step;
    return true;
  }
  // Lightning 1.x runs `*_step_end` on each step's outputs, after every step.
  if (lightning && f.name == "training_step_end") {
    *kind = BatchKind::Step;
    return true;
  }
  if (lightning && syntax::oneOf(f.name, {"validation_step", "test_step", "predict_step", "validation_step_end",
                                          "test_step_end"})) {
    *kind = BatchKind::Eval;
    return true;
  }
  // The LightningModule hooks Lightning calls around every training batch.
  if (lightning && syntax::oneOf(f.name, {"on_train_batch_start", "on_train_batch_end", "on_before_backward",
                                          "on_after_backward", "on_before_optimizer_step", "on_before_zero_grad"})) {
    *kind = BatchKind::Step;
    return true;
  }
  if (lightning && syntax::oneOf(f.name, {"on_validation_batch_start", "on_validation_batch_end",
                                          "on_test_batch_start", "on_test_batch_end"})) {
    *kind = BatchKind::Eval;
    return true;
  }
  return false;
}

}  // namespace

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

// `context` in `if context is not None:` and in `if context:` (frequency.h).
std::string_view testedForSet(ts::Node cond) {
  cond = syntax::unwrap(cond);
  if (!cond) return {};
  if (cond.is("identifier")) return cond.text();
  if (!cond.is("comparison_operator") || cond.namedChildCount() != 2) return {};
  ts::Node left = syntax::unwrap(cond.namedChild(0)), right = syntax::unwrap(cond.namedChild(1));
  if (!left.is("identifier") || !right.is("none")) return {};
  std::string op;  // `is not`, one token or two
  for (uint32_t i = 0; i < cond.childCount(); ++i)
    if (!cond.child(i).isNamed()) op += (op.empty() ? "" : " ") + std::string(cond.child(i).text());
  return op == "is not" ? left.text() : std::string_view();
}

// `if use_the_queue or not torch.all(queue[-1] == 0): use_the_queue = True`
// (or `if not seen and ...: seen = True`): the right operand of `op` is
// evaluated only while the name on its left is unset, and the branch it
// guards sets it, so it runs until the latch closes, not on every pass.
// The name, or null when `child` (an operand of `op`) is no such operand.
static ts::Node latchBefore(ts::Node op, ts::Node child) {
  if (!op.is("boolean_operator") || !(op.field("right") == child)) return {};
  std::string_view kind = op.field("operator").text();
  ts::Node left = syntax::unwrap(op.field("left"));
  if (kind == "and" && left.is("not_operator")) left = syntax::unwrap(left.field("argument"));
  else if (kind != "or") return {};
  if (!left.is("identifier") && !left.is("attribute")) return {};
  ts::Node stmt = op.parent();
  while (stmt && !stmt.is("if_statement") && !stmt.is("elif_clause") && !syntax::isScope(stmt)) stmt = stmt.parent();
  if (!stmt || syntax::isScope(stmt) || !stmt.field("condition").contains(op)) return {};
  for (ts::Node s : stmt.field("consequence").namedChildren()) {
    ts::Node a = s.is("expression_statement") && s.namedChildCount() == 1 ? s.namedChild(0) : ts::Node();
    if (a && a.is("assignment") && a.field("left").text() == left.text() && a.field("right").is("true")) return left;
  }
  return {};
}

// `enabled` of `for j, (net, enabled) in enumerate(zip(nets, flags)):` (or
// `for j, enabled in enumerate(flags):`) is the item `flags[j]` of the pass.
static bool isElementOf(ts::Node name, ts::Node item) {
  if (!name.is("identifier") || !item.is("subscript")) return false;
  ts::Node list = syntax::unwrap(item.field("value")), index = syntax::unwrap(item.field("subscript"));
  if (!index.is("identifier")) return false;
  for (ts::Node p = name.parent(); p && !syntax::isScope(p); p = p.parent()) {
    if (!p.is("for_statement")) continue;
    ts::Node target = syntax::unwrap(p.field("left")), it = syntax::unwrap(p.field("right"));
    // `j, rest` over `enumerate(seq)`.
    if (!it.is("call") || it.field("function").text() != "enumerate" || target.namedChildCount() != 2 ||
        target.namedChild(0).text() != index.text())
      continue;
    ts::Node args = it.field("arguments"), rest = syntax::unwrap(target.namedChild(1));
    ts::Node seq = args && args.namedChildCount() == 1 ? syntax::unwrap(args.namedChild(0)) : ts::Node();
    if (!seq) return false;
    if (rest.is("identifier")) return rest.text() == name.text() && seq.text() == list.text();
    // `(net, enabled)` over `zip(nets, flags)`: the same position.
    ts::Node zipped = seq.is("call") && seq.field("function").text() == "zip" ? seq.field("arguments") : ts::Node();
    if (!zipped || zipped.namedChildCount() != rest.namedChildCount()) return false;
    for (uint32_t k = 0; k < rest.namedChildCount(); ++k)
      if (rest.namedChild(k).text() == name.text()) return syntax::unwrap(zipped.namedChild(k)).text() == list.text();
    return false;
  }
  return false;
}

// `if not enabled[j] or ratio >= 1.0: continue` earlier in the loop body, and
// the branch of `branch_if` sets `enabled[j] = False`: once the branch has
// run, the pass skips it for that flag, so it runs once per flag. The
// earlier test's operand, or null.
static ts::Node skipLatchBefore(ts::Node branch_if) {
  std::vector<ts::Node> cleared;
  for (ts::Node s : branch_if.field("consequence").namedChildren()) {
    ts::Node a = s.is("expression_statement") && s.namedChildCount() == 1 ? s.namedChild(0) : ts::Node();
    if (a && a.is("assignment") && syntax::unwrap(a.field("right")).is("false")) cleared.push_back(a.field("left"));
  }
  ts::Node block = branch_if.parent();
  if (cleared.empty() || !block || !block.is("block")) return {};
  for (ts::Node s : block.namedChildren()) {
    if (s == branch_if) break;
    ts::Node body = s.is("if_statement") ? s.field("consequence") : ts::Node();
    if (!body || body.namedChildCount() != 1 || !body.namedChild(0).is("continue_statement") ||
        s.field("alternative"))
      continue;
    // The operands of an `or` chain: any one true skips the pass (the last first).
    std::vector<ts::Node> terms = syntax::orTerms(s.field("condition"));
    for (auto t = terms.rbegin(); t != terms.rend(); ++t) {
      if (!t->is("not_operator")) continue;
      ts::Node flag = syntax::unwrap(t->field("argument"));
      for (ts::Node target : cleared)
        if (flag.text() == target.text() || isElementOf(flag, target)) return *t;
    }
  }
  return {};
}

// `if resume: ... resume = False ... fabric.print("resume finished")` inside
// a loop: the block that holds `child` (under `branch_if`'s consequence)
// also clears the flag the if tests, and nothing in the loop sets it again,
// so `child` runs at most once. The tested flag, or null.
static ts::Node clearedOwnFlag(ts::Node branch_if, ts::Node n) {
  ts::Node flag = syntax::unwrap(branch_if.field("condition"));
  if (!flag || !(flag.is("identifier") || flag.is("attribute"))) return {};
  ts::Node loop;
  for (ts::Node p = branch_if.parent(); p && !syntax::isScope(p); p = p.parent())
    if (p.is("for_statement") || p.is("while_statement")) {
      loop = p;
      break;
    }
  if (!loop) return {};
  auto clearing = [&flag](ts::Node s) {
    ts::Node a = s.is("expression_statement") && s.namedChildCount() == 1 ? s.namedChild(0) : ts::Node();
    if (!a || !a.is("assignment") || a.field("left").text() != flag.text()) return std::optional<bool>();
    ts::Node v = syntax::unwrap(a.field("right"));
    return std::optional<bool>(v && (v.is("false") || v.is("none") || v.text() == "0"));
  };
  // Every block from n up to the if's consequence: one of them clears the flag.
  bool cleared = false;
  ts::Node consequence = branch_if.field("consequence");
  for (ts::Node b = n.parent(); b && !cleared; b = b.parent()) {
    if (b.is("block"))
      for (ts::Node s : b.namedChildren())
        if (clearing(s).value_or(false)) cleared = true;
    if (b == consequence) break;
  }
  if (!cleared) return {};
  // Nothing in the loop sets it to anything else (which would re-arm it).
  for (uint32_t i = loop.preorder(); i < loop.subtreeEnd(); ++i) {
    ts::Node s = loop.preorderAt(i);
    if (s.is("expression_statement"))
      if (std::optional<bool> c = clearing(s); c && !*c) return {};
  }
  return flag;
}

// `while network_gui.conn != None:` / `while view.link is not None:` in a
// training loop: a remote viewer's service loop, which runs only while a
// client is connected to the run (an interactive session, not the job's
// steps). The test, or null for any other condition.
static ts::Node connectedClientTest(ts::Node condition) {
  ts::Node c = syntax::unwrap(condition);
  if (!c || !c.is("comparison_operator") || c.namedChildCount() != 2) return {};
  ts::Node left = syntax::unwrap(c.namedChild(0)), right = syntax::unwrap(c.namedChild(1));
  if (!right || !right.is("none") || !left || !(left.is("identifier") || left.is("attribute"))) return {};
  std::string op;
  for (uint32_t i = 0; i < c.childCount(); ++i)
    if (ts::Node t = c.child(i); !t.isNamed()) op += (op.empty() ? "" : " ") + std::string(t.text());
  if (op != "is not" && op != "!=") return {};
  std::string name(syntax::lastName(left));
  for (char& ch : name) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  for (std::string_view word : {"conn", "link", "client", "sock", "viewer", "gui", "peer"})
    if (name.find(word) != std::string::npos) return c;
  return {};
}

// True when a block's last statement leaves the loop or function, so the
// block runs at most once per loop.
static bool endsByLeaving(ts::Node block) {
  if (!block || block.namedChildCount() == 0) return false;
  ts::Node last;
  for (ts::Node s : block.namedChildren())
    if (!s.is("comment")) last = s;
  return last && (last.is("break_statement") || last.is("return_statement") || last.is("raise_statement"));
}

// The statement a branch ends with (endsByLeaving), or null.
static ts::Node leavingStatement(ts::Node block) {
  if (!endsByLeaving(block)) return {};
  ts::Node last;
  for (ts::Node s : block.namedChildren())
    if (!s.is("comment")) last = s;
  return last;
}

const char* frequencyName(Frequency f) {
  switch (f) {
    case Frequency::PerStep: return "per step";
    case Frequency::EveryNSteps: return "every N steps";
    case Frequency::PerEpoch: return "per epoch";
    case Frequency::Once: return "once";
    case Frequency::Rarely: return "rarely";
    case Frequency::Never: return "never";
    case Frequency::Unknown: break;
  }
  return "unknown";
}

// A loop bound written in the script itself: a literal, or a constant
// assigned in this file (`num_iters = 10`). A bound from the command line, a
// config or a caller may be large: nullopt.
static std::optional<int64_t> writtenBound(const ScriptModel& m, ts::Node bound) {
  bound = syntax::unwrap(bound);
  if (bound.is("integer")) {
    int64_t v = 0;
    std::string_view t = bound.text();
    auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (ec != std::errc() || end != t.data() + t.size()) return std::nullopt;  // 0x10, 1_000, huge
    return v;
  }
  if (!bound.is("identifier")) return std::nullopt;
  ResolvedValue v = m.resolve(bound);
  if (v.kind != ResolvedValue::Kind::Int || v.chain.empty()) return std::nullopt;
  const std::string& file = m.location(bound).file;
  for (const ValueStep& step : v.chain)
    if (step.location.file != file || step.message.starts_with("argparse")) return std::nullopt;
  return v.int_value;
}

// The passes of `range(n)`, `range(a, b)` or a slice `items[:n]` /
// `items[a:b]` (enumerate/tqdm around it peeled) whose bounds are written in
// the script; nullopt for anything else.
static std::optional<int64_t> writtenTrips(const ScriptModel& m, ts::Node it) {
  for (int i = 0; i < 2 && it && it.is("call"); ++i) {
    const Call* w = m.callAt(it);
    if (!w || w->positional.empty() || !syntax::oneOf(w->method, {"enumerate", "tqdm"})) break;
    it = syntax::unwrap(w->positional[0]);
  }
  if (it && it.is("subscript")) {
    ts::Node slice = it.field("subscript");
    if (!slice || !slice.is("slice")) return std::nullopt;
    ts::Node start, stop;
    int colons = 0;
    for (uint32_t i = 0; i < slice.childCount(); ++i) {
      ts::Node part = slice.child(i);
      if (!part.isNamed()) colons += part.text() == ":";
      else if (part.is("comment")) continue;
      else if (colons == 0) start = part;
      else if (colons == 1) stop = part;
      else return std::nullopt;  // a step
    }
    std::optional<int64_t> from = start ? writtenBound(m, start) : std::optional<int64_t>(0);
    std::optional<int64_t> to = stop ? writtenBound(m, stop) : std::nullopt;
    if (!from || !to || *from < 0 || *to < 0) return std::nullopt;  // `x[-3:]` counts from the end
    return *to - *from;
  }
  const Call* c = it && it.is("call") ? m.callAt(it) : nullptr;
  if (!c || c->method != "range" || !c->callee.is("identifier") || c->positional.empty() ||
      c->positional.size() > 2)
    return std::nullopt;
  std::vector<int64_t> bounds;
  for (ts::Node b : c->positional) {
    std::optional<int64_t> written = writtenBound(m, b);
    if (!written) return std::nullopt;
    bounds.push_back(*written);
  }
  return bounds.size() == 1 ? bounds[0] : bounds[1] - bounds[0];
}

std::optional<FrequencyReason> runsOnlyOnce(const ScriptModel& m, const Loop& loop) {
  ts::Node body = loop.node.field("body");
  if (endsByLeaving(body)) return FrequencyReason{loop.node, "the loop ends on its first pass"};
  // A warm-up or demo loop: `for _ in range(3)`, `for i in range(num_iters)`
  // with `num_iters = 10`. Per-step work there adds up to a few events in all,
  // as under a periodic guard: at most twice min_guard_interval passes.
  std::optional<int64_t> counted = writtenTrips(m, syntax::unwrap(loop.iterable));
  if (!counted) return std::nullopt;
  int64_t trips = std::max<int64_t>(*counted, 0);
  int64_t interval = m.options().min_guard_interval;
  if (trips > 2 * interval) return std::nullopt;
  // Only when nothing repeats the loop itself (no loop around it here, no
  // epoch loop through its callers): `for _ in range(n_critic)` inside the
  // loader's loop, or three perturbation steps per generated token, run their
  // few passes again on every pass of the loop around them.
  if (m.enclosingLoop(loop.node) || !m.epochLoopsAround(loop.node).empty()) return std::nullopt;
  if (trips < interval) return FrequencyReason{loop.node, "a warm-up loop of " + std::to_string(trips) + " passes"};
  return FrequencyReason{loop.node, "a short loop of " + std::to_string(trips) + " passes"};
}

namespace {

// The most frequent first: the order in which caller chains are preferred.
int oftenness(Frequency f) {
  switch (f) {
    case Frequency::PerStep: return 6;
    case Frequency::EveryNSteps: return 5;
    case Frequency::PerEpoch: return 4;
    case Frequency::Unknown: return 3;
    case Frequency::Rarely: return 2;
    case Frequency::Once: return 1;
    case Frequency::Never: return 0;
  }
  return 3;
}

// `if fix_class == -1:` around a node: the branch runs when the test's
// truth is `taken_when` (true in the consequence, false in the else).
struct ValueTest {
  ts::Node condition;
  bool taken_when;
};

// The literal `==`/`!=` compares a name with, and the name: `fix_class` in
// `fix_class == -1`, `mode != "train"`; null for any other test.
// The one operator of a comparison, as written (`==`); "" for a chain.
std::string_view comparisonOperator(ts::Node cmp) {
  std::string_view op;
  for (uint32_t i = 0; i < cmp.childCount(); ++i)
    if (ts::Node c = cmp.child(i); !c.isNamed()) {
      if (!op.empty()) return {};
      op = c.text();
    }
  return op;
}

ts::Node comparedName(ts::Node cond, ts::Node* literal = nullptr) {
  cond = syntax::unwrap(cond);
  if (!cond || !cond.is("comparison_operator") || cond.namedChildCount() != 2) return {};
  ts::Node a = syntax::unwrap(cond.namedChild(0)), b = syntax::unwrap(cond.namedChild(1));
  std::string_view op = comparisonOperator(cond);
  if (op != "==" && op != "!=") return {};
  auto isLiteral = [](ts::Node e) {
    if (e.is("unary_operator")) e = syntax::unwrap(e.field("argument"));
    return e.is("integer") || e.is("string");
  };
  if (!a.is("identifier") || !isLiteral(b)) return {};
  if (literal) *literal = b;
  return a;
}

// Whether `cond` holds for the name's value `v`; nullopt when either side is
// not a known int or string.
std::optional<bool> comparisonHolds(ts::Node cond, const ResolvedValue& v) {
  ts::Node literal;
  if (!comparedName(cond, &literal)) return std::nullopt;
  ResolvedValue::Kind k = v.kind;
  if (k != ResolvedValue::Kind::Int && k != ResolvedValue::Kind::String) return std::nullopt;
  bool equal = false;
  if (k == ResolvedValue::Kind::Int) {
    bool negative = literal.is("unary_operator");
    ts::Node digits = negative ? syntax::unwrap(literal.field("argument")) : literal;
    if (!digits.is("integer")) return std::nullopt;
    int64_t n = 0;
    for (char ch : digits.text()) {
      if (ch < '0' || ch > '9' || n > (INT64_MAX - 9) / 10) return std::nullopt;
      n = n * 10 + (ch - '0');
    }
    equal = v.int_value == (negative ? -n : n);
  } else {
    std::string text;
    if (!syntax::stringLiteral(literal, &text)) return std::nullopt;
    equal = v.string_value == text;
  }
  return equal == (comparisonOperator(syntax::unwrap(cond)) == "==");
}

// Walks from a node outward to the loop or hook that repeats it, noting the
// rarest guard or early exit on the way (`cap`).
class FrequencyWalk {
 public:
  FrequencyWalk(const ScriptModel& m, bool respect_guards) : m_(m), guards_(respect_guards) {}

  // `mode`: the model's mode that the code the walk started from needs, as
  // its callee chain so far says (training_mode.h).
  ExecutionFrequency from(ts::Node n, int depth, const std::vector<ts::Node>& via,
                          std::optional<ModeRequirement> mode = std::nullopt) {
    std::optional<ExecutionFrequency> cap;
    auto limit = [&](Frequency how, ts::Node at, std::string why) {
      if (!cap || oftenness(how) < oftenness(cap->how)) cap = ExecutionFrequency{how, std::nullopt, {}};
      cap->reasons.push_back({at, std::move(why)});
    };
    if (std::optional<ModeRequirement> here = guards_ ? modeRequiredFor(n) : std::nullopt) {
      if (mode && mode->training != here->training)
        limit(Frequency::Never, here->test, "needs the other mode of the model than its callee");
      mode = here;
    }
    std::vector<ts::Node> set_tests;  // `if context is not None:` around n in its function
    std::vector<ValueTest> value_tests;  // `if fix_class == -1:` (or its else) around n in its function
    // A branch that ends in `break` or `return` runs once per run of what it
    // leaves: the innermost loop, or its function. That caps n only when what
    // it leaves is the batch loop or holds it; a helper's `if ...: return x`
    // called on every step, or a break out of a per-item loop, still runs per step.
    ts::Node leaving;
    std::vector<ts::Node> up = n.ancestors();
    for (size_t i = 0; i < up.size(); ++i) {
      ts::Node p = up[i], child = i ? up[i - 1] : n;
      if (guards_ && (p.is("if_statement") || p.is("elif_clause")) && branchOf(p, child) == 0 && !leaving)
        if (ts::Node last = leavingStatement(p.field("consequence"))) {
          if (last.is("raise_statement")) limit(Frequency::Once, p, "the branch leaves the loop");
          else leaving = last;
        }
      if (guards_ && p.is("if_statement") && branchOf(p, child) == 0 && !testedForSet(p.field("condition")).empty())
        set_tests.push_back(p.field("condition"));
      if (guards_ && p.is("if_statement") && branchOf(p, child) != -1 && comparedName(p.field("condition")))
        value_tests.push_back({p.field("condition"), branchOf(p, child) == 0});
      if (ts::Node latch = guards_ ? latchBefore(p, child) : ts::Node())
        limit(Frequency::Rarely, latch, "evaluated only until `" + std::string(latch.text()) + "` is set, which its branch does");
      // An exception handler is a failure path (an out-of-memory retry), not something most steps run.
      if (guards_ && p.is("except_clause")) limit(Frequency::Rarely, p, "exception handler");
      // What a `raise` formats (`raise ValueError(f"bad {x}")`), or an
      // assert's message, is built only on the failure that ends the run.
      if (guards_ && p.is("raise_statement")) limit(Frequency::Once, p, "formats the exception that leaves the loop");
      if (guards_ && p.is("assert_statement") && p.namedChildCount() > 1 && !(child == p.namedChild(0)))
        limit(Frequency::Once, p, "the assert's message, built only when it fails");
      if (guards_ && (p.is("if_statement") || p.is("elif_clause")) && branchOf(p, child) == 0) judgeBranch(p, limit);
      // `[...] if save_hybrid else []`: the first arm is the if's branch.
      if (guards_ && p.is("conditional_expression") && p.namedChildCount() == 3 && child == p.namedChild(0))
        judgeCondition(p.namedChild(1), limit);
      if (ts::Node flag = guards_ && p.is("if_statement") && branchOf(p, child) == 0 ? clearedOwnFlag(p, n) : ts::Node())
        limit(Frequency::Rarely, flag, "runs once: its branch sets `" + std::string(flag.text()) + "` to False");
      if (ts::Node skip = guards_ && p.is("if_statement") && branchOf(p, child) == 0 ? skipLatchBefore(p) : ts::Node())
        limit(Frequency::Rarely, skip,
              "runs once per flag: its branch clears the flag, and `" + std::string(skip.text()) + "` skips the pass then");
      // `if "mps" in device.type:` (or the else of `if device.type == "cuda":`)
      // never runs on the CUDA node the script is judged on.
      if (guards_ && m_.offCudaBranch(p, child))
        limit(Frequency::Never, p.field("condition"), "true only on a device other than CUDA");
      // The else of `if progress < 1.0:` runs when training ends (an elif is judged as its own if).
      if (guards_ && p.is("if_statement") && child.is("else_clause")) {
        if (GuardVerdict g = judgeElse(m_, p.field("condition")); g.kind == GuardKind::Rare)
          limit(Frequency::Rarely, g.decisive, g.why);
        else if (g.kind == GuardKind::Off)
          limit(Frequency::Never, g.decisive, g.why);
      }
      // The else of `if config.TRAIN.CLIP_GRAD:` where the option resolves
      // on (a yacs default of 5.0): with the run's values it never runs, as a
      // branch behind an option resolved off does not.
      if (guards_ && p.is("if_statement") && child.is("else_clause"))
        if (ts::Node on = optionResolvedOn(p.field("condition")))
          limit(Frequency::Never, on, "the else of `" + std::string(on.text()) + "`, which resolves on");
      if (guards_ && p.is("block")) {
        auto [exit, skip] = exitsBefore(p, child);
        if (exit) limit(Frequency::Never, exit, "unreachable: it follows `" + std::string(exit.child(0).text()) + "`");
        if (skip) limit(Frequency::EveryNSteps, skip, "the pass skips the rest here until the next period");
        if (ts::Node cap = capExitBefore(m_, p, child))
          limit(Frequency::Rarely, cap.field("condition"), "capped: runs until `" + std::string(cap.field("condition").text()) + "`");
      }
      if (syntax::isLoop(p)) {
        ts::Node body = p.field("body");
        if (!body || !body.contains(n)) continue;  // the loop header runs once; keep walking outward
        if (guards_ && p.is("while_statement"))
          if (ts::Node link = connectedClientTest(p.field("condition")))
            limit(Frequency::Rarely, link, "runs only while a client is connected (`" + std::string(link.text()) + "`)");
        const Loop* l = m_.loopFor(p);
        bool batch_loop = l && (l->kind == LoopKind::Step || l->kind == LoopKind::Eval);
        if (leaving && batch_loop) limit(Frequency::Once, leaving.parent().parent(), "the branch leaves the loop");
        if (leaving && leaving.is("break_statement")) leaving = {};  // it leaves this loop only
        if (batch_loop) {
          if (auto once = guards_ ? runsOnlyOnce(m_, *l) : std::nullopt) limit(Frequency::Once, once->node, once->why);
          if (std::optional<bool> in = mode ? loopTrainingMode(m_, *l) : std::nullopt; in && *in != mode->training)
            limit(Frequency::Never, mode->test,
                  mode->training ? "runs only in training mode, and this loop evaluates after `.eval()`"
                                 : "runs only in evaluation mode, and this loop trains");
          return finish(cap, batchLoop(*l, via));
        }
        if (l && l->kind == LoopKind::Epoch) return finish(cap, of(Frequency::PerEpoch, p, "epoch loop"));
      }
      if (p.is("class_definition") || p.is("lambda")) return finish(cap, of(Frequency::Unknown, p, ""));
      if (p.is("function_definition")) return finish(cap, function(p, n, depth, via, set_tests, value_tests, mode));
    }
    return finish(cap, of(Frequency::Once, ts::Node(), "module level, outside any loop"));
  }

 private:
  // Among the statements before `stmt` in its block (one pass: a block may
  // hold thousands): a `raise`, `return`, `continue` or `break`, after which
  // `stmt` never runs (left-over code after `raise NotImplementedError`);
  // and an `if <below the next period's bound>: continue` (judgeSkip), after
  // which it runs once per period, as under a periodic guard.
  std::pair<ts::Node, ts::Node> exitsBefore(ts::Node block, ts::Node stmt) const {
    ts::Node skip;
    for (ts::Node s : block.namedChildren()) {
      if (s == stmt) break;
      if (s.is("raise_statement") || s.is("return_statement") || s.is("continue_statement") ||
          s.is("break_statement"))
        return {s, skip};
      if (skip || !s.is("if_statement")) continue;
      // `if steps == 0: ... else: if steps % every != 0: return`: the
      // settings checks of a sampling helper nest the periodic skip in
      // branches; whichever branch returns, what follows runs once per period.
      if (ts::Node nested = nestedPeriodicSkip(s, 0)) {
        skip = nested;
        continue;
      }
      if (s.field("alternative")) continue;
      ts::Node then = s.field("consequence");
      // `continue` skips the rest of the pass; `return` the rest of a helper
      // called once per pass (`if not should_log: return`).
      if (!then || then.namedChildCount() != 1 ||
          !(then.namedChild(0).is("continue_statement") || then.namedChild(0).is("return_statement")))
        continue;
      if (skipsUntilNextPeriod(s.field("condition"))) skip = s;
    }
    return {ts::Node(), skip};
  }

  // An `if <skip until the next period>: return` (or continue) in a branch
  // of `stmt`, an if statement before the node asked about; an `or` of
  // conditions skips whenever one of them does. Null when none.
  ts::Node nestedPeriodicSkip(ts::Node stmt, int depth) const {
    if (depth > 3) return {};
    for (ts::Node part : stmt.namedChildren()) {
      ts::Node block = part.is("block") ? part : part.is("else_clause") || part.is("elif_clause") ? part.field(part.is("else_clause") ? "body" : "consequence") : ts::Node();
      if (part.is("elif_clause") && block && skipsByAnyTerm(part.field("condition"), block)) return part;
      if (!block) continue;
      if (part.is("block") && stmt.field("consequence") == part && skipsByAnyTerm(stmt.field("condition"), block))
        return stmt;
      for (ts::Node inner : block.namedChildren())
        if (inner.is("if_statement"))
          if (ts::Node found = nestedPeriodicSkip(inner, depth + 1)) return found;
    }
    return {};
  }

  // `block` is a lone return/continue, and `condition` (or one of its `or`
  // terms) skips until the next period.
  bool skipsByAnyTerm(ts::Node condition, ts::Node block) const {
    if (!block || block.namedChildCount() != 1 ||
        !(block.namedChild(0).is("return_statement") || block.namedChild(0).is("continue_statement")))
      return false;
    std::vector<ts::Node> terms = syntax::orTerms(condition);
    return std::any_of(terms.begin(), terms.end(), [this](ts::Node t) { return skipsUntilNextPeriod(t); });
  }

  // `seen < tick_start + per_tick` (judgeSkip), or the negation of a periodic
  // guard (`not should_log` with `should_log = step % log_freq == 0`).
  bool skipsUntilNextPeriod(ts::Node condition) const {
    if (judgeSkip(m_, condition).kind == GuardKind::Periodic) return true;
    ts::Node c = syntax::unwrap(condition);
    return c.is("not_operator") && judgeGuard(m_, c.field("argument")).kind == GuardKind::Periodic;
  }

  // An option read as a flag (`args.x`, `config.A.B`) whose value resolves
  // to a known true value that the file does not assign elsewhere; null
  // otherwise (a local flag may change in the loop: not judged here).
  // A yacs key is on when every candidate value is (Swin's TRAIN.CLIP_GRAD:
  // 5.0 by default, 3.0 in the YAMLs that set it).
  ts::Node optionResolvedOn(ts::Node condition) const {
    ts::Node e = syntax::unwrap(condition);
    if (!e || !e.is("attribute") || m_.assignsDottedName(e.text())) return {};
    auto on = [](const ResolvedValue& v) {
      auto b = v.truthiness();
      return b && *b && v.kind != ResolvedValue::Kind::String && !v.chain.empty();
    };
    if (on(m_.resolve(e))) return e;
    std::optional<std::vector<ResolvedValue>> candidates = yacsCandidates(m_, e);
    return candidates && !candidates->empty() && std::all_of(candidates->begin(), candidates->end(), on) ? e
                                                                                                        : ts::Node();
  }

  template <typename Limit>
  void judgeBranch(ts::Node stmt, Limit& limit) {
    judgeCondition(stmt.field("condition"), limit);
  }

  template <typename Limit>
  void judgeCondition(ts::Node condition, Limit& limit) {
    GuardVerdict g = judgeGuard(m_, condition);
    if (g.kind == GuardKind::Periodic) limit(Frequency::EveryNSteps, g.decisive, g.why);
    if (g.kind == GuardKind::Rare) limit(Frequency::Rarely, g.decisive, g.why);
    if (g.kind == GuardKind::Off) limit(Frequency::Never, g.decisive, g.why);
  }

  static ExecutionFrequency of(Frequency how, ts::Node at, std::string why) {
    ExecutionFrequency f{how, std::nullopt, {}};
    if (at) f.reasons.push_back({at, std::move(why)});
    return f;
  }

  // A guard or early exit caps how often the loop's repetition reaches n.
  static ExecutionFrequency finish(const std::optional<ExecutionFrequency>& cap, ExecutionFrequency context) {
    if (!cap || oftenness(cap->how) >= oftenness(context.how)) return context;
    ExecutionFrequency out = *cap;
    if (out.how == Frequency::EveryNSteps) out.batch = context.batch;
    out.reasons.insert(out.reasons.end(), context.reasons.begin(), context.reasons.end());
    return out;
  }

  static ExecutionFrequency batchLoop(const Loop& l, const std::vector<ts::Node>& via) {
    BatchContext ctx;
    ctx.kind = l.kind == LoopKind::Step ? BatchKind::Step : BatchKind::Eval;
    ctx.scope = l.node;
    ctx.loop = &l;
    ctx.via_calls = via;
    ExecutionFrequency f = of(Frequency::PerStep, l.node, loopKindName(l.kind));
    f.batch = std::move(ctx);
    return f;
  }

  // A caller that leaves a parameter at its None/False default never runs
  // the code under `if <parameter> is not None:` (`with self.ema_scope():`
  // where the scope prints only when given a context).
  ts::Node unsetBy(const Call& c, const Function& f, const std::vector<ts::Node>& set_tests) const {
    for (ts::Node test : set_tests)
      if (m_.leavesParameterUnset(c, f, testedForSet(test))) return test;
    return {};
  }

  // `sample_z(shape=n)` leaves `fix_class` at its default -1, so the
  // `else` of `if fix_class == -1:` never runs for that call: the test
  // (of a parameter against a literal) that the call's value fails.
  ts::Node failedBy(const Call& c, const Function& f, const std::vector<ValueTest>& tests) const {
    for (const ValueTest& t : tests) {
      ts::Node name = comparedName(t.condition);
      if (std::find(f.parameters.begin(), f.parameters.end(), name.text()) == f.parameters.end()) continue;
      const ScriptModel& caller = m_.ownerOf(c.node);
      ResolvedValue value;
      if (ts::Node arg = caller.argumentFor(c, f, name.text())) value = caller.resolve(arg);
      else if (c.has_star_args || c.has_star_kwargs) continue;  // may be passed: unknown
      else if (ts::Node def = parameterDefault(f, name.text())) value = m_.resolve(def);
      std::optional<bool> holds = comparisonHolds(t.condition, value);
      if (holds && *holds != t.taken_when) return t.condition;
    }
    return {};
  }

  // `meter(logits, y)` runs the module's forward, but only what forward
  // does on every call counts as the caller's: a branch of forward may serve
  // another configuration of the instance (an exported backend's
  // `.cpu().numpy()`, a mode set at construction), which the call cannot tell.
  // A test of an optional parameter (`if targets is not None:`) the call
  // passes holds on it.
  bool partOfModuleCall(const Call& c, const Function& f, ts::Node n) const {
    if (!callsModuleForward(c, f)) return true;
    return everyCall(m_, n, f, [&](ts::Node condition) { return setByCall(m_, c, f, condition); });
  }
  // The same, in training mode: `if self.training:` holds too. What the
  // call reaches so counts only where a training step loop makes the call.
  bool partOfTrainingModuleCall(const Call& c, const Function& f, ts::Node n) const {
    return callsModuleForward(c, f) && everyCall(m_, n, f, [&](ts::Node condition) {
             return testsTrainingMode(condition) || setByCall(m_, c, f, condition);
           });
  }

  // `n` (in def's function) is reached through the function's callers.
  ExecutionFrequency function(ts::Node def, ts::Node n, int depth, const std::vector<ts::Node>& via,
                              const std::vector<ts::Node>& set_tests, const std::vector<ValueTest>& value_tests,
                              const std::optional<ModeRequirement>& mode) {
    const Function* f = m_.enclosingFunction(def.namedChild(0));
    if (!f) return of(Frequency::Unknown, def, "");
    // A @tf.function/@jax.jit body is traced into a graph: its Python
    // statements (print, .numpy(), logging) run once, at tracing.
    for (const auto& d : f->decorators)
      if (d == "tensorflow.function" || d == "jax.jit") return of(Frequency::Once, def, "traced once into a graph");
    BatchKind kind;
    bool hook_body = isLightningHook(m_, *f, &kind);
    if (auto run = hook_body ? std::nullopt : m_.libraryTrainerRuns(*f)) {
      kind = *run;  // a model's forward that a library Trainer's loop runs
      hook_body = true;
    }
    if (hook_body) {
      BatchContext ctx;
      ctx.kind = kind;
      ctx.scope = def;
      ctx.via_calls = via;
      ExecutionFrequency hook = of(Frequency::PerStep, def, "step hook");
      hook.batch = std::move(ctx);
      return hook;
    }
    if (auto inherited = m_.inheritedLoopCall(*f)) {
      inherited->scope = def;
      inherited->via_calls = via;
      ExecutionFrequency hook = of(Frequency::PerStep, def, "called by a base class's loop");
      hook.batch = std::move(inherited);
      return hook;
    }
    ExecutionFrequency best = of(Frequency::Unknown, def, "no caller in this file");
    if (depth >= kMaxCallDepth) return best;
    bool called = false;
    ts::Node unset;  // the test no caller so far passes
    // The most frequent caller chain decides.
    std::vector<const Call*> sites = m_.callersOf(*f);
    size_t direct = sites.size();  // then the calls that hand f to a function calling it
    const auto& invokers = m_.invokersOf(*f);
    sites.insert(sites.end(), invokers.begin(), invokers.end());
    for (size_t i = 0; i < sites.size(); ++i) {
      const Call* c = sites[i];
      if (f->node.contains(c->node)) continue;  // recursion
      bool training_only = false;
      if (i < direct && !partOfModuleCall(*c, *f, n)) {
        if (!partOfTrainingModuleCall(*c, *f, n)) continue;
        training_only = true;
      }
      if (ts::Node test = set_tests.empty() || i >= direct ? ts::Node() : unsetBy(*c, *f, set_tests)) {
        unset = test;
        continue;
      }
      if (ts::Node test = i >= direct ? ts::Node() : failedBy(*c, *f, value_tests)) {
        unset = test;
        continue;
      }
      auto next = via;
      next.insert(next.begin(), c->node);
      ExecutionFrequency r = from(c->node, depth + 1, next, mode);
      if (training_only && !(r.batch && r.batch->kind == BatchKind::Step)) continue;  // eval mode: not taken
      // Of two callers that run it per batch, a training step loop's is the
      // one to name (a helper the step calls three times and an evaluation
      // pass once per epoch): the first found is kept otherwise.
      auto training = [](const ExecutionFrequency& e) {
        return e.how == Frequency::PerStep && e.batch && e.batch->kind == BatchKind::Step;
      };
      if (!called || oftenness(r.how) > oftenness(best.how) || (training(r) && !training(best))) best = std::move(r);
      called = true;
      if (training(best)) break;
    }
    if (!called && unset)
      return of(Frequency::Never, unset, "`" + std::string(unset.text()) + "` is false wherever it is called");
    return best;
  }

  const ScriptModel& m_;
  bool guards_;
};

}  // namespace

ExecutionFrequency frequencyOf(const ScriptModel& model, ts::Node n, bool respect_guards) {
  return FrequencyWalk(model, respect_guards).from(n, 0, {});
}

bool ScriptModel::mayRunPerStep() const {
  // Loop kinds are asked each time: the project pass turns loops into step
  // loops after the build (ProjectModel::markStepLoops).
  for (const Loop& l : loops_)
    if (l.kind == LoopKind::Step || l.kind == LoopKind::Eval) return true;
  int hooks = step_hooks_.load(std::memory_order_relaxed);
  if (hooks < 0) {
    BatchKind kind;
    hooks = 0;
    for (const auto& f : functions_)
      if (isLightningHook(*this, *f, &kind) || libraryTrainerRuns(*f)) hooks = 1;
    step_hooks_.store(hooks, std::memory_order_relaxed);
  }
  if (hooks == 1) return true;
  // An override a base class's loop calls (asked per cache scope: the
  // answer reads other files of the project).
  auto& inherited = caches().inherited_loop_calls;
  if (!inherited) {
    inherited = false;
    for (const auto& f : functions_)
      if (f->owner && !f->owner->bases.empty() && inheritedLoopCall(*f)) {
        inherited = true;
        break;
      }
  }
  return *inherited;
}


std::optional<BatchContext> ScriptModel::perStep(ts::Node n) const {
  // Only a step/eval loop or a step hook of this file makes a node per step
  // (FrequencyWalk::batchLoop and function()): without one, no walk is needed.
  if (!mayRunPerStep()) return std::nullopt;
  ExecutionFrequency f = frequencyOf(*this, n, true);
  if (f.how != Frequency::PerStep) return std::nullopt;
  return f.batch;
}

std::optional<BatchContext> ScriptModel::inBatchLoop(ts::Node n) const {
  if (!mayRunPerStep()) return std::nullopt;
  ExecutionFrequency f = frequencyOf(*this, n, false);
  if (f.how != Frequency::PerStep) return std::nullopt;
  return f.batch;
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
      // Inline (`step % args.eval_every == 0`) or held in a variable or predicate.
      GuardVerdict g = judgeGuard(*this, p.field("condition"));
      if (g.kind != GuardKind::Often || !g.short_interval) continue;
      ShortIntervalGuard s = std::move(*g.short_interval);
      s.condition = p.field("condition");
      return s;
    }
  }
  return std::nullopt;
}

// `epoch % N == 0` whose N resolves to 1: true on every pass (YOLO's
// `evaluation_interval` default), so it holds back nothing per epoch; also
// as a term of an `or` (DINO's `epoch % args.val_freq == 0 or epoch == last`).
static bool everyPassModulo(const ScriptModel& m, ts::Node cond) {
  cond = syntax::unwrap(cond);
  if (cond.is("boolean_operator") && cond.field("operator").text() == "or")
    return everyPassModulo(m, cond.field("left")) || everyPassModulo(m, cond.field("right"));
  // `(epoch % val_freq == 0 or ...) and rank in [-1, 0]` (YOLOP): the other
  // term is no period of its own (a rank or a flag test), so the guard holds
  // on every pass of the process that runs it.
  if (cond.is("boolean_operator") && cond.field("operator").text() == "and") {
    ts::Node l = cond.field("left"), r = cond.field("right");
    return (everyPassModulo(m, l) && !m.isPeriodicCondition(r)) || (everyPassModulo(m, r) && !m.isPeriodicCondition(l));
  }
  if (!cond.is("comparison_operator") || cond.namedChildCount() != 2 || cond.child(1).text() != "==") return false;
  ts::Node left = syntax::unwrap(cond.namedChild(0)), right = syntax::unwrap(cond.namedChild(1));
  ts::Node mod = isZero(right) ? left : isZero(left) ? right : ts::Node();
  if (!mod || !mod.is("binary_operator") || mod.field("operator").text() != "%") return false;
  ResolvedValue every = m.resolve(mod.field("right"));
  return every.kind == ResolvedValue::Kind::Int && every.asInt() == 1;
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
      if ((m.isPeriodicCondition(cond) && !everyPassModulo(m, cond)) || text.find("is None") != std::string_view::npos ||
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
      std::vector<const Call*> sites = m.callersOf(*f);
      const auto& invokers = m.invokersOf(*f);
      sites.insert(sites.end(), invokers.begin(), invokers.end());
      for (const Call* c : sites) {
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
