#include "checkers/model/GPU207_data_parallel.h"

#include <algorithm>
#include <tuple>

#include "checkers/python_common.h"
#include "frontend/python/frequency.h"
#include "frontend/python/project_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks {

namespace {

constexpr int kDeviceIdsIndex = 1;  // DataParallel(module, device_ids, output_device, dim)

// torch's DataParallel under any import alias, and PyG's subclass of it.
bool isTorchDataParallel(std::string_view qualified) {
  return qualified == "torch.nn.DataParallel" || qualified == "torch.nn.parallel.DataParallel" ||
         qualified == "torch.nn.parallel.data_parallel.DataParallel" ||
         qualified == "torch_geometric.nn.DataParallel";
}

// A project class deriving from DataParallel (often written to forward
// attribute access to .module) is DataParallel all the same.
// The class may live in another module of the project (`from utils import
// CustomDataParallel`): the call's constructed class, wherever it is defined.
python::ScriptModel::ClassRef dataParallelSubclass(const python::ScriptModel& model, const python::Call& call) {
  if (!call.callee.is("identifier")) return {nullptr, nullptr};
  for (const python::ClassDef* cls : model.classesNamed(call.method))
    for (const auto& base : cls->bases)
      if (isTorchDataParallel(base)) return {&model, cls};
  auto [owner, cls] = model.constructedClass(call);
  if (owner && cls && owner != &model)
    for (const auto& base : cls->bases)
      if (isTorchDataParallel(base)) return {owner, cls};
  return {nullptr, nullptr};
}

// `[0]`, `(gpu,)`: a list or tuple display of exactly one device.
bool oneDeviceDisplay(ts::Node ids) {
  ids = python::syntax::unwrap(ids);
  if (!ids || !(ids.is("list") || ids.is("tuple")) || ids.namedChildCount() != 1) return false;
  ts::Node only = ids.namedChild(0);
  return !only.is("list_splat") && !only.is("comment");
}

// device_ids=[one device]: DataParallel then calls the module directly, with
// no scatter, replication or gather; there is nothing to parallelise. Also
// through a name whose every value is one (`gpu_ids=[0]`, a parameter
// default the callers keep, or a module constant).
// `if args.use_multi_gpu:` with a store_true option (or one defaulting to
// None/0) that the run does not pass: the wrapping branch is off as the
// script is run by default, so the finding applies to runs that turn it on.
// The test of the innermost such branch; null when none.
ts::Node switchedOffBranch(const python::ScriptModel& model, ts::Node n) {
  for (ts::Node child = n, p = n.parent(); p && !p.is("function_definition") && !p.is("module");
       child = p, p = p.parent()) {
    if (!(p.is("if_statement") || p.is("elif_clause")) || !(p.field("consequence") == child)) continue;
    if (python::judgeGuard(model, p.field("condition")).kind == python::GuardKind::Off) return p.field("condition");
  }
  return {};
}

bool singleDevice(const python::ScriptModel& model, const python::Call& call) {
  ts::Node ids = call.argument("device_ids", kDeviceIdsIndex);
  if (!ids) return false;
  if (oneDeviceDisplay(ids)) return true;
  if (!python::syntax::unwrap(ids).is("identifier")) return false;
  std::vector<ts::Node> sources = model.valueSources(ids, /*all_paths=*/true);
  return !sources.empty() && std::all_of(sources.begin(), sources.end(), oneDeviceDisplay);
}

// `args.num_gpu > 1` / `args.gpus >= 2`: the command-line option a
// multi-GPU branch depends on, when one side is an argparse option of this
// file and the other an integer literal.
struct GpuCountCondition {
  const python::ArgparseOption* option = nullptr;
  std::string test;  // "--num-gpu > 1"
};

std::optional<GpuCountCondition> gpuCountCondition(const python::ScriptModel& model, ts::Node cond) {
  if (cond.is("boolean_operator")) {
    // `a and b`: either side may hold the count test; `or` does not gate the branch.
    if (cond.child(1).type() != "and") return std::nullopt;
    if (auto left = gpuCountCondition(model, cond.field("left"))) return left;
    return gpuCountCondition(model, cond.field("right"));
  }
  if (cond.is("parenthesized_expression")) return gpuCountCondition(model, cond.namedChild(0));
  if (!cond.is("comparison_operator") || cond.childCount() != 3) return std::nullopt;
  ts::Node lhs = cond.child(0), rhs = cond.child(2);
  std::string_view op = cond.child(1).type();
  if (!lhs.is("attribute") || !rhs.is("integer")) return std::nullopt;
  if (op != ">" && op != ">=" && op != "!=") return std::nullopt;
  const python::ArgparseOption* option = model.argparseOption(lhs.field("attribute").text());
  if (!option || option->flags.empty()) return std::nullopt;
  std::string flag = option->flags.front();
  for (const std::string& f : option->flags)
    if (f.rfind("--", 0) == 0) flag = f;
  return GpuCountCondition{option, flag + " " + std::string(op) + " " + std::string(rhs.text())};
}

// The gate of the `if` whose body holds `call` (not its else): the multi-GPU
// branch a script takes only when asked for several GPUs.
std::optional<GpuCountCondition> enclosingGpuCount(const python::ScriptModel& model, ts::Node call) {
  ts::Node inner = call;
  for (ts::Node n = call.parent(); n && !n.is("function_definition") && !n.is("module"); inner = n, n = n.parent()) {
    if (!n.is("if_statement") || !n.field("consequence").contains(inner)) continue;
    if (auto c = gpuCountCondition(model, n.field("condition"))) return c;
  }
  return std::nullopt;
}

// The script's own DistributedDataParallel path beside the DataParallel
// call: an earlier branch of the same if/elif chain that wraps the model in
// DistributedDataParallel (`if args.distributed: ... DDP(...) ... else:
// DataParallel(model)`), with the store_true flag that selects it, read
// through one store of the tested name (`args.distributed = args.world_size
// > 1 or args.multiprocessing_distributed`).
struct DdpBranch {
  ts::Node condition;  // the test of the DDP branch
  std::string flag;    // "--multiprocessing-distributed"; "" when none is found
};

// The values the file stores in `dotted` (`args.distributed = ...`).
std::vector<ts::Node> storedValues(const python::ScriptModel& model, std::string_view dotted) {
  std::vector<ts::Node> out;
  if (!model.assignsDottedName(dotted)) return out;  // the file's index: most names are never stored
  std::vector<ts::Node> stack{model.root()};
  while (!stack.empty()) {
    ts::Node n = stack.back();
    stack.pop_back();
    if (n.is("assignment") && n.field("left").text() == dotted && n.field("right")) out.push_back(n.field("right"));
    for (ts::Node c : n.namedChildren()) stack.push_back(c);
  }
  return out;
}

// The first store_true option `expr` reads (`args.x`), following one store
// of a name the script sets itself (`args.distributed`).
std::string optInFlag(const python::ScriptModel& model, ts::Node expr, int depth) {
  std::vector<ts::Node> stack{expr};
  while (!stack.empty()) {
    ts::Node n = stack.back();
    stack.pop_back();
    if (!n.is("attribute")) {
      for (ts::Node c : n.namedChildren()) stack.push_back(c);
      continue;
    }
    const python::ArgparseOption* o = model.argparseOption(n.field("attribute").text());
    if (o && o->action == "store_true" && !o->flags.empty()) {
      for (const std::string& f : o->flags)
        if (f.rfind("--", 0) == 0) return f;
      return o->flags.front();
    }
    if (depth == 0)
      for (ts::Node value : storedValues(model, n.text()))
        if (std::string f = optInFlag(model, value, 1); !f.empty()) return f;
  }
  return "";
}

std::optional<DdpBranch> ddpBranch(const python::ScriptModel& model, const python::Call& call) {
  for (ts::Node n = call.node.parent(); n && !python::syntax::isScope(n); n = n.parent()) {
    if (!n.is("else_clause") && !n.is("elif_clause")) continue;
    ts::Node chain = n.parent();
    if (!chain || !chain.is("if_statement")) continue;
    // The branches before the one holding the call.
    std::vector<std::pair<ts::Node, ts::Node>> before{{chain.field("condition"), chain.field("consequence")}};
    for (ts::Node b : chain.namedChildren()) {
      if (b == n) break;
      if (b.is("elif_clause")) before.emplace_back(b.field("condition"), b.field("consequence"));
    }
    for (const auto& [condition, body] : before)
      for (const python::Call& c : model.callsIn(body))
        if (body.contains(c.node) &&
            (c.method == "DistributedDataParallel" || c.qualified.ends_with(".DistributedDataParallel")))
          return DdpBranch{condition, optInFlag(model, condition, 0)};
  }
  return std::nullopt;
}

// The job starts the script one process per GPU (deepspeed, torchrun) and
// the wrap sits past the script's own DistributedDataParallel branch, whose
// test needs no flag the job leaves off (`if args.local_rank != -1: DDP(...)
// elif n_gpu > 1: DataParallel(...)`): the launcher sets the rank, so each
// process takes the DDP branch. `deepspeed --num_gpus 1` shows one GPU to
// the process: DataParallel over it replicates nothing.
bool launchedDistributed(const python::ScriptModel& model, const python::Call& call) {
  if (model.distributedLauncher().empty()) return false;
  if (model.launchedOnOneGpu()) return true;
  auto ddp = ddpBranch(model, call);
  if (!ddp) return false;
  if (ddp->flag.empty()) return true;
  std::string dest = ddp->flag.substr(ddp->flag.find_first_not_of('-'));
  std::replace(dest.begin(), dest.end(), '-', '_');
  return model.overridesOption(dest);
}

// A script that never trains (a demo, a benchmark evaluation) and whose
// wrapping function no training file calls: DataParallel still replicates
// the weights on every forward when several GPUs are visible, but it is
// often there only so that a checkpoint saved through it ("module." keys)
// loads, and there is no training step for DDP: the advice differs.
// Callers are followed a few calls up, across files.
bool onlyInference(const python::ScriptModel& model, const python::Call& call) {
  std::vector<std::pair<const python::ScriptModel*, const python::Function*>> open{{&model, call.function}};
  for (size_t at = 0; at < open.size() && at < 32; ++at) {
    auto [m, f] = open[at];
    if (scriptTrains(*m)) return false;
    if (!f) continue;
    auto reach = [&](const python::ScriptModel* caller, const python::Call* c) {
      if (std::find(open.begin(), open.end(), std::make_pair(caller, c->function)) == open.end())
        open.emplace_back(caller, c->function);
    };
    for (const python::Call* c : m->callersOf(*f)) reach(m, c);
    if (const python::ProjectModel* project = m->project())
      for (const python::ProjectCall& pc : project->callersOf(*f)) reach(pc.model, pc.call);
  }
  return true;
}

// `if isinstance(net, nn.DataParallel): dup = nn.DataParallel(inner)`: the
// wrap mirrors one the caller already made, which is reported where it is made.
bool mirrorsExistingWrapper(ts::Node call) {
  for (const python::syntax::IsinstanceTest& t : python::syntax::isinstanceBranchesAround(call))
    if (t.types.text().find("DataParallel") != std::string_view::npos) return true;
  return false;
}

// `wrapped = nn.DataParallel(net)` used only for its state dict (a
// conversion that saves "module."-prefixed keys for a checkpoint loader
// that expects them): no forward runs through the wrapper, so nothing is
// replicated or gathered. Any other use of the name (a call, an argument, a
// return, a store elsewhere) may forward.
bool neverForwards(const python::ScriptModel& model, const python::Call& call) {
  auto stateOnly = [](ts::Node use) {
    ts::Node up = use.parent();
    return up && up.is("attribute") && up.field("object") == use &&
           python::syntax::oneOf(up.field("attribute").text(), {"state_dict", "load_state_dict", "module"});
  };
  if (stateOnly(call.node)) return true;  // `nn.DataParallel(net).state_dict()`
  auto uses = usesOfAssignedValue(model, call, /*module_level=*/true);
  return uses && !uses->empty() && std::all_of(uses->begin(), uses->end(), stateOnly);
}

}  // namespace

