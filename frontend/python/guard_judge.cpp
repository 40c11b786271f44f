// GuardJudge's walk over a condition: and/or/not, predicates called, flags and local booleans; comparisons apart.
#include "frontend/python/guard_judge.h"
#include "frontend/python/accelerate_api.h"
#include "frontend/python/project_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

GuardVerdict GuardJudge::judge(ts::Node e, const Env& env, int depth) {
  e = syntax::unwrap(e);
  if (!e) return {};
  if (ts::Node arg = bound(e, env)) return judge(arg, {}, depth);
  std::string_view t = e.type();
  if (t == "boolean_operator") return combine(e, env, depth);
  if (t == "not_operator") return negation(e, env);
  if (t == "comparison_operator") return comparison(e, env);
  if (t == "call") return call(e, env, depth);
  if (t == "identifier" || t == "attribute") return flag(e, env, depth);
  // `if enabled[j] and ...: ...; enabled[j] = False`: one flag of a list, turned off by its branch.
  if (t == "subscript" && env.empty() && setInBranch(e, e, "false")) return verdict(GuardKind::Rare, e, "one-time flag");
  return {};
}

ts::Node GuardJudge::bound(ts::Node e, const Env& env) const {
  if (!e.is("identifier")) return {};
  for (const auto& [name, arg] : env)
    if (name == e.text()) return syntax::unwrap(arg);
  return {};
}

ts::Node GuardJudge::substituted(ts::Node e, const Env& env) const {
  e = syntax::unwrap(e);
  ts::Node arg = bound(e, env);
  return arg ? arg : e;
}

GuardVerdict GuardJudge::combine(ts::Node e, const Env& env, int depth) {
  GuardVerdict l = judge(e.field("left"), env, depth), r = judge(e.field("right"), env, depth);
  bool conjunction = e.field("operator").text() == "and";
  // `a and b` runs as rarely as its rarer side; `a or b` as often as its more frequent one.
  GuardVerdict& pick = (rank(l.kind) >= rank(r.kind)) == conjunction ? l : r;
  GuardVerdict& other = &pick == &l ? r : l;
  if (pick.kind == GuardKind::Often && !pick.short_interval) pick.short_interval = other.short_interval;
  return pick;
}

GuardVerdict GuardJudge::negation(ts::Node e, const Env& env) {
  ts::Node arg = substituted(e.field("argument"), env);
  // `not step % n`: true when the remainder is 0.
  if (arg.is("binary_operator") && arg.field("operator").text() == "%") return modulo(arg, env, e);
  if (syntax::containsWord(arg.text(), {"isfinite"})) return verdict(GuardKind::Rare, e, "failure check");
  // `not len(batch)`, `not x.numel()`: an emptiness test. (`not (len(p.shape) == 1)`
  // negates a comparison, which says nothing about emptiness.)
  if (!arg.is("comparison_operator") && !arg.is("boolean_operator") && isSizeExpression(arg))
    return verdict(GuardKind::Rare, e, "empty-batch check");
  // `if not args.use_fp16:` with the option on by default (a bool_flag
  // defaulting to True): the branch is off as configured.
  if (arg.is("attribute") && env.empty()) {
    ResolvedValue v = m_.resolve(arg);
    if (auto on = v.truthiness(); on && *on && v.kind != ResolvedValue::Kind::String &&
        !m_.assignsDottedName(arg.text()))
      return verdict(GuardKind::Off, e, "negated flag resolved to on");
  }
  if (setInBranch(e, arg, "true")) return verdict(GuardKind::Rare, e, "one-time flag");
  // `if not hasattr(self, "queue"): self.queue = torch.zeros(...)`: the
  // branch makes the attribute it tests for, so it runs on the first call only.
  if (arg.is("call") && arg.field("function").text() == "hasattr") {
    ts::Node args = arg.field("arguments");
    std::string name;
    if (args && args.namedChildCount() == 2 && syntax::stringLiteral(args.namedChild(1), &name) && !name.empty())
      if (ts::Node branch = branchOfCondition(e);
          branch && ownStatementAssigns(branch, std::string(args.namedChild(0).text()) + "." + name))
        return verdict(GuardKind::Rare, e, "lazy initialisation");
  }
  // `not key in cache`, as `key not in cache`.
  if (arg.is("comparison_operator") && arg.namedChildCount() == 2 && arg.childCount() == 3 &&
      arg.child(1).text() == "in" && fillsCache(e, syntax::unwrap(arg.namedChild(0)), syntax::unwrap(arg.namedChild(1))))
    return verdict(GuardKind::Rare, e, "memoised: once per key");
  return {};
}

