// Keyword arguments splatted from a dict the file builds
// (`DataLoader(ds, **loader_args)` with `loader_args = dict(num_workers=8,
// pin_memory=True)` or a `{"num_workers": 8}` literal): the dict's entries
// become the call's keywords, so rules read them as if written at the call.
// The script is judged on the GPU node: a dict chosen by a device test
// (`{"pin_memory": True} if use_cuda else {}`) is the CUDA one, and entries
// added in place on the GPU path (`kwargs.update(cuda_kwargs)` under `if
// use_cuda:`, `kwargs["pin_memory"] = True`) are part of it. A dict we
// cannot read whole (built under another condition, changed in another way,
// holding a `**` of its own or a non-literal key) leaves the call's keywords
// hidden, as before.
#include <algorithm>

#include "frontend/python/member_values.h"
#include "frontend/python/parameter_default.h"
#include "frontend/python/project_model.h"
#include "frontend/python/script_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

namespace {

using Keywords = std::vector<std::pair<std::string, ts::Node>>;

bool splatKeywords(const ScriptModel& m, ts::Node expr, Keywords& out, int depth);

// The entries of `dict(k=v, ...)`, `{"k": v, ...}` or the CUDA arm of a
// device test between two such dicts; false when some entry cannot be read.
bool readEntries(const ScriptModel& m, ts::Node value, Keywords& out, int depth) {
  value = syntax::unwrap(value);
  if (value.is("dictionary")) {
    for (ts::Node pair : value.namedChildren()) {
      if (pair.is("comment")) continue;
      std::string key;
      if (!pair.is("pair") || !syntax::stringLiteral(pair.field("key"), &key)) return false;
      out.emplace_back(key, pair.field("value"));
    }
    return true;
  }
  if (value.is("conditional_expression") && value.namedChildCount() == 3) {
    int test = m.cudaCondition(value.namedChild(1));
    return test != 0 && readEntries(m, value.namedChild(test > 0 ? 0 : 2), out, depth);
  }
  if (value.is("identifier")) return splatKeywords(m, value, out, depth + 1);
  const Call* c = value.is("call") ? m.callAt(value) : nullptr;
  // `model_and_diffusion_defaults()`: a project function whose one return is a dict we can read.
  if (c && !member_values::keywordDict(m, *c) && depth < 3)
    if (auto [owner, f] = m.callTarget(*c); f) {
      bool generator = false;
      const std::vector<ts::Node>& returned = owner->returnValues(*f, &generator);
      return !generator && returned.size() == 1 && readEntries(*owner, returned.front(), out, depth + 1);
    }
  // `dict(pairs for ...)` passes a generator, not an argument list: entries unknown.
  if (!c || !member_values::keywordDict(m, *c) || !c->positional.empty() || c->has_star_args || c->has_star_kwargs ||
      !c->node.field("arguments").is("argument_list"))
    return false;
  out.insert(out.end(), c->keywords.begin(), c->keywords.end());
  return true;
}

// True when `stmt` runs whenever `scope` runs on the CUDA node: no branch
// around it up to `scope` but the CUDA branches of device tests, no loop.
bool onGpuPath(const ScriptModel& m, ts::Node stmt, ts::Node scope) {
  for (ts::Node p = stmt.parent(); p && !(p == scope); p = p.parent()) {
    if (p.is("if_statement") || p.is("elif_clause")) {
      if (!m.cudaBranch(p, stmt)) return false;
    } else if (p.is("else_clause") || p.is("except_clause") || p.is("finally_clause") || syntax::isLoop(p) ||
               p.is("conditional_expression") || syntax::isScope(p)) {
      return false;
    }
  }
  return true;
}

// One change made in place: where, and the entries it sets.
struct Change {
  uint32_t at;
  Keywords entries;
};

// The changes made in place to the dict `name` in `scope` after `from`:
// `d.update(...)` with entries we can read and `d["k"] = v`, each on the GPU
// path. False when some other change (`pop`, `del`, a change under another
// condition or one we cannot read) may happen.
bool changesInPlace(const ScriptModel& m, ts::Node scope, std::string_view name, uint32_t from,
                    std::vector<Change>& out, int depth) {
  for (const Call& c : m.calls()) {
    if (!c.receiver || c.receiver.text() != name || !scope.contains(c.node)) continue;
    if (!syntax::oneOf(c.method, {"update", "pop", "setdefault", "clear", "popitem", "__setitem__"})) continue;
    if (c.method != "update" || c.node.begin() < from || !onGpuPath(m, c.node, scope) || c.has_star_args ||
        c.has_star_kwargs || c.positional.size() > 1)
      return false;
    Change ch{c.node.begin(), c.keywords};
    if (!c.positional.empty() && !readEntries(m, c.positional[0], ch.entries, depth)) return false;
    out.push_back(std::move(ch));
  }
  std::vector<ts::Node> stack{scope};
  while (!stack.empty()) {
    ts::Node n = stack.back();
    stack.pop_back();
    // `d["k"] = v`, or `d.k = v` of an EasyDict.
    ts::Node left = n.is("assignment") || n.is("augmented_assignment") ? n.field("left") : ts::Node();
    bool keyed = left && left.is("subscript") && left.field("value").text() == name;
    bool attr = left && left.is("attribute") && left.field("object").text() == name;
    if (keyed || attr) {
      std::string key;
      if (attr) key = std::string(left.field("attribute").text());
      if (!n.is("assignment") || n.begin() < from || (keyed && !syntax::stringLiteral(left.field("subscript"), &key)) ||
          !onGpuPath(m, n, scope))
        return false;
      out.push_back({n.begin(), {{key, n.field("right")}}});
    }
    if (n.is("delete_statement") && n.text().find(std::string(name) + "[") != std::string_view::npos) return false;
    if (n.is("expression_statement") || n.is("block") || syntax::isLoop(n) || n.is("if_statement") ||
        n.is("with_statement") || n.is("try_statement") || n.is("module") || n.is("function_definition") ||
        n.is("else_clause") || n.is("elif_clause") || n.is("except_clause") || n.is("finally_clause") ||
        n.is("with_block"))
      for (ts::Node child : n.namedChildren()) stack.push_back(child);
  }
  return true;
}

// The keywords `**expr` adds to a call; false when unknown.
bool splatKeywords(const ScriptModel& m, ts::Node expr, Keywords& out, int depth) {
  expr = syntax::unwrap(expr);
  if (depth > 3) return false;
  if (!expr.is("identifier")) return readEntries(m, expr, out, depth);
  auto binding = m.lastBinding(expr);
  if (!binding || binding->parameter || binding->conditional || !binding->value || binding->index >= 0) return false;
  Keywords entries;
  std::vector<Change> changes;
  if (!readEntries(m, binding->value, entries, depth) ||
      !changesInPlace(m, binding->scope, expr.text(), binding->value.end(), changes, depth))
    return false;
  std::sort(changes.begin(), changes.end(), [](const Change& a, const Change& b) { return a.at < b.at; });
  for (Change& ch : changes)
    for (auto& [key, value] : ch.entries) {
      std::erase_if(entries, [&](const auto& e) { return e.first == key; });
      entries.emplace_back(key, value);
    }
  out.insert(out.end(), entries.begin(), entries.end());
  return true;
}

// The value `call` passes as keyword `key` through its one `**config`,
// where `config` is a dict (or EasyDict) the function builds and then fills
// (`c = dnnlib.EasyDict()`, `c.loader_kwargs = dnnlib.EasyDict(...)`,
// `c["seed"] = 0`): the last store of that key before the call, when it
// runs on every path there and nothing else may change it (a store under a
// condition, `update`, `pop`, `del`). Stores of other keys, conditional or
// not, do not matter. Null when unknown or not set.
ts::Node splatEntry(const ScriptModel& m, const Call& call, std::string_view key) {
  ts::Node splat;
  for (ts::Node a : call.node.field("arguments").namedChildren())
    if (a.is("dictionary_splat") || a.is("list_splat")) {
      if (splat || !a.is("dictionary_splat")) return {};
      splat = a;
    }
  ts::Node x = splat && splat.namedChildCount() == 1 ? syntax::unwrap(splat.namedChild(0)) : ts::Node();
  auto binding = x && x.is("identifier") ? m.lastBinding(x) : std::nullopt;
  if (!binding || binding->parameter || binding->conditional || !binding->value || binding->index >= 0) return {};
  Keywords initial;
  if (!readEntries(m, binding->value, initial, 1)) return {};
  ts::Node value;  // the last store of the key so far, made at `at`
  uint32_t at = 0;
  for (const auto& [k, v] : initial)
    if (k == key) value = v;
  std::string_view name = x.text();
  uint32_t from = binding->value.end(), until = call.node.begin();
  // Changes by method, in order: `c.update(batch=64)` sets the keys it names
  // (another key leaves this one as it was); anything else may change it.
  for (const Call& c : m.calls()) {
    if (!c.receiver || c.receiver.text() != name || !binding->scope.contains(c.node) || c.node.begin() < from ||
        c.node.begin() >= until || !syntax::oneOf(c.method, {"update", "pop", "setdefault", "clear", "popitem", "__setitem__"}))
      continue;
    if (c.method != "update" || !c.positional.empty() || c.has_star_args || c.has_star_kwargs) return {};
    if (ts::Node v = c.keyword(key)) {
      if (!onGpuPath(m, c.node, binding->scope)) return {};
      if (c.node.begin() >= at) value = v, at = c.node.begin();
    }
  }
  std::vector<ts::Node> stack{binding->scope};
  while (!stack.empty()) {
    ts::Node n = stack.back();
    stack.pop_back();
    if (n.begin() >= until || n.end() <= from) continue;
    if (n.is("delete_statement") && n.text().find(name) != std::string_view::npos) return {};
    if (n.is("assignment") || n.is("augmented_assignment")) {
      ts::Node left = n.field("left");
      std::string stored;
      bool keyed = left.is("subscript") && left.field("value").text() == name &&
                   syntax::stringLiteral(left.field("subscript"), &stored);
      bool attr = left.is("attribute") && left.field("object").text() == name;
      if (attr) stored = std::string(left.field("attribute").text());
      if ((keyed || attr) && stored == key) {
        if (!n.is("assignment") || !onGpuPath(m, n, binding->scope)) return {};
        if (n.begin() >= at) value = n.field("right"), at = n.begin();
      }
      continue;
    }
    if (syntax::isScope(n) && !(n == binding->scope)) continue;
    for (ts::Node child : n.namedChildren()) stack.push_back(child);
  }
  return value;
}

// `name` is a plain parameter of `f` (not `*args`/`**kwargs`, which
// collect what the call passes instead of taking one argument).
bool plainParameter(const Function& f, std::string_view name) {
  for (ts::Node p : f.node.field("parameters").namedChildren()) {
    ts::Node id = p.is("identifier") ? p : p.field("name");
    if (!id && p.is("typed_parameter") && p.namedChildCount() > 0) id = p.namedChild(0);
    if (id && id.is("identifier") && id.text() == name) return true;
  }
  return false;
}

// Two callers hand the same entries: the same keys, each with the same literal.
bool sameEntries(const Keywords& a, const Keywords& b) {
  if (a.size() != b.size()) return false;
  for (const auto& [key, value] : a) {
    auto other = std::find_if(b.begin(), b.end(), [&](const auto& e) { return e.first == key; });
    if (other == b.end()) return false;
    ts::Node x = syntax::unwrap(value), y = syntax::unwrap(other->second);
    bool literal = x.is("true") || x.is("false") || x.is("none") || x.is("integer") || x.is("float") || x.is("string");
    if (!literal || x.text() != y.text()) return false;
  }
  return true;
}

// The entries parameter `name` of `f` holds on every call of f: each caller
// (in this file or, linked, any file) hands it a dict we can read, or leaves
// it at a dict default, and all agree. False when f has no caller, is handed
// to other code that may call it, or one call hides or changes the entries.
bool parameterEntries(const ScriptModel& m, const Function& f, std::string_view name, Keywords& out) {
  if (!plainParameter(f, name) || !m.invokersOf(f).empty()) return false;
  int position = parameterPosition(f, name);
  ts::Node fallback = parameterDefault(f, name);
  std::vector<std::pair<const ScriptModel*, const Call*>> calls;
  for (const Call* c : m.argumentSources(f)) calls.emplace_back(&m, c);
  if (const ProjectModel* project = m.project())
    for (const ProjectCall& pc : project->callersOf(f)) calls.emplace_back(pc.model, pc.call);
  if (calls.empty() || m.cliDispatchOf(f).second) return false;
  bool first = true;
  for (const auto& [owner, c] : calls) {
    if (owner == &m && f.node.contains(c->node)) return false;  // recursion: the entries may change
    const ScriptModel* from = owner;
    ts::Node arg = c->argument(name, position);
    if (!arg && c->has_star_kwargs) arg = splatEntry(*owner, *c, name);  // `training_loop(**c)`
    if (!arg) {
      if (!fallback || c->mayHideArgument(name, position)) return false;
      arg = fallback;
      from = &m;
    }
    Keywords entries;
    if (!splatKeywords(*from, arg, entries, 1)) return false;
    if (first) out = std::move(entries);
    else if (!sameEntries(out, entries)) return false;
    first = false;
  }
  return true;
}

}  // namespace

