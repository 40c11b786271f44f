// DeviceAnalysis's origins of names: bindings, tuple elements, parameters (through callers) and backward passes.
#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/python/accelerate_api.h"
#include "frontend/python/device_analysis.h"
#include "frontend/python/device_asks.h"
#include "frontend/python/frequency.h"
#include "frontend/python/parameter_default.h"
#include "frontend/python/project_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

namespace {

using syntax::oneOf;

}  // namespace

namespace {

// The element at `index` of a returned `x, y` of `arity` elements; null when
// the return has another shape.
ts::Node returnedElement(ts::Node returned, int index, int arity) {
  ts::Node r = syntax::unwrap(returned);
  if (!(r.is("expression_list") || r.is("tuple") || r.is("list"))) return {};
  std::vector<ts::Node> values;
  for (ts::Node v : r.namedChildren())
    if (!v.is("comment")) values.push_back(v);
  return static_cast<int>(values.size()) == arity ? values[static_cast<size_t>(index)] : ts::Node();
}

}  // namespace

// `a, b = helper(...)`: what the helper returns at b's position when every
// return has that shape; else (a returned tuple variable, a library call)
// what the whole right side comes from.
namespace {

// The element of a tuple or list literal that a collective (`gather`,
// `gather_for_metrics`, `pad_across_processes`, `reduce`) is handed and that
// target `b` unpacks; null when the call is another or the shapes differ.
ts::Node gatheredElement(const Call& c, const DeviceAnalysis::Binding& b) {
  if (b.element < 0 || !c.receiver || !returnsGathered(c)) return {};
  ts::Node packed = syntax::unwrap(c.positional[0]);
  if (!packed.is("tuple") && !packed.is("list")) return {};
  std::vector<ts::Node> elements;
  for (ts::Node e : packed.namedChildren()) {
    if (e.is("comment")) continue;
    if (e.is("list_splat")) return {};
    elements.push_back(e);
  }
  if (static_cast<int>(elements.size()) != b.arity || b.element >= b.arity) return {};
  return elements[static_cast<size_t>(b.element)];
}

}  // namespace

ts::Node DeviceAnalysis::elementOrigin(const Binding& b, int depth) {
  ts::Node v = syntax::unwrap(b.value);
  const Call* c = v.is("call") ? m_.callAt(v) : nullptr;
  if (!c) return origin(b.value, depth + 1);
  // `gen, gold = accelerator.gather_for_metrics((gen, gold))`: a gather hands
  // back the structure it is given, element by element (`gen` stays the
  // generate() output it was, not the batch beside it).
  if (ts::Node e = gatheredElement(*c, b); e) return origin(e, depth + 1);
  // `edge_index, _, size = adj.to(device)`: what unpacks is an object whose
  // to() moves its tensor fields and hands back the rest (PyG's Adj keeps
  // `size`, a tuple of ints): which element is a tensor is unknown.
  if (c->receiver && (c->method == "to" || c->method == "cuda") && !b.stmt.is("for_statement")) return {};
  // `for step, batch in enumerate(loader)`: the count is a host int; the item
  // is asked of the iterable only for a prepared loader's batches
  // (bindingOrigin), as an enumerate() of anything else was before its
  // targets were told apart.
  if (b.stmt.is("for_statement") && c->method == "enumerate" && c->callee.is("identifier")) return {};
  auto [other, f] = m_.calledElsewhere(*c);
  const ScriptModel* owner = f ? other : &m_;
  if (!f) f = calledFunction(*c);
  if (!f || calledModule(*c, *f, depth)) return origin(b.value, depth + 1);  // `logits, loss = model(x, y)`
  bool generator = false;
  std::vector<ts::Node> elements;
  for (ts::Node r : owner->returnValues(*f, &generator)) {
    ts::Node e = returnedElement(r, b.element, b.arity);
    if (!e || generator) return origin(b.value, depth + 1);
    elements.push_back(e);
  }
  AskThroughCall through(owner, *f, *c, &m_);
  for (ts::Node e : elements)
    if (ts::Node o = owner == &m_ ? origin(e, depth + 1) : owner->deviceOrigin(e)) return o;
  return {};
}

