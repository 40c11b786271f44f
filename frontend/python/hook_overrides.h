#pragma once
// The template-method shape with several subclasses (issue #11): a base
// class's loop calls `self.hook()`, which the base leaves as a stub and
// more than one project subclass fills in. Which override a run uses is
// not known statically; an effect every override has is certain all the
// same (checkers/model/helper_effects.cpp asks).
#include <string_view>
#include <utility>
#include <vector>

#include "frontend/python/script_model.h"

namespace gpulint::python {

// A method whose body only says it is not there: a docstring, `pass`, `...`
// or `raise NotImplementedError` (an abstract hook a subclass fills in).
[[nodiscard]] bool isStub(const Function& f);

// Every definition of method `name` in the project's subclasses of `cls`
// (this file's class), each with its file; with no project, this file's
// subclasses (method_binding.cpp).
[[nodiscard]] std::vector<std::pair<const ScriptModel*, const Function*>> hookOverrides(const ScriptModel& m,
                                                                                      const ClassDef& cls,
                                                                                      std::string_view name);
// `self.name(...)` in a method of a class whose own definition of `name`
// (or its bases') is a stub or missing, and which two or more subclasses
// override: those overrides. Empty otherwise (one override is bound as the
// call's callee already, see ScriptModel::boundMethod).
[[nodiscard]] std::vector<std::pair<const ScriptModel*, const Function*>> overridesCalled(const ScriptModel& m,
                                                                                        const Call& c);

// The definitions a call may run when no single one is known: the overrides
// of a stub hook (overridesCalled), or `method` of each class its object may
// hold when they differ (`self._trainer.run_step()` with `self._trainer =
// (AMPTrainer if amp else SimpleTrainer)(...)`). Empty when any class lacks
// it, when the classes are unknown, or when one definition is the callee.
[[nodiscard]] std::vector<std::pair<const ScriptModel*, const Function*>> dispatchCandidates(const ScriptModel& m,
                                                                                           const Call& c);

// `self.name(...)` calls in methods of the project base classes of `f`'s
// class (this file's) that the class inherits, which the base binds to its
// own definition of `name` (not a stub): for an instance of the class they
// run `f`, its override. Each with its file (method_binding.cpp).
[[nodiscard]] std::vector<std::pair<const ScriptModel*, const Call*>> inheritedSelfCalls(const ScriptModel& m,
                                                                                       const Function& f);

}  // namespace gpulint::python
