// Functions started in new processes: `torch.multiprocessing.spawn(main_worker,
// (args,), nprocs=n)` runs `main_worker(rank, args)` in each process, and
// `multiprocessing.Process(target=run, args=(cfg,))` runs `run(cfg)`. The
// model records, beside the spawn call, a call of the function at its name
// with those arguments, so parameter values, devices and the call graph
// reach its body (`args.workers`, `args.epochs` in a DDP worker) as for a
// direct call. The rank spawn passes first has no value we know: its
// argument is the spawn call itself, which resolves to nothing. Lightning
// Fabric's `fabric.launch(main, cfg)` runs `main(fabric, cfg)` in each
// process it starts (or in this one). The spawn call stays as it is for the
// rules that read it.
#include <algorithm>
#include <cctype>
#include <optional>

#include "frontend/python/accelerate_api.h"
#include "frontend/python/script_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

namespace {

enum class Start { None, Spawn, Process, FabricLaunch, AutogradApply };

Start startKind(const ScriptModel& m, const Call& c) {
  // `SegSum.apply(x, bounds)` on a class name: torch runs the class's
  // `forward(ctx, x, bounds)` (a custom autograd Function).
  if (c.method == "apply" && c.receiver && !c.has_star_args && !c.has_star_kwargs) {
    ts::Node cls = syntax::unwrap(c.receiver);
    std::string_view name = cls ? syntax::lastName(cls) : std::string_view();
    if ((cls.is("identifier") || cls.is("attribute")) && !name.empty() && std::isupper(static_cast<unsigned char>(name[0])))
      return Start::AutogradApply;
  }
  // `fabric.launch()` with no function only starts the processes.
  if (c.method == "launch" && c.receiver && !c.positional.empty() && isAcceleratorObject(m, c.receiver))
    return Start::FabricLaunch;
  if (c.qualified == "torch.multiprocessing.spawn" || c.qualified == "torch.multiprocessing.start_processes" ||
      c.qualified == "torch.multiprocessing.spawn.spawn")
    return Start::Spawn;
  if (c.qualified == "multiprocessing.Process" || c.qualified == "torch.multiprocessing.Process")
    return Start::Process;
  return Start::None;
}

// The call the started process makes; nullopt when the function or its
// arguments cannot be read (a name bound to the tuple, *splats we cannot see).
std::optional<Call> fabricLaunchedCall(const ScriptModel& m, const Call& start) {
  ts::Node fn = syntax::unwrap(start.positional[0]);
  if (!fn || !(fn.is("identifier") || fn.is("attribute"))) return std::nullopt;
  Call run;
  run.node = fn;  // as for spawn: a node no other call is
  run.callee = fn;
  run.qualified = m.qualify(fn);
  run.method = std::string(syntax::lastName(fn));
  if (fn.is("attribute")) run.receiver = fn.field("object");
  run.function = start.function;
  run.positional.push_back(start.receiver);  // the Fabric object comes first
  run.positional.insert(run.positional.end(), start.positional.begin() + 1, start.positional.end());
  run.keywords = start.keywords;
  run.has_star_args = start.has_star_args;
  run.has_star_kwargs = start.has_star_kwargs;
  return run;
}

// `Fn.apply(a, b)` as the call `Fn.forward(ctx, a, b)`: the context comes
// first and has no value we know (the apply call itself stands for it).
std::optional<Call> autogradForwardCall(const ScriptModel& m, const Call& start) {
  std::string cls = m.qualify(syntax::unwrap(start.receiver));
  if (cls.empty()) cls = std::string(syntax::unwrap(start.receiver).text());
  Call run;
  // A node no call starts at (the call and its callee start where the class
  // name does): the `apply` name.
  run.node = start.callee.field("attribute");
  run.callee = start.callee;
  run.qualified = cls + ".forward";
  run.method = "forward";
  run.receiver = start.receiver;
  run.function = start.function;
  run.positional.push_back(start.node);
  run.positional.insert(run.positional.end(), start.positional.begin(), start.positional.end());
  run.keywords = start.keywords;
  return run;
}

std::optional<Call> startedCall(const ScriptModel& m, const Call& start, Start kind) {
  if (kind == Start::FabricLaunch) return fabricLaunchedCall(m, start);
  if (kind == Start::AutogradApply) return autogradForwardCall(m, start);
  if (start.has_star_args || start.has_star_kwargs) return std::nullopt;
  ts::Node fn = syntax::unwrap(kind == Start::Spawn ? start.argument("fn", 0) : start.keyword("target"));
  if (!fn || !(fn.is("identifier") || fn.is("attribute"))) return std::nullopt;
  Call run;
  run.node = fn;  // a call no other node is: callAt(spawn call) still answers the spawn
  run.callee = fn;
  run.qualified = m.qualify(fn);
  run.method = std::string(syntax::lastName(fn));
  if (fn.is("attribute")) run.receiver = fn.field("object");
  run.function = start.function;
  if (kind == Start::Spawn) run.positional.push_back(start.node);  // the rank: unknown
  ts::Node args = syntax::unwrap(kind == Start::Spawn ? start.argument("args", 1) : start.keyword("args"));
  if (args) {
    if (!args.is("tuple")) return std::nullopt;  // a name or an expression: the arguments are unknown
    for (ts::Node a : args.namedChildren()) {
      if (a.is("comment")) continue;
      if (a.is("list_splat")) run.has_star_args = true;
      else run.positional.push_back(a);
    }
  }
  // kwargs=dict(...) on a Process: any keyword may be set.
  if (kind == Start::Process && start.keyword("kwargs")) run.has_star_kwargs = true;
  return run;
}

}  // namespace

void addSpawnedCalls(const ScriptModel& m, std::vector<Call>& calls, std::vector<int>& call_loops) {
  // Each new call, with the loop around its spawn call (call_loops is
  // parallel to calls: enclosingLoop reads it by index).
  std::vector<std::pair<Call, int>> added;
  for (size_t i = 0; i < calls.size(); ++i)
    if (Start kind = startKind(m, calls[i]); kind != Start::None)
      if (auto run = startedCall(m, calls[i], kind)) added.emplace_back(std::move(*run), call_loops[i]);
  if (added.empty()) return;  // most files start no process
  // Keep the calls in document order (callAt and callsIn search by start byte).
  for (auto& [run, loop] : added) {
    auto at = std::upper_bound(calls.begin(), calls.end(), run.node.begin(),
                               [](uint32_t begin, const Call& c) { return begin < c.node.begin(); });
    call_loops.insert(call_loops.begin() + (at - calls.begin()), loop);
    calls.insert(at, std::move(run));
  }
}

}  // namespace gpulint::python