ts::Node DeviceAnalysis::nameOrigin(ts::Node id, int depth) {
  std::string_view name = id.text();
  // A comprehension variable: an element of what it iterates.
  for (ts::Node p : id.ancestorWalk()) {
    if (syntax::isScope(p)) break;
    if (p.is("list_comprehension") || p.is("set_comprehension") || p.is("generator_expression") ||
        p.is("dictionary_comprehension"))
      for (ts::Node clause : p.namedChildren())
        if (clause.is("for_in_clause") && syntax::containsName(clause.field("left"), name)) {
          // `{f"{k}_unscaled": v for k, v in losses.items()}`: `k` is a key.
          if (ts::Node key = dictKeyTarget(clause); key && key.text() == name) return {};
          if (iteratesKeys(clause.field("right"))) return {};  // `[f"{k}" for k in losses]`
          // `{t["image_id"].item(): r for t, r in zip(targets, results)}`: `t` is an element of `targets`.
          for (const auto& [target, sequence] : syntax::zipTargets(clause))
            if (target.text() == name) return origin(sequence, depth + 1);
          return origin(clause.field("right"), depth + 1);
        }
  }
  // `for k in batch: batch[k] = batch[k].to(device)` before this use (and
  // after the name's last binding): every item the container holds moved.
  if (const std::vector<ItemStore>& stores = itemStores(id, name); !stores.empty()) {
    auto last = m_.lastBinding(id);
    uint32_t after = last && last->statement ? last->statement.begin() : 0;
    for (const ItemStore& st : stores)
      if (st.value.begin() < id.begin() && st.value.begin() > after && rewritesEveryItem(name, st))
        if (ts::Node o = origin(st.value, depth + 1)) return o;
  }
  const Function* fn = nullptr;
  ts::Node param;
  std::vector<Binding> all = bindingsFor(id, &fn, &param);
  bool bound_before = false;
  const Binding* latest = nullptr;
  // Bindings of a branch the default options skip (`else:` of `if not
  // args.paired:`) last: the origin a message names is the default run's,
  // and any path still counts when the default one has none.
  std::vector<const Binding*> order = reaching(all, id);
  if (order.size() > 1)
    std::stable_partition(order.begin(), order.end(), [&](const Binding* b) { return !inBranchOffByDefault(m_, b->stmt); });
  for (const Binding* b : order) {
    bound_before = bound_before || b->at <= id.begin();
    if (ts::Node o = bindingOrigin(*b, all, id, depth)) return o;
    // `loss += aux(...)`: the value the name held before the update.
    const Binding* made = b;
    for (int hop = 0; made && made->augmented && hop < 8; ++hop) {
      std::vector<const Binding*> before = reaching(all, id, made->stmt.begin());
      made = before.size() == 1 ? before.front() : nullptr;
    }
    if (!latest && made && !made->augmented) latest = made;
  }
  // A name the function backpropagates through is a GPU loss, unless the
  // binding that reaches this use made it a host value (`loss = loss.item()`).
  if (latest && !hostValue(boundExpression(*latest)) && backpropagatedIn(id)) return latest->value;
  if (bound_before || !fn || !param) return {};
  return parameterOrigin(*fn, name, param, depth);
}

// The function backpropagates through the value `id` names (`loss.backward()`,
// `scaler.scale(loss).backward()`, `accelerator.backward(loss)`): a loss that
// autograd differentiates lives where the model's parameters do, on the GPU
// in a script that trains there, however the project helper computing it
// (`diffusion.training_losses(...)`) is written.
bool DeviceAnalysis::backpropagatedIn(ts::Node id) {
  // On the GPU path (DESIGN.md): the file places work on a GPU itself, or a
  // file that does imports it (a losses module whose step closure the
  // training script calls).
  if (!m_.mayRunOnGpu()) return false;
  return backpropagates(m_.enclosingFunction(id), id.text(), 0);
}

