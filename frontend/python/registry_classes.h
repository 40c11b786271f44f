#pragma once
// Objects built from a class picked by name at run time (issue #11): the
// model registries of framework-style training code. BasicSR's
// `create_model(opt)` looks the class up with `getattr(module,
// opt["model_type"])` over the modules `importlib.import_module(
// f"basicsr.models.{name}")` loaded; mmcv/detectron-style code asks a
// decorator registry (`MODELS.get(name)(cfg)` over `@MODELS.register()`
// classes). The training loop then calls `model.optimize_parameters(it)`,
// which no single definition answers. The classes the lookup can pick are
// known all the same: those of that package, or those registered there. An
// effect every one of their definitions has is certain whichever the run
// picks (checkers/model/helper_effects.cpp asks, as for the overrides of a
// template-method hook).
//
// Lookups whose classes may come from outside the project (`getattr(
// torchvision.models, arch)`, `hydra.utils.instantiate(cfg)`) pick nothing
// here: a library class's method of the same name is not the project's.
#include <string>
#include <utility>
#include <vector>

#include "frontend/python/script_model.h"

namespace gpulint::python {

// The run-time lookup that picks a class, and the definitions it leads to.
struct RegistryDispatch {
  const ScriptModel* lookup_model = nullptr;
  ts::Node lookup;  // `getattr(module, model_type, None)`, `MODELS.get(name)`
  std::vector<std::pair<const ScriptModel*, const Function*>> methods;  // one per distinct definition
  explicit operator bool() const { return !methods.empty(); }
};

// `x.name(...)` where every value `x` may hold was built by such a lookup
// (directly, or returned by a project factory): the definitions of `name`
// (own or inherited, stubs left out) of every class the lookup can pick.
// Empty when `x` may hold anything else, the lookup's classes are unknown,
// or the call is bound to one definition already. ProjectModel::link asks
// it once per call in a loop.
[[nodiscard]] RegistryDispatch findRegistryDispatch(const ScriptModel& m, const Call& c);
// `model_cls(opt)` where a lookup picked `model_cls`: the __init__ of every
// class it may construct (each gets the call's arguments, whichever it is).
// Empty for any other call.
[[nodiscard]] std::vector<std::pair<const ScriptModel*, const Function*>> registryConstructors(const ScriptModel& m,
                                                                                            const Call& c);
// `A if amp else B` as a callee (`(AMPTrainer if amp else SimpleTrainer)(model,
// loader, opt)`): the classes its two branches name, each of this file or of
// the project; empty when a branch names anything else (method_binding.cpp).
[[nodiscard]] std::vector<ScriptModel::ClassRef> conditionalClasses(const ScriptModel& m, ts::Node pick);

// The linked project's answer for `c` (a call in a loop); null when none.
[[nodiscard]] const RegistryDispatch* registryDispatch(const ScriptModel& m, const Call& c);

}  // namespace gpulint::python
