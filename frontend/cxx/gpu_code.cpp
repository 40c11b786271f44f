// Which host functions of a file are GPU code, and which only run once or
// when a buffer grows, decided over the file's own call graph. Plain data:
// the builder has already recorded the evidence per call and per function.
#include <algorithm>
#include <vector>

#include "frontend/cxx/cxx_model.h"

namespace gpulint::cxx {

namespace {

bool isHost(const Function& f) { return f.role == FunctionRole::PerCall || f.role == FunctionRole::OnceOnly; }

// Functions with GPU evidence of their own: a .cu file, a kernel launch, a
// CUDA API call or a CUDA device mention that is not on a CPU branch.
std::vector<bool> ownEvidence(const CxxModel& model) {
  std::vector<bool> gpu(model.functions.size(), model.is_cuda);
  auto mark = [&](int f, bool cpu_branch) {
    if (f >= 0 && !cpu_branch) gpu[f] = true;
  };
  for (const Launch& l : model.launches) mark(l.function, false);
  for (const Call& c : model.calls)
    if (c.gpu_evidence) mark(c.function, c.cpu_branch);
  for (const GpuMention& m : model.gpu_mentions) mark(m.function, m.cpu_branch);
  return gpu;
}

// GPU code spreads along calls that are not on a CPU branch, both ways: what
// GPU code calls runs for GPU work, and a function that calls GPU code (a
// launcher) handles GPU tensors. A CPU reference kernel reached only from
// the else of `if (x.is_cuda())` stays CPU code.
void spread(const CxxModel& model, std::vector<bool>& gpu) {
  for (bool changed = true; changed;) {
    changed = false;
    for (const Call& c : model.calls) {
      if (c.target < 0 || c.function < 0 || c.cpu_branch || gpu[c.function] == gpu[c.target]) continue;
      gpu[c.function] = gpu[c.target] = true;
      changed = true;
    }
  }
}

// A function whose callers are all here and all run once (or all grow a
// buffer) runs once (or grows) too: a constructor's private `allocate()`.
void inheritFromCallers(CxxModel& model) {
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = 0; i < model.functions.size(); ++i) {
      Function& f = model.functions[i];
      if (!f.callers_all_here || f.role != FunctionRole::PerCall) continue;
      bool any = false, all_once = true, all_grow = true;
      for (const Call& c : model.calls) {
        if (c.target != static_cast<int>(i) || c.function < 0) continue;
        const Function& caller = model.functions[c.function];
        // A call in a loop of `main` repeats (the program's training loop);
        // one in a loop of a constructor still runs once per object.
        bool repeats = caller.program_entry && !c.loops.empty() && !c.leaves_loop;
        bool once = (caller.role == FunctionRole::OnceOnly && !repeats) || c.once_only_context;
        any = true;
        all_once = all_once && once;
        all_grow = all_grow && (once || caller.grow_path || c.amortised);
      }
      if (!any) continue;  // called from elsewhere (a binding, a function pointer): per call
      if (all_once) {
        f.role = FunctionRole::OnceOnly, f.once_reason = "only called from code that runs once";
        changed = true;
      } else if (all_grow && !f.grow_path) {
        f.grow_path = true;
        changed = true;
      }
    }
  }
}

// A header's functions run when its includers call them: a function they
// name, and what those functions call in the header. The rest (a helper
// class's unused methods) never runs. An extension entry written in the
// header itself (bindings) is left alone: Python calls what it registers.
void markUncalled(CxxModel& model) {
  if (!model.includer_words || model.functions.empty()) return;
  std::string_view text = model.source->text();
  if (text.find("PYBIND11_MODULE") != std::string_view::npos || text.find("TORCH_LIBRARY") != std::string_view::npos)
    return;
  std::vector<bool> live(model.functions.size(), false);
  for (size_t i = 0; i < model.functions.size(); ++i) {
    // `DeviceBuffer<T>` and `~DeviceBuffer<T>` are written `DeviceBuffer` by the includers.
    std::string_view name = model.functions[i].name;
    if (name.starts_with('~')) name.remove_prefix(1);
    name = name.substr(0, name.find('<'));
    live[i] = model.includer_words->count(std::string(name)) > 0;
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (const Call& c : model.calls) {
      if (c.target < 0 || live[static_cast<size_t>(c.target)]) continue;
      if (c.function >= 0 && !live[static_cast<size_t>(c.function)]) continue;
      live[static_cast<size_t>(c.target)] = true;
      changed = true;
    }
  }
  for (size_t i = 0; i < model.functions.size(); ++i)
    if (!live[i] && model.functions[i].role == FunctionRole::PerCall) model.functions[i].never_called = true;
}

}  // namespace

void markGpuCode(CxxModel& model) {
  // A program's file (it defines `main`, like a CUDA training program): its
  // functions are called from here, so main's call graph decides how often
  // they run, not the assumption that an operator is called per step.
  bool program = std::any_of(model.functions.begin(), model.functions.end(),
                             [](const Function& f) { return f.program_entry; });
  if (program)
    for (Function& f : model.functions) f.callers_all_here = true;
  // A header of standalone programs: its functions run when the programs that
  // include it call them (a checkpoint writer, a benchmark harness called
  // once from main), from call graphs this file does not hold. Unknown.
  if (model.program_header && !program)
    for (Function& f : model.functions)
      if (f.role == FunctionRole::PerCall) f.callers_elsewhere = true;
  if (!program && !model.program_header) markUncalled(model);
  std::vector<bool> gpu = ownEvidence(model);
  spread(model, gpu);
  for (size_t i = 0; i < model.functions.size(); ++i)
    model.functions[i].gpu_code = gpu[i] && isHost(model.functions[i]);
  inheritFromCallers(model);
}

}  // namespace gpulint::cxx