// `f` runs backward through its name `name`, itself or in a project function
// it hands the name to (`_backward(loss)` where `def _backward(_loss):` runs
// `_loss.backward()`), one call deep.
bool DeviceAnalysis::backpropagates(const Function* f, std::string_view name, int depth) {
  for (const Call* c : m_.callsNamedIn("backward", f)) {
    ts::Node subject = c->receiver ? syntax::unwrap(c->receiver) : ts::Node();
    if (subject && subject.is("call")) {  // scaler.scale(loss).backward()
      const Call* scale = m_.callAt(subject);
      subject = scale && scale->method == "scale" && !scale->positional.empty() ? syntax::unwrap(scale->positional[0])
                                                                                 : ts::Node();
    } else if (subject && !c->positional.empty() && syntax::containsWord(subject.text(), {"accelerator", "fabric"})) {
      subject = syntax::unwrap(c->positional[0]);  // accelerator.backward(loss)
    }
    if (subject && subject.is("identifier") && subject.text() == name) return true;
  }
  if (depth > 0 || !f) return false;
  for (const Call& c : m_.callsIn(f->node)) {
    if (c.function != f) continue;
    bool passes = false;  // cheap text test before resolving the callee
    for (ts::Node a : c.positional) passes = passes || syntax::unwrap(a).text() == name;
    for (const auto& kw : c.keywords) passes = passes || syntax::unwrap(kw.second).text() == name;
    const Function* g = passes ? calledFunction(c) : nullptr;
    if (!g || g == f) continue;
    for (const std::string& p : g->parameters)
      if (ts::Node a = m_.argumentFor(c, *g, p); a && syntax::unwrap(a).text() == name && backpropagates(g, p, depth + 1))
        return true;
  }
  return false;
}

namespace {

ts::Node preparedLoader(const ScriptModel& m, ts::Node e, int depth = 0);

// A project function `c` calls that returns prepared loaders (`def
// get_loaders(fabric, ...): ...; return fabric.setup_dataloaders(a, b)` or
// the names bound to it): the prepare call behind what it returns at
// position `index` (-1: the whole value), on every return; null otherwise.
ts::Node preparedByHelper(const ScriptModel& m, const Call& c, int index, int depth) {
  auto [owner, f] = m.callTarget(c);
  if (!f || depth > 2) return {};
  bool generator = false;
  const std::vector<ts::Node>& returned = owner->returnValues(*f, &generator);
  if (generator) return {};
  ts::Node first;
  for (ts::Node r : returned) {
    r = syntax::unwrap(r);
    int asked = index;
    if (asked >= 0 && r && (r.is("tuple") || r.is("expression_list"))) {  // `return train_loader, val_loader`
      if (r.namedChildCount() <= static_cast<uint32_t>(asked)) return {};
      r = syntax::unwrap(r.namedChild(static_cast<uint32_t>(asked)));
      asked = -1;
    }
    ts::Node prepared;
    if (r && r.is("call")) {
      const Call* rc = owner->callAt(r);
      prepared = rc && placesLoaderBatches(*owner, *rc, asked) ? r : ts::Node();
    } else if (r && r.is("identifier") && asked < 0) {
      prepared = preparedLoader(*owner, r, depth + 1);
    }
    if (!prepared) return {};
    if (!first) first = prepared;
  }
  return first;
}

// The prepare call through which `e` (the call itself, a name bound to one
// on every path, or to a project function returning one) has its loader's
// batches put on the device; null otherwise.
ts::Node preparedLoader(const ScriptModel& m, ts::Node e, int depth) {
  e = syntax::unwrap(e);
  if (!e) return {};
  if (e.is("call")) {
    const Call* c = m.callAt(e);
    return c && placesLoaderBatches(m, *c, -1) ? e : ts::Node();
  }
  if (!e.is("identifier")) return {};
  std::vector<NameBinding> bound = m.reachingBindings(e);
  ts::Node first;
  for (const NameBinding& nb : bound) {
    ts::Node v = nb.parameter || !nb.value ? ts::Node() : syntax::unwrap(nb.value);
    const Call* c = v && v.is("call") ? m.callAt(v) : nullptr;
    if (!c) return {};
    ts::Node prepared = placesLoaderBatches(m, *c, nb.index) ? v : preparedByHelper(m, *c, nb.index, depth);
    if (!prepared) return {};
    if (!first) first = prepared;
  }
  return first;
}

}  // namespace

