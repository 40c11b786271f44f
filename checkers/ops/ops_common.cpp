#include "checkers/ops/ops_common.h"

#include <algorithm>

namespace gpulint::checks::ops {

const cxx::Function* hostFunction(const cxx::CxxModel& model, int index) {
  if (index < 0 || index >= static_cast<int>(model.functions.size())) return nullptr;
  const cxx::Function& f = model.functions[index];
  if (f.role == cxx::FunctionRole::Kernel || f.role == cxx::FunctionRole::Device) return nullptr;
  return &f;
}

const cxx::Function* perCallHost(const cxx::CxxModel& model, int index) {
  const cxx::Function* f = hostFunction(model, index);
  // A header of standalone programs: how often its callers run it is unknown.
  // A header function its includers never call does not run at all.
  return f && f->role == cxx::FunctionRole::PerCall && !f->callers_elsewhere && !f->never_called ? f : nullptr;
}

const cxx::Function* gpuPerCallHost(const cxx::CxxModel& model, const cxx::Call& call) {
  const cxx::Function* f = perCallHost(model, call.function);
  if (!f || !f->gpu_code || call.cpu_branch || call.failure_path) return nullptr;
  return f;
}

RepeatedSite repeatedSite(const cxx::CxxModel& model, const cxx::Call& call) {
  if (const cxx::Function* f = gpuPerCallHost(model, call)) return {f, inFunction(*f, model), {}};
  // main() itself runs once; what its step loop holds runs on every pass.
  // Only a loop of main's own body: one inside it (sampling tokens every N
  // steps, a sweep over block sizes) is not known to run per step.
  const cxx::Function* f = hostFunction(model, call.function);
  if (!f || !f->program_entry || !f->gpu_code || call.loops.size() != 1 || call.leaves_loop || call.cpu_branch ||
      call.failure_path)
    return {};
  const cxx::Loop& loop = model.loops[static_cast<size_t>(call.loops.back())];
  return {f, "in a loop of `" + f->name + "`, which runs it on every pass,",
          {{model.location(loop.header), "the loop that repeats it"}}};
}

bool copiesToHost(const cxx::Call& call) {
  if (!isTensorClass(call.receiver_type)) return false;
  if (call.method == "item" || call.method == "cpu") return true;
  if (call.method != "to" || call.arg_texts.empty()) return false;
  // Only an explicit CPU target: .to(x.device()) or .to(kFloat) stay on the GPU.
  const std::string& target = call.arg_texts.front();
  return target.find("kCPU") != std::string::npos || target.find("DeviceType::CPU") != std::string::npos ||
         target == "\"cpu\"";
}

bool drainsQueue(const cxx::Call& call) {
  if (call.callee == "cudaDeviceSynchronize" || call.callee == "cudaStreamSynchronize" ||
      call.callee == "torch::cuda::synchronize" || call.callee == "c10::cuda::device_synchronize")
    return true;
  if (copiesToHost(call)) return true;
  // A blocking copy to or from host memory returns once the copy is done.
  return call.callee == "cudaMemcpy" && call.arg_texts.size() == 4 &&
         call.arg_texts[3].find("DeviceToDevice") == std::string::npos;
}

namespace {

// Whether each function of the file queues GPU work, found on first use for
// one question (-1: not yet known).
using QueueMemo = std::vector<signed char>;

bool mayQueueWork(const cxx::CxxModel& model, const cxx::Call& c, QueueMemo& memo);

// A function of this file queues what its body queues (a launch, or a call
// that may queue work); one being asked already counts as queuing (recursion).
bool functionQueues(const cxx::CxxModel& model, int f, QueueMemo& memo) {
  signed char& known = memo[static_cast<size_t>(f)];
  if (known >= 0) return known != 0;
  known = 1;
  bool queues = false;
  for (const cxx::Launch& l : model.launches) queues = queues || l.function == f;
  for (size_t i = 0; !queues && i < model.calls.size(); ++i)
    queues = model.calls[i].function == f && mayQueueWork(model, model.calls[i], memo);
  memo[static_cast<size_t>(f)] = queues ? 1 : 0;
  return queues;
}

// A call that may queue GPU work: a function of this file (it may launch),
// a tensor or torch API call, a CUDA library or runtime call. Host-only
// calls (std::, printf, a vector's push_back) queue nothing.
bool mayQueueWork(const cxx::CxxModel& model, const cxx::Call& c, QueueMemo& memo) {
  // A failed check's message (cudaGetErrorString) runs only when the op fails.
  if (c.failure_path) return false;
  // Error and device queries answer from the host.
  if (c.callee == "cudaGetErrorString" || c.callee == "cudaGetLastError" || c.callee == "cudaPeekAtLastError" ||
      c.callee == "cudaGetDevice" || c.callee == "cudaGetErrorName")
    return false;
  if (isTensorClass(c.receiver_type)) return true;
  // An error-check helper of this file (`check_(cudaMemcpy(...), __FILE__,
  // __LINE__)` of a function-style macro) prints and exits: it queues
  // nothing after the copy it checks.
  if (c.target >= 0) return functionQueues(model, c.target, memo);
  for (std::string_view prefix : {"at::", "torch::", "c10::", "cuda", "cublas", "cudnn", "curand", "cusparse",
                                  "thrust::", "cub::"})
    if (std::string_view(c.callee).starts_with(prefix)) return true;
  // A helper defined elsewhere that is handed a stream launches on it
  // (`fused_classifier(out, losses, ..., main_stream)` of a header).
  const cxx::StreamVar* stream = model.streamAt(c.range.begin);
  for (const std::string& arg : c.arg_texts)
    if ((stream && arg == stream->name) || arg.find("stream") != std::string::npos) return true;
  return false;
}

bool waitsForDevice(const cxx::Call& c) {
  return c.callee == "cudaDeviceSynchronize" || c.callee == "torch::cuda::synchronize" ||
         c.callee == "c10::cuda::device_synchronize";
}

bool blockingCopy(const cxx::Call& c) { return c.callee == "cudaMemcpy"; }

// Whether the wait `last` emptied what `call` waits for. A device-wide
// synchronize empties every stream; a blocking cudaMemcpy only the legacy
// default stream, which is what the next blocking copy waits for. Where
// nothing queues on another stream (no PyTorch, no stream of its own), any
// wait empties the one queue; so it does where the program's own streams
// are blocking ones (cudaStreamCreate without cudaStreamNonBlocking): the
// legacy default stream waits for them (CUDA's "implicit synchronization").
bool drainedFor(const cxx::CxxModel& model, const cxx::Call& last, const cxx::Call& call) {
  if (waitsForDevice(last)) return true;
  if (blockingCopy(last) && blockingCopy(call)) return true;
  if (model.torch_project) return false;  // PyTorch's streams are non-blocking
  return model.streams.empty() || model.source->text().find("cudaStreamNonBlocking") == std::string::npos;
}

// A call whose arguments hold one of the function's waits (`check(cudaDeviceSynchronize())`).
bool wrapsWait(const cxx::Call& c, const std::vector<const cxx::Call*>& waits) {
  if (c.args.empty()) return false;
  for (const cxx::Call* inner : waits)
    if (inner != &c && c.range.begin <= inner->range.begin && inner->range.end <= c.range.end) return true;
  return false;
}

}  // namespace

bool queueDrainedBefore(const cxx::CxxModel& model, const cxx::Call& call) {
  QueueMemo memo(model.functions.size(), -1);
  std::vector<const cxx::Call*> waits;  // the function's waits
  for (const cxx::Call& c : model.calls)
    if (c.function == call.function && drainsQueue(c)) waits.push_back(&c);
  const cxx::Call* last = nullptr;  // the GPU event that ends last before the call starts
  for (const cxx::Call& c : model.calls) {
    if (&c == &call || c.function != call.function || (!drainsQueue(c) && !mayQueueWork(model, c, memo))) continue;
    // A wait that runs only on some calls (a failed check's, another arm's) empties nothing for sure.
    bool sometimes = c.failure_path || c.cpu_branch ||
                     (c.arm.end > c.arm.begin && !(c.arm.begin <= call.range.begin && call.range.end <= c.arm.end));
    if (sometimes && drainsQueue(c)) continue;
    // A wait wrapping the call (`CHECK_AND_SYNC(cudaMemcpy(...))`): one statement, one finding, the wrapper's.
    if (c.range.begin <= call.range.begin && call.range.end <= c.range.end && drainsQueue(c)) return true;
    // The check around a wait (`cudaCheck_(cudaMemcpy(...), __FILE__, __LINE__)`
    // of a function-style macro, defined in a header) runs after it and reads
    // its status: the wait inside is the event.
    if (!drainsQueue(c) && wrapsWait(c, waits)) continue;
    if (c.range.end <= call.range.begin && (!last || c.range.end > last->range.end)) last = &c;
  }
  if (!last || !drainsQueue(*last) || !drainedFor(model, *last, call)) return false;
  // Loops entered after the wait (a `do { ... } while (0)` macro, a host
  // loop) must queue nothing themselves, or their next pass waits for that.
  size_t shared = 0;
  while (shared < last->loops.size() && shared < call.loops.size() && last->loops[shared] == call.loops[shared])
    ++shared;
  for (size_t k = shared; k < call.loops.size(); ++k) {
    const cxx::Range& body = model.loops[static_cast<size_t>(call.loops[k])].range;
    for (const cxx::Call& c : model.calls)
      if (c.range.begin >= body.begin && c.range.end <= body.end && mayQueueWork(model, c, memo) && !drainsQueue(c))
        return false;
    for (const cxx::Launch& l : model.launches)
      if (l.range.begin >= body.begin && l.range.end <= body.end) return false;
  }
  for (const cxx::Launch& l : model.launches)
    if (l.function == call.function && l.range.begin >= last->range.end && l.range.begin < call.range.begin)
      return false;
  return true;
}

const cxx::Loop* dataDependentLoop(const cxx::CxxModel& model, const std::vector<int>& loops) {
  for (auto it = loops.rbegin(); it != loops.rend(); ++it)
    if (model.loops[*it].data_dependent) return &model.loops[*it];
  return nullptr;
}

std::string shortName(const std::string& qualified) {
  size_t colon = qualified.rfind("::");
  return colon == std::string::npos ? qualified : qualified.substr(colon + 2);
}

bool isTensorClass(const std::string& qualified) {
  return qualified == "at::Tensor" || qualified == "at::TensorBase";
}

std::string spelled(const cxx::CxxModel& model, const cxx::Range& range) {
  std::string text(model.text(range));
  std::string out;
  bool space = false;
  for (char c : text) {
    bool ws = c == ' ' || c == '\n' || c == '\t' || c == '\r';
    if (ws && !space && !out.empty()) out += ' ';
    if (!ws) out += c;
    space = ws;
  }
  if (out.size() > 70) out = out.substr(0, 66) + " ...";
  return out;
}

Diagnostic makeDiagnostic(const char* rule, Level level, const cxx::CxxModel& model, const cxx::Range& at,
                          std::string message) {
  Diagnostic d;
  d.rule = rule;
  d.level = level;
  d.location = model.location(at);
  d.message = std::move(message);
  return d;
}

std::string inFunction(const cxx::Function& function, const cxx::CxxModel& model) {
  // A standalone program (it defines main(), or no C++ file near it uses
  // PyTorch) has no operator: its functions run when the program calls them.
  bool standalone = !model.torch_project || std::any_of(model.functions.begin(), model.functions.end(),
                                                        [](const cxx::Function& f) { return f.name == "main"; });
  if (standalone) return "in `" + function.name + "`, which runs each time the program calls it,";
  return "in `" + function.name + "`, which runs on every call of the operator,";
}

std::string torchProjectOrigin(const cxx::CxxModel& model) {
  return model.includes_torch ? "this file includes PyTorch headers"
                              : "a C++ file in this folder or above includes PyTorch headers";
}

}  // namespace gpulint::checks::ops
