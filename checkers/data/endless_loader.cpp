#include "checkers/data/endless_loader.h"

#include <algorithm>
#include <vector>

#include "checkers/python_common.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks {

namespace {

using python::Loop;
using python::ScriptModel;

// `while True:` / `while 1:`: only a break or return ends it.
bool endless(const Loop& l) {
  if (!l.node.is("while_statement")) return false;
  ts::Node cond = python::syntax::unwrap(l.node.field("condition"));
  return cond && (cond.is("true") || (cond.is("integer") && cond.text() == "1"));
}

// The expressions the loop's body re-iterates on each pass: `yield from E`
// and `for x in E:` (whose body yields), outside nested scopes.
void iteratedIn(const ScriptModel& m, ts::Node n, const Loop& pass, std::vector<ts::Node>& out) {
  for (ts::Node c : n.namedChildren()) {
    if (python::syntax::isScope(c)) continue;
    if (c.is("yield") && c.namedChildCount() == 1 && c.text().starts_with("yield from")) out.push_back(c.namedChild(0));
    if (c.is("for_statement"))
      if (const Loop* l = m.loopFor(c); l && l->iterable) out.push_back(l->iterable);
    iteratedIn(m, c, pass, out);
  }
}

// What the step loop draws from: its iterable, and the `next(X)` its own body calls.
std::vector<ts::Node> drawnFrom(const ScriptModel& m, const Loop& consumer) {
  std::vector<ts::Node> out;
  if (consumer.iterable) out.push_back(consumer.iterable);
  for (const python::Call& c : m.callsIn(consumer.node.field("body")))
    if (c.method == "next" && c.callee.is("identifier") && c.positional.size() == 1 && !c.has_star_args &&
        m.enclosingLoop(c.node) == &consumer)
      out.push_back(c.positional[0]);
  return out;
}

// The generator calls an expression may hold (`batches = forever(...)`, `self.data` set from one).
std::vector<const python::Call*> generatorCalls(const ScriptModel& m, ts::Node e) {
  std::vector<const python::Call*> out;
  std::vector<ts::Node> sources;
  if (ts::Node u = python::syntax::unwrap(e); u && u.is("call")) sources.push_back(u);
  else sources = m.valueSources(e, /*all_paths=*/true, /*generator_calls=*/true);
  for (ts::Node src : sources) {
    src = python::syntax::unwrap(src);
    if (!src || !src.is("call")) continue;
    if (const python::Call* c = m.ownerOf(src).callAt(src)) out.push_back(c);
  }
  return out;
}

}  // namespace

const Loop* endlessPassLoop(const ScriptModel& consumer_model, const Loop& consumer, const python::Call& loader,
                            const ScriptModel** home) {
  for (ts::Node drawn : drawnFrom(consumer_model, consumer))
    for (const python::Call* call : generatorCalls(consumer_model, drawn)) {
      const ScriptModel& caller = consumer_model.ownerOf(call->node);
      auto [owner, f] = caller.callTarget(*call);
      bool generator = false;
      if (!f) continue;
      (void)owner->returnValues(*f, &generator);  // asked for `generator` alone
      if (!generator) continue;
      for (const Loop& pass : owner->loops()) {
        if (pass.function != f || !endless(pass) || pass.node.contains(loader.node)) continue;
        std::vector<ts::Node> iterated;
        iteratedIn(*owner, pass.node.field("body"), pass, iterated);
        for (ts::Node e : iterated) {
          std::vector<const python::Call*> loaders = loadersOf(*owner, e);
          if (std::find(loaders.begin(), loaders.end(), &loader) == loaders.end()) continue;
          *home = owner;
          return &pass;
        }
      }
    }
  return nullptr;
}

}  // namespace gpulint::checks