// The loop walks a loader accelerate or Fabric prepared (`loader =
// fabric.setup_dataloaders(loader)`, `model, opt, loader =
// accelerator.prepare(...)`): its batches arrive on the device, though the
// loader itself is no tensor. Also a parameter every caller hands such a
// loader (`def fit(fabric, model, train_loader): for batch in
// train_loader:`). The prepare call, or null.
ts::Node DeviceAnalysis::preparedBatches(ts::Node iterable) {
  iterable = syntax::unwrap(iterable);
  if (ts::Node prepared = preparedLoader(m_, iterable)) return prepared;
  // `for batch in Cycle(loader)` / `iter(loader)`: the wrapped loader's batches.
  if (const Call* c = iterable && iterable.is("call") ? m_.callAt(iterable) : nullptr)
    if (ts::Node inner = m_.iteratedArgument(*c)) return preparedBatches(inner);
  if (!iterable || !iterable.is("identifier")) return {};
  std::vector<NameBinding> bound = m_.reachingBindings(iterable);
  const Function* f = bound.size() == 1 && bound.front().parameter ? m_.functionAt(bound.front().scope) : nullptr;
  if (!f) return {};
  std::string_view name = iterable.text();
  int position = parameterPosition(*f, name);
  std::vector<std::pair<const ScriptModel*, const Call*>> sites;
  for (const Call* c : m_.argumentSources(*f))
    if (!f->node.contains(c->node)) sites.emplace_back(&m_, c);
  if (const ProjectModel* project = m_.project())
    for (const ProjectCall& pc : project->callersOf(*f)) sites.emplace_back(pc.model, pc.call);
  ts::Node first;
  for (const auto& [model, c] : sites) {
    ts::Node arg = c->argument(name, position);
    ts::Node prepared = arg ? preparedLoader(*model, arg) : ts::Node();
    if (!prepared) return {};
    if (!first) first = prepared;
  }
  return first;
}

ts::Node DeviceAnalysis::bindingOrigin(const Binding& b, const std::vector<Binding>& all, ts::Node id, int depth) {
  if (b.stmt.is("for_statement") && b.element != 0) {
    ts::Node it = syntax::unwrap(b.value);
    const Call* wrap = b.element == 1 && it && it.is("call") ? m_.callAt(it) : nullptr;
    if (wrap && wrap->method == "enumerate" && !wrap->positional.empty()) it = wrap->positional[0];
    if (ts::Node prepared = preparedBatches(it)) return prepared;
  }
  // `batch = next(it)` with `it = iter(loader)` or `Cycle(loader)`.
  if (b.stmt.is("assignment"))
    if (ts::Node drawn = m_.drawnIterable(b.value))
      if (ts::Node prepared = preparedBatches(drawn)) return prepared;
  // `for key in metrics:` over a dict binds its keys, never a device value.
  if (b.stmt.is("for_statement") && b.element < 0 && syntax::unwrap(b.stmt.field("left")).is("identifier") &&
      iteratesKeys(b.value))
    return {};
  if (!active_.insert(b.value.begin()).second) return {};
  ts::Node o = b.element >= 0 ? elementOrigin(b, depth) : origin(b.value, depth + 1);
  // An empty or literal container filled afterwards holds what was put in it
  // (`loss_dict = {}` then `loss_dict["g"] = g_loss`).
  if (!o && b.element < 0 && !b.augmented && syntax::isContainerLiteral(b.value))
    o = itemStoreOrigin(id, id.text(), {}, depth);
  if (!o && b.augmented)  // x += y keeps what x was before
    for (const Binding* prev : reaching(all, id, b.stmt.begin()))
      if ((o = bindingOrigin(*prev, all, id, depth + 1))) break;
  active_.erase(b.value.begin());
  return o;
}

