// The value of a parameter, joined over its call sites (RULES.md "Value"):
// what every caller passes (or the default where a caller omits it), in this
// file and, with a project attached, in other files. The value is known only
// when every call site gives the same known value; one unknown leaves it
// unknown, and known values that differ are kept as its candidates
// (ResolvedValue::candidates), so a threshold fires only when every
// candidate is bad.
#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <utility>

#include "frontend/python/cli_entries.h"
#include "frontend/python/frequency.h"
#include "frontend/python/project_model.h"
#include "frontend/python/syntax.h"
#include "frontend/python/script_model.h"

namespace gpulint::python {

namespace {

// Where a parameter binds: its position among the positional arguments a
// caller passes (-1 when keyword-only) and its default.
struct ParameterSlot {
  bool found = false;
  int index = -1;
  ts::Node default_value;
};

ParameterSlot slotOf(const Function& f, std::string_view name) {
  ParameterSlot slot;
  bool method = f.owner && !f.parameters.empty() && f.parameters.front() == "self";
  bool keyword_only = false;
  int position = method ? -1 : 0;
  for (ts::Node p : f.node.field("parameters").namedChildren()) {
    if (p.is("list_splat_pattern") || p.is("keyword_separator") || p.is("dictionary_splat_pattern")) {
      keyword_only = true;
      continue;
    }
    ts::Node id = p.is("identifier") ? p : p.field("name");
    if (!id && p.namedChildCount() > 0) id = p.namedChild(0);
    if (id && id.is("identifier") && id.text() == name) {
      slot.found = true;
      slot.index = keyword_only ? -1 : position;
      if (p.is("default_parameter") || p.is("typed_default_parameter")) slot.default_value = p.field("value");
      return slot;
    }
    ++position;
  }
  return slot;
}

bool sameValue(const ResolvedValue& a, const ResolvedValue& b);

// Adds a call site's value to the distinct candidates (a value already there
// keeps the first site's chain).
void keepCandidate(std::vector<ResolvedValue>& candidates, ResolvedValue v) {
  for (const ResolvedValue& c : candidates)
    if (sameValue(c, v)) return;
  candidates.push_back(std::move(v));
}

bool sameValue(const ResolvedValue& a, const ResolvedValue& b) {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case ResolvedValue::Kind::Int: return a.int_value == b.int_value;
    case ResolvedValue::Kind::Float: return a.float_value == b.float_value;
    case ResolvedValue::Kind::Bool: return a.bool_value == b.bool_value;
    case ResolvedValue::Kind::String: return a.string_value == b.string_value;
    case ResolvedValue::Kind::None: return true;
    case ResolvedValue::Kind::Unknown: return false;
  }
  return false;
}

// Parameters being resolved on this thread (a recursive or mutually
// recursive call answers unknown).
std::set<std::pair<const void*, uint32_t>>& active() {
  thread_local std::set<std::pair<const void*, uint32_t>> set;
  return set;
}

// Marks a parameter as being resolved for a scope and clears the mark however
// the question ends: a work budget may throw out of it, and a mark left
// behind would answer unknown to every later question about that function on
// this thread, whichever file asks (the findings would then depend on which
// files ran on the thread before).
class ResolvingParameter {
 public:
  explicit ResolvingParameter(std::pair<const void*, uint32_t> key) : key_(key), first_(active().insert(key).second) {}
  ~ResolvingParameter() {
    if (first_) active().erase(key_);
  }
  ResolvingParameter(const ResolvingParameter&) = delete;
  ResolvingParameter& operator=(const ResolvingParameter&) = delete;
  // False when the same parameter is already being resolved further up (recursion).
  [[nodiscard]] bool first() const { return first_; }

