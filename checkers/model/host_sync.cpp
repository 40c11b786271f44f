#include "checkers/model/host_sync.h"

#include <algorithm>

#include <cstring>
#include <string>

#include "checkers/model/host_uploads.h"
#include "checkers/python_common.h"
#include "frontend/python/accelerate_api.h"
#include "frontend/python/python_symbols.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks::host_sync {

namespace {

using python::Call;
using python::ScriptModel;
namespace syntax = python::syntax;

using syntax::oneOf;

bool isString(ts::Node n) { return syntax::unwrap(n).is("string"); }

// `.item()`, `.cpu()`, `.to("cpu")` as written.
bool readsToHostAsWritten(const Call& c) {
  if (oneOf(c.method, {"item", "cpu", "numpy", "tolist"})) return true;
  if (c.method != "to" || c.positional.empty()) return false;
  if (ts::Node nb = c.keyword("non_blocking"); nb && nb.is("true")) return false;
  std::string s;
  return (syntax::stringLiteral(c.positional[0], &s) && s == "cpu") ||
         syntax::unwrap(c.positional[0]).text() == "torch.device(\"cpu\")";
}

// Also `.to(self.loss_device)` of a CPU device stored in __init__ (blocking).
bool readsToHost(const ScriptModel& m, const Call& c) {
  if (readsToHostAsWritten(c)) return true;
  if (c.method != "to" || c.positional.empty()) return false;
  if (ts::Node nb = c.keyword("non_blocking"); nb && nb.is("true")) return false;
  return m.namesHostDevice(c.positional[0]);
}

// `metric.add_batch(predictions=preds, references=refs)` of a metric made
// by `evaluate.load(...)`: the library turns each tensor it is given into
// Python values, so a GPU tensor is read to the host. The GPU tensor handed
// over, or null.
ts::Node metricInput(const ScriptModel& m, const Call& c) {
  if (!c.receiver || (c.method != "add_batch" && c.method != "add")) return {};
  bool metric = false;
  for (ts::Node src : m.valueSources(c.receiver, /*all_paths=*/true)) {
    const Call* made = src.is("call") ? m.ownerOf(src).callAt(src) : nullptr;
    metric = metric || (made && oneOf(made->qualified, {"evaluate.load", "datasets.load_metric"}));
  }
  if (!metric) return {};
  for (const char* key : {"predictions", "references", "prediction", "reference"})
    if (ts::Node arg = c.keyword(key); arg && m.mayLiveOnDevice(arg)) return arg;
  for (ts::Node arg : c.positional)
    if (m.mayLiveOnDevice(arg)) return arg;
  return {};
}

// `torch.cuda.synchronize`, or the device-agnostic `torch.accelerator.synchronize`
// (PyTorch 2.6), which on a CUDA node is the same wait.
bool namesSynchronize(std::string_view q) {
  return q == "torch.cuda.synchronize" || q == "torch.accelerator.synchronize";
}

// `barrier()` after `barrier = torch.cuda.synchronize if use_gpu else
// (lambda: None)`: a local name for the synchronize function (the GPU
// branch counts, as for devices).
bool aliasesSynchronize(const ScriptModel& m, const Call& c) {
  if (!c.callee.is("identifier") || !c.qualified.empty() || !c.positional.empty()) return false;
  auto binding = m.lastBinding(c.callee);
  ts::Node v = binding && binding->index < 0 ? syntax::unwrap(binding->value) : ts::Node();
  if (!v) return false;
  if (v.is("conditional_expression") && v.namedChildCount() == 3)
    return namesSynchronize(m.qualify(v.namedChild(0))) || namesSynchronize(m.qualify(v.namedChild(2)));
  return namesSynchronize(m.qualify(v));
}

// A CUDA GradScaler built here or in a project file: `torch.cuda.amp.GradScaler()`,
// `torch.amp.GradScaler("cuda")`, enabled unless told otherwise (a disabled
// one keeps no scale tensor: get_scale() returns 1.0). An `enabled` or a
// device that does not resolve is unknown: no sync.
bool makesCudaGradScaler(const ScriptModel& m, ts::Node made) {
  const Call* c = made.is("call") ? m.callAt(made) : nullptr;
  if (!c) return false;
  bool cuda_amp = oneOf(c->qualified, {"torch.cuda.amp.GradScaler", "torch.cuda.amp.grad_scaler.GradScaler"});
  bool amp = oneOf(c->qualified, {"torch.amp.GradScaler", "torch.amp.grad_scaler.GradScaler"});
  if (!cuda_amp && !amp) return false;
  int enabled_index = cuda_amp ? 4 : 5;  // (device,) init_scale, growth_factor, backoff_factor, growth_interval, enabled
  if (c->mayHideArgument("enabled", enabled_index) || (amp && c->mayHideArgument("device", 0))) return false;
  if (ts::Node enabled = c->argument("enabled", enabled_index)) {
    python::ResolvedValue v = m.resolve(enabled);
    if (v.kind == python::ResolvedValue::Kind::String || !v.truthiness().value_or(false)) return false;
  }
  ts::Node device = amp ? c->argument("device", 0) : ts::Node();
  return !device || m.resolve(device).string_value.starts_with("cuda");
}

// `scaler.get_scale()` / `scaler.state_dict()` of a CUDA GradScaler: both
// call `.item()` on the scale tensor. The scaler may be held in an attribute
// (`self._scaler = torch.cuda.amp.GradScaler()` in a wrapper class).
bool readsGradScale(const ScriptModel& m, const Call& c) {
  if (!c.receiver || !c.positional.empty() || !c.keywords.empty() || !oneOf(c.method, {"get_scale", "state_dict"}))
    return false;
  if (!m.mayRunOnGpu()) return false;
  std::vector<ts::Node> sources = m.valueSources(c.receiver, /*all_paths=*/true);
  for (ts::Node src : sources)
    if (!makesCudaGradScaler(m.ownerOf(src), src)) return false;
  return !sources.empty();
}

bool isTensorTest(const ScriptModel& m, ts::Node e);

// `all(torch.isfinite(p.grad).all() for p in params)`: builtin all()/any()
// take the truth value of each element, so a generator of GPU tests copies
// one bool per element to the host (a per-parameter overflow check).
std::optional<Sync> eachElementTruth(const ScriptModel& m, const Call& c) {
  bool builtin = c.callee.is("identifier") && c.qualified.empty() && !m.functionNamed(c.method);
  if (!builtin || !oneOf(c.method, {"all", "any"}) || !c.keywords.empty()) return std::nullopt;
  // `all(x for x in xs)`: the generator is the call's whole argument list.
  ts::Node gen = c.positional.size() == 1 ? syntax::unwrap(c.positional[0]) : c.node.field("arguments");
  if (!gen.is("generator_expression") && !gen.is("list_comprehension")) return std::nullopt;
  ts::Node element = syntax::unwrap(gen.field("body"));
  if (!element) return std::nullopt;
  if (element.is("not_operator")) element = syntax::unwrap(element.field("argument"));
  // Only a test whose result is a tensor: a bare name may be a Python bool.
  if (!isTensorTest(m, element) || !m.mayLiveOnDevice(element)) return std::nullopt;
  return Sync{Sync::EachTruth, c.node, element};
}

// `if type(x) is not torch.Tensor: x = torch.tensor([x])` (or `if not
// isinstance(x, torch.Tensor):`): in that branch the name holds no tensor.
bool narrowedToNonTensor(ts::Node value) {
  value = syntax::unwrap(value);
  if (!value.is("identifier")) return false;
  for (ts::Node p = value.parent(); p && !syntax::isScope(p); p = p.parent()) {
    if (!p.is("if_statement") || !p.field("consequence").contains(value)) continue;
    ts::Node test = syntax::unwrap(p.field("condition"));
    auto namesTensor = [](ts::Node types) { return types.text().find("Tensor") != std::string_view::npos; };
    auto subjectOf = [](ts::Node call) {  // `isinstance(x, ...)` / `type(x)` -> x
      ts::Node args = call && call.is("call") ? call.field("arguments") : ts::Node();
      return args && args.namedChildCount() >= 1 ? syntax::unwrap(args.namedChild(0)) : ts::Node();
    };
    if (test.is("not_operator")) {
      ts::Node inner = syntax::unwrap(test.field("argument"));
      ts::Node args = inner.is("call") ? inner.field("arguments") : ts::Node();
      if (inner.is("call") && inner.field("function").text() == "isinstance" && args.namedChildCount() == 2 &&
          subjectOf(inner).text() == value.text() && namesTensor(args.namedChild(1)))
        return true;
    }
    if (test.is("comparison_operator") && test.namedChildCount() == 2 &&
        (test.text().find(" is not ") != std::string_view::npos || test.text().find("!=") != std::string_view::npos)) {
      ts::Node left = syntax::unwrap(test.namedChild(0));
      if (left.is("call") && left.field("function").text() == "type" && subjectOf(left).text() == value.text() &&
          namesTensor(test.namedChild(1)))
        return true;
    }
  }
  return false;
}

// `torch.tensor([torch.norm(p.grad) for p in params])`: a tensor built from
// a sequence of GPU tensors takes each element as a Python number, one copy
// to the host (and one wait) per element.
std::optional<Sync> eachElementRead(const ScriptModel& m, const Call& c) {
  if (c.positional.empty() || !oneOf(c.qualified, {"torch.tensor", "torch.as_tensor", "torch.Tensor",
                                                    "torch.FloatTensor", "torch.LongTensor"}))
    return std::nullopt;
  ts::Node items = syntax::unwrap(c.positional[0]);
  ts::Node element;
  if (items.is("list_comprehension") || items.is("generator_expression")) {
    element = syntax::unwrap(items.field("body"));
  } else if (items.is("list") || items.is("tuple")) {
    for (ts::Node item : items.namedChildren())
      if (!narrowedToNonTensor(item) && m.mayLiveOnDevice(item)) {
        element = item;
        break;
      }
  }
  if (!element || narrowedToNonTensor(element) || !m.mayLiveOnDevice(element)) return std::nullopt;
  return Sync{Sync::EachElement, c.node, element};
}

// `if isinstance(t, float): t = torch.full((b,), t, ...)`: in that branch the
// name holds a Python number, whatever callers pass elsewhere.
bool narrowedToNumber(ts::Node value) {
  value = syntax::unwrap(value);
  if (!value.is("identifier")) return false;
  for (const syntax::IsinstanceTest& t : syntax::isinstanceBranchesAround(value)) {
    if (t.subject.text() != value.text()) continue;
    std::string_view types = t.types.text();
    if (types.find("float") != std::string_view::npos || types.find("int") != std::string_view::npos) return true;
  }
  return false;
}

}  // namespace