namespace {

// What a call passes to parameter `name` of `f`: the argument bound to it,
// or, for the `**kwargs` catch-all, every keyword no named parameter takes
// and every `**mapping` splatted in (`meters.update(acc=acc)`,
// `meters.update(**loss_dict)`).
// With `key` (`kwargs["batch_size"]`), only the keyword of that name: a
// splatted mapping may or may not hold it, so it adds nothing.
std::vector<ts::Node> passedTo(const Function& f, const Call& c, std::string_view name, int index, bool catch_all,
                               const std::optional<std::string>& key) {
  if (!catch_all) {
    ts::Node arg = c.argument(name, index);
    return arg ? std::vector<ts::Node>{arg} : std::vector<ts::Node>{};
  }
  std::vector<ts::Node> out;
  for (const auto& [keyword, value] : c.keywords)
    if (key ? keyword == *key : std::find(f.parameters.begin(), f.parameters.end(), keyword) == f.parameters.end())
      out.push_back(value);
  if (c.has_star_kwargs && !key)
    if (ts::Node args = c.node.field("arguments"))
      for (ts::Node a : args.namedChildren())
        if (a.is("dictionary_splat") && a.namedChildCount() == 1) out.push_back(a.namedChild(0));
  return out;
}

// A forward parameter the collator fills with a tensor (`input_ids`,
// `attention_mask`, `labels`, `pixel_values`, `images`), not a mode flag
// (`return_dict`, `use_cache`, `output_attentions`) nor a cache
// (`past_key_values`): named after batch data, with no literal default.
bool batchTensorParameter(std::string_view name, ts::Node param) {
  if (name.find("past") != std::string_view::npos || name.starts_with("output") || name.starts_with("return") ||
      name.starts_with("use_"))
    return false;
  bool data_name = false;
  for (std::string_view word : {"input", "ids", "mask", "label", "pixel", "image", "embeds", "feature", "target",
                                "token", "audio", "video", "values"})
    data_name = data_name || name.find(word) != std::string_view::npos;
  if (!data_name) return false;
  ts::Node holder = param ? param.parent() : ts::Node();
  ts::Node value = holder && (holder.is("default_parameter") || holder.is("typed_default_parameter"))
                       ? syntax::unwrap(holder.field("value"))
                       : ts::Node();
  return !value || value.is("none");
}

}  // namespace

