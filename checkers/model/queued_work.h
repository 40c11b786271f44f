#pragma once
// What a call queues on the GPU, for GPU201's read blocks (readback_blocks.h):
// a read finds the queue drained by the read before it only when nothing
// between the two queues real work. A tensor method, a torch function or a
// host builtin queues little; a forward, a backward, an optimizer step, a
// collective or a project function (which may run anything) is real work.
// For a read inside a helper, the helper's own body counts too: what it runs
// before the read (does the read still find the queue drained?) and after it
// (does its call leave the queue drained for the next read?).
#include <vector>

#include "frontend/python/script_model.h"

namespace gpulint::checks::queued_work {

[[nodiscard]] bool launchesLittle(const python::ScriptModel& m, const python::Call& c);

// A read in a helper of this file, reached from the loop through the calls
// `via`: true when the helpers from `via[k]` down queue little before it.
[[nodiscard]] bool chainReadsFirst(const python::ScriptModel& m, const std::vector<ts::Node>& via, ts::Node read,
                                   size_t k);
// True when, from `via[k]` down, the read runs on every call (no branch, loop
// or early return around it) and the helpers queue little after it.
[[nodiscard]] bool chainEndsWithRead(const python::ScriptModel& m, const std::vector<ts::Node>& via, ts::Node read,
                                     size_t k);

// A call of a helper of another file whose sync is the finding (`all_reduce_
// mean(x)`, `metric_logger.update(loss=loss)`): true when the helper's body
// queues little before its first visible read (`.item()`, `.cpu()`,
// `float(t)`), or after its last. A helper with no read we can see never
// qualifies.
[[nodiscard]] bool helperReadsFirst(const python::ScriptModel& m, const python::Call& c);
[[nodiscard]] bool helperEndsWithRead(const python::ScriptModel& m, const python::Call& c);
// True when the project function `c` calls queues nothing on the GPU: it
// only calls host builtins and reads (a logging helper that reads its
// tensors under `if board:`, a count of the batch's length), so a read
// after its call still finds the queue an earlier read drained.
[[nodiscard]] bool helperQueuesLittle(const python::ScriptModel& m, const python::Call& c);

}  // namespace gpulint::checks::queued_work