 private:
  std::pair<const void*, uint32_t> key_;
  bool first_;
};

// `name = <conversion> if name else None` (or `if name is not None`): a
// name left unset stays unset.
bool keepsUnset(ts::Node assign, std::string_view name) {
  if (assign && assign.is("expression_statement") && assign.namedChildCount() == 1) assign = assign.namedChild(0);
  if (!assign || !assign.is("assignment") || assign.field("left").text() != name) return false;
  ts::Node right = syntax::unwrap(assign.field("right"));
  return right && right.is("conditional_expression") && right.namedChildCount() == 3 &&
         syntax::unwrap(right.namedChild(2)).is("none") && testedForSet(right.namedChild(1)) == name;
}

// `run(**vars(opt))`: the call hands every attribute of the namespace `opt`
// over as a keyword (YOLO's `main(opt): run(**vars(opt))`); the namespace
// expression, or null when the call splats anything else or more.
ts::Node splattedNamespace(const Call& c) {
  if (c.has_star_args) return {};
  ts::Node args = c.node.field("arguments"), ns;
  for (ts::Node a : args.namedChildren()) {
    if (!a.is("dictionary_splat")) continue;
    if (ns || a.namedChildCount() != 1) return {};
    ts::Node v = syntax::unwrap(a.namedChild(0));
    if (!v.is("call") || v.field("function").text() != "vars") return {};
    ts::Node inner = v.field("arguments");
    if (inner.namedChildCount() != 1 || !(inner.namedChild(0).is("identifier") || inner.namedChild(0).is("attribute")))
      return {};
    ns = inner.namedChild(0);
  }
  return ns;
}

}  // namespace

ts::Node ScriptModel::argumentFor(const Call& c, const Function& f, std::string_view name) const {
  ParameterSlot slot = slotOf(f, name);
  return slot.found ? c.argument(name, slot.index) : ts::Node();
}

bool ScriptModel::leavesParameterUnset(const Call& c, const Function& f, std::string_view name) const {
  if (name.empty()) return false;
  ParameterSlot slot = slotOf(f, name);
  ts::Node d = syntax::unwrap(slot.default_value);
  if (!slot.found || !d || !(d.is("none") || d.is("false"))) return false;
  if (c.argument(name, slot.index) || c.mayHideArgument(name, slot.index)) return false;
  // The function may set the name itself before it tests it, unless it only
  // converts a value it was given (`stop = torch.tensor(stop) if stop else None`).
  const ScopeBindings& own = bindingsOf(f.node);
  auto it = own.find(std::string(name));
  if (it == own.end()) return true;
  if (!it->second.onlyAssigned()) return false;
  return std::all_of(it->second.assignments.begin(), it->second.assignments.end(),
                     [name](ts::Node a) { return keepsUnset(a, name); });
}

std::vector<std::pair<const ScriptModel*, const Call*>> ScriptModel::parameterSites(const Function& f) const {
  std::vector<std::pair<const ScriptModel*, const Call*>> sites;
  for (const Call* c : argumentSources(f))
    if (!f.node.contains(c->node)) sites.emplace_back(this, c);
  if (project_)
    for (const ProjectCall& pc : project_->callersOf(f)) sites.emplace_back(pc.model, pc.call);
  return sites;
}

std::optional<bool> ScriptModel::parameterIsNone(const Function& f, std::string_view name, int depth) const {
  ParameterSlot slot = slotOf(f, name);
  if (!slot.found) return std::nullopt;
  CrossFileDepth guard;  // call sites answer about their arguments in turn: bounded
  if (!guard.ok()) return std::nullopt;
  ResolvingParameter resolving({this, f.node.begin()});
  if (!resolving.first()) return std::nullopt;
  std::optional<bool> joined;
  std::vector<std::pair<const ScriptModel*, const Call*>> sites = parameterSites(f);
  for (const auto& [model, call] : sites) {
    std::optional<bool> none;
    if (ts::Node arg = call->argument(name, slot.index)) none = model->isNoneValue(arg, depth + 1);
    else if (!call->mayHideArgument(name, slot.index) && slot.default_value)
      none = isNoneValue(slot.default_value, depth + 1);
    else if (ts::Node ns = splattedNamespace(*call)) {
      ResolvedValue v = model->memberValue(ns, std::string(name));
      if (v.known()) none = v.kind == ResolvedValue::Kind::None;
    }
    if (!none || (joined && *joined != *none)) return std::nullopt;
    joined = none;
  }
  return joined;
}

ResolvedValue ScriptModel::elementValue(ts::Node sequence) const {
  sequence = syntax::unwrap(sequence);
  if (!sequence || !(sequence.is("list") || sequence.is("tuple"))) return {};
  std::optional<ResolvedValue> joined;
  for (ts::Node e : sequence.namedChildren()) {
    if (e.is("comment")) continue;
    ResolvedValue v = resolve(e);
    if (!v.known() || (joined && !sameValue(*joined, v))) return {};
    if (!joined) joined = std::move(v);
  }
  return joined ? *joined : ResolvedValue{};
}

ResolvedValue ScriptModel::parameterValue(const Function& f, std::string_view name) const {
  return joinedOverSites(f, name, false);
}

ResolvedValue ScriptModel::parameterElementValue(const Function& f, std::string_view name) const {
  return joinedOverSites(f, name, true);
}