ts::Node sizeArgument(const Call& c) {
  const std::string& q = c.qualified;
  if (!q.starts_with("torch.") || c.has_star_args) return {};
  std::string_view name = std::string_view(q).substr(6);
  // `torch.linspace(0.5, h - 0.5, h)`: the number of steps.
  if (oneOf(name, {"linspace", "logspace"})) return c.argument("steps", 2);
  // `torch.zeros(n, device=dev)`: a single size argument.
  if (oneOf(name, {"zeros", "ones", "empty", "rand", "randn"}) && c.positional.size() == 1) {
    ts::Node n = syntax::unwrap(c.positional[0]);
    return n.is("tuple") || n.is("list") ? ts::Node() : n;
  }
  if (name == "arange" && c.positional.size() == 1) return c.positional[0];  // torch.arange(n)
  return {};
}

bool isBuiltinMinMax(const ScriptModel& m, const Call& c) {
  return (c.method == "max" || c.method == "min") && c.callee.is("identifier") && c.qualified.empty() &&
         c.positional.size() >= 2 && !c.has_star_args && c.keywords.empty() && !m.functionNamed(c.method);
}

namespace {

// The sync a call performs, if any, wherever it is written.
std::optional<Sync> syncWrittenInCall(const ScriptModel& m, const Call& c);

// In the message of an `assert` (`assert ok, "bad {}".format(t)`): Python
// builds the message only when the assertion fails.
bool inAssertMessage(ts::Node n) {
  for (ts::Node child = n, p = n.parent(); p; child = p, p = p.parent()) {
    if (p.is("assert_statement")) return p.namedChildCount() > 1 && !(p.namedChild(0) == child);
    if (p.is("block") || p.is("module") || p.is("function_definition") || p.is("lambda")) return false;
  }
  return false;
}

}  // namespace