// `if self.needs_sync: ...; self.needs_sync = False` (or `if not done:
// ...; done = True`): the branch turns its own condition off, so it runs
// once. Only an assignment among the branch's own statements counts.
bool GuardJudge::setInBranch(ts::Node condition_part, ts::Node name, std::string_view literal) {
  if (!(name.is("identifier") || name.is("attribute") || name.is("subscript"))) return false;
  ts::Node branch = branchOfCondition(condition_part);
  return branch && ownStatementAssigns(branch, name.text(), literal);
}

// The sole expression of an expression statement; null for other statements.
ts::Node GuardJudge::soleExpression(ts::Node statement) {
  return statement.is("expression_statement") && statement.namedChildCount() == 1 ? statement.namedChild(0)
                                                                                   : ts::Node();
}

// `target = <value>` among the block's own statements (not one under a
// further condition), with a value of kind `value_kind` when one is given.
bool GuardJudge::ownStatementAssigns(ts::Node block, std::string_view target, std::string_view value_kind) {
  for (ts::Node s : block.namedChildren()) {
    ts::Node assign = soleExpression(s);
    if (assign && assign.is("assignment") && assign.field("left").text() == target &&
        (value_kind.empty() || syntax::unwrap(assign.field("right")).is(value_kind)))
      return true;
  }
  return false;
}

GuardVerdict GuardJudge::call(ts::Node e, const Env& env, int depth) {
  if (syntax::containsWord(e.text(), {"isnan", "isinf"}) || namesNonFinite(e.text()))
    return verdict(GuardKind::Rare, e, "failure check");
  // `any(len(t) < 1 for t in targets)`: some sample of the batch is empty,
  // the test of its items judged as one of them.
  if (e.field("function").text() == "any" && env.empty())
    if (ts::Node gen = e.field("arguments"); gen && gen.is("generator_expression"))
      if (GuardVerdict v = judge(gen.field("body"), env, depth + 1); v.kind == GuardKind::Rare) {
        v.decisive = e;
        return v;
      }
  // `any(not torch.isfinite(p.grad).all() for p in params)`: some value is
  // not finite, an overflow.
  if (e.field("function").text() == "any" && e.text().find("not ") != std::string_view::npos &&
      syntax::containsWord(e.text(), {"isfinite"}))
    return verdict(GuardKind::Rare, e, "failure check");
  // `dist.should_stop()`, `preempted()`: asks for an interrupt or a stop request.
  if (namesInterrupt(syntax::lastName(e.field("function")))) return verdict(GuardKind::Rare, e, "interrupt flag");
  // `sys.stdout.isatty()`: an interactive terminal only; a submitted job
  // writes its output to a file or a pipe, where the branch never runs.
  if (syntax::lastName(e.field("function")) == "isatty") return verdict(GuardKind::Off, e, "interactive terminal only");
  const Call* c = m_.callAt(e);
  if (c && env.empty())
    if (GuardVerdict v = offByDefaultSetting(e, *c); v.kind == GuardKind::Off) return v;
  // `isinstance(prof, torch.profiler.profile)`: only a profiling run, which
  // is off by default and measures itself.
  if (c && c->method == "isinstance" && c->positional.size() == 2 &&
      syntax::containsWord(c->positional[1].text(), {"profiler", "profile"}))
    return verdict(GuardKind::Rare, e, "profiling run");
  // The predicate may live in another file (`self.validator.should_validate(step)`
  // of a class imported from a components module); its own names resolve
  // in its file (ScriptModel::resolve asks the owner of a node).
  const Function* f = c ? m_.callTarget(*c).second : nullptr;
  // `self.metrics.should_log(step)` on an object built where we cannot see
  // (`config.metrics.build(...)`): the project's only method of that name is
  // the likely predicate. A guess, so it may only quiet a finding (a
  // periodic, rare or off verdict), never make a branch run every step.
  bool guessed = false;
  if (!f && c && c->receiver && m_.project())
    if (const auto& named = m_.project()->methodsNamed(c->method); named.size() == 1) {
      f = named.front().second;
      guessed = true;
    }
  ts::Node returned = f && env.empty() && depth < kMaxDepth ? singleReturn(*f) : ts::Node();
  if (!returned) return {};
  // One level of inlining: the predicate's parameters take the caller's arguments.
  Env inner;
  bool method = f->owner && !f->parameters.empty() && f->parameters[0] == "self";
  for (size_t i = method ? 1 : 0; i < f->parameters.size(); ++i)
    if (ts::Node a = c->argument(f->parameters[i], static_cast<int>(i - (method ? 1 : 0))))
      inner.emplace_back(f->parameters[i], a);
  GuardVerdict v = judge(returned, inner, depth + 1);
  if (guessed && v.kind != GuardKind::Periodic && v.kind != GuardKind::Rare && v.kind != GuardKind::Off) return {};
  if (v.kind != GuardKind::Often) v.decisive = e;
  if (v.short_interval) v.short_interval->condition = e;
  return v;
}

