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