// The sync a call performs, if any (before asking whether it runs per step).
std::optional<Sync> syncOfCall(const ScriptModel& m, const Call& c) {
  std::optional<Sync> s = syncWrittenInCall(m, c);
  if (s && inAssertMessage(c.node)) return std::nullopt;
  return s;
}

namespace {

std::optional<Sync> syncWrittenInCall(const ScriptModel& m, const Call& c) {
  const std::string& q = c.qualified;
  if (namesSynchronize(q) || aliasesSynchronize(m, c)) return Sync{Sync::Synchronize, c.node, {}};
  // NCCL's barrier is an all-reduce whose work the host then waits for on
  // the current stream: a synchronize that also waits for every rank.
  if (isRankBarrier(m, c) && m.mayRunOnGpu()) return Sync{Sync::Synchronize, c.node, {}};
  if (c.method == "synchronize" && c.receiver && syntax::unwrap(c.receiver).is("call")) {
    const Call* r = m.callAt(syntax::unwrap(c.receiver));
    if (r && r->qualified.starts_with("torch.cuda.")) return Sync{Sync::Synchronize, c.node, {}};
  }
  if (c.receiver && readsToHost(m, c) && m.mayLiveOnDevice(c.receiver)) return Sync{Sync::Read, c.node, c.receiver};
  if (ts::Node handed = metricInput(m, c)) return Sync{Sync::Read, c.node, handed};
  if (readsGradScale(m, c)) return Sync{Sync::ScaleRead, c.node, c.receiver};
  if (c.receiver && c.method == "nonzero" && m.mayLiveOnDevice(c.receiver))
    return Sync{Sync::Nonzero, c.node, c.receiver};
  ts::Node first = c.positional.empty() ? ts::Node() : c.positional[0];
  if ((q == "torch.nonzero" || q == "torch.argwhere" || (q == "torch.where" && c.positional.size() == 1)) &&
      m.mayLiveOnDevice(first))
    return Sync{Sync::Nonzero, c.node, first};
  bool builtin = c.callee.is("identifier") && q.empty() && !m.functionNamed(c.method);
  if (((builtin && oneOf(c.method, {"float", "int", "bool", "round", "str", "repr", "format"})) ||
       q.starts_with("math.")) &&
      m.mayLiveOnDevice(first))
    return Sync{Sync::Convert, c.node, first};
  if (isBuiltinMinMax(m, c))
    for (ts::Node v : c.positional)
      if (m.mayLiveOnDevice(v)) return Sync{Sync::Convert, c.node, v};
  // `torch.full(size, keep[i])`, `x.new_full(size, v)`: the fill value is a
  // Python number, so a 0-d GPU tensor given there is read to the host.
  if (q == "torch.full" || (c.receiver && c.method == "new_full"))
    if (ts::Node fill = c.argument("fill_value", 1); fill && !narrowedToNumber(fill) && m.mayLiveOnDevice(fill))
      return Sync{Sync::Convert, c.node, fill};
  if (ts::Node size = sizeArgument(c); size && !narrowedToNumber(size) && m.mayLiveOnDevice(size))
    return Sync{Sync::Convert, c.node, size};
  if (c.method == "format" && c.receiver && isString(c.receiver)) {
    if (ts::Node t = formattedDeviceTensor(m, c.node)) return Sync{Sync::Format, c.node, t};
    return std::nullopt;
  }
  if (ts::Node t = isLoggingCall(m, c) ? loggedDeviceTensor(m, c) : ts::Node()) return Sync{Sync::Log, c.node, t};
  if (auto each = eachElementRead(m, c)) return each;
  if (c.receiver && (c.method == "cuda" || c.method == "to"))
    if (auto upload = uploadOfHostTensor(m, c)) return upload;
  if (!c.receiver || c.qualified.starts_with("torch.") || c.method == "new_tensor")
    if (auto upload = uploadInConstructor(m, c)) return upload;
  return eachElementTruth(m, c);
}

}  // namespace

