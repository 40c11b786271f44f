// Host tensors copied to the GPU with a blocking copy (host_uploads.h).
#include "checkers/model/host_uploads.h"

#include "frontend/python/syntax.h"
#include "frontend/python/tensor_types.h"

namespace gpulint::checks::host_sync {

namespace {

using python::Call;
using python::ScriptModel;
namespace syntax = python::syntax;
using syntax::oneOf;


// `torch.empty(0)`, `torch.zeros((0, d))`, `torch.full((0,), v)`: a size
// with a dimension that resolves to 0.
bool hasZeroDimension(const ScriptModel& m, const Call& made) {
  std::string_view name = std::string_view(made.qualified).substr(6);
  if (!oneOf(name, {"zeros", "ones", "empty", "full", "rand", "randn"}) || made.positional.empty()) return false;
  // torch.full's second argument is the fill value, not a size.
  size_t sizes = name == "full" ? 1 : made.positional.size();
  auto zero = [&m](ts::Node dim) {
    auto n = m.resolve(dim).asInt();
    return n && *n == 0;
  };
  for (size_t i = 0; i < sizes; ++i) {
    ts::Node dim = syntax::unwrap(made.positional[i]);
    if (dim.is("tuple") || dim.is("list")) {
      for (ts::Node d : dim.namedChildren())
        if (zero(d)) return true;
    } else if (zero(dim)) {
      return true;
    }
  }
  return false;
}

// torch factories that generate their values (no data handed in): made with
// `device=`, the tensor needs no copy at all.
bool generatesOnHost(const ScriptModel& m, const Call& made) {
  const std::string& q = made.qualified;
  if (!q.starts_with("torch.") ||
      !oneOf(std::string_view(q).substr(6), {"zeros", "ones", "empty", "full", "arange", "randperm", "randint", "rand",
                                             "randn", "eye", "linspace", "logspace", "ones_like", "zeros_like",
                                             "hann_window", "hamming_window", "blackman_window", "bartlett_window",
                                             "kaiser_window", "tril_indices", "triu_indices"}))
    return false;
  if (q.ends_with("_like")) return false;  // the device of the tensor it copies: may be the GPU
  if (made.has_star_kwargs) return false;
  // `torch.empty(0)`, `torch.zeros(0, d)`: no element to copy, so the copy
  // queues nothing and waits for nothing (an accumulator started empty).
  if (hasZeroDimension(m, made)) return false;
  if (ts::Node device = made.keyword("device")) {
    python::ResolvedValue v = m.resolve(device);
    return v.kind == python::ResolvedValue::Kind::String && v.string_value == "cpu";
  }
  return true;
}

// Host data a tensor is made from: a list, tuple or comprehension written in
// the code, `list(...)`, a numpy call (`np.random.normal(...)`,
// `np.array(rows)`), or a name bound once to one of these. Never a name we
// cannot follow, nor a tensor, which may already live on the GPU.
bool hostArithmetic(const ScriptModel& m, std::string_view op, ts::Node left, ts::Node right, int depth);

bool hostData(const ScriptModel& m, ts::Node e, int depth = 0) {
  e = syntax::unwrap(e);
  if (!e || depth > 6) return false;  // a few rebindings and operators deep
  if (e.is("list") || e.is("tuple") || e.is("list_comprehension")) return true;
  // `[t] * n`: a list repeated is a list.
  if (e.is("binary_operator") && e.field("operator").text() == "*" &&
      (syntax::unwrap(e.field("left")).is("list") || syntax::unwrap(e.field("right")).is("list")))
    return true;
  // `k * gain`, `k / k.sum()` on a NumPy array: arithmetic of host data with
  // host data or a number stays on the host.
  if (e.is("binary_operator")) return hostArithmetic(m, e.field("operator").text(), e.field("left"), e.field("right"), depth);
  // `self.table` where every value the class assigns to it is host data (a
  // lookup list built in __init__ and appended to).
  if (e.is("attribute") && e.field("object").text() == "self") {
    ts::Node cls = syntax::ancestor(e, {"class_definition"});
    if (!cls) return false;
    const std::vector<ts::Node>& values = m.attributeValues(cls, e.text());
    if (values.empty()) return false;
    for (ts::Node v : values)
      if (!hostData(m, v, depth + 1)) return false;
    return true;
  }
  if (e.is("call")) {
    const Call* c = m.callAt(e);
    if (!c) return false;
    if (c->qualified.starts_with("numpy.")) return true;
    // `list(...)`, and `range(n)` (`torch.LongTensor(range(n))`): Python's numbers.
    return c->callee.is("identifier") && c->qualified.empty() && (c->method == "list" || c->method == "range") &&
           !m.functionNamed(c->method);
  }
  if (!e.is("identifier")) return false;
  auto b = m.lastBinding(e);
  if (!b || b->index >= 0 || b->conditional || b->parameter) return false;
  // `k /= np.sum(k)`: the array normalised in place, what it held before.
  if (!b->value && b->statement && b->statement.is("augmented_assignment")) {
    ts::Node target = b->statement.field("left");
    std::string_view op = b->statement.field("operator").text();
    if (!target || !target.is("identifier") || target.text() != e.text() || op.size() < 2) return false;
    return hostArithmetic(m, op.substr(0, op.size() - 1), target, b->statement.field("right"), depth);
  }
  if (!b->value) return false;
  return hostData(m, b->value, depth + 1);
}

// `left op right` with one side host data and the other host data or a
// number that resolves: a NumPy array scaled or normalised stays a NumPy
// array. A side we cannot follow might be a tensor: not host data then.
bool hostArithmetic(const ScriptModel& m, std::string_view op, ts::Node left, ts::Node right, int depth) {
  if (!syntax::oneOf(op, {"*", "/", "+", "-", "**", "//"})) return false;
  auto scalarOrHost = [&](ts::Node side) {
    return hostData(m, side, depth + 1) || m.resolve(side).asNumber().has_value();
  };
  return (hostData(m, left, depth + 1) && scalarOrHost(right)) || (hostData(m, right, depth + 1) && scalarOrHost(left));
}

// The device keyword of a factory call: absent or "cpu" keeps the tensor on
// the host; anything else (or a **kwargs) may not.
bool keptOnHost(const ScriptModel& m, const Call& made) {
  if (made.has_star_kwargs) return false;
  ts::Node device = made.keyword("device");
  if (!device) return true;
  python::ResolvedValue v = m.resolve(device);
  return v.kind == python::ResolvedValue::Kind::String && v.string_value == "cpu";
}

// `torch.tensor(rows)`, `torch.as_tensor(arr)`, `torch.from_numpy(arr)`,
// `torch.FloatTensor(arr)`: a tensor made from host data.
bool fromHostData(const ScriptModel& m, const Call& made) {
  const std::string& q = made.qualified;
  if (!q.starts_with("torch.") || made.positional.empty() || made.has_star_args) return false;
  std::string_view name = std::string_view(q).substr(6);
  bool data_factory = oneOf(name, {"tensor", "as_tensor", "from_numpy"});
  // The legacy constructors take sizes too (`torch.FloatTensor(3, 4)`): one argument of data only.
  bool constructor =
      name.ends_with("Tensor") && name.find('.') == std::string_view::npos && made.positional.size() == 1;
  // torch.from_numpy shares a numpy array's memory: always a host tensor.
  if (name == "from_numpy") return true;
  // A legacy CPU constructor copies whatever it is given into a new host
  // tensor (`torch.FloatTensor(cfg.TRAIN.BBOX_NORMALIZE_STDS)`: a config's
  // tuple); a CUDA tensor there would raise, so only a GPU value is excluded.
  if (constructor) return hostData(m, made.positional[0]) || !m.mayLiveOnDevice(made.positional[0]);
  return data_factory && hostData(m, made.positional[0]);
}

// A tensor computed on the host from tensors made there: a factory's, host
// data's, an op or a method on them (`(ids[None, :] == ids[:, None]).float()`
// after `ids = torch.cat([torch.arange(n), torch.arange(n)])`), or what a
// project function returns when every return is one (`bell(11, 1.5)`
// building `torch.Tensor([...])`). An op mixing in a GPU tensor would fail
// on the device mismatch, so the other operands need no proof.
struct HostDerivation {
  bool data = false;  // some leaf is host data (or a project function's result), not a generating factory
  ts::Node factory;   // the first generating factory call seen
};

bool derivedOnHost(const ScriptModel& m, ts::Node e, int depth, HostDerivation& how) {
  e = syntax::unwrap(e);
  if (!e || depth > 16) return false;
  if (e.is("integer") || e.is("float")) return true;
  if (e.is("subscript")) return derivedOnHost(m, e.field("value"), depth + 1, how);
  if (e.is("unary_operator")) return derivedOnHost(m, e.field("argument"), depth + 1, how);
  if (e.is("binary_operator")) {
    // `-math.log(base) * torch.arange(half) / half`: a host tensor scaled by
    // anything not on the GPU (a size, a parameter) stays on the host.
    ts::Node l = e.field("left"), r = e.field("right");
    bool left = derivedOnHost(m, l, depth + 1, how), right = derivedOnHost(m, r, depth + 1, how);
    return (left && right) || (left && !m.mayLiveOnDevice(r)) || (right && !m.mayLiveOnDevice(l));
  }
  if (e.is("comparison_operator"))
    return e.namedChildCount() == 2 && derivedOnHost(m, e.namedChild(0), depth + 1, how) &&
           derivedOnHost(m, e.namedChild(1), depth + 1, how);
  if (e.is("identifier")) {
    // Each binding that may reach it (both arms of an if/else) made on the host.
    std::vector<python::NameBinding> bindings = m.reachingBindings(e);
    if (bindings.empty()) return false;
    for (auto b = bindings.rbegin(); b != bindings.rend(); ++b)  // earliest first: the factory the message names
      if (!b->value || b->index >= 0 || b->parameter || !derivedOnHost(m, b->value, depth + 1, how)) return false;
    return true;
  }
  if (!e.is("call")) return false;
  const Call* c = m.callAt(e);
  if (!c) return false;
  if (generatesOnHost(m, *c)) {
    if (!how.factory) how.factory = e;
    return true;
  }
  if (keptOnHost(m, *c) && fromHostData(m, *c)) return how.data = true;
  if (c->qualified.starts_with("math.")) return true;  // a host scalar
  // `torch.exp(t)`, `torch.outer(a, b)`: elementwise and product ops of host tensors.
  if (oneOf(c->qualified, {"torch.exp", "torch.log", "torch.sin", "torch.cos", "torch.sqrt", "torch.rsqrt", "torch.pow",
                           "torch.abs", "torch.outer", "torch.cumsum", "torch.flip", "torch.sigmoid", "torch.tanh"}) &&
      !c->positional.empty() && !c->has_star_args) {
    for (ts::Node a : c->positional)
      if (!derivedOnHost(m, a, depth + 1, how) && m.mayLiveOnDevice(a)) return false;
    return derivedOnHost(m, c->positional[0], depth + 1, how) ||
           (c->positional.size() > 1 && derivedOnHost(m, c->positional[1], depth + 1, how));
  }
  if (oneOf(c->qualified, {"torch.cat", "torch.stack"}) && !c->positional.empty()) {
    ts::Node list = syntax::unwrap(c->positional[0]);
    // `torch.cat([torch.arange(n) for _ in range(views)])`: every element is
    // what the comprehension's body makes.
    if (list.is("list_comprehension") || list.is("generator_expression"))
      return derivedOnHost(m, list.field("body"), depth + 1, how);
    if (!list.is("list") && !list.is("tuple")) return false;
    for (ts::Node item : list.namedChildren())
      if (!derivedOnHost(m, item, depth + 1, how)) return false;
    return list.namedChildCount() > 0;
  }
  // Shape, dtype and arithmetic methods keep the tensor where it is (not
  // `.to()`, `.cuda()` or `.type_as(gpu_tensor)`); `.pin_memory()` keeps it
  // on the host, and a copy of it without non_blocking still waits.
  if (c->receiver && oneOf(c->method, {"float", "long", "int", "bool", "half", "double", "unsqueeze", "squeeze",
                                       "view", "reshape", "expand", "contiguous", "t", "mm", "matmul", "sum", "mean",
                                       "repeat", "flip", "clone", "div", "mul", "add", "sub", "exp", "sqrt", "pow",
                                       "abs", "transpose", "permute", "outer", "cumsum", "pin_memory"}))
    return derivedOnHost(m, c->receiver, depth + 1, how);
  // A project function whose every return is such a tensor.
  if (auto [owner, f] = m.callTarget(*c); owner && f && !f->owner) {
    bool generator = false;
    const std::vector<ts::Node>& returns = owner->returnValues(*f, &generator);
    if (generator || returns.empty()) return false;
    for (ts::Node r : returns)
      if (!derivedOnHost(*owner, r, depth + 1, how)) return false;
    return how.data = true;  // what it builds is named by the call, not by a factory of this file
  }
  return false;
}

// The host tensor a copy's receiver holds, with whether it carries host
// data: the factory call itself (`torch.randperm(n).cuda()`), or the value
// a name is bound to once in the same pass (`cond = torch.tensor([vals])`,
// `kern = blur_kernel(11, 3)`, then `kern.cuda()`); null otherwise. What is
// not a plain generating factory counts as data: `device=` alone would not
// remove its copy.
std::pair<ts::Node, bool> hostValueMade(const ScriptModel& m, ts::Node r) {
  r = syntax::unwrap(r);
  if (!r) return {};
  if (const Call* made = r.is("call") ? m.callAt(r) : nullptr) {
    if (generatesOnHost(m, *made)) return {r, false};
    if (keptOnHost(m, *made) && fromHostData(m, *made)) return {r, true};
  }
  // `(torch.ones(n) * k).to(dev)`: made by factories and host numbers only,
  // which `device=` on the factory would make on the GPU.
  if (HostDerivation how; derivedOnHost(m, r, 0, how)) {
    bool data = how.data || !how.factory;
    return {data ? r : how.factory, data};
  }
  return {};
}

std::pair<ts::Node, bool> hostTensorMade(const ScriptModel& m, ts::Node receiver) {
  ts::Node r = syntax::unwrap(receiver);
  if (!r || !r.is("identifier")) return hostValueMade(m, r);
  // Every binding that reaches the copy: one, or each arm of an if/else
  // (`t = torch.randint(...)` / `t = torch.full(...)`), all made on the host.
  std::vector<python::NameBinding> bindings = m.reachingBindings(r);
  std::pair<ts::Node, bool> found;
  for (auto it = bindings.rbegin(); it != bindings.rend(); ++it) {  // earliest first: the one the message names
    const python::NameBinding& b = *it;
    if (!b.value || !b.statement || b.index >= 0 || b.parameter) return {};
    // Made once before the loop (`data = torch.randn(n, d)`), the tensor is
    // not made per step: the copy is, which is another change (hoist it).
    if (m.enclosingLoop(b.statement) != m.enclosingLoop(r) ||
        m.enclosingFunction(b.statement) != m.enclosingFunction(r))
      return {};
    auto made = hostValueMade(m, b.value);
    if (!made.first) return {};
    if (!found.first) found = made;
    else found.second = found.second || made.second;
  }
  return found;
}

}  // namespace

// `torch.cuda.FloatTensor(np.random.rand(n, 1))`, through an alias (`FT =
// torch.cuda.FloatTensor`, `Tensor = torch.cuda.FloatTensor if cuda else
// torch.FloatTensor`: the GPU path), or `torch.tensor(rows, device=dev)`
// with a CUDA device: host data made into a CUDA tensor in one call, which
// copies it without non_blocking.
std::optional<Sync> uploadInConstructor(const ScriptModel& m, const Call& c) {
  if (c.positional.empty() || c.has_star_args || c.has_star_kwargs || !hostData(m, c.positional[0]))
    return std::nullopt;
  bool cuda_constructor = false;
  if (c.receiver && c.method == "new_tensor") {
    // The receiver's device, unless the call names one.
    cuda_constructor = !c.keyword("device") && m.mayLiveOnDevice(c.receiver);
  } else if (c.positional.size() != 1) {
    return std::nullopt;
  } else if (c.qualified.starts_with("torch.cuda.") && c.qualified.ends_with("Tensor")) {
    cuda_constructor = true;
  } else if (c.callee.is("identifier") && c.qualified.empty()) {
    cuda_constructor = python::namesCudaTensorType(m, c.callee);
  } else if (oneOf(c.qualified, {"torch.tensor", "torch.as_tensor"}) && c.keyword("device")) {
    cuda_constructor = m.deviceOrigin(c.node) == c.node && !m.onCpuPath(c.node);
  }
  if (!cuda_constructor) return std::nullopt;
  Sync s{Sync::Upload, c.node, {}};
  s.buffer = c.node;
  s.host_data = true;
  return s;
}

// `torch.randperm(n).cuda()` / `torch.zeros(n, dtype=torch.long).to(device)`
// with no non_blocking, the factory call being the copy's receiver (or
// bound once to the name that is).
std::optional<Sync> uploadOfHostTensor(const ScriptModel& m, const Call& c) {
  auto [made, host_data] = hostTensorMade(m, c.receiver);
  if (!made) return std::nullopt;
  int index = c.method == "cuda" ? 1 : 2;  // .cuda(device, non_blocking) / .to(device, dtype, non_blocking)
  if (c.mayHideArgument("non_blocking", index)) return std::nullopt;
  if (ts::Node nb = c.argument("non_blocking", index)) {
    auto on = m.resolve(nb).truthiness();
    if (!on || *on) return std::nullopt;
  }
  // A copy to a CUDA device (not a dtype cast, not a CPU branch).
  if (!(m.deviceOrigin(c.node) == c.node) || m.onCpuPath(c.node)) return std::nullopt;
  Sync s{Sync::Upload, c.node, {}};
  s.buffer = made;
  s.host_data = host_data;
  return s;
}

bool sameOnEveryPass(const ScriptModel& m, ts::Node made, const python::Loop& loop) {
  const Call* c = made && made.is("call") ? m.callAt(made) : nullptr;
  if (!c || c->positional.empty()) return false;
  // In a helper the loop calls (`make_batch()` building its rows with
  // random.randint), the helper's own names are made anew on each call.
  const python::Function* helper = loop.node.contains(made) ? nullptr : m.enclosingFunction(made);
  bool same = true;
  std::vector<ts::Node> stack(c->positional.begin(), c->positional.end());
  while (same && !stack.empty()) {
    ts::Node n = stack.back();
    stack.pop_back();
    if (n.is("call") || n.is("subscript") || n.is("lambda")) return false;  // may differ per pass
    if (n.is("attribute")) {  // `cfg.TRAIN.X`: only its root name is bound
      stack.push_back(n.field("object"));
      continue;
    }
    if (n.is("identifier")) {
      auto b = m.lastBinding(n);
      if (helper && b && (!b->statement || helper->node.contains(b->statement))) return false;
      same = !b || !b->statement || !loop.node.contains(b->statement);
      continue;
    }
    for (ts::Node k : n.namedChildren()) stack.push_back(k);
  }
  return same;
}

}  // namespace gpulint::checks::host_sync
