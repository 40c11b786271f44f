#include "checkers/data/host_joined_copies.h"

#include "checkers/python_common.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks {

namespace {

// The torch.cat/torch.stack call `receiver` is, or its name was last bound
// to on every path; null otherwise.
const python::Call* joinOf(const python::ScriptModel& model, ts::Node receiver) {
  ts::Node e = python::syntax::unwrap(receiver);
  if (e.is("identifier")) {
    auto b = model.lastBinding(e);
    if (!b || b->conditional || !b->value || b->index >= 0) return nullptr;
    e = python::syntax::unwrap(b->value);
  }
  const python::Call* c = e.is("call") ? model.callAt(e) : nullptr;
  if (!c || !(c->qualified == "torch.cat" || c->qualified == "torch.stack" || c->qualified == "torch.concat")) return nullptr;
  return c;
}

// The joined sequence is the loop's batch, or a list or tuple written out of
// parts that all are.
bool partsOfBatch(const python::ScriptModel& model, ts::Node parts, const python::Loop& loop) {
  parts = python::syntax::unwrap(parts);
  if (!parts || !(parts.is("list") || parts.is("tuple"))) return parts && batchSourceLoop(model, parts) == &loop;
  bool any = false;
  for (ts::Node part : parts.namedChildren()) {
    if (part.is("comment")) continue;
    if (batchSourceLoop(model, part) != &loop) return false;
    any = true;
  }
  return any;
}

}  // namespace

std::vector<HostJoinedCopy> hostJoinedCopies(const python::ScriptModel& model, const python::Loop& loop) {
  std::vector<HostJoinedCopy> out;
  if (loop.kind != python::LoopKind::Step && loop.kind != python::LoopKind::Eval) return out;
  for (const python::Call& c : model.callsIn(loop.node.field("body"))) {
    if (!c.receiver || (c.method != "to" && c.method != "cuda")) continue;
    const python::Call* join = joinOf(model, c.receiver);
    // The parts must be the loop's batch (`views` of `for views, _ in loader`,
    // or `[left, right]` of `for left, right, y in loader`), not tensors made on the GPU.
    if (!join || join->positional.empty() || !partsOfBatch(model, join->positional[0], loop)) continue;
    // A copy to a CUDA device, once per step of this loop.
    if (!(model.deviceOrigin(c.node) == c.node) || model.onCpuPath(c.node)) continue;
    auto step = model.perStep(c.node);
    if (!step || step->loop != &loop || !step->via_calls.empty()) continue;
    out.push_back({&c, join});
  }
  return out;
}

}  // namespace gpulint::checks