// Cheap shape test before the per-step and device questions: could this call sync?
bool isRankBarrier(const ScriptModel& m, const Call& c) {
  if (c.qualified == "torch.distributed.barrier") return true;
  return c.receiver && c.qualified.empty() && (c.method == "wait_for_everyone" || c.method == "barrier") &&
         python::isAcceleratorObject(m, c.receiver);
}

bool maySync(const ScriptModel& m, const Call& c) {
  const std::string& q = c.qualified;
  if (c.callee.is("identifier") && q.empty() && c.positional.empty() && c.keywords.empty()) return true;  // an alias
  if (c.receiver && (c.method == "wait_for_everyone" || c.method == "barrier" || c.method == "new_full")) return true;
  if (q == "torch.full" || sizeArgument(c)) return true;
  if (namesSynchronize(q) || q == "torch.distributed.barrier" || q == "torch.nonzero" ||
      q == "torch.argwhere" || q == "torch.where" || q.starts_with("math."))
    return true;
  if (c.receiver && (readsToHostAsWritten(c) || oneOf(c.method, {"nonzero", "synchronize", "format", "get_scale", "add_batch"})))
    return true;
  if (c.receiver && (c.method == "cuda" || c.method == "to")) {
    ts::Node r = syntax::unwrap(c.receiver);
    if (r.is("call") || r.is("binary_operator") || r.is("unary_operator")) return true;  // `(torch.ones(n) * t).to(dev)`
    // `cond.to(device)`: only a name bound to a call or an expression may
    // hold a host tensor made in the pass (most `x.to(device)` copy a loop's
    // batch, bound by the loop).
    if (r.is("identifier"))
      if (auto b = m.lastBinding(r); b && b->value && !b->parameter) {
        ts::Node v = syntax::unwrap(b->value);
        if (v.is("call") || v.is("binary_operator") || v.is("comparison_operator") || v.is("subscript")) return true;
      }
    if (c.method == "to" && readsToHost(m, c)) return true;  // asked last: it follows the device's values
  }
  // `torch.cuda.FloatTensor(arr)`, `torch.tensor(rows, device=dev)`, and an
  // alias called on data written there (`FT(np.random.rand(n))`).
  if (c.positional.size() == 1 && c.qualified.starts_with("torch.") &&
      (c.qualified.ends_with("Tensor") || c.method == "tensor" || c.method == "as_tensor"))
    return true;
  // `batch.new_tensor([0.485, 0.456, 0.406])`: data copied to the batch's device.
  if (c.receiver && c.method == "new_tensor" && !c.positional.empty()) return true;
  if (c.positional.size() == 1 && c.callee.is("identifier") && c.qualified.empty()) {
    ts::Node data = syntax::unwrap(c.positional[0]);
    // `picks = np.random.randint(...)` then `IndexT(picks)`: the data a name is bound to.
    if (data.is("identifier"))
      if (auto b = m.lastBinding(data); b && b->value && !b->parameter) data = syntax::unwrap(b->value);
    if (data.is("list") || data.is("list_comprehension")) return true;
    if (data.is("call")) {
      std::string_view f = data.field("function").text();
      if (f == "list" || f.starts_with("np.") || f.starts_with("numpy.")) return true;
    }
  }
  if (c.receiver && c.method == "state_dict" && c.positional.empty() && c.keywords.empty()) return true;
  if (c.callee.is("identifier") &&
      oneOf(c.method, {"float", "int", "bool", "round", "str", "repr", "format", "all", "any", "max", "min"}))
    return true;
  return isLoggingCall(m, c);
}

