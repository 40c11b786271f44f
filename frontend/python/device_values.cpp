// Which values live on the GPU (RULES.md "Device tensors"): a small,
// flow-approximate analysis of names within one function. A value may live on
// the GPU when it comes from a model or loss call, a `.to(device)`/`.cuda()`
// copy, a torch/TF op on such values, or a batch that a framework has moved
// already (Lightning step hooks, HF Trainer inputs). A loader batch that was
// not moved is a host tensor. Host values and unknown ones both answer null:
// rules stay silent when in doubt.
//
// This file answers where a value comes from; device_analysis.h lists the
// rest of the analysis.
#include <algorithm>
#include <cctype>
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "frontend/python/accelerate_api.h"
#include "frontend/python/device_analysis.h"
#include "frontend/python/device_asks.h"
#include "frontend/python/project_model.h"
#include "frontend/python/syntax.h"
#include "frontend/python/tensor_types.h"

namespace gpulint::python {

namespace {

using syntax::oneOf;

// Tensor methods whose result lives where their receiver lives.
bool preservesDevice(std::string_view m) {
  return oneOf(m, {"detach", "float", "half", "double", "long", "int", "bool", "bfloat16", "mean", "sum", "max",
                   "min", "argmax", "argmin", "view", "view_as", "reshape", "squeeze", "unsqueeze", "flatten",
                   "clone", "contiguous", "abs", "sqrt", "exp", "log", "pow", "softmax", "log_softmax", "sigmoid",
                   "eq", "ne", "gt", "lt", "ge", "le", "mul", "add", "sub", "div", "norm", "std", "var", "t",
                   "transpose", "permute", "masked_fill", "type", "type_as", "clamp", "round", "topk", "sort",
                   "prod", "cumsum", "cumprod", "cummax", "cummin", "logcumsumexp", "all", "any", "square", "neg",
                   "logits", "split", "chunk", "gather",
                   "squeeze_", "nan_to_num", "expand", "expand_as", "repeat", "float16", "requires_grad_", "byte",
                   "short", "char", "flip", "clip", "amax", "amin", "relu", "tanh", "floor", "ceil", "sign",
                   "narrow", "index_select", "masked_select", "masked_scatter", "where", "take", "take_along_dim",
                   "scatter", "scatter_add", "index_add", "index_copy", "index_fill", "log1p", "expm1", "exp2",
                   "reciprocal", "rsqrt", "sin", "cos", "erf", "logsumexp", "argsort", "nansum", "nanmean",
                   "median", "clamp_min", "clamp_max", "minimum", "maximum", "fmod", "remainder",
                   "logical_and", "logical_or", "logical_not", "logical_xor", "bitwise_and", "bitwise_or",
                   "bitwise_not", "isnan", "isinf", "isfinite", "trace", "diag", "diagonal", "tril", "triu",
                   "roll", "unfold", "movedim", "swapaxes", "unbind", "tile", "floor_divide", "true_divide",
                   "matmul", "mm", "bmm", "dot", "outer",
                   // `vae.encode(x).latent_dist.sample()`: a distribution's
                   // draw lives where its parameters live.
                   "sample", "rsample", "mode",
                   // `gt_boxes.new(b, n).fill_(-1)`: a new tensor on the receiver's device.
                   "new", "new_zeros", "new_ones", "new_full", "new_empty", "new_tensor"}) ||
         // In-place forms (`acc.mul_(2.0)`) return the receiver itself.
         (m.size() > 1 && m.back() == '_' && m[m.size() - 2] != '_' &&
          (preservesDevice(m.substr(0, m.size() - 1)) ||
           oneOf(m, {"copy_", "zero_", "fill_", "uniform_", "normal_", "clamp_min_", "clamp_max_", "masked_fill_",
                     "random_", "bernoulli_", "exponential_", "geometric_", "cauchy_", "log_normal_",
                     "index_fill_", "scatter_", "scatter_add_", "index_copy_", "index_add_", "put_", "resize_",
                     "resize_as_"})));
}

// Attributes of a tensor that are host values.
bool hostAttribute(std::string_view a) {
  return oneOf(a, {"shape", "dtype", "device", "ndim", "is_cuda", "requires_grad", "grad_fn", "names", "layout",
                   "is_leaf", "is_sparse", "training", "param_groups",
                   // No tensor has these: the object is a module, engine or
                   // output holding plain state (`unwrap_model(unet).config.in_channels`).
                   "config", "local_rank", "global_rank", "world_size"});
}

// Factory functions: on the host unless `device=` says otherwise.
bool isFactory(std::string_view last) {
  return oneOf(last, {"tensor", "as_tensor", "from_numpy", "zeros", "ones", "empty", "full", "rand", "randn",
                      "randint", "arange", "linspace", "eye", "randperm", "zeros_like", "ones_like", "empty_like",
                      "full_like", "rand_like", "randn_like", "logspace", "hann_window", "hamming_window",
                      "blackman_window", "bartlett_window", "kaiser_window", "tril_indices", "triu_indices"});
}

}  // namespace

// The expression is a host value whatever it is computed from: a copy to
// the host (`loss.item()`, `x.cpu().numpy()`), a Python number or string
// (`float(loss)`), a literal.
bool hostValue(ts::Node e) {
  e = syntax::unwrap(e);
  if (!e) return false;
  if (oneOf(e.type(), {"integer", "float", "string", "true", "false", "none"})) return true;
  if (!e.is("call")) return false;
  ts::Node callee = e.field("function");
  if (callee.is("identifier")) return oneOf(callee.text(), {"float", "int", "bool", "str", "len", "repr"});
  return callee.is("attribute") && oneOf(callee.field("attribute").text(), {"item", "tolist", "numpy", "cpu"});
}

// What a binding gives its name: `loss` in `loss, n = (loss.item(), n)` is
// bound to `loss.item()`.
ts::Node boundExpression(const DeviceAnalysis::Binding& b) {
  ts::Node v = syntax::unwrap(b.value);
  if (b.element < 0 || !v || !(v.is("tuple") || v.is("expression_list")) ||
      v.namedChildCount() != static_cast<uint32_t>(b.arity))
    return b.value;
  return v.namedChild(static_cast<uint32_t>(b.element));
}

std::vector<ReturnThroughCall>& returnsInProgress() {
  thread_local std::vector<ReturnThroughCall> stack;
  return stack;
}

ts::Node DeviceAnalysis::origin(ts::Node e, int depth) {
  if (!e || depth > kMaxDepth || ++visits_ > kBudget) return {};
  e = syntax::unwrap(e);
  std::string_view t = e.type();
  if (t == "identifier") return nameOrigin(e, depth);
  if (t == "attribute") {
    std::string_view attr = e.field("attribute").text();
    if (hostAttribute(attr)) return {};
    ts::Node obj = syntax::unwrap(e.field("object"));
    if (obj.is("identifier") && obj.text() == "self") return selfAttributeOrigin(e, depth);
    ts::Node o = origin(obj, depth + 1);
    // A module's attributes are its submodules, its parameters and plain
    // Python state (`engine.local_rank`, `model.config`): only the
    // parameters are tensors on its device. Asked only of objects on a GPU.
    if (o && !oneOf(attr, {"weight", "bias"}) && isModule(obj, depth + 1)) return {};
    if (!o && (obj.is("identifier") || obj.is("attribute"))) return instanceAttributeOrigin(obj, attr);
    // `batch.dict_key` of a batch moved with `.to(device)`: a field the
    // project's classes declare as `dict_key: str` stays a host value.
    if (o && m_.hostTypedField(attr)) return {};
    return o;
  }
  if (t == "subscript") {
    // `losses["d"]` of a dict filled key by key: what was stored under that key.
    ts::Node container = syntax::unwrap(e.field("value"));
    if (std::string key; container.is("identifier") && syntax::stringLiteral(e.field("subscript"), &key)) {
      const std::vector<ItemStore>& stores = itemStores(container, container.text());
      // A store under this key decides; `batch["labels"] = labels` into a
      // batch moved to the GPU leaves its other keys what the batch holds.
      bool keyed = std::any_of(stores.begin(), stores.end(), [&key](const ItemStore& s) {
        std::string k;
        return s.key && syntax::stringLiteral(s.key, &k) && k == key;
      });
      if (keyed) return itemStoreOrigin(container, container.text(), e.field("subscript"), depth);
      // `stats = {"iter": it, "seen": seen}` then `stats["iter"]`: the value under that key.
      if (auto b = m_.lastBinding(container); b && b->value && b->index < 0 && !b->conditional)
        if (ts::Node lit = syntax::unwrap(b->value); lit.is("dictionary"))
          for (ts::Node p : lit.namedChildren()) {
            std::string k;
            if (p.is("pair") && syntax::stringLiteral(p.field("key"), &k) && k == key)
              return origin(p.field("value"), depth + 1);
          }
      // `for k, v in batch.items(): batch[k] = v.to(device)` before the use: every key was rewritten.
      // The store must come after the name's last binding (a loop over batches rebinds it each pass).
      auto last = m_.lastBinding(container);
      uint32_t after = last && last->statement ? last->statement.begin() : 0;
      for (const ItemStore& st : stores)
        if (st.value.begin() < e.begin() && st.value.begin() > after && rewritesEveryItem(container.text(), st))
          if (ts::Node o = origin(st.value, depth + 1)) return o;
      // `kwargs["batch_size"]` of a `**kwargs` parameter: the keyword of that name only.
      std::vector<NameBinding> bound = m_.reachingBindings(container);
      if (bound.size() == 1 && bound.front().parameter) {
        catch_all_key_ = key;
        ts::Node o = origin(container, depth + 1);
        catch_all_key_.reset();
        return o;
      }
    }
    return origin(container, depth + 1);
  }
  if (t == "call") return callOrigin(e, depth);
  if (t == "binary_operator") {
    ts::Node l = syntax::unwrap(e.field("left")), r = syntax::unwrap(e.field("right"));
    if (l.is("string") || r.is("string")) return {};  // string formatting yields a host string
    if (ts::Node o = origin(l, depth + 1)) return o;
    return origin(r, depth + 1);
  }
  if (t == "unary_operator") return origin(e.field("argument"), depth + 1);
  if (t == "comparison_operator") {
    for (uint32_t i = 0; i < e.childCount(); ++i)
      if (!e.child(i).isNamed() && oneOf(e.child(i).type(), {"is", "in", "not", "is not", "not in"})) return {};
    return anyOf(e, depth);
  }
  if (t == "conditional_expression") {
    if (ts::Node o = origin(e.namedChild(0), depth + 1)) return o;
    return origin(e.namedChild(2), depth + 1);
  }
  if (t == "list" || t == "tuple" || t == "expression_list" || t == "set") return anyOf(e, depth);
  if (t == "dictionary") {
    for (ts::Node p : e.namedChildren())
      if (p.is("pair"))
        if (ts::Node o = origin(p.field("value"), depth + 1)) return o;
    return {};
  }
  if (t == "list_comprehension" || t == "set_comprehension" || t == "generator_expression" ||
      t == "dictionary_comprehension") {
    ts::Node body = e.field("body");
    if (body && body.is("pair")) body = body.field("value");
    return origin(body, depth + 1);
  }
  return {};
}

// Every value `e` may hold is a torchmetrics metric moved to a GPU in the
// chain that builds it (`RunningMean(window=8).to(dev)`): the placement call
// of the first; null otherwise.
ts::Node DeviceAnalysis::torchmetricsOnGpu(ts::Node e) const {
  std::vector<ts::Node> sources = m_.valueSources(e, /*all_paths=*/true);
  ts::Node first;
  for (ts::Node src : sources) {
    const ScriptModel& owner = m_.ownerOf(src);
    const Call* c = src.is("call") ? owner.callAt(src) : nullptr;
    const Call* placed = nullptr;
    while (c && c->receiver && oneOf(c->method, {"to", "cuda"})) {
      if (!placed && owner.movesModuleToGpu(*c)) placed = c;
      ts::Node r = syntax::unwrap(c->receiver);
      c = r.is("call") ? owner.callAt(r) : nullptr;
    }
    if (!c || !placed || !c->qualified.starts_with("torchmetrics.")) return {};
    if (!first) first = placed->node;
  }
  return first;
}

ts::Node DeviceAnalysis::anyOf(ts::Node e, int depth) {
  for (ts::Node c : e.namedChildren())
    if (ts::Node o = origin(c, depth + 1)) return o;
  return {};
}

namespace {

// An expression that holds a DataLoader: made by a `...DataLoader(...)` call,
// or named like one (`train_loader`, `dataloader`).
bool looksLikeLoader(const ScriptModel& m, ts::Node e) {
  e = syntax::unwrap(e);
  if (!e) return false;
  const Call* made = e.is("call") ? m.callAt(e) : m.madeByCall(e);
  if (made && (made->qualified.ends_with("DataLoader") || made->method.ends_with("DataLoader"))) return true;
  if (!e.is("identifier") && !e.is("attribute")) return false;
  std::string name(syntax::lastName(e));
  for (char& ch : name) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return name.find("loader") != std::string::npos;
}

// Where what `f` (of `owner`) returns for the call `c` of `from` lives: its
// parameters bound to the call's arguments. A generator returns no tensor.
ts::Node returnedOrigin(const ScriptModel* owner, const Function& f, const Call& c, const ScriptModel& from) {
  bool generator = false;
  AskThroughCall through(owner, f, c, &from);
  for (ts::Node r : owner->returnValues(f, &generator))
    if (ts::Node o = generator ? ts::Node() : owner->deviceOrigin(r)) return o;
  return {};
}

}  // namespace

bool placesLoaderBatches(const ScriptModel& m, const Call& c, int element) {
  if (!c.receiver || !(c.method == "prepare" || c.method == "setup_dataloaders") || c.has_star_args) return false;
  // `move_to_device=False`, `device_placement=[...]`: placement as asked, which we do not follow.
  if (c.keyword("move_to_device") || c.keyword("device_placement")) return false;
  if (!isAcceleratorObject(m, c.receiver)) return false;
  if (element < 0) return c.positional.size() == 1 && looksLikeLoader(m, c.positional[0]);
  return static_cast<size_t>(element) < c.positional.size() && looksLikeLoader(m, c.positional[element]);
}

ts::Node DeviceAnalysis::callOrigin(ts::Node n, int depth) {
  const Call* c = m_.callAt(n);
  if (!c) return {};
  const std::string& m = c->method;
  if (c->receiver) {
    if (oneOf(m, {"item", "tolist", "numpy", "cpu"})) return {};
    // Answers about the tensor, not its elements: `x.type()` with no
    // argument is the type's name (`'torch.cuda.FloatTensor'`), `size()`,
    // `dim()`, `get_device()` are host numbers read from the tensor's
    // metadata, with no copy from the device.
    if ((m == "type" && c->positional.empty() && c->keywords.empty()) ||
        oneOf(m, {"size", "dim", "ndimension", "numel", "nelement", "get_device", "element_size", "stride",
                  "is_contiguous", "data_ptr", "is_floating_point", "is_complex"}))
      return {};
    if (m == "cuda") return isModule(c->receiver, depth + 1) ? ts::Node() : n;
    if (m == "to") return toOrigin(*c, depth);
    // A dict's values hold what was put in it (`for k, v in losses.items()`:
    // a key is bound to nothing, see device_bindings.cpp); a namedtuple's
    // `_asdict()` is a dict of its fields.
    if (oneOf(m, {"items", "values", "_asdict"}) && c->positional.empty()) return origin(c->receiver, depth + 1);
    // `accelerator.gather(local)`: the collective's result is the argument's
    // values from every process, on the device (NCCL gathers GPU tensors);
    // not the Accelerator object's.
    if (oneOf(m, {"gather", "gather_for_metrics", "reduce", "pad_across_processes"}) && !c->positional.empty() &&
        isAcceleratorObject(m_, c->receiver)) {
      ts::Node o = origin(c->positional[0], depth + 1);
      return o ? o : n;
    }
    // `x.type(torch.cuda.FloatTensor)` (or an alias of it): a copy to the GPU.
    if (m == "type" && !c->positional.empty() && namesCudaTensorType(m_, c->positional[0])) return n;
    // `accelerator.clip_grad_norm_(model.parameters(), 1.0)` returns the
    // total norm, computed where the parameters live (torch's own
    // clip_grad_norm_ is `anyArgument` below).
    if (m == "clip_grad_norm_" && !c->positional.empty() && isAcceleratorObject(m_, c->receiver))
      return origin(c->positional[0], depth + 1);
    if (preservesDevice(m) && !isModule(c->receiver, depth + 1))
      if (ts::Node o = origin(c->receiver, depth + 1)) return o;
    // `net = net.train()` / `.eval()` (no tensor has these): the module
    // itself, where it was moved (`net = net.cuda()` of a model made by a
    // factory loaded with importlib).
    if (oneOf(m, {"train", "eval"}) && c->positional.size() <= 1 && c->keywords.empty())
      if (ts::Node o = origin(c->receiver, depth + 1)) return o;
    // A module's outputs and its parameters (clip_grad_norm_(model.parameters()) returns a device tensor);
    // `for name, p in model.named_parameters()` binds the name to nothing (device_bindings.cpp).
    if (oneOf(m, {"forward", "generate", "parameters", "named_parameters", "buffers", "named_buffers"}) &&
        isModule(c->receiver, depth + 1)) {
      // A project forward that only hands back host numbers (a chunked
      // step summing `.item()`s) makes no tensor.
      if (auto [owner, f] = m_.callTarget(*c); m == "forward" && f && returnsHostScalars(*owner, *f)) return {};
      return n;
    }
    // A module's own loss or coding method runs on its device (k-diffusion's
    // `model.loss(batch)`, `vae.encode(x)`).
    if ((syntax::containsWord(m, {"loss"}) || oneOf(m, {"encode", "decode"})) && isModule(c->receiver, depth + 1))
      return n;
    // Only a module has parameters: `model = model.cuda()` (a parameter of
    // unknown type, moved) then `model.parameters()` yields GPU tensors.
    if (oneOf(m, {"parameters", "named_parameters", "buffers", "named_buffers"}) && c->positional.empty() &&
        origin(c->receiver, depth + 1))
      return n;
    if (returnsGathered(*c)) return origin(c->positional[0], depth + 1);
    // `RankMean.apply(acc)` of a project torch.autograd.Function (an
    // all-reduce mean): what its forward(ctx, acc) returns, asked through the
    // call the model records for it at the `apply` name (spawned_calls.cpp).
    if (m == "apply" && c->callee.is("attribute"))
      if (const Call* forward = m_.callAt(c->callee.field("attribute")); forward && forward->method == "forward")
        if (auto [owner, f] = m_.callTarget(*forward); f) return returnedOrigin(owner, *f, *forward, m_);
    // A torchmetrics metric's states live on its device: `compute()` of one
    // moved to the GPU (`RunningMean(window=8).to(dev)`) returns a GPU tensor.
    if (m == "compute" && c->positional.empty())
      if (ts::Node placed = torchmetricsOnGpu(c->receiver)) return placed;
  }
  const std::string& q = c->qualified;
  if (q.starts_with("torch.") || q.starts_with("tensorflow.")) {
    // `nn.Parameter(points.requires_grad_(True))`: the tensor it wraps, where it lives.
    if (q == "torch.nn.Parameter" || q == "torch.nn.parameter.Parameter") {
      ts::Node data = c->positional.empty() ? c->keyword("data") : c->positional[0];
      return data ? origin(data, depth + 1) : ts::Node();
    }
    // An optimizer or scheduler holds the parameters, it is no tensor: its
    // `param_groups[0]["lr"]` is a host float.
    if (isModuleConstructor(q) || q.starts_with("torch.optim.")) return {};
    if (isFactory(m)) {
      if (ts::Node dev = c->keyword("device")) return placedOn(dev, n);
      if (m.ends_with("_like") && !c->positional.empty()) return origin(c->positional[0], depth + 1);
      return {};
    }
    return anyArgument(*c, depth);
  }
  // A helper of another project file (`acc1, acc5 = accuracy(output, target)`):
  // what it returns, asked of that file.
  if (auto [other, f] = m_.calledElsewhere(*c); f) {
    if (calledModule(*c, *f, depth)) return n;
    return returnedOrigin(other, *f, *c, m_);
  }
  // timm's metric helpers compute on the tensors they are given (deit, mae,
  // ConvNeXt and Swin all take `accuracy` from timm).
  if (oneOf(q, {"timm.utils.accuracy", "timm.utils.metrics.accuracy", "timm.utils.reduce_tensor",
                "timm.utils.distributed.reduce_tensor"}))
    return anyArgument(*c, depth);
  // apex's AMP runs on CUDA alone: the master parameters it keeps for an
  // optimizer are GPU tensors (`clip_grad_norm_(amp.master_params(opt))`).
  if (q == "apex.amp.master_params") return n;
  if (!q.empty()) return {};  // another library's function: unknown
  if (const Function* f = calledFunction(*c)) {
    if (calledModule(*c, *f, depth)) return n;
    AskThroughCall through(&m_, *f, *c, &m_);
    return returnOrigin(*f, depth);
  }
  if (ts::Node o = candidateMethodsOrigin(*c)) return o;
  if (c->callee.is("identifier")) {
    if (classNamed(m) || m_.functionNamed(m)) return {};  // constructs an object
    // `filter(lambda p: p.grad is not None, params)`: some of the iterable's items.
    if (m == "filter" && c->positional.size() == 2 && !c->has_star_args)
      return origin(c->positional[1], depth + 1);
    if (oneOf(m, {"tuple", "list", "sum", "abs", "min", "max", "sorted", "reversed"})) {
      // `sum(x * w for x in xs)`: the generator is the call's whole argument list.
      if (ts::Node gen = n.field("arguments"); gen && gen.is("generator_expression")) return origin(gen, depth + 1);
      return anyArgument(*c, depth);
    }
  }
  if (isModule(c->callee, depth + 1))
    return forwardReturnsHostScalars(m_, c->callee) || placedOnHost(c->callee) ? ts::Node() : n;
  // A tensor is not callable: a callee moved to a GPU (`model = model.cuda()`
  // of an untyped parameter) is a module there, and its output is on it.
  if (c->callee.is("identifier") && origin(c->callee, depth + 1)) return n;
  return {};
}

// `t, w = self.schedule_sampler.sample(n, device)` where the object may be
// any of several project classes whose `sample` differ (a factory picks one
// by name): no one method runs, but the values are on the GPU when every
// candidate's method returns GPU tensors. A candidate that returns host
// tensors (a debug sampler) or whose method is not found leaves it unknown.
ts::Node DeviceAnalysis::candidateMethodsOrigin(const Call& c) {
  if (!c.receiver || !c.qualified.empty() || !m_.definesMethod(c.method)) return {};
  std::vector<ScriptModel::ClassRef> classes = m_.instanceClasses(syntax::unwrap(c.receiver));  // a copy
  if (classes.size() < 2) return {};  // one class: boundMethod has answered
  ts::Node first;
  for (const auto& [model, cls] : classes) {
    auto [owner, f] = model->methodOf(*cls, c.method);
    if (!f) return {};
    bool generator = false;
    AskThroughCall through(owner, *f, c, &m_);
    ts::Node found;
    for (ts::Node r : owner->returnValues(*f, &generator))
      if (ts::Node o = generator ? ts::Node() : owner->deviceOrigin(r); o && !found) found = o;
    if (!found) return {};
    if (!first) first = found;
  }
  return first;
}

// `loss_dict = criterion(outputs, targets)`, `logits, loss = model(x, y)`:
// a module called runs its forward, and its outputs are on its device as
// `model.forward(x)`'s are (callOrigin), however that forward builds them.
bool DeviceAnalysis::calledModule(const Call& c, const Function& f, int depth) {
  if (f.name != "forward" || c.method == "forward" || !isModule(c.callee, depth + 1)) return false;
  const ScriptModel& owner = m_.ownerOf(f.node);
  return !returnsHostScalars(owner, f);
}

ts::Node DeviceAnalysis::anyArgument(const Call& c, int depth) {
  for (ts::Node a : c.positional)
    if (ts::Node o = origin(a, depth + 1)) return o;
  for (const auto& [k, v] : c.keywords)
    if (k != "device" && k != "dtype")
      if (ts::Node o = origin(v, depth + 1)) return o;
  return {};
}

// x.to(device), x.to("cuda"), x.to(torch.float16) (a dtype keeps x's place).
ts::Node DeviceAnalysis::toOrigin(const Call& c, int depth) {
  if (isModule(c.receiver, depth + 1)) return {};
  ts::Node dev = c.keyword("device");
  if (!dev && !c.positional.empty()) dev = c.positional[0];
  if (!dev) return origin(c.receiver, depth + 1);
  std::string q = m_.qualify(dev);
  if (q.starts_with("torch.") && q != "torch.device") return origin(c.receiver, depth + 1);  // a dtype
  return placedOn(dev, c.node);
}

namespace {

// `name` is bound to a tensor computation: arithmetic, a torch function, a
// tensor method, or a project helper returning one (`inter =
// pairwise_intersection(a, b)`); not an object that holds a device
// (`accelerator`, `model`, `args`), whose `.device` is the run's device.
bool computedTensor(const ScriptModel& m, ts::Node name, int depth) {
  auto binding = name.is("identifier") && depth < 3 ? m.lastBinding(name) : std::nullopt;
  ts::Node v = binding && !binding->conditional && binding->index < 0 ? syntax::unwrap(binding->value) : ts::Node();
  if (!v) return false;
  if (v.is("binary_operator")) return oneOf(v.field("operator").text(), {"+", "-", "*", "/", "@", "**", "//"});
  const Call* c = v.is("call") ? m.callAt(v) : nullptr;
  if (!c) return false;
  const std::string& q = c->qualified;
  if (q.starts_with("torch."))
    return !q.starts_with("torch.nn.") && !q.starts_with("torch.cuda.") && !q.starts_with("torch.optim.") &&
           q != "torch.device";
  if (c->receiver && q.empty() &&
      oneOf(c->method, {"sum", "mean", "prod", "clamp", "float", "half", "view", "reshape", "permute", "transpose",
                        "matmul", "softmax", "sigmoid", "exp", "log", "abs", "sqrt", "pow", "detach", "clone",
                        "contiguous", "squeeze", "unsqueeze", "flatten", "expand", "repeat", "masked_fill",
                        "argmax", "cumsum", "cumprod", "norm", "bmm", "mm"}))
    return true;
  auto [other, f] = m.callTarget(*c);
  if (!f) return false;
  bool generator = false;
  for (ts::Node r : other->returnValues(*f, &generator)) {
    r = syntax::unwrap(r);
    if (generator || !r.is("identifier") || !computedTensor(*other, r, depth + 1)) return false;
  }
  return !generator && !other->returnValues(*f, &generator).empty();
}

}  // namespace

// A tensor made or moved at `made` onto `dev`. `device=x.device` of a
// computed tensor `x` puts it where `x` is (as `zeros_like(x)`), which may
// be the host: one helper serves an evaluator's CPU boxes and the model's
// GPU ones.
ts::Node DeviceAnalysis::placedOn(ts::Node dev, ts::Node made) {
  dev = syntax::unwrap(dev);
  if (dev.is("attribute") && dev.field("attribute").text() == "device") {
    ts::Node of = syntax::unwrap(dev.field("object"));
    // Where `x` lives is a question of its own, as deep as any other (the
    // visit budget still bounds it): a beam-search buffer made at the end
    // of a long chain must still see the batch moved to the GPU.
    if (computedTensor(m_, of, 0)) return origin(of, 0) ? made : ts::Node();
  }
  return deviceKind(dev) > 0 ? made : ts::Node();
}

// 1: a CUDA device (or one the script may set to CUDA); -1: the host or
// another device.
int DeviceAnalysis::deviceKind(ts::Node dev) {
  dev = syntax::unwrap(dev);
  // `"cpu" if args.no_cuda else "cuda"`: a GPU device when either branch
  // makes it one (DESIGN.md, the GPU path), not a CPU one for naming "cpu".
  if (dev.is("conditional_expression") && dev.namedChildCount() == 3)
    return std::max(deviceKind(dev.namedChild(0)), deviceKind(dev.namedChild(2)));
  std::string s;
  if (dev.is("call") && m_.qualify(dev.field("function")) == "torch.device") {
    const Call* c = m_.callAt(dev);
    if (c && !c->positional.empty()) return deviceKind(c->positional[0]);
  }
  if (!syntax::stringLiteral(dev, &s)) {
    ResolvedValue v = m_.resolve(dev);
    if (v.kind == ResolvedValue::Kind::String) s = v.string_value;
    else if (v.kind == ResolvedValue::Kind::Int) return m_.mayRunOnGpu() ? 1 : -1;  // x.to(0): cuda:0
    else if (v.known()) return -1;
  }
  if (!s.empty()) return s.starts_with("cuda") ? 1 : -1;
  if (syntax::containsWord(dev.text(), {"cpu"})) return -1;
  if (int written = writtenDeviceKind(dev); written != 0) return written;
  return m_.mayRunOnGpu() ? 1 : -1;
}

int DeviceAnalysis::writtenDeviceKind(ts::Node dev) {
  dev = syntax::unwrap(dev);
  if (!dev || !(dev.is("identifier") || dev.is("attribute"))) return 0;
  // The device a source writes: `"cpu"`, `torch.device("cpu")`.
  auto written = [&](ts::Node src, std::string* name) {
    if (syntax::stringLiteral(src, name)) return true;
    const ScriptModel& home = m_.ownerOf(src);
    const Call* c = src.is("call") ? home.callAt(src) : nullptr;
    return c && c->qualified == "torch.device" && !c->positional.empty() && syntax::stringLiteral(c->positional[0], name);
  };
  int kind = 0;
  for (ts::Node src : m_.valueSources(dev, /*all_paths=*/true)) {
    std::string name;
    if (!written(src, &name)) return 0;
    kind = std::max(kind == 0 ? -1 : kind, name.starts_with("cuda") ? 1 : -1);
  }
  return kind;
}

bool ScriptModel::namesHostDevice(ts::Node dev) const {
  if (const ScriptModel& owner = ownerOf(dev); &owner != this) return owner.namesHostDevice(dev);
  CrossFileDepth guard;
  if (!guard.ok()) return false;
  return DeviceAnalysis(*this).writtenDeviceKind(dev) < 0;
}

bool DeviceAnalysis::placedOnHost(ts::Node module) {
  std::vector<ts::Node> sources = m_.valueSources(module, /*all_paths=*/true);
  if (sources.empty()) return false;
  for (ts::Node src : sources) {
    const ScriptModel& home = m_.ownerOf(src);
    const Call* c = src.is("call") ? home.callAt(src) : nullptr;
    if (!c || !c->receiver) return false;
    if (c->method == "cpu" && c->positional.empty()) continue;
    ts::Node dev = c->method == "to" && !c->positional.empty() ? c->positional[0] : ts::Node();
    if (!dev || &home != &m_ || deviceKind(dev) >= 0) return false;
  }
  return true;
}

ts::Node DeviceAnalysis::returnOrigin(const Function& f, int depth) {
  if (!active_.insert(f.node.begin()).second) return {};
  ts::Node found;
  for (ts::Node r : returnValues(f))
    if ((found = origin(r, depth + 1))) break;
  active_.erase(f.node.begin());
  return found;
}

ts::Node ScriptModel::deviceOrigin(ts::Node expr) const {
  if (const ScriptModel& owner = ownerOf(expr); &owner != this) return owner.deviceOrigin(expr);
  // A script that never uses a GPU (nor is imported by one that does) has no
  // device values (TF/Keras place tensors on the GPU implicitly).
  if (!mayRunOnGpu() && !importsModule("tensorflow") && !importsModule("keras")) return {};
  CrossFileDepth guard;
  if (!guard.ok()) return {};
  return DeviceAnalysis(*this).origin(expr, 0);
}

bool ScriptModel::movesModuleToGpu(const Call& placement) const {
  if (!mayRunOnGpu()) return false;
  if (placement.method == "cuda") return true;
  if (placement.method != "to" && placement.method != "to_empty") return false;
  ts::Node dev = placement.keyword("device");
  if (!dev && placement.method == "to" && !placement.positional.empty()) dev = placement.positional[0];
  if (!dev) return false;
  if (std::string q = qualify(dev); q.starts_with("torch.") && q != "torch.device") return false;  // a dtype
  return namesGpuDevice(dev);
}

bool ScriptModel::namesGpuDevice(ts::Node dev) const {
  if (!dev || !mayRunOnGpu()) return false;
  CrossFileDepth guard;
  if (!guard.ok()) return false;
  return DeviceAnalysis(*this).deviceKind(dev) > 0;
}

bool ScriptModel::isModuleExpression(ts::Node expr) const {
  if (const ScriptModel& owner = ownerOf(expr); &owner != this) return owner.isModuleExpression(expr);
  CrossFileDepth guard;  // a parameter asks its callers' files, whose parameters ask theirs
  if (!guard.ok()) return false;
  return DeviceAnalysis(*this).isModule(expr, 0);
}

// Where what a container holds comes from. With `key` (a string literal), only
// the stores under the same literal key count: `log["lr"]` of a dict that also
// holds `log["loss"] = loss` is the learning rate, not the loss.
// `name[k] = ...` in the body of `for k, v in name.items():` (or `for k in
// name:`), with `k` the loop's key: a store under every key the dict had.
bool DeviceAnalysis::rewritesEveryItem(std::string_view name, const ItemStore& store) {
  if (!store.key || !syntax::unwrap(store.key).is("identifier")) return false;
  for (ts::Node p = store.value.parent(); p && !syntax::isScope(p); p = p.parent()) {
    // Under an `if` in the loop only some keys are rewritten.
    if (!p.is("for_statement") && !p.is("assignment") && !p.is("expression_statement") && !p.is("block"))
      return false;
    if (!p.is("for_statement")) continue;
    ts::Node left = p.field("left"), right = syntax::unwrap(p.field("right"));
    ts::Node key = left && (left.is("pattern_list") || left.is("tuple_pattern")) ? left.namedChild(0) : left;
    if (!key || key.text() != syntax::unwrap(store.key).text()) return false;
    if (right.is("identifier")) return right.text() == name;
    ts::Node fn = right.is("call") ? right.field("function") : ts::Node();
    return fn && fn.is("attribute") && fn.field("attribute").text() == "items" && fn.field("object").text() == name;
  }
  return false;
}

ts::Node DeviceAnalysis::itemStoreOrigin(ts::Node use, std::string_view name, ts::Node key, int depth) {
  std::string wanted;
  bool by_key = key && syntax::stringLiteral(key, &wanted);
  for (const ItemStore& s : itemStores(use, name)) {
    if (std::string k; by_key && !(s.key && syntax::stringLiteral(s.key, &k) && k == wanted)) continue;
    if (ts::Node o = origin(s.value, depth + 1)) return o;
  }
  return {};
}

}  // namespace gpulint::python