bool dictEntries(const ScriptModel& m, ts::Node expr, std::vector<std::pair<std::string, ts::Node>>& out) {
  return splatKeywords(m, expr, out, 0);
}

namespace {

// The calls of `m` (by index) whose `**name` splats a parameter, each with
// the keywords the callers' dicts give it.
std::vector<std::pair<size_t, Keywords>> parameterSplats(const ScriptModel& m) {
  std::vector<std::pair<size_t, Keywords>> found;
  const std::vector<Call>& calls = m.calls();
  for (size_t i = 0; i < calls.size(); ++i) {
    const Call& c = calls[i];
    if (!c.has_star_kwargs) continue;
    Keywords added;
    bool all_known = true, from_parameter = false;
    for (ts::Node a : c.node.field("arguments").namedChildren()) {
      if (!a.is("dictionary_splat")) continue;
      ts::Node x = a.namedChildCount() == 1 ? syntax::unwrap(a.namedChild(0)) : ts::Node();
      auto binding = x && x.is("identifier") ? m.lastBinding(x) : std::nullopt;
      const Function* f = binding && binding->parameter && !binding->conditional ? m.functionAt(binding->scope) : nullptr;
      if (Keywords entries; f && parameterEntries(m, *f, x.text(), entries)) {
        added.insert(added.end(), entries.begin(), entries.end());
        from_parameter = true;
        continue;
      }
      all_known = all_known && x && splatKeywords(m, x, added, 0);
    }
    if (all_known && from_parameter) found.emplace_back(i, std::move(added));
  }
  return found;
}

}  // namespace

