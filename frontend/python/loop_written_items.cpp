// LoopClassifier: loops whose items are written in the code or typed on the
// command line, never batches (RULES.md "How often a line runs").
#include <algorithm>

#include "frontend/python/loop_classifier.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

namespace {

// `line.split("--")`, `text.split()`, `s.splitlines()`: a string's pieces.
// (`x.split(64)` of a tensor takes a size: its chunks may be batches.)
bool splitsString(const Call& c) {
  if (!c.receiver) return false;
  if (c.method == "splitlines") return true;
  if (c.method != "split" && c.method != "rsplit") return false;
  if (c.positional.empty()) return c.keywords.empty() || c.keyword("sep");
  ts::Node sep = syntax::unwrap(c.positional[0]);
  return sep.is("string") || sep.is("none");
}

// `range(5)`, `range(min(args.num_domains, 5))`: at most a few counts
// (a handful of classes or styles to show), never a pass over batches.
bool fewCounts(const ScriptModel& m, ts::Node it) {
  const Call* c = it && it.is("call") ? m.callAt(it) : nullptr;
  if (!c || c->method != "range" || c->receiver || c->positional.size() != 1) return false;
  constexpr int64_t kFew = 16;
  auto small = [](ts::Node n) {
    n = syntax::unwrap(n);
    return n.is("integer") && n.text().size() <= 2 && std::stoll(std::string(n.text())) <= kFew;
  };
  ts::Node stop = syntax::unwrap(c->positional[0]);
  if (small(stop)) return true;
  const Call* bound = stop.is("call") ? m.callAt(stop) : nullptr;
  return bound && bound->method == "min" && !bound->receiver && bound->qualified.empty() &&
         std::any_of(bound->positional.begin(), bound->positional.end(), small);
}

}  // namespace

// A list option of the command line (`--lora_weights a.pt b.pt`,
// `nargs="*"` or `action="append"`): `args.lora_weights` holds strings.
bool LoopClassifier::commandLineList(ts::Node it) {
  if (!it.is("attribute")) return false;
  const ArgparseOption* option = m_.argparseOption(syntax::lastName(it));
  return option && (option->nargs == "*" || option->nargs == "+" || option->action == "append" ||
                    option->action == "extend");
}

bool LoopClassifier::writtenItems(ts::Node it, int depth) {
  it = syntax::unwrap(it);
  if (!it || depth > 2) return false;
  // `parts[1:]`: a slice holds the same kind of items.
  if (it.is("subscript") && syntax::unwrap(it.field("subscript")).is("slice")) it = syntax::unwrap(it.field("value"));
  if (syntax::isConstantCollection(it) || commandLineList(it)) return true;
  if (const Call* c = it.is("call") ? m_.callAt(it) : nullptr) return splitsString(*c);
  // `[torch.tensor(y).repeat(n).to(dev) for y in range(min(args.num_domains, 5))]`:
  // one item per target class to show, made from the class number (ten
  // `torch.randn(16, 32)` made `for _ in range(10)` are batches).
  if (it.is("list_comprehension")) {
    ts::Node clause;
    for (ts::Node k : it.namedChildren())
      if (k.is("for_in_clause")) {
        if (clause) return false;  // nested clauses multiply the counts
        clause = k;
      }
    ts::Node var = clause ? clause.field("left") : ts::Node();
    ts::Node element = it.field("body");
    return var && var.is("identifier") && element && syntax::containsName(element, var.text()) &&
           fewCounts(m_, syntax::unwrap(clause.field("right")));
  }
  if (!it.is("identifier")) return false;
  // `test_cases = [("one", [37]), ...]` then `for name, lens in test_cases:`,
  // when nothing appends to the list.
  std::vector<NameBinding> bindings = m_.reachingBindings(it);
  if (bindings.empty()) return false;
  for (const NameBinding& b : bindings) {
    // A parameter: what every caller of the file passes for it.
    if (b.parameter) {
      const Function* f = m_.functionAt(b.scope);
      std::vector<const Call*> callers = f ? m_.callersOf(*f) : std::vector<const Call*>{};
      if (callers.empty()) return false;
      for (const Call* c : callers)
        if (ts::Node arg = m_.argumentFor(*c, *f, it.text()); !arg || !writtenItems(arg, depth + 1)) return false;
      continue;
    }
    if (!b.value || b.index >= 0 || !writtenItems(b.value, depth + 1)) return false;
  }
  const Function* f = m_.functionAt(bindings.front().scope);
  ts::Node scope = f ? f->body : m_.root();
  for (const Call& c : m_.callsIn(scope))
    if (c.receiver && c.receiver.is("identifier") && c.receiver.text() == it.text()) return false;  // append, extend...
  return true;
}

bool LoopClassifier::iteratesWrittenItems(const Loop& l) { return writtenItems(peelWrappers(l.iterable), 0); }

bool LoopClassifier::iteratesModuleTensors(const Loop& l) {
  ts::Node it = syntax::unwrap(peelWrappers(l.iterable));
  const Call* c = it && it.is("call") ? m_.callAt(it) : nullptr;
  if (!c || !c->receiver || !c->positional.empty()) return false;
  if (syntax::oneOf(c->method, {"parameters", "named_parameters", "buffers", "named_buffers", "modules",
                                "named_modules", "children", "named_children"}))
    return true;
  // `model.state_dict().items()`
  ts::Node owner = syntax::unwrap(c->receiver);
  const Call* made = syntax::oneOf(c->method, {"items", "values"}) && owner.is("call") ? m_.callAt(owner) : nullptr;
  return made && made->method == "state_dict" && made->receiver;
}

}  // namespace gpulint::python