// Spots outside calls, in one walk of the tree (see host_sync.h).
namespace {

// A kind's symbols as Node::is(literal) matches them (the named one and the
// anonymous one), looked up once: the walk below tests every node of a file.
struct KindIds {
  TSSymbol a = 0, b = 0;
  [[nodiscard]] bool of(TSSymbol s) const { return s != 0 && (s == a || s == b); }
};

KindIds kindIds(const char* name) {
  const TSLanguage* lang = tree_sitter_python();
  auto size = static_cast<uint32_t>(std::strlen(name));
  TSSymbol named = ts_language_symbol_for_name(lang, name, size, true);
  TSSymbol anonymous = ts_language_symbol_for_name(lang, name, size, false);
  return {named ? named : anonymous, anonymous ? anonymous : named};
}

struct SpotKinds {
  KindIds string = kindIds("string"), binary_operator = kindIds("binary_operator"),
          if_statement = kindIds("if_statement"), elif_clause = kindIds("elif_clause"),
          while_statement = kindIds("while_statement"), conditional_expression = kindIds("conditional_expression"),
          assert_statement = kindIds("assert_statement"), assignment = kindIds("assignment"),
          subscript = kindIds("subscript"), slice = kindIds("slice");
};

const SpotKinds& spotKinds() {
  static const SpotKinds kinds;
  return kinds;
}

// Shapes an index may have when it is a boolean mask: a comparison, `~m`,
// `a & b`, a name, a test call (`m.bool()`, `torch.isfinite(x)`). (`x[i]`,
// `x[:, 0]`, `x[1:]` and other calls are left out: the name is asked about
// only when the subscript runs per step.)
bool maskLike(ts::Node index) {
  index = syntax::unwrap(index);
  if (!index) return false;
  if (index.is("comparison_operator") || index.is("identifier")) return true;
  if (index.is("attribute")) {  // `out[data.train_mask]` (mask_index.cpp isGpuMask)
    std::string_view name = index.field("attribute").text();
    return name.ends_with("_mask") || name == "mask";
  }
  if (index.is("unary_operator")) return index.field("operator").text() == "~";
  if (index.is("binary_operator")) return oneOf(index.field("operator").text(), {"&", "|", "^"});
  // `x[labels.bool()]`, `x[torch.isfinite(x)]`
  if (index.is("call"))
    return oneOf(syntax::lastName(index.field("function")),
                 {"bool", "isnan", "isinf", "isfinite", "logical_and", "logical_or", "logical_not", "eq", "ne", "gt",
                  "ge", "lt", "le"});
  return false;
}

// `x[mask]`, and `x[mask, 1:]` or `x[:, mask]`: a boolean index in any
// position selects a value-dependent number of elements.
bool anyIndexMaskLike(ts::Node subscript) {
  for (uint32_t i = 1; i < subscript.namedChildCount(); ++i)
    if (maskLike(subscript.namedChild(i))) return true;
  return false;
}

}  // namespace

void collectNonCallSpots(ts::Node n, NonCallSpots& spots) {
  const SpotKinds& K = spotKinds();
  for (ts::Node c : n.namedChildren()) {
    TSSymbol k = c.symbol();
    if (K.string.of(k)) {
      for (ts::Node part : c.namedChildren())
        if (part.is("interpolation")) {
          spots.formats.push_back(c);
          break;
        }
      continue;
    }
    if (K.binary_operator.of(k) && c.field("operator").text() == "%" && buildsFormatString(c.field("left")))
      spots.formats.push_back(c);
    if (K.if_statement.of(k) || K.elif_clause.of(k) || K.while_statement.of(k)) {
      if (ts::Node cond = c.field("condition")) spots.conditions.push_back(cond);
    } else if (K.conditional_expression.of(k) && c.namedChildCount() == 3) {
      spots.conditions.push_back(c.namedChild(1));
    } else if (K.assert_statement.of(k) && c.namedChildCount() > 0) {
      // The message (`assert ok, f"bad {t}"`) is built only when the test fails.
      spots.conditions.push_back(c.namedChild(0));
      collectNonCallSpots(c.namedChild(0), spots);
      continue;
    } else if (K.assignment.of(k) && c.field("left").is("subscript") && c.field("right")) {
      spots.element_stores.push_back(c);
    } else if (K.slice.of(k)) {
      // `a:b`, `:n`, `start:start + n:2`: bounds that are not literals.
      for (ts::Node bound : c.namedChildren()) {
        ts::Node b = syntax::unwrap(bound);
        if (b.is("identifier") || b.is("subscript") || b.is("binary_operator")) spots.slice_bounds.push_back(b);
      }
    } else if (K.subscript.of(k) && anyIndexMaskLike(c)) {
      // `x[mask] = 0` is masked_fill, with no read; only reads count.
      ts::Node p = c.parent();
      if (!(p && (p.is("assignment") || p.is("augmented_assignment")) && p.field("left") == c))
        spots.mask_indexes.push_back(c);
    }
    collectNonCallSpots(c, spots);
  }
}