void expandParameterSplats(const std::vector<ScriptModel*>& models) {
  // In rounds: every file is read before any call of the round changes, so
  // no answer depends on which file was expanded first; a dict a caller
  // builds from a splat of its own (`dict(**base, pin_memory=True)` with
  // `base` a parameter too) is read in the round after that splat is. The
  // memos of the questions asked are dropped with the scope (they saw the
  // calls before the change). Each round expands at least one call, or ends.
  for (bool changed = true; changed;) {
    changed = false;
    std::vector<std::vector<std::pair<size_t, Keywords>>> found(models.size());
    {
      CacheScope scope;
      for (size_t i = 0; i < models.size(); ++i) found[i] = parameterSplats(*models[i]);
    }
    for (size_t i = 0; i < models.size(); ++i)
      for (auto& [index, added] : found[i]) {
        Call& c = models[i]->calls_[index];
        for (auto& [key, value] : added)
          if (!c.keyword(key)) c.keywords.emplace_back(key, value);
        c.has_star_kwargs = false;
        changed = true;
      }
  }
}

void expandKeywordSplats(ScriptModel& m, std::vector<Call>& calls) {
  for (Call& c : calls) {
    if (!c.has_star_kwargs) continue;
    ts::Node args = c.node.field("arguments");
    Keywords added;
    bool all_known = true;
    for (ts::Node a : args.namedChildren())
      if (a.is("dictionary_splat") && (a.namedChildCount() != 1 || !splatKeywords(m, a.namedChild(0), added, 0)))
        all_known = false;
    if (!all_known) continue;
    for (auto& [key, value] : added)
      if (!c.keyword(key)) c.keywords.emplace_back(key, value);
    c.has_star_kwargs = false;
  }
}

}  // namespace gpulint::python