ts::Node DeviceAnalysis::parameterOrigin(const Function& f, std::string_view name, ts::Node param, int depth) {
  size_t index = 0;
  while (index < f.parameters.size() && f.parameters[index] != name) ++index;
  size_t first = f.owner && !f.parameters.empty() && f.parameters[0] == "self" ? 1 : 0;
  if (f.owner) {
    // Lightning moves the batch to the GPU before its step hooks run; the HF
    // Trainer does the same for `inputs`.
    if (f.owner->is_lightning_module && index == first &&
        oneOf(f.name, {"training_step", "validation_step", "test_step", "predict_step"}))
      return param;
    // Lightning 1.x hands `training_step_end` what `training_step` returned.
    if (f.owner->is_lightning_module && index == first &&
        oneOf(f.name, {"training_step_end", "validation_step_end", "test_step_end"}))
      if (const Function* step = m_.functionNamed(f.owner->name + "." + f.name.substr(0, f.name.size() - 4)))
        for (ts::Node r : returnValues(*step))
          if (origin(r, depth + 1)) return r;  // what the step returned, as a whole
    for (const auto& b : f.owner->bases)
      if (b.ends_with("Trainer") && name == "inputs" &&
          oneOf(f.name, {"training_step", "compute_loss", "prediction_step"}))
        return param;
    // The forward of a model handed to the HF Trainer gets the collated
    // batch's tensors as keywords, which the Trainer has moved to the GPU.
    if (f.name == "forward" && index >= first && index < f.parameters.size() && batchTensorParameter(name, param) &&
        m_.libraryTrainerRuns(f))
      return param;
  }
  bool catch_all = param.parent() && param.parent().is("dictionary_splat_pattern");
  std::optional<std::string> keyword = std::exchange(catch_all_key_, std::nullopt);
  int position = static_cast<int>(index) - static_cast<int>(first);
  // Asked through one call: the parameter holds that call's argument only.
  std::vector<ReturnThroughCall>& asks = returnsInProgress();
  for (size_t i = asks.size(); i-- > 0;) {
    if (asks[i].callee_model != &m_ || asks[i].function != f.node.begin()) continue;
    ReturnThroughCall ask = asks[i];
    // The argument is the caller's expression, asked in the caller's own
    // context (without this call and the ones it opened); none: the default, unknown.
    AskInCaller in_caller(i);
    for (ts::Node arg : passedTo(f, *ask.call, name, position, catch_all, keyword))
      if (ts::Node o = ask.caller_model == &m_ ? origin(arg, depth + 1) : ask.caller_model->deviceOrigin(arg)) return o;
    return {};
  }
  // Object state set from a method's argument: what the calls on the object
  // asked about pass, else (which object's?) unknown.
  if (ObjectStateQuestion::open() && f.owner && f.name != "__init__")
    return instanceArgumentOrigin(f, name, position, catch_all, keyword, depth);
  // Otherwise a parameter holds whatever any caller in this file passes.
  uint32_t key = f.node.field("parameters").begin();
  if (!active_.insert(key).second) return {};
  ts::Node found;
  for (const Call* c : m_.argumentSources(f)) {
    for (ts::Node arg : passedTo(f, *c, name, position, catch_all, keyword))
      if ((found = origin(arg, depth + 1))) break;
    if (found) break;
  }
  // Callers in other files: what they pass, asked of their file.
  if (const ProjectModel* project = m_.project(); project && !found)
    for (const ProjectCall& pc : project->callersOf(f)) {
      for (ts::Node arg : passedTo(f, *pc.call, name, position, catch_all, keyword))
        if ((found = pc.model->deviceOrigin(arg))) break;
      if (found) break;
    }
  active_.erase(key);
  return found;
}

// `top.add(acc, n)` then `top.total` (`self.total += v * n` in `add`): the
// parameter holds what the calls of the method on that same object pass,
// made where the object is named (the same function for a local name, any
// method of the class for `self.meter`).
ts::Node DeviceAnalysis::instanceArgumentOrigin(const Function& f, std::string_view name, int position,
                                                bool catch_all, const std::optional<std::string>& keyword,
                                                int depth) {
  const AskedInstance* asked = ObjectStateQuestion::instance();
  if (!asked || std::find(asked->classes.begin(), asked->classes.end(), f.owner) == asked->classes.end())
    return {};  // no named object, or `self` of another class
  const ScriptModel& caller = *asked->model;
  ts::Node receiver = syntax::unwrap(asked->receiver);
  const Function* scope = caller.enclosingFunction(receiver);
  bool self_attribute = receiver.is("attribute") && receiver.field("object").text() == "self";
  if (self_attribute && (!scope || !scope->owner)) return {};
  for (const Call* c : caller.callsNamed(f.name)) {
    if (!c->receiver || syntax::unwrap(c->receiver).text() != receiver.text()) continue;
    if (self_attribute ? !c->function || c->function->owner != scope->owner : c->function != scope) continue;
    for (ts::Node arg : passedTo(f, *c, name, position, catch_all, keyword))
      if (ts::Node o = &caller == &m_ ? origin(arg, depth + 1) : caller.deviceOrigin(arg)) return o;
  }
  return {};
}

}  // namespace gpulint::python