bool isContainer(ts::Node e) {
  e = syntax::unwrap(e);
  return oneOf(e.type(), {"list", "tuple", "set", "dictionary", "list_comprehension", "set_comprehension",
                          "dictionary_comprehension", "generator_expression"});
}

std::string comparisonOperators(ts::Node e) {
  std::string op;
  for (uint32_t i = 0; i < e.childCount(); ++i)
    if (!e.child(i).isNamed()) op += (op.empty() ? "" : " ") + std::string(e.child(i).text());
  return op;
}

namespace {

// A test whose value is a bool tensor where its operand lives: a comparison
// (`is`/`in` are host identity and membership tests: DeviceAnalysis already
// gives them no device), `.any()`/`.all()`, `torch.isnan/isinf/isfinite/any/all`.

bool isTensorTest(const ScriptModel& m, ts::Node e) {
  // `params == [p for p in model.parameters()]` compares lists (by identity
  // first): no tensor's truth value is asked for.
  if (e.is("comparison_operator")) {
    for (ts::Node operand : e.namedChildren())
      if (isContainer(operand)) return false;
    // `delta != None` (or `is not None`): a tensor compared with None answers
    // a Python bool without reading the device.
    // `kind == "per_token"`: nothing compares a tensor with a string, so the
    // other side is a string (a tag travelling beside tensors in a dict).
    for (ts::Node operand : e.namedChildren())
      if (ts::Node o = syntax::unwrap(operand); o.is("none") || o.is("string") || o.is("concatenated_string"))
        return false;
    return true;
  }
  const Call* c = e.is("call") ? m.callAt(e) : nullptr;
  if (!c) return false;
  if (c->receiver && c->positional.empty() && oneOf(c->method, {"any", "all", "isnan", "isinf", "isfinite"}))
    return true;
  return oneOf(c->qualified, {"torch.isnan", "torch.isinf", "torch.isfinite", "torch.any", "torch.all"});
}

// `acc = (pred == y).float().mean()` (or None on another path) ... `if acc:`:
// every binding that reaches the name is None or a reduction of a GPU tensor
// to one value, so its truth value is a GPU scalar's. The reduction, or null.
ts::Node reducedTensorBinding(const ScriptModel& m, ts::Node name) {
  ts::Node reduced;
  for (const python::NameBinding& b : m.reachingBindings(name)) {
    ts::Node v = b.index < 0 && !b.parameter ? syntax::unwrap(b.value) : ts::Node();
    if (v && v.is("none")) continue;
    const Call* c = v && v.is("call") ? m.callAt(v) : nullptr;
    if (!c || !c->receiver || !c->positional.empty() || !c->keywords.empty() ||
        !oneOf(c->method, {"mean", "sum", "norm", "amax", "amin", "prod", "std", "var"}))
      return {};
    if (!m.mayLiveOnDevice(v)) return {};
    if (!reduced) reduced = v;
  }
  return reduced;
}

// `token in [eos, pad]` / `token not in stop_ids` where `token` may be a GPU
// tensor and the right side a list or tuple (a display, or a name bound only
// to one): list membership compares each element with `==` and asks the
// resulting bool tensor for its truth value, one sync per element. A set or
// dict hashes the tensor by identity instead and reads nothing.
bool tensorInSequence(const ScriptModel& m, ts::Node e) {
  if (!e.is("comparison_operator") || e.namedChildCount() != 2) return false;
  std::string op = comparisonOperators(e);
  if (op != "in" && op != "not in") return false;
  auto isSequence = [](ts::Node n) {
    n = syntax::unwrap(n);
    return n.is("list") || n.is("tuple");
  };
  // `args.eos_ids` of an option parsed into a list (`action="append"`, `nargs="+"`).
  auto isListOption = [&](ts::Node n) {
    n = syntax::unwrap(n);
    if (!n.is("attribute") || !n.field("object").is("identifier")) return false;
    const python::ArgparseOption* o = m.ownerOf(n).argparseOption(n.field("attribute").text());
    return o && (o->action == "append" || o->nargs == "+" || o->nargs == "*");
  };
  ts::Node right = syntax::unwrap(e.namedChild(1));
  if (!isSequence(right) && !isListOption(right)) {
    if (!right.is("identifier")) return false;
    // A None source is a path where `in` would raise, so it never runs the
    // test (`if ids is None or token in ids:`): the others decide.
    std::vector<ts::Node> sources = m.valueSources(right, /*all_paths=*/true);
    size_t lists = 0;
    for (ts::Node src : sources) {
      if (syntax::unwrap(src).is("none")) continue;
      if (!isSequence(src) && !isListOption(src)) return false;
      ++lists;
    }
    if (lists == 0) return false;
  }
  return m.mayLiveOnDevice(e.namedChild(0));
}

}  // namespace