std::pair<const ScriptModel*, const Call*> ScriptModel::cliDispatchOf(const Function& f) const {
  if (f.owner) return {nullptr, nullptr};
  if (project_) {
    const ProjectCall* at = project_->cliDispatchOf(f);
    return at ? std::make_pair(at->model, at->call) : std::make_pair(nullptr, nullptr);
  }
  // The file alone: its own dispatches of its own functions.
  for (std::string_view name : {"Fire", "CLI", "auto_cli", "run"})
    for (const Call* c : callsNamed(name)) {
      bool found = false;
      forEachCliEntry(*this, *c, [&](const ScriptModel&, const Function& g) { found = found || &g == &f; });
      if (found) return {this, c};
    }
  return {nullptr, nullptr};
}

ResolvedValue ScriptModel::joinedOverSites(const Function& f, std::string_view name, bool elements) const {
  ParameterSlot slot = slotOf(f, name);
  if (!slot.found) return {};
  std::optional<ResolvedValue> cli_default;
  if (auto [cli_model, cli] = cliDispatchOf(f); cli) {
    if (!slot.default_value) return {};  // a required command-line argument
    ResolvedValue v = elements ? elementValue(slot.default_value) : resolve(slot.default_value);
    if (!v.known()) return {};
    std::string arg(cli->positional[0].text());
    if (arg.size() > 30 || arg.find('\n') != std::string::npos) arg = "...";
    std::string where = cli_model == this ? "line " + std::to_string(cli->node.line())
                                          : cli_model->file().path() + ":" + std::to_string(cli->node.line());
    v.chain.insert(v.chain.begin(), {location(slot.default_value.parent()),
                                      "command-line default of " + std::string(name) + " (" + cli->qualified + "(" + arg +
                                          ") at " + where + ")"});
    cli_default = std::move(v);
  }
  CrossFileDepth guard;  // call sites resolve their arguments in turn: bounded
  if (!guard.ok()) return {};
  ResolvingParameter resolving({this, f.node.begin()});
  if (!resolving.first()) return {};
  std::vector<std::pair<const ScriptModel*, const Call*>> sites = parameterSites(f);
  std::vector<ResolvedValue> candidates;  // the distinct known values, the first site's first
  if (cli_default) candidates.push_back(std::move(*cli_default));
  for (const auto& [model, call] : sites) {
    ResolvedValue v;
    std::string who = f.name + "() at " + model->file().path() + ":" + std::to_string(call->node.line());
    if (ts::Node arg = call->argument(name, slot.index)) {
      v = elements ? model->elementValue(arg) : model->resolve(arg);
      // The step's location is the argument, at the call: the text names only the callee.
      v.chain.insert(v.chain.begin(), {model->location(arg.parent().is("keyword_argument") ? arg.parent() : arg),
                                        std::string(elements ? "every element of the list passed as " : "passed as ") +
                                            std::string(name) + " to " + f.name + "()"});
    } else if (!call->mayHideArgument(name, slot.index) && slot.default_value) {
      v = elements ? elementValue(slot.default_value) : resolve(slot.default_value);
      v.chain.insert(v.chain.begin(), {location(slot.default_value.parent()),
                                        "default of parameter " + std::string(name) + ", not passed by the call of " + who});
    } else if (ts::Node ns = elements ? ts::Node() : splattedNamespace(*call)) {
      // The attribute of that name is what the splat passes (an option the
      // namespace lacks leaves the value unknown, as does any other splat).
      v = model->memberValue(ns, std::string(name));
      v.chain.insert(v.chain.begin(), {model->location(ns), "passed as " + std::string(ns.text()) + "." +
                                                                std::string(name) + " by **vars(" +
                                                                std::string(ns.text()) + ") to " + f.name + "()"});
    }
    if (!v.known() && v.candidates.empty()) return {};
    if (v.known()) {
      keepCandidate(candidates, std::move(v));
      continue;
    }
    // The argument differs by its own callers (a wrapper's parameter passed
    // on): each of its candidates, reached through this call.
    for (ResolvedValue& c : v.candidates) {
      c.chain.insert(c.chain.begin(), v.chain.begin(), v.chain.end());
      keepCandidate(candidates, std::move(c));
    }
  }
  if (candidates.empty()) return {};
  if (candidates.size() == 1) return std::move(candidates.front());
  ResolvedValue differing;
  differing.candidates = std::move(candidates);
  return differing;
}

}  // namespace gpulint::python
