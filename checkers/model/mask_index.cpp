// GPU201's boolean-mask selections and tensor slice bounds (host_sync.h
// syncOfMaskIndex, syncOfSliceBound).
#include "checkers/model/host_sync.h"

#include "frontend/python/project_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks::host_sync {

using python::Call;
using python::ScriptModel;
namespace syntax = python::syntax;
using syntax::oneOf;

namespace {

bool maskFromEveryCaller(const ScriptModel& m, ts::Node param, int depth);

// A boolean tensor on the GPU: see syncOfMaskIndex.
bool isGpuMask(const ScriptModel& m, ts::Node e, int depth) {
  e = syntax::unwrap(e);
  if (!e || depth > 4) return false;
  if (e.is("comparison_operator")) {
    std::string op = comparisonOperators(e);
    if (op.find("in") != std::string::npos || op.find("is") != std::string::npos) return false;  // host tests
    for (ts::Node operand : e.namedChildren())
      if (isContainer(operand)) return false;
    return m.mayLiveOnDevice(e);
  }
  if (e.is("unary_operator")) return e.field("operator").text() == "~" && isGpuMask(m, e.field("argument"), depth + 1);
  if (e.is("binary_operator"))
    return oneOf(e.field("operator").text(), {"&", "|", "^"}) &&
           (isGpuMask(m, e.field("left"), depth + 1) || isGpuMask(m, e.field("right"), depth + 1));
  if (const Call* c = e.is("call") ? m.callAt(e) : nullptr) {
    bool test = (c->receiver && c->qualified.empty() &&
                 oneOf(c->method, {"isnan", "isinf", "isfinite", "logical_and", "logical_or", "logical_not", "eq", "ne",
                                   "gt", "ge", "lt", "le", "bool"})) ||
                oneOf(c->qualified, {"torch.isnan", "torch.isinf", "torch.isfinite", "torch.logical_and",
                                     "torch.logical_or", "torch.logical_not"});
    return test && m.mayLiveOnDevice(e);
  }
  // `out[data.train_mask]`: a graph's split masks (PyG's train_mask,
  // val_mask, test_mask) are boolean tensors, moved with the data.
  if (e.is("attribute")) {
    std::string_view name = e.field("attribute").text();
    return (name.ends_with("_mask") || name == "mask") && m.deviceOrigin(e);
  }
  if (e.is("identifier")) {
    std::vector<python::NameBinding> reaching = m.reachingBindings(e);
    if (reaching.size() != 1) return false;
    const python::NameBinding& b = reaching.front();
    if (b.parameter) return maskFromEveryCaller(m, e, depth);
    if (!b.value || b.index >= 0 || b.conditional) return false;
    return isGpuMask(m, b.value, depth + 1);
  }
  return false;
}

// `def accumulate(self, grads, seen): self.acc[seen] += grads[seen].norm()`:
// a parameter is a GPU mask when every call of its function (in this file
// and the others) passes one (`stats.accumulate(pos.grad, radius < 2.0)`).
bool maskFromEveryCaller(const ScriptModel& m, ts::Node param, int depth) {
  const python::Function* f = m.enclosingFunction(param);
  if (!f) return false;
  bool any = false;
  auto passes = [&](const ScriptModel& owner, const Call& call) {
    ts::Node arg = owner.argumentFor(call, *f, param.text());
    return arg && isGpuMask(owner, arg, depth + 1);
  };
  for (const Call* call : m.callersOf(*f)) {
    if (!passes(m, *call)) return false;
    any = true;
  }
  if (const python::ProjectModel* project = m.project())
    for (const python::ProjectCall& pc : project->callersOf(*f)) {
      if (!passes(*pc.model, *pc.call)) return false;
      any = true;
    }
  return any;
}

}  // namespace

std::optional<Sync> syncOfMaskIndex(const ScriptModel& m, ts::Node subscript) {
  // Any position: `targets[targets[:, 0] == i, 1:]` selects rows by a mask.
  for (uint32_t i = 1; i < subscript.namedChildCount(); ++i)
    if (ts::Node mask = subscript.namedChild(i); isGpuMask(m, mask, 0))
      return Sync{Sync::Nonzero, subscript, syntax::unwrap(mask)};
  return std::nullopt;
}

std::optional<Sync> syncOfSliceBound(const ScriptModel& m, ts::Node bound) {
  bound = syntax::unwrap(bound);
  // `start + n`: the operand that may be a tensor (the other is a host int).
  ts::Node tensor = bound;
  if (bound.is("binary_operator")) {
    if (!oneOf(bound.field("operator").text(), {"+", "-", "*", "//"})) return std::nullopt;
    ts::Node left = syntax::unwrap(bound.field("left")), right = syntax::unwrap(bound.field("right"));
    tensor = left.is("integer") ? right : left;
  }
  if (!tensor.is("identifier") && !tensor.is("subscript")) return std::nullopt;
  ts::Node origin = m.deviceOrigin(tensor);
  if (!origin) return std::nullopt;
  // What a model or a project function returns is taken for a GPU tensor
  // wholesale; a length it hands back beside its outputs may be a list
  // (`decode_lengths = (lengths - 1).tolist()` in a decoder's forward). Only
  // a tensor seen made or moved on the device counts as an index here.
  const ScriptModel& owner = m.ownerOf(origin);
  if (const Call* made = origin.is("call") ? owner.callAt(origin) : nullptr;
      made && (owner.isModuleExpression(made->callee) || owner.calledFunction(*made)))
    return std::nullopt;
  return Sync{Sync::SliceBound, bound, tensor};
}

}  // namespace gpulint::checks::host_sync
