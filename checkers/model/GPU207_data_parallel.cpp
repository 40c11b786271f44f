#include "checkers/model/GPU207_data_parallel.h"

#include "checkers/python_common.h"

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
const python::ClassDef* dataParallelSubclass(const python::ScriptModel& model, const python::Call& call) {
  if (!call.callee.is("identifier")) return nullptr;
  for (const python::ClassDef* cls : model.classesNamed(call.method))
    for (const auto& base : cls->bases)
      if (isTorchDataParallel(base)) return cls;
  return nullptr;
}

// device_ids=[one device]: DataParallel then calls the module directly, with
// no scatter, replication or gather; there is nothing to parallelise.
bool singleDevice(const python::Call& call) {
  ts::Node ids = call.argument("device_ids", kDeviceIdsIndex);
  if (!ids || !(ids.is("list") || ids.is("tuple"))) return false;
  if (ids.namedChildCount() != 1) return false;
  ts::Node only = ids.namedChild(0);
  return !only.is("list_splat") && !only.is("comment");
}

}  // namespace

void DataParallelUse::run(const AnalysisContext& ctx, DiagnosticSink& sink) const {
  const python::ScriptModel& model = *ctx.script;
  for (const python::Call& call : model.calls()) {
    const python::ClassDef* subclass = nullptr;
    if (!isTorchDataParallel(call.qualified)) {
      subclass = dataParallelSubclass(model, call);
      // Neither torch's DataParallel nor derived from it (DDP, a project class).
      if (!subclass) continue;
    }
    // Wrapping for one GPU only: no replication per step, nothing idles.
    if (singleDevice(call)) continue;
    Diagnostic d;
    d.rule = "GPU207";
    d.level = Level::Warning;
    d.location = callHead(model, call);
    std::string what = subclass ? subclass->name + " (a subclass of torch.nn.DataParallel)" : "torch.nn.DataParallel";
    d.message = what + " drives every GPU from one Python process: on each forward it copies the weights from "
                "GPU 0 to the other GPUs, splits the batch, and gathers all outputs back on GPU 0, so the other "
                "GPUs wait on GPU 0 and on threads that share the GIL. Use DistributedDataParallel with one "
                "process per GPU (torchrun --nproc_per_node=<gpus>).";
    if (subclass) d.related.push_back({model.location(subclass->node.field("name")), "derives from DataParallel"});
    sink.report(std::move(d));
  }
}

}  // namespace gpulint::checks