// `cfg.get("record_time", False)`, `getattr(cfg, "profile", None)`: a setting
// read with an off default (False, None, 0) from a config the analysis cannot
// see (or one that leaves it out): opt-in, as an argparse store_true flag is;
// unknown must not make the branch run every step. A config that sets it
// (resolved) decides.
GuardVerdict GuardJudge::offByDefaultSetting(ts::Node e, const Call& c) {
  ts::Node fallback;
  if (c.method == "get" && c.receiver && c.positional.size() == 2 && syntax::stringLiteral(c.positional[0], nullptr))
    fallback = c.positional[1];
  else if (c.method == "getattr" && !c.receiver && c.positional.size() == 3 &&
           syntax::stringLiteral(c.positional[1], nullptr))
    fallback = c.positional[2];
  fallback = syntax::unwrap(fallback);
  if (!fallback || !(fallback.is("false") || fallback.is("none") || fallback.text() == "0")) return {};
  ResolvedValue value = m_.resolve(e);
  std::optional<bool> on = value.truthiness();
  if (value.known() && (!on || *on)) return {};
  return verdict(GuardKind::Off, e, "opt-in setting, read with an off default (`" + std::string(fallback.text()) + "`)");
}

// The expression of a function whose body is one `return <expr>` (after a docstring).
ts::Node GuardJudge::singleReturn(const Function& f) {
  ts::Node ret;
  for (ts::Node s : f.body.namedChildren()) {
    if (s.is("comment")) continue;
    if (s.is("expression_statement") && s.namedChildCount() == 1 && s.namedChild(0).is("string") && !ret) continue;
    if (ret || !s.is("return_statement") || s.namedChildCount() != 1) return {};
    ret = s.namedChild(0);
  }
  return ret;
}

// The option `dest` is opt-in (a store_true flag, or None/0 by default):
// this file's, or when the file declares none (`self.args.use_multi_gpu` in
// an experiment class whose namespace the entry script parses), every
// project file's that declares it, none of them given a value by a job.
bool GuardJudge::optInOption(std::string_view dest) const {
  if (const ArgparseOption* o = m_.argparseOption(dest)) return o->opt_in;
  const ProjectModel* project = m_.project();
  if (!project) return false;
  bool found = false;
  for (const ScriptModel* other : project->models()) {
    const ArgparseOption* o = other->argparseOption(dest);
    if (!o) continue;
    if (!o->opt_in || other->overridesOption(dest)) return false;
    found = true;
  }
  return found;
}

// `if accelerator.sync_gradients:`: true at the end of each gradient
// accumulation cycle, so once every N micro-batches when the Accelerator
// accumulates (its gradient_accumulation_steps is given and does not resolve
// to 1); with no accumulation it holds on every step.
GuardVerdict GuardJudge::accumulationBoundary(ts::Node e) {
  if (!e.is("attribute") || e.field("attribute").text() != "sync_gradients") return {};
  ts::Node accelerator = e.field("object");
  if (!isAcceleratorObject(m_, accelerator)) return {};
  bool accumulates = false;
  for (ts::Node src : m_.valueSources(accelerator, /*all_paths=*/true)) {
    const ScriptModel& home = m_.ownerOf(src);
    const Call* made = src.is("call") ? home.callAt(src) : nullptr;
    ts::Node steps = made ? made->keyword("gradient_accumulation_steps") : ts::Node();
    // `gradient_accumulation_plugin=GradientAccumulationPlugin(num_steps=...)`.
    ts::Node plugin = made && !steps ? syntax::unwrap(made->keyword("gradient_accumulation_plugin")) : ts::Node();
    if (const Call* p = plugin && plugin.is("call") ? home.callAt(plugin) : nullptr) steps = p->keyword("num_steps");
    if (!steps) return {};  // no accumulation (or an accelerator we cannot see made): every step
    std::optional<int64_t> n = home.resolve(steps).asInt();
    if (n && *n <= 1) return {};
    accumulates = true;
  }
  if (!accumulates) return {};
  return verdict(GuardKind::Periodic, e, "end of a gradient accumulation cycle");
}