std::optional<Sync> syncOfCondition(const ScriptModel& m, ts::Node condition) {
  ts::Node e = syntax::unwrap(condition);
  if (!e) return std::nullopt;
  if (e.is("not_operator")) return syncOfCondition(m, e.field("argument"));
  if (e.is("boolean_operator")) {
    if (auto s = syncOfCondition(m, e.field("left"))) return s;
    // `step % 100 == 0 and loss < best`: the right side runs only when the
    // periodic left side holds.
    if (e.field("operator").text() == "and" && m.isPeriodicCondition(e.field("left"))) return std::nullopt;
    return syncOfCondition(m, e.field("right"));
  }
  ts::Node test = e;
  if (e.is("identifier")) {  // `found_inf = torch.isinf(g).any()` ... `if found_inf:`
    if (ts::Node reduced = reducedTensorBinding(m, e)) return Sync{Sync::Branch, e, reduced};
    auto b = m.lastBinding(e);
    if (!b || !b->value || b->index >= 0 || b->conditional || b->parameter) return std::nullopt;
    test = syntax::unwrap(b->value);
  }
  if (tensorInSequence(m, test)) return Sync{Sync::Branch, e, test.namedChild(0)};
  if (!isTensorTest(m, test) || !m.mayLiveOnDevice(test)) return std::nullopt;
  return Sync{Sync::Branch, e, test};
}

namespace {

// The script may change where torch's factories put new tensors; a
// factory's device is then unknown.
bool setsDefaultDevice(const ScriptModel& m) {
  for (const Call& c : m.calls())
    if (oneOf(c.qualified, {"torch.set_default_device", "torch.set_default_tensor_type"})) return true;
  return false;
}

// `with torch.device("cuda"):`, Fabric's `with fabric.init_tensor():` and
// `init_module()` put the factories' tensors on the device.
bool underDeviceContext(const ScriptModel& m, ts::Node n) {
  for (ts::Node p = n.parent(); p; p = p.parent()) {
    if (!p.is("with_statement")) continue;
    for (ts::Node clause : p.namedChildren()) {
      if (!clause.is("with_clause")) continue;
      for (ts::Node item : clause.namedChildren()) {
        ts::Node v = syntax::unwrap(item.field("value"));
        if (v && v.is("as_pattern")) v = syntax::unwrap(v.namedChild(0));
        const Call* c = v && v.is("call") ? m.callAt(v) : nullptr;
        if (c && (oneOf(c->method, {"device", "init_tensor", "init_module"}) || c->qualified == "torch.device"))
          return true;
      }
    }
  }
  return false;
}

}  // namespace

// The factory call that made `name`'s tensor on the host (`torch.zeros(n)`,
// `torch.randint(0, n, (b,))`; no device given, or "cpu"); null when it may
// live elsewhere or we cannot tell.
ts::Node hostFactoryCall(const ScriptModel& m, ts::Node value) {
  ts::Node v = syntax::unwrap(value);
  const Call* c = v.is("call") ? m.callAt(v) : nullptr;
  if (!c || !oneOf(c->qualified, {"torch.zeros", "torch.ones", "torch.empty", "torch.full", "torch.arange", "torch.rand",
                                   "torch.randn", "torch.randint", "torch.randperm"}))
    return {};
  if (c->has_star_kwargs) return {};
  if (ts::Node device = c->keyword("device")) {
    std::string s;
    if (!syntax::stringLiteral(device, &s) || s != "cpu") return {};
  }
  if (underDeviceContext(m, v) || setsDefaultDevice(m)) return {};
  return v;
}

ts::Node hostFactory(const ScriptModel& m, ts::Node name) {
  if (!name.is("identifier")) return {};
  auto b = m.lastBinding(name);
  if (!b || !b->value || b->index >= 0 || b->conditional || b->parameter) return {};
  return hostFactoryCall(m, b->value);
}

std::optional<Sync> syncOfElementStore(const ScriptModel& m, ts::Node assignment) {
  ts::Node target = assignment.field("left"), value = syntax::unwrap(assignment.field("right"));
  if (!target.is("subscript") || !value) return std::nullopt;
  ts::Node buffer = hostFactory(m, syntax::unwrap(target.field("value")));
  if (!buffer || !m.mayLiveOnDevice(value)) return std::nullopt;
  Sync s{Sync::Store, target, value};
  s.buffer = buffer;
  return s;
}

// The statement of a block that holds `n`: one finding per statement.
ts::Node statementOf(ts::Node n) {
  for (ts::Node p = n; p; p = p.parent())
    if (ts::Node parent = p.parent(); parent && (parent.is("block") || parent.is("module"))) return p;
  return n;
}

bool decidesWhileLoopEnd(ts::Node loop, ts::Node at) {
  if (!loop || !loop.is("while_statement")) return false;
  ts::Node condition = loop.field("condition");
  if (!condition) return false;
  if (condition.contains(at)) return true;
  ts::Node stmt = statementOf(at);
  if (!stmt || !stmt.is("expression_statement") || stmt.namedChildCount() != 1) return false;
  ts::Node assignment = stmt.namedChild(0);
  if (!assignment.is("assignment") && !assignment.is("augmented_assignment")) return false;
  ts::Node left = assignment.field("left");
  if (!left || !assignment.field("right") || !assignment.field("right").contains(at)) return false;
  std::vector<std::string_view> assigned;
  if (left.is("identifier")) assigned.push_back(left.text());
  else if (left.is("pattern_list") || left.is("tuple_pattern"))
    for (ts::Node e : left.namedChildren())
      if (e.is("identifier")) assigned.push_back(e.text());
  return std::any_of(assigned.begin(), assigned.end(),
                     [&](std::string_view name) { return python::syntax::containsName(condition, name); });
}

