#pragma once
// The name-binding indexes of each scope (the module and every function
// body), filled while the model builder walks the tree (name_bindings.cpp):
// one walk of the file instead of two more per scope, one for bindingsOf and
// one for reachingBindings, on first use.
#include <cstdint>
#include <vector>

#include "frontend/python/python_symbols.h"
#include "frontend/python/script_model.h"

namespace gpulint::python {

// Both indexes of one scope, nested function and class bodies excluded.
struct ScopeIndex {
  ScopeBindings names;       // what bindingsOf answers
  BindingSitesByName sites;  // what bindingSites answers, in document order
};

// Where the builder's walk is, as the binding indexes see it: the scope
// whose indexes the nodes below belong to (null in a class body, or in a
// def's name and parameters: no scope of ours), and whether the binding
// sites leave them out (a lambda or comprehension binds its own variables).
struct BindingWalk {
  ScopeIndex* scope = nullptr;
  bool sites_off = false;
};

// Per node kind: 1 when recordBindings does anything for a node of that
// kind (binds a name, or opens or closes a scope's sites), built once.
[[nodiscard]] std::vector<uint8_t> buildBindingKinds();
[[nodiscard]] inline const std::vector<uint8_t>& bindingKinds() {
  static const std::vector<uint8_t> table = buildBindingKinds();
  return table;
}

// recordBindings for a node whose kind `k` the table marks.
[[nodiscard]] BindingWalk recordBindingsOf(ts::Node node, TSSymbol k, ts::Node parent, BindingWalk walk);

// Records what `node` (a child of `parent`, visited in document order)
// binds in the walk's scope; returns the walk for node's children. Most
// nodes of a file bind nothing: they are answered here, with no call.
[[nodiscard]] inline BindingWalk recordBindings(ts::Node node, ts::Node parent, BindingWalk walk) {
  if (!walk.scope) return walk;
  TSSymbol k = kindOf(node);
  const std::vector<uint8_t>& kinds = bindingKinds();
  if (k >= kinds.size() || !kinds[k]) return walk;  // binds nothing, opens no scope
  return recordBindingsOf(node, k, parent, walk);
}

}  // namespace gpulint::python
