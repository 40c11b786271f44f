#pragma once
// Where GPU201 looks for host syncs: calls and formatting that make the host
// wait for the GPU (a read like `.item()`, a conversion, a log call, an
// f-string, torch.cuda.synchronize(), a data-dependent shape), before asking
// whether they run per step.
#include <optional>
#include <vector>

#include "frontend/python/script_model.h"

namespace gpulint::checks::host_sync {

// One place that makes the host wait: `at` is reported; `tensor` is the GPU
// value it reads (null for torch.cuda.synchronize()).
struct Sync {
  // ScaleRead: a GradScaler's get_scale()/state_dict(), which read its scale
  // tensor with .item() inside torch (`tensor` is the scaler).
  // EachTruth: builtin all()/any() over a generator of GPU tests, one host
  // bool per element (`at` is the all()/any() call, `tensor` the element).
  enum Kind { Read, Convert, Log, Format, Synchronize, Nonzero, Branch, ScaleRead, EachTruth } kind;
  ts::Node at, tensor;
  ts::Node origin;  // where the tensor was put on the GPU (ScriptModel::deviceOrigin)
};

// The sync a call performs, if any (before asking whether it runs per step).
[[nodiscard]] std::optional<Sync> syncOfCall(const python::ScriptModel& m, const python::Call& c);
// Cheap shape test before the per-step and device questions: could this call sync?
[[nodiscard]] bool maySync(const python::ScriptModel& m, const python::Call& c);
// Spots outside calls, in one walk of the tree: strings that may format a
// tensor (`msg = f"loss {loss}"`: f-strings with interpolations, `"..." % x`)
// and conditions Python must turn into a host bool (`if`/`elif`/`while`
// conditions, a conditional expression's test, an `assert`).
void collectNonCallSpots(ts::Node n, std::vector<ts::Node>& formats, std::vector<ts::Node>& conditions);
// The sync of a condition whose truth value is a GPU tensor's: a comparison
// with one (`if loss < best:`), `.any()`/`.all()`/`torch.isnan(...)` of one,
// also under `not`/`and`/`or`, or a name bound once to such a test. A bare
// tensor name is not enough: it may hold a list, whose truth costs nothing.
[[nodiscard]] std::optional<Sync> syncOfCondition(const python::ScriptModel& m, ts::Node condition);
// The statement of a block that holds `n`: one finding per statement.
[[nodiscard]] ts::Node statementOf(ts::Node n);
// True when `n` sits in the arguments of a logging call of its statement.
[[nodiscard]] bool insideLogCall(const python::ScriptModel& m, ts::Node n);

}  // namespace gpulint::checks::host_sync
