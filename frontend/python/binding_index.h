#pragma once
// The name-binding indexes of each scope (the module and every function
// body), filled while the model builder walks the tree (name_bindings.cpp):
// one walk of the file instead of two more per scope, one for bindingsOf and
// one for reachingBindings, on first use.
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

// Records what `node` (a child of `parent`, visited in document order)
// binds in the walk's scope; returns the walk for node's children.
[[nodiscard]] BindingWalk recordBindings(ts::Node node, ts::Node parent, BindingWalk walk);

}  // namespace gpulint::python