void DataParallelUse::run(const AnalysisContext& ctx, DiagnosticSink& sink) const {
  const python::ScriptModel& model = *ctx.script;
  for (const python::Call& call : model.calls()) {
    const python::ClassDef* subclass = nullptr;
    const python::ScriptModel* subclass_home = nullptr;
    if (!isTorchDataParallel(call.qualified)) {
      std::tie(subclass_home, subclass) = dataParallelSubclass(model, call);
      // Neither torch's DataParallel nor derived from it (DDP, a project class).
      if (!subclass) continue;
    }
    // Wrapping for one GPU only: no replication per step, nothing idles.
    if (singleDevice(model, call)) continue;
    if (mirrorsExistingWrapper(call.node)) continue;
    if (launchedDistributed(model, call)) continue;
    if (neverForwards(model, call)) continue;  // only its state dict is used: nothing runs through it
    Diagnostic d;
    d.rule = "GPU207";
    d.level = Level::Warning;
    d.location = callHead(model, call);
    std::string what = subclass ? subclass->name + " (a subclass of torch.nn.DataParallel)" : "torch.nn.DataParallel";
    d.message = what + " drives every GPU from one Python process: on each forward it copies the weights from "
                "GPU 0 to the other GPUs, splits the batch, and gathers all outputs back on GPU 0, so the other "
                "GPUs wait on GPU 0 and on threads that share the GIL.";
    if (onlyInference(model, call))
      d.message += " The script never trains: to load a checkpoint saved from a DataParallel model, strip the "
                   "\"module.\" prefix from its keys and drop the wrapper; to infer on several GPUs, run one "
                   "process per GPU on its own share of the data.";
    else if (auto ddp = ddpBranch(model, call))
      // The script has its own DDP path: running it that way is the whole change.
      d.message += " Use DistributedDataParallel with one process per GPU: the script does so itself in the branch at " +
                   lineRef(model, ddp->condition) + " (`" + std::string(ddp->condition.text()) + "`)" +
                   (ddp->flag.empty() ? ", so launch it the way that branch runs."
                                      : ", so run it with " + ddp->flag + ".");
    else
      d.message += " Use DistributedDataParallel with one process per GPU (torchrun --nproc_per_node=<gpus>).";
    if (auto gate = enclosingGpuCount(model, call.node)) {
      // The branch is a choice the user makes on the command line: say when it applies.
      d.message += " This applies when the script is run with " + gate->test;
      if (gate->option->default_value.known()) d.message += " (the default is " + gate->option->default_value.display() + ")";
      d.message += ".";
      d.related.push_back({model.location(gate->option->call), "the option that selects the multi-GPU branch"});
    } else if (ts::Node off = switchedOffBranch(model, call.node)) {
      // An opt-in path: say that a default run never builds the wrapper.
      d.message += " This applies only to runs that turn on `" + std::string(off.text()) + "` (line " +
                   std::to_string(off.line()) + "), which is off by default.";
      d.related.push_back({model.location(off), "the opt-in test of the multi-GPU branch, off by default"});
    }
    if (subclass) d.related.push_back({subclass_home->location(subclass->node.field("name")), "derives from DataParallel"});
    sink.report(std::move(d));
  }
}

}  // namespace gpulint::checks