namespace {

// An `if` whose consequence leaves the loop at once: a `break` or `return`
// among its own statements.
bool exitsLoop(ts::Node if_statement) {
  ts::Node consequence = if_statement.field("consequence");
  if (!consequence) return false;
  for (ts::Node s : consequence.namedChildren())
    if (s.is("break_statement") || s.is("return_statement")) return true;
  return false;
}

}  // namespace

bool decidesLoopExit(ts::Node loop, ts::Node at) {
  if (!loop || !loop.is("for_statement")) return false;
  ts::Node body = loop.field("body");
  if (!body || !body.contains(at)) return false;
  ts::Node stmt = statementOf(at);
  if (!stmt || !(stmt.parent() == body)) return false;  // a statement of a nested loop or branch
  if (stmt.is("if_statement")) {
    ts::Node condition = stmt.field("condition");
    return condition && condition.contains(at) && exitsLoop(stmt);
  }
  // `done = ....item() == width` then `if done: break` further down the body.
  if (!stmt.is("expression_statement") || stmt.namedChildCount() != 1) return false;
  ts::Node assignment = stmt.namedChild(0);
  if (!assignment.is("assignment") || !assignment.field("left").is("identifier")) return false;
  std::string_view name = assignment.field("left").text();
  for (ts::Node s = stmt.nextNamedSibling(); s; s = s.nextNamedSibling())
    if (s.is("if_statement") && s.field("condition") && python::syntax::containsName(s.field("condition"), name) &&
        exitsLoop(s))
      return true;
  return false;
}

namespace {

// `env.step(...)`, `self.envs.step(...)`, `train_env.step(...)`: the
// receiver's last name has a word that names an environment.
bool isEnvironmentStep(const Call& c) {
  if (c.method != "step" || !c.receiver) return false;
  std::string_view last = python::syntax::lastName(c.receiver);
  for (size_t start = 0; start <= last.size();) {
    size_t end = std::min(last.find('_', start), last.size());
    std::string word(last.substr(start, end - start));
    std::transform(word.begin(), word.end(), word.begin(), [](unsigned char ch) { return std::tolower(ch); });
    if (word == "env" || word == "envs" || word == "venv" || word == "environment" || word == "environments")
      return true;
    start = end + 1;
  }
  return false;
}

// An environment step in `n` whose arguments mention `name` (any name when empty) or contain `inner`.
bool stepsEnvironmentWith(const ScriptModel& m, ts::Node n, std::string_view name, ts::Node inner) {
  for (const Call& c : m.callsIn(n)) {
    if (!n.contains(c.node) || !isEnvironmentStep(c)) continue;
    ts::Node args = c.node.field("arguments");
    if (inner ? args.contains(inner) : python::syntax::containsName(args, name)) return true;
  }
  return false;
}

}  // namespace

bool feedsEnvironmentStep(const ScriptModel& m, ts::Node loop, ts::Node at) {
  ts::Node body = loop ? loop.field("body") : ts::Node();
  if (!body || !body.contains(at)) return false;
  ts::Node stmt = statementOf(at);
  if (stepsEnvironmentWith(m, stmt, "", at)) return true;
  // `actions = ...cpu().numpy()` (in a branch of an epsilon-greedy choice),
  // then `envs.step(actions)` after it in the pass.
  ts::Node assignment = stmt.is("expression_statement") && stmt.namedChildCount() == 1 ? stmt.namedChild(0) : ts::Node();
  if (!assignment || !assignment.is("assignment") || !assignment.field("right") ||
      !assignment.field("right").contains(at))
    return false;
  ts::Node left = assignment.field("left");
  std::vector<std::string_view> names;
  if (left.is("identifier")) names.push_back(left.text());
  else if (left.is("pattern_list") || left.is("tuple_pattern"))
    for (ts::Node e : left.namedChildren())
      if (e.is("identifier")) names.push_back(e.text());
  for (ts::Node s = stmt; s && !(s == body); s = s.parent()) {
    if (!s.parent() || !s.parent().is("block")) continue;
    for (ts::Node next = s.nextNamedSibling(); next; next = next.nextNamedSibling())
      for (std::string_view name : names)
        if (stepsEnvironmentWith(m, next, name, ts::Node())) return true;
  }
  return false;
}

bool insideLogCall(const ScriptModel& m, ts::Node n) {
  ts::Node stmt = statementOf(n);
  for (ts::Node p = n.parent(); p && !(p == stmt.parent()); p = p.parent())
    if (const Call* c = p.is("call") ? m.callAt(p) : nullptr; c && isLoggingCall(m, *c)) return true;
  return false;
}

}  // namespace gpulint::checks::host_sync
