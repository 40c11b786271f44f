#include "checkers/data/host_batch.h"

#include <string>

#include "frontend/python/syntax.h"

namespace gpulint::checks::host_batch {

namespace {

using python::Call;
using python::ScriptModel;
namespace syntax = python::syntax;

bool isGpuDevice(const ScriptModel& m, ts::Node device) {
  if (!device) return false;
  python::ResolvedValue v = m.resolve(device);
  if (v.kind == python::ResolvedValue::Kind::String) return v.string_value.starts_with("cuda");
  if (v.known()) return false;
  // A device variable (`device`, `args.device`, `x.device`, `local_rank`) in a script that uses CUDA.
  return m.usesCuda() && syntax::containsWord(device.text(), {"device", "cuda", "gpu", "rank"});
}

// `x[None]`, `x[:, None]`, `x[..., None]`: only new axes (or whole
// dimensions) -- a view of all of x, not a batch cut out of it.
bool addsAxesOnly(ts::Node subscript) {
  bool any = false;
  for (ts::Node index : subscript.namedChildren()) {
    if (index == subscript.field("value")) continue;
    any = true;
    if (index.is("none") || index.is("ellipsis")) continue;
    if (index.is("slice") && index.namedChildCount() == 0) continue;  // `:`
    return false;
  }
  return any;
}

Origin classifyOne(const ScriptModel& m, ts::Node e, int depth) {
  Origin o;
  if (e.is("subscript")) {
    o = classify(m, e.field("value"), depth + 1);
    // A string key (`data["x"]`) picks a field, not a batch; new axes keep the whole array.
    if (o.kind == Origin::Host && !syntax::stringLiteral(e.field("subscript"), nullptr) && !addsAxesOnly(e)) {
      o.sliced = true;
      if (!o.slice) o.slice = e;
    }
    return o;
  }
  if (e.is("list_comprehension") || e.is("generator_expression")) return classify(m, e.field("body"), depth + 1);
  if (e.is("parenthesized_expression") && e.namedChildCount() == 1) return classify(m, e.namedChild(0), depth + 1);
  // `np.stack(frames) / 255.0`, `(x - mean) / std` with host statistics:
  // arithmetic of a host array with numbers or other host arrays stays on
  // the host, the array's own shape.
  if (e.is("binary_operator")) {
    ts::Node left = syntax::unwrap(e.field("left")), right = syntax::unwrap(e.field("right"));
    auto number = [](ts::Node n) { return n && (n.is("integer") || n.is("float")); };
    Origin a = number(left) ? Origin{} : classify(m, left, depth + 1);
    Origin b = number(right) ? Origin{} : classify(m, right, depth + 1);
    if (a.kind == Origin::Host && (number(right) || b.kind == Origin::Host)) return a;
    if (b.kind == Origin::Host && number(left)) return b;
    return o;
  }
  if (e.is("conditional_expression")) {  // `train if split == "train" else val`
    Origin a = classify(m, e.namedChild(0), depth + 1), b = classify(m, e.namedChild(2), depth + 1);
    return a.kind == Origin::Host && b.kind == Origin::Host && a.sliced == b.sliced ? a : Origin{};
  }
  if (e.is("attribute")) {  // df.values, x.T
    std::string_view a = e.field("attribute").text();
    return a == "values" || a == "T" || a == "data" ? classify(m, e.field("object"), depth + 1) : o;
  }
  if (e.is("list") || e.is("tuple")) {
    o.kind = Origin::Host;
    o.array = e;
    return o;
  }
  const Call* c = e.is("call") ? m.callAt(e) : nullptr;
  if (!c) return o;
  if (copiedValue(m, *c)) {
    o.kind = Origin::Device;
    return o;
  }
  const std::string& q = c->qualified;
  bool host_module = q.starts_with("numpy.") || q.starts_with("pandas.") ||
                     (q.starts_with("torch.") && q.find(".nn.") == std::string::npos &&
                      q.find(".utils.") == std::string::npos && q.find(".cuda.") == std::string::npos);
  if (host_module || (c->callee.is("identifier") && (c->method == "list" || c->method == "tuple"))) {
    if (q == "torch.load" && c->keyword("map_location")) return o;  // may load onto the GPU
    if (ts::Node dev = c->keyword("device")) {
      if (isGpuDevice(m, dev)) o.kind = Origin::Device;
      // Created on the GPU, or on a device we cannot tell.
      if (o.kind == Origin::Device || m.resolve(dev).kind != python::ResolvedValue::Kind::String) return o;
    }
    if (!c->positional.empty()) o = classify(m, c->positional[0], depth + 1);
    if (o.kind == Origin::Device) return o;
    o.kind = Origin::Host;
    if (!o.array) o.array = e;
    if (ts::Node pin = c->keyword("pin_memory"); pin && m.resolve(pin).truthiness().value_or(false)) o.pinned = true;
    return o;
  }
  if (c->receiver && c->qualified.empty()) {  // x.astype(...), x.float(), x.pin_memory()
    o = classify(m, c->receiver, depth + 1);
    if (c->method == "pin_memory") o.pinned = true;
  }
  return o;
}

}  // namespace

ts::Node copiedValue(const ScriptModel& m, const Call& c) {
  if (c.receiver && c.qualified.empty()) {
    if (c.method == "cuda") return c.receiver;
    if (c.method == "to" && isGpuDevice(m, c.argument("device", 0))) return c.receiver;
  }
  if ((c.qualified == "torch.tensor" || c.qualified == "torch.as_tensor") && !c.positional.empty() &&
      isGpuDevice(m, c.keyword("device")))
    return c.positional[0];
  return {};
}

Origin classify(const ScriptModel& m, ts::Node expr, int depth) {
  if (depth > 12) return {};
  Origin result;
  bool first = true;
  for (ts::Node e : m.valueSources(expr, /*all_paths=*/true)) {
    Origin o = classifyOne(m, e, depth);
    if (o.kind != Origin::Host) return {};
    if (first) result = o;
    result.sliced = result.sliced && o.sliced;
    result.pinned = result.pinned && o.pinned;
    first = false;
  }
  return result;
}

}  // namespace gpulint::checks::host_batch
