// The bindings of a name that may reach one use, as the device analysis
// reads them: every name's bindings per scope in document order (one walk per
// scope, cached on the ScriptModel), tuple targets paired element by element,
// and loop back edges.
#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>

#include "frontend/python/device_analysis.h"
#include "frontend/python/syntax.h"
#include "frontend/python/training_mode.h"

namespace gpulint::python {

// Every name's bindings per scope (module or function body), in document
// order: one walk per scope instead of one per use of a name. The walk reads
// the tree alone, so the model keeps each scope's index for every cache
// scope (tree_memo.h); a cache scope records those it has used (and holds
// its own for a tree no model of the run holds).
struct DeviceBindingMemo {
  TreeMemo<DeviceAnalysis::ScopeIndex> scopes;
};

std::shared_ptr<DeviceBindingMemo> newDeviceBindingMemo() { return std::make_shared<DeviceBindingMemo>(); }

struct DeviceBindingIndex {
  std::map<std::pair<uint32_t, uint32_t>, const DeviceAnalysis::ScopeIndex*> scopes;
  std::vector<std::unique_ptr<DeviceAnalysis::ScopeIndex>> unshared;
};

// The bindings of id's name in its scope: the innermost function that binds
// it (as a parameter or by assignment), else the module.
std::vector<DeviceAnalysis::Binding> DeviceAnalysis::bindingsFor(ts::Node id, const Function** fn, ts::Node* param) {
  std::string_view name = id.text();
  std::vector<Binding> out;
  ts::Node scope;
  for (ts::Node def = syntax::ancestor(id, {"function_definition"}); def;
       def = syntax::ancestor(def, {"function_definition"})) {
    const Function* f = functionAt(def);
    out = scopeBindings(def.field("body"), name);
    bool is_param = false;
    if (f)
      for (const auto& p : f->parameters) is_param = is_param || p == name;
    if (is_param || !out.empty()) {
      if (fn) *fn = f;
      if (param && is_param)
        for (ts::Node p : def.field("parameters").namedChildren()) {
          ts::Node n = p.is("identifier") ? p : p.field("name");
          if (!n && p.namedChildCount() > 0) n = p.namedChild(0);
          if (n && n.text() == name) *param = n;
        }
      return out;
    }
  }
  return scopeBindings(m_.root(), name);
}

const DeviceAnalysis::ScopeIndex& DeviceAnalysis::scopeIndex(ts::Node scope) {
  std::shared_ptr<DeviceBindingIndex>& index = m_.caches().device_bindings;
  if (!index) index = std::make_shared<DeviceBindingIndex>();
  auto key = std::make_pair(scope.begin(), scope.end());
  auto& scopes = index->scopes;
  auto it = scopes.find(key);
  if (it == scopes.end()) {
    if (scope.source() == m_.root().source()) {
      const ScopeIndex& shared = m_.device_binding_memo_->scopes.get(key, [&](ScopeIndex& out) { collect(scope, out); });
      it = scopes.emplace(key, &shared).first;
    } else {
      auto& own = index->unshared.emplace_back(std::make_unique<ScopeIndex>());
      it = scopes.emplace(key, own.get()).first;
      collect(scope, *own);
    }
  }
  return *it->second;
}

const std::vector<DeviceAnalysis::Binding>& DeviceAnalysis::scopeBindings(ts::Node scope, std::string_view name) {
  static const std::vector<Binding> kNone;
  const BindingMap& bindings = scopeIndex(scope).bindings;
  auto found = bindings.find(std::string(name));
  return found == bindings.end() ? kNone : found->second;
}

// The stores into the container `name` in the scope of `use`: the innermost
// function holding it, else the module.
const std::vector<DeviceAnalysis::ItemStore>& DeviceAnalysis::itemStores(ts::Node use, std::string_view name) {
  static const std::vector<ItemStore> kNone;
  ts::Node def = syntax::ancestor(use, {"function_definition"});
  const auto& stores = scopeIndex(def ? def.field("body") : m_.root()).stores;
  auto found = stores.find(std::string(name));
  return found == stores.end() ? kNone : found->second;
}

void DeviceAnalysis::collect(ts::Node scope, ScopeIndex& index) {
  BindingMap& out = index.bindings;
  walk(scope, [&](ts::Node n) {
    if (n.is("assignment")) {
      ts::Node right = n.field("right");
      while (right && right.is("assignment")) right = right.field("right");  // a = b = value
      ts::Node left = n.field("left");
      if (right && left.is("subscript"))
        if (ts::Node c = syntax::unwrap(left.field("value")); c.is("identifier"))
          index.stores[std::string(c.text())].push_back({left.field("subscript"), right});
      if (right) bindTarget(n, left, right, out);
    } else if (n.is("call")) {
      // `outputs.append(y)`: a list filled element by element.
      ts::Node callee = n.field("function"), args = n.field("arguments");
      if (callee.is("attribute") && callee.field("attribute").text() == "append" && args &&
          args.namedChildCount() == 1 && !args.namedChild(0).is("keyword_argument"))
        if (ts::Node c = syntax::unwrap(callee.field("object")); c.is("identifier"))
          index.stores[std::string(c.text())].push_back({{}, args.namedChild(0)});
    } else if (n.is("augmented_assignment")) {
      ts::Node left = n.field("left");
      if (left.is("identifier")) out[std::string(left.text())].push_back({n, n.field("right"), n.end(), true});
    } else if (n.is("for_statement")) {
      if (bindZipTargets(n, out) || bindEnumerateTargets(n, out)) return;
      std::set<std::string_view> names;
      namesIn(n.field("left"), names);
      ts::Node key = dictKeyTarget(n);
      for (std::string_view name : names)
        out[std::string(name)].push_back(
            {n, key && key.text() == name ? ts::Node() : n.field("right"), n.field("right").end(), false});
    } else if (n.is("named_expression")) {
      if (ts::Node name = n.field("name")) out[std::string(name.text())].push_back({n, n.field("value"), n.end(), false});
    }
  });
}

// `for step, batch in enumerate(loader):` (or `for i, (x, y) in ...`) binds
// the count to the count and the item's names to the item: positions 0 and
// 1 of two (elementOrigin reads enumerate's); false for any other loop.
bool DeviceAnalysis::bindEnumerateTargets(ts::Node for_stmt, BindingMap& out) {
  ts::Node left = for_stmt.field("left"), right = syntax::unwrap(for_stmt.field("right"));
  if (!left || !(left.is("pattern_list") || left.is("tuple_pattern")) || !right || !right.is("call") ||
      right.field("function").text() != "enumerate")
    return false;
  std::vector<ts::Node> targets;
  for (ts::Node t : left.namedChildren())
    if (!t.is("comment")) targets.push_back(t);
  if (targets.size() != 2 || !targets[0].is("identifier")) return false;
  for (int i = 0; i < 2; ++i) {
    std::set<std::string_view> names;
    namesIn(targets[static_cast<size_t>(i)], names);
    for (std::string_view name : names) {
      Binding b{for_stmt, for_stmt.field("right"), for_stmt.field("right").end(), false};
      b.element = i;
      b.arity = 2;
      out[std::string(name)].push_back(b);
    }
  }
  return true;
}

// `for dr, dg in zip(real_outs, fake_outs):` binds each name to an element
// of its own sequence, as `for dr in real_outs:` would; false when the
// target and the zip do not pair up name by name.
bool DeviceAnalysis::bindZipTargets(ts::Node for_stmt, BindingMap& out) {
  std::vector<std::pair<ts::Node, ts::Node>> pairs = syntax::zipTargets(for_stmt);
  ts::Node right = syntax::unwrap(for_stmt.field("right"));
  for (const auto& [name, sequence] : pairs)
    out[std::string(name.text())].push_back({for_stmt, sequence, right.end(), false});
  return !pairs.empty();
}

// `k` in `for k, v in d.items():`, `name` in `for name, p in
// model.named_parameters():`: a key, never a device value.
ts::Node DeviceAnalysis::dictKeyTarget(ts::Node for_stmt) {
  ts::Node left = syntax::unwrap(for_stmt.field("left")), right = syntax::unwrap(for_stmt.field("right"));
  if (!left || !(left.is("pattern_list") || left.is("tuple_pattern")) || left.namedChildCount() != 2) return {};
  ts::Node callee = right && right.is("call") ? right.field("function") : ts::Node();
  if (!callee || !callee.is("attribute") ||
      !syntax::oneOf(callee.field("attribute").text(), {"items", "named_parameters", "named_buffers"}))
    return {};
  ts::Node key = left.namedChild(0);
  return key.is("identifier") ? key : ts::Node();
}

// `for name in parts:` over a dict, or over `parts.keys()`, yields its keys
// (strings, numbers), not the tensors it holds; `.values()` and `.items()`
// are asked as calls (callOrigin, dictKeyTarget). A dict is a literal, a
// comprehension or `dict(...)` on every path to the name.
bool DeviceAnalysis::iteratesKeys(ts::Node iterable) const {
  auto isDict = [](ts::Node v) {
    v = syntax::unwrap(v);
    if (!v) return false;
    if (v.is("dictionary") || v.is("dictionary_comprehension")) return true;
    ts::Node callee = v.is("call") ? v.field("function") : ts::Node();
    return callee && syntax::oneOf(syntax::lastName(callee), {"dict", "OrderedDict", "defaultdict"});
  };
  ts::Node it = syntax::unwrap(iterable);
  if (!it) return false;
  if (it.is("call")) {
    ts::Node callee = it.field("function"), args = it.field("arguments");
    return callee.is("attribute") && callee.field("attribute").text() == "keys" && args && args.namedChildCount() == 0;
  }
  if (isDict(it)) return true;
  if (!it.is("identifier") && !it.is("attribute")) return false;
  std::vector<ts::Node> sources = m_.valueSources(it, /*all_paths=*/true);
  return !sources.empty() && std::all_of(sources.begin(), sources.end(), isDict);
}

// Binds the names of `left = right`, pairing tuple elements when both sides
// have the same shape.
void DeviceAnalysis::bindTarget(ts::Node stmt, ts::Node left, ts::Node right, BindingMap& out) {
  left = syntax::unwrap(left);
  if (left.is("identifier")) {
    out[std::string(left.text())].push_back({stmt, right, stmt.end(), false});
    return;
  }
  if (left.is("list_splat_pattern")) return bindTarget(stmt, left.namedChild(0), right, out);
  if (!(left.is("pattern_list") || left.is("tuple_pattern") || left.is("list_pattern") || left.is("tuple") ||
        left.is("list")))
    return;
  std::vector<ts::Node> targets, values;
  for (ts::Node t : left.namedChildren())
    if (!t.is("comment")) targets.push_back(t);
  ts::Node r = syntax::unwrap(right);
  if (r.is("expression_list") || r.is("tuple") || r.is("list"))
    for (ts::Node v : r.namedChildren())
      if (!v.is("comment")) values.push_back(v);
  bool starred = std::any_of(targets.begin(), targets.end(), [](ts::Node t) { return t.is("list_splat_pattern"); });
  for (size_t i = 0; i < targets.size(); ++i) {
    if (values.size() == targets.size()) {
      bindTarget(stmt, targets[i], values[i], out);
    } else if (targets[i].is("identifier") && !starred) {  // `a, b = helper()`: keep the position
      Binding b{stmt, right, stmt.end(), false};
      b.element = static_cast<int>(i);
      b.arity = static_cast<int>(targets.size());
      out[std::string(targets[i].text())].push_back(b);
    } else {
      bindTarget(stmt, targets[i], right, out);
    }
  }
}

// Every identifier under n (n included), each name once.
void DeviceAnalysis::namesIn(ts::Node n, std::set<std::string_view>& out) {
  if (!n) return;
  if (n.is("identifier")) out.insert(n.text());
  for (ts::Node c : n.namedChildren()) namesIn(c, out);
}

namespace {

// `stmt` sits in a branch of an if statement and `use` in another branch of
// the same statement (`if a: loss = loss.item()` / `else: loss.backward()`):
// the binding never runs before the use on the same pass.
bool inOtherBranch(ts::Node stmt, ts::Node use) {
  ts::Node prev = stmt;
  for (ts::Node p : stmt.ancestorWalk()) {
    if (p.contains(use)) {
      if (!p.is("if_statement") || prev.contains(use)) return false;
      return prev == p.field("consequence") || prev.is("elif_clause") || prev.is("else_clause");
    }
    if (syntax::isScope(p)) return false;
    prev = p;
  }
  return false;
}

// `stmt` runs on only some paths to `use`: it sits in a branch, a loop
// body or an except clause that does not hold the use.
bool onSomePathsTo(ts::Node stmt, ts::Node use) {
  for (ts::Node p : stmt.ancestorWalk()) {
    if (p.contains(use) || syntax::isScope(p)) return false;
    if (p.is("if_statement") || p.is("elif_clause") || p.is("else_clause") || p.is("for_statement") ||
        p.is("while_statement") || p.is("except_clause") || p.is("case_clause"))
      return true;
  }
  return false;
}

// The outermost if statement below the common ancestor of `stmt` and `use`
// that holds `stmt` but not `use`; null when none.
ts::Node branchStatement(ts::Node stmt, ts::Node use) {
  ts::Node found;
  for (ts::Node p : stmt.ancestorWalk()) {
    if (p.contains(use) || syntax::isScope(p)) break;
    if (p.is("if_statement")) found = p;
  }
  return found;
}

// The blocks of an if statement's branches, in order; `*has_else` says
// whether one of them always runs.
std::vector<ts::Node> branchBlocks(ts::Node s, bool* has_else) {
  std::vector<ts::Node> out{s.field("consequence")};
  *has_else = false;
  for (ts::Node c : s.namedChildren()) {
    if (c.is("elif_clause")) out.push_back(c.field("consequence"));
    if (c.is("else_clause")) {
      out.push_back(c.field("body"));
      *has_else = true;
    }
  }
  return out;
}

// `block` stores into items of `name` (`for i in range(len(x)): x[i] =
// x[i].cpu()`): it replaces what the name holds without rebinding it.
bool storesItemsOf(ts::Node block, std::string_view name) {
  std::vector<ts::Node> stack{block};
  while (!stack.empty()) {
    ts::Node n = stack.back();
    stack.pop_back();
    if (n.is("assignment")) {
      ts::Node left = n.field("left");
      if (left && left.is("subscript") && left.field("value").text() == name) return true;
    }
    if (syntax::isScope(n) && !(n == block)) continue;
    for (ts::Node c : n.namedChildren()) stack.push_back(c);
  }
  return false;
}

// `stmt` is a statement of `block` itself, not of a branch or loop in it.
bool directlyIn(ts::Node stmt, ts::Node block) {
  ts::Node p = stmt.parent();
  while (p && !p.is("block") && !syntax::isScope(p)) p = p.parent();
  return p == block;
}

}  // namespace

// The bindings that may reach `use` (before position `before`, default the
// use): the last one written before it, bindings in another branch of an if
// statement around the use left out; with back edges of the innermost loop
// around the use when that binding is outside the loop. A binding that only
// a CPU-only run makes (the `else:` of `if cfg.NUM_GPUS:`) is left out of a
// use on the GPU path (RULES.md "The GPU path").
// `last` (the last binding before `use`) and, when it sits in a branch of
// an if statement that does not hold the use and every branch of that
// statement binds the name itself (`if mixup is None: acc = ...` / `else:
// acc = None`), the last binding of each other branch: any path that puts
// the value on the GPU counts (RULES.md "The GPU path"). A branch that
// replaces the name's items (`for i in ...: x[i] = x[i].cpu()`) counts as
// binding it, and a statement whose skipped path only a CPU-only run takes
// (`if cfg.NUM_GPUS:` with no else) as always run. When some path skips
// every branch, the bindings before the statement are not added: those
// paths are left unknown (an `if args.distributed: acc = reduce(acc)`
// keeps the reduction alone).
namespace {

// `isinstance(x, torch.Tensor)`, `type(x) == torch.Tensor`, `type(x) is
// torch.Tensor` or `torch.is_tensor(x)` for the name `x`.
bool testsTensorType(ts::Node cond, std::string_view name) {
  cond = syntax::unwrap(cond);
  auto isTensorClass = [](ts::Node t) {
    std::string_view text = syntax::unwrap(t).text();
    return text == "torch.Tensor" || text == "Tensor";
  };
  if (cond.is("call")) {
    std::string_view fn = cond.field("function").text();
    ts::Node args = cond.field("arguments");
    if (!args || args.namedChildCount() == 0 || args.namedChild(0).text() != name) return false;
    if (fn == "torch.is_tensor") return args.namedChildCount() == 1;
    return fn == "isinstance" && args.namedChildCount() == 2 && isTensorClass(args.namedChild(1));
  }
  if (!cond.is("comparison_operator") || cond.namedChildCount() != 2) return false;
  std::string_view op = cond.child(1).text();
  if (op != "==" && op != "is") return false;
  ts::Node left = syntax::unwrap(cond.namedChild(0));
  ts::Node args = left.is("call") && left.field("function").text() == "type" ? left.field("arguments") : ts::Node();
  return args && args.namedChildCount() == 1 && args.namedChild(0).text() == name &&
         isTensorClass(cond.namedChild(1));
}

}  // namespace

void DeviceAnalysis::addOtherBranches(const std::vector<Binding>& all, ts::Node use, uint32_t pos, const Binding* last,
                                      const std::function<bool(const Binding&)>& cpuOnly,
                                      std::vector<const Binding*>& out) {
  out.push_back(last);
  ts::Node s = onSomePathsTo(last->stmt, use) ? branchStatement(last->stmt, use) : ts::Node();
  if (!s) return;
  bool exhaustive = false;
  std::vector<ts::Node> blocks = branchBlocks(s, &exhaustive);
  if (!exhaustive && m_.offCudaBranch(s, use)) exhaustive = true;
  const bool has_fallthrough = !exhaustive;  // no else: the earlier value may reach
  std::vector<const Binding*> others;
  for (ts::Node block : blocks) {
    const Binding* b = nullptr;
    for (auto it = all.rbegin(); it != all.rend() && block && !b; ++it)
      if (it->at <= pos && block.contains(it->stmt) && !inOtherBranch(it->stmt, use) && !cpuOnly(*it)) b = &*it;
    if (b && b != last) others.push_back(b);
    if ((!b || !directlyIn(b->stmt, block)) && !(block && storesItemsOf(block, use.text()))) exhaustive = false;
  }
  if (exhaustive) out.insert(out.end(), others.begin(), others.end());
  if (!has_fallthrough) return;
  // `if isinstance(lab, torch.Tensor): lab = lab.item()`: when the branch is
  // skipped the earlier value was no tensor, so no device value reaches the use.
  if (s.is("if_statement") && !s.field("alternative") && testsTensorType(s.field("condition"), use.text())) return;
  // `out = model(x)`, then `if args.refine: out = post_process(out)` with no
  // else: when the branch is not taken the earlier value reaches the use.
  for (auto it = all.rbegin(); it != all.rend(); ++it)
    if (it->at <= s.begin() && !inOtherBranch(it->stmt, use) && !cpuOnly(*it)) {
      if (&*it != last) out.push_back(&*it);
      return;
    }
}

std::vector<const DeviceAnalysis::Binding*> DeviceAnalysis::reaching(const std::vector<Binding>& all, ts::Node use, uint32_t before) {
  std::vector<const Binding*> out;
  uint32_t pos = std::min(before, use.begin());
  // A use inside a nested function runs later: every binding reaches it.
  ts::Node use_fn = syntax::ancestor(use, {"function_definition"});
  bool nested = !all.empty() && !(syntax::ancestor(all.front().stmt, {"function_definition"}) == use_fn);
  std::optional<bool> use_on_cpu;  // asked only when a binding is on the CPU path
  std::optional<std::optional<ModeRequirement>> use_mode;  // asked only when a binding needs a mode
  auto cpuOnly = [&](const Binding& b) {
    if (m_.skippedByNoneTest(b.stmt)) return true;  // never runs: no value of its reaches the use
    // `if self.training: limit = mask.sum(1)` never reaches `self.training is False and k >= limit`.
    if (std::optional<ModeRequirement> made = modeRequiredFor(b.stmt, false)) {
      if (!use_mode) use_mode = modeRequiredFor(use, false);
      if (*use_mode && (*use_mode)->training != made->training) return true;
    }
    if (!m_.onCpuPath(b.stmt)) return false;
    if (!use_on_cpu) use_on_cpu = m_.onCpuPath(use);
    return !*use_on_cpu;
  };
  const Binding* last = nullptr;
  // Newest first (bindings are kept in source order), so the branch test runs
  // on few of them.
  for (auto b = all.rbegin(); b != all.rend(); ++b)
    if (!nested && b->at <= pos && (!last || b->at > last->at) && !inOtherBranch(b->stmt, use) && !cpuOnly(*b))
      last = &*b;
  if (last && !nested) addOtherBranches(all, use, pos, last, cpuOnly, out);
  else if (last) out.push_back(last);
  if (nested) {
    for (const Binding& b : all) out.push_back(&b);
    return out;
  }
  // The innermost loop that runs `use` again (a for loop's iterable is
  // evaluated once, a while condition on every turn).
  ts::Node loop;
  for (ts::Node p : use.ancestorWalk()) {
    if (syntax::isScope(p)) break;
    if ((p.is("while_statement") || (p.is("for_statement") && p.field("body").contains(use)))) {
      loop = p;
      break;
    }
  }
  if (loop && !(last && loop.contains(last->stmt)))
    for (const Binding& b : all)
      if (b.at > pos && loop.contains(b.stmt) && !cpuOnly(b)) out.push_back(&b);
  return out;
}

// True when `name` is the whole left side of the assignment (not unpacked).
bool DeviceAnalysis::directTarget(ts::Node stmt, std::string_view name) {
  ts::Node left = stmt.field("left");
  if (!left && stmt.is("named_expression")) left = stmt.field("name");
  return left && left.is("identifier") && left.text() == name;
}


}  // namespace gpulint::python
