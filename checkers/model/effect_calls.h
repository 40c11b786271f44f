#pragma once
// The calls that give a function an effect the step-loop rules care about
// (RULES.md GPU201..GPU206): a real logging event, a checkpoint write. The
// rules ask them for the calls in a step loop, and the effect summaries
// (helper_effects.h) for the calls in the helpers a step loop calls.
#include "frontend/python/script_model.h"

namespace gpulint::checks::effect_calls {

// A logging call that writes a record on each call: console, file or
// tracker logging (isLoggingCall) with something to log, not debug-level,
// not `print(..., file=results)`, not a logger built with its own interval
// (`log_interval=`, `print_freq=`...).
[[nodiscard]] bool writesLogRecord(const python::ScriptModel& m, const python::Call& c);
// The logging event carries a device-to-host read (in its arguments or in
// the value a logged name holds): GPU201's, not GPU206's (one anti-pattern,
// one finding).
[[nodiscard]] bool carriesSync(const python::ScriptModel& m, const python::Call& log);
// The arguments themselves read a GPU value to the host (`f"{loss.item()}"`,
// a name bound to such a read), whatever the callee does with them.
[[nodiscard]] bool readsDeviceInArguments(const python::ScriptModel& m, const python::Call& log);
// torch.save, a model's save_pretrained, accelerator.save_state,
// trainer.save_model, x.save_checkpoint / an imported save_checkpoint; not a
// project function (its body is summarised instead).
[[nodiscard]] bool isCheckpointWrite(const python::ScriptModel& m, const python::Call& c);

}  // namespace gpulint::checks::effect_calls
