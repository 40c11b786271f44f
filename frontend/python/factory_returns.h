#pragma once
// Which returns of a factory a given call can reach (value_sources.cpp asks):
// `build_sampler(args.sampler)` with `--sampler` resolved to "history" runs
// only the `if name == "history": return HistorySampler()` branch. Internal
// to the front end.
#include "frontend/python/script_model.h"

namespace gpulint::python::factory_returns {

// False when the return statement's value `ret` (in `f`, of `callee`) cannot
// run on call `c` of `caller`: a branch around it (or an earlier `if ...:
// return`) is decided by a comparison of one of f's parameters with a
// literal, and the value `c` gives that parameter settles it. True whenever
// a value or a condition is unknown.
[[nodiscard]] bool reachable(const ScriptModel& callee, const Function& f, ts::Node ret, const ScriptModel& caller,
                             const Call& c);

}  // namespace gpulint::python::factory_returns
