#pragma once
// Shared reading of the C++/CUDA model for the GPU4xx checkers.
#include <string>
#include <vector>

#include "checkers/checker.h"
#include "frontend/cxx/cxx_model.h"

namespace gpulint::checks::ops {

// The host function at `index` when it runs on every call of an operator;
// null for kernels, device code, namespace scope and once-only functions
// (constructors, destructors, init/setup/cleanup/free-named, main).
[[nodiscard]] const cxx::Function* perCallHost(const cxx::CxxModel& model, int index);
// The host function at `index`, any role but GPU code; null otherwise.
[[nodiscard]] const cxx::Function* hostFunction(const cxx::CxxModel& model, int index);

// The function of a call that runs on every call of an operator on the GPU
// path: per-call host code that is GPU code, with the call not on the CPU
// side of a device dispatch and not only on a failed check's path. Null
// otherwise: CPU reference kernels and CPU branches get no GPU4xx.
[[nodiscard]] const cxx::Function* gpuPerCallHost(const cxx::CxxModel& model, const cxx::Call& call);

// Where a call repeats on the GPU path, as a message clause: in a per-call
// host function (gpuPerCallHost, "in `f`, which runs on every call of the
// operator,"), or in a loop of a program's main() body (the training loop of
// a CUDA program: main runs once, its loop on every step). GPU401 asks: an
// explicit synchronisation there is a choice made per step. `host` is null
// when the call runs once or off the GPU.
struct RepeatedSite {
  const cxx::Function* host = nullptr;
  std::string where;
  std::vector<RelatedLocation> related;
};
[[nodiscard]] RepeatedSite repeatedSite(const cxx::CxxModel& model, const cxx::Call& call);

// `.item()`, `.cpu()`, `.to(kCPU)` on a tensor: a copy the host waits for.
[[nodiscard]] bool copiesToHost(const cxx::Call& call);

// The host waits for all queued GPU work at `call`: a synchronize, a copy to
// the host, a blocking cudaMemcpy to or from host memory.
[[nodiscard]] bool drainsQueue(const cxx::Call& call);
// True when the last GPU event before `call` in its function, in the same
// loops, is such a wait with no kernel launch, GPU library or tensor call,
// or call of a function of this file in between: the queue is empty, so
// `call` waits for nothing new (one finding per drained queue, as GPU201's
// runs: the copy that reads a mask back, then the host loop over it, then
// the blocking uploads of what the loop kept).
[[nodiscard]] bool queueDrainedBefore(const cxx::CxxModel& model, const cxx::Call& call);

// The innermost enclosing loop whose trip count is not a constant, or null.
[[nodiscard]] const cxx::Loop* dataDependentLoop(const cxx::CxxModel& model, const std::vector<int>& loops);

// "`at::Tensor::item`" -> "item"; plain names unchanged.
[[nodiscard]] std::string shortName(const std::string& qualified);
[[nodiscard]] bool isTensorClass(const std::string& qualified);

// The call's source text, shortened to one line for messages.
[[nodiscard]] std::string spelled(const cxx::CxxModel& model, const cxx::Range& range);

// A diagnostic with its rule, level, primary location and message set.
[[nodiscard]] Diagnostic makeDiagnostic(const char* rule, Level level, const cxx::CxxModel& model,
                                        const cxx::Range& at, std::string message);

// "in `my_op`, which runs on every call of the operator," — or, in a
// standalone program, "in `step`, which runs each time the program calls it,".
[[nodiscard]] std::string inFunction(const cxx::Function& function, const cxx::CxxModel& model);

// Why the file is judged as part of a PyTorch extension, as a message clause
// ("this file includes PyTorch headers").
[[nodiscard]] std::string torchProjectOrigin(const cxx::CxxModel& model);

}  // namespace gpulint::checks::ops
