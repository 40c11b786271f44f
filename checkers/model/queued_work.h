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

// True when the pass queues real GPU work before `at`: a forward, a
// backward, a project function, in `at`'s function before it (from the
// batch loop's body when that holds it) and before each call of the chain
// `batch.via_calls` that leads there. A copy at the very start of a step
// waits only for what the last step left, which the step's own batch copy
// and reads decide; one after the forward drains the step's own work.
[[nodiscard]] bool queuesWorkBefore(const python::ScriptModel& m, const python::BatchContext& batch, ts::Node at);
// The same walk, told apart: Drained when the last call before `at` that
// touches the queue emptied it (a blocking copy, a read) and nothing was
// queued since; Unknown when the pass shows neither (what the last step left
// may still be queued). A pass that always ends by draining the queue leaves
// it Drained for the start of the next. `drained_by`, when given, receives
// the call that last drained it.
enum class QueueState { Unknown, Queued, Drained };
[[nodiscard]] QueueState queueBefore(const python::ScriptModel& m, const python::BatchContext& batch, ts::Node at,
                                     const python::Call** drained_by = nullptr);

}  // namespace gpulint::checks::queued_work