GuardVerdict GuardJudge::flag(ts::Node e, const Env& env, int depth) {
  std::string_view text = e.text();
  if (GuardVerdict v = accumulationBoundary(e); v.kind == GuardKind::Periodic) return v;
  if (namesLastStep(text)) return verdict(GuardKind::Rare, e, "last step");
  if (namesInterrupt(text)) return verdict(GuardKind::Rare, e, "interrupt flag");
  if (namesNonFinite(text)) return verdict(GuardKind::Rare, e, "failure check");
  if (env.empty() && setInBranch(e, e, "false")) return verdict(GuardKind::Rare, e, "one-time flag");
  ResolvedValue value = m_.resolve(e);
  // `args.x = ...` somewhere in the file: the option's default is not what the
  // test reads. A text search, so asked only before an Off verdict.
  auto reassigned = [&] { return e.is("attribute") && m_.assignsDottedName(e.text()); };
  if (auto b = value.truthiness(); b && !*b && value.kind != ResolvedValue::Kind::String && !reassigned())
    return verdict(GuardKind::Off, e, "flag resolved to off");
  // `if args.synchronize_step:` after `parser.set_defaults(**cfg)`: a config
  // file may turn the option on, but off is what the code says and the run
  // must opt in; unknown must not make the branch run every step.
  if (!value.known() && e.is("attribute") && optInOption(e.field("attribute").text()) && !reassigned())
    return verdict(GuardKind::Off, e, "opt-in flag, off unless the run passes it");
  if (!e.is("identifier") || depth >= kMaxDepth || !env.empty()) return {};
  GuardVerdict local = localBoolean(e, depth);
  // `if tracker:` where every call passes `tracker=None` (a logger built
  // only under an option that is off): the branch never runs.
  if (local.kind == GuardKind::Often && !local.decisive && m_.isNoneValue(e) == true)
    return verdict(GuardKind::Off, e, "always None here");
  return local;
}

// A local boolean: `do_eval = step % args.eval_interval == 0` then `if
// do_eval:`. Every binding that may reach the use must be rare or
// periodic: edm2-style `done = cur >= stop_at` that a later abort branch
// sets again (`if should_stop(): done = True`) stays the end of training.
GuardVerdict GuardJudge::localBoolean(ts::Node e, int depth) {
  std::vector<NameBinding> bindings = m_.reachingBindings(e);
  if (bindings.empty()) return {};
  GuardVerdict out;
  for (size_t i = 0; i < bindings.size(); ++i) {
    const NameBinding& b = bindings[i];
    if (!b.value || b.index >= 0 || b.parameter) return {};
    GuardVerdict v = b.conditional ? setUnderGuard(b, depth) : judge(b.value, {}, depth + 1);
    if (v.kind == GuardKind::Often) return v;  // with the short interval that makes it so, if any
    if (i == 0 || rank(v.kind) < rank(out.kind)) out = std::move(v);
  }
  out.decisive = bindings.front().statement;
  return out;
}

// A conditional `flag = True` is true as often as the branch that sets it:
// the rarest guard among the ifs holding it (in their consequence) up to
// the flag's scope. `flag = False` never makes the guard run more.
GuardVerdict GuardJudge::setUnderGuard(const NameBinding& b, int depth) {
  ts::Node value = syntax::unwrap(b.value);
  if (value.is("false")) return verdict(GuardKind::Off, b.statement, "flag cleared");
  if (!value.is("true")) return {};
  GuardVerdict rarest;
  ts::Node child = b.statement;
  for (ts::Node p : b.statement.ancestorWalk()) {
    if (p == b.scope || syntax::isScope(p)) break;
    ts::Node consequence = p.is("if_statement") || p.is("elif_clause") ? p.field("consequence") : ts::Node();
    if (consequence && consequence == child) {
      GuardVerdict v = judge(p.field("condition"), {}, depth + 1);
      if (rank(v.kind) > rank(rarest.kind)) rarest = std::move(v);
    }
    child = p;
  }
  return rarest;
}

}  // namespace gpulint::python
