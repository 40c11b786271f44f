// Which expressions name a model or loss module (ScriptModel::isModuleExpression):
// calling one yields device values. Also the project definitions the device
// analysis looks up (classes, functions, their returns, `self.x` assignments).
#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "frontend/name_match.h"
#include "frontend/python/device_analysis.h"
#include "frontend/python/project_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

namespace {

using syntax::oneOf;

// A model or loss built by code we cannot see (`model = GPT(config)`): its
// name is the only hint left.
bool nameLooksLikeModule(std::string_view name) {
  // Verbs name functions that take or return a model (`accelerator.unwrap_model(m)`), not modules.
  for (std::string_view verb : {"build_", "get_", "create_", "make_", "load_", "unwrap_", "save_", "init_", "setup_"})
    if (name.starts_with(verb)) return false;
  names::Lowered lowered(name);
  if (!lowered.fits()) return false;
  std::string_view s = lowered.view();
  // "...model", "model_...", "...net" (unet, net_, _net), "...criterion...".
  if (s.ends_with("model") || s.starts_with("model_") || s.ends_with("net") ||
      s.find("criterion") != std::string_view::npos)
    return true;
  return names::isAny(s, {"network", "encoder", "decoder", "classifier", "backbone", "generator", "discriminator",
                          "critic", "actor", "policy", "teacher", "student", "vae", "transformer", "loss_fn",
                          "loss_func", "lossfn", "loss_function", "loss_fct", "loss_module", "lossfunc", "net_g",
                          "net_d", "netg", "netd"});
}

}  // namespace

namespace {

// `lm, opt, loader = accelerator.prepare(lm, opt, loader)` (or Fabric's
// `setup(model, optimizer)`): the call hands back its arguments in order, so
// the target at position k is what argument k was. Null otherwise.
ts::Node preparedArgument(const DeviceAnalysis::Binding& b, ts::Node value) {
  if (b.element < 0 || !value.is("call")) return {};
  ts::Node fn = value.field("function");
  if (!fn.is("attribute") || !syntax::oneOf(fn.field("attribute").text(), {"prepare", "setup"})) return {};
  std::vector<ts::Node> args;
  for (ts::Node a : value.field("arguments").namedChildren()) {
    if (a.is("comment")) continue;
    if (!a.is("identifier") && !a.is("attribute")) return {};  // keywords, splats: positions unknown
    args.push_back(a);
  }
  return static_cast<int>(args.size()) == b.arity && b.element < b.arity ? args[static_cast<size_t>(b.element)]
                                                                          : ts::Node();
}

}  // namespace

bool DeviceAnalysis::isModule(ts::Node e, int depth) {
  if (!e || depth > kMaxDepth || ++visits_ > kBudget) return false;
  e = syntax::unwrap(e);
  if (e.is("identifier")) {
    std::string_view name = e.text();
    if (name == "self") {
      ts::Node cls = syntax::ancestor(e, {"class_definition"});
      return cls && classIsModule(classAt(cls), 0);
    }
    if (!m_.qualify(e).empty() || classNamed(name) || m_.functionNamed(name)) return false;
    // `for blk in self.blocks:`: an element of a ModuleList or Sequential.
    if (ts::Node sequence = m_.walkedSequence(e); sequence && isModule(sequence, depth + 1)) return true;
    const Function* fn = nullptr;
    ts::Node param;
    std::vector<Binding> all = bindingsFor(e, &fn, &param);
    bool bound_before = false;
    for (const Binding* b : reaching(all, e)) {
      bound_before = bound_before || b->at <= e.begin();
      ts::Node v = syntax::unwrap(b->value);
      bool unpacked = b->stmt.is("for_statement") || !directTarget(b->stmt, name);
      if (unpacked ? nameLooksLikeModule(name) : isModule(v, depth + 1)) return true;
      if (unpacked && preparedArgument(*b, v) && isModule(preparedArgument(*b, v), depth + 1)) return true;
      // `model = GPT(config)`, `net = build_model(cfg)` with the class or
      // builder imported from elsewhere: the name tells.
      const Call* c = !unpacked && v.is("call") ? m_.callAt(v) : nullptr;
      if (c && !c->qualified.empty() && !c->qualified.starts_with("torch.") && nameLooksLikeModule(name))
        return true;
    }
    if (all.empty() && nameLooksLikeModule(name)) return true;
    return !bound_before && fn && param && parameterIsModule(*fn, name, depth);
  }
  if (e.is("attribute")) {
    ts::Node obj = syntax::unwrap(e.field("object"));
    std::string_view attr = e.field("attribute").text();
    if (obj.is("identifier") && obj.text() == "self") {
      if (ts::Node v = selfAssignment(e)) return isModule(v, depth + 1);
      // `self.D = Critic(5)` in one branch and `Critic(13)` in another: a
      // module when every value the class assigns is one.
      ts::Node cls = syntax::ancestor(e, {"class_definition"});
      std::vector<ts::Node> values = cls ? m_.attributeValues(cls, e.text()) : std::vector<ts::Node>{};  // a copy
      if (values.size() > 1 && std::all_of(values.begin(), values.end(),
                                           [&](ts::Node v) { return isModule(v, depth + 1); }))
        return true;
    }
    if (nameLooksLikeModule(attr)) return true;
    // Submodules of a module (`ddp_model.module`, `model.head`); not its
    // methods (`model.state_dict`), and not `df.head`.
    if (oneOf(attr, {"module", "head", "fc", "lm_head", "heads"})) return isModule(obj, depth + 1);
    return projectSubmodule(obj, attr, depth);
  }
  // `self.blocks[0]`, `self.heads[name]`: an element of a module container
  // (indexing a module that is no container fails at run time).
  if (e.is("subscript")) {
    ts::Node container = syntax::unwrap(e.field("value"));
    return (container.is("attribute") || container.is("identifier")) && isModule(container, depth + 1);
  }
  if (!e.is("call")) return false;
  const Call* c = m_.callAt(e);
  if (!c) return false;
  if (isModuleConstructor(c->qualified)) return true;
  // `torch.hub.load("repo", "DepthNet")` builds the entry point's model;
  // an entry named for a tokenizer or processor builds none.
  if (c->qualified == "torch.hub.load") {
    std::string entry;
    ts::Node named = c->positional.size() > 1 ? c->positional[1] : c->keyword("model");
    return !(named && syntax::stringLiteral(named, &entry) && syntax::namesPreprocessorClass(entry));
  }
  // `AutoModel.from_pretrained(...)` builds a module; `AutoTokenizer.from_pretrained(...)` a preprocessor.
  if (c->method == "from_pretrained")
    return !(c->receiver && syntax::namesPreprocessorClass(syntax::lastName(c->receiver)));
  // Placement and mode methods return the module; peft's merge_and_unload(),
  // unload() and get_base_model() return the base model, where it was placed.
  if (c->receiver && oneOf(c->method, {"to", "cuda", "half", "float", "bfloat16", "double", "train", "eval",
                                       "merge_and_unload", "unload", "get_base_model"}))
    return isModule(c->receiver, depth + 1);
  // Wrappers that hand one module back: Fabric's `setup_module(model)` or
  // `setup(model)`, accelerate's `prepare_model(model)` or `prepare(model)`.
  if (c->receiver && c->positional.size() == 1 &&
      oneOf(c->method, {"setup_module", "setup", "prepare_model", "prepare"}))
    return isModule(c->positional[0], depth + 1);
  if (c->callee.is("identifier"))
    if (const ClassDef* cls = classNamed(c->method)) return classIsModule(cls, 0);
  // A module class of another project file (`DistillLoss(...)` imported from losses.py).
  if (auto [other, cls] = m_.constructedClass(*c); cls && other != &m_)
    return DeviceAnalysis(*other).classIsModule(cls, 0);
  if (const Function* f = calledFunction(*c))
    for (ts::Node r : returnValues(*f))
      if (isModule(r, depth + 1)) return true;
  // A builder of another project file (`criterion = build_loss(cfg)`).
  if (auto [other, f] = m_.calledElsewhere(*c); f) {
    bool generator = false;
    for (ts::Node r : other->returnValues(*f, &generator))
      if (!generator && other->isModuleExpression(r)) return true;
  }
  return false;
}

// `train_one_epoch(student, dino_loss, ...)` called with `dino_loss =
// DINOLoss(...).cuda()`: a parameter is a module when every call site (at
// least one, in this file or another) passes one.
constexpr size_t kMaxModuleCallers = 8;

bool DeviceAnalysis::parameterIsModule(const Function& f, std::string_view name, int depth) {
  size_t index = 0;
  while (index < f.parameters.size() && f.parameters[index] != name) ++index;
  int position = static_cast<int>(index) - (f.owner && !f.parameters.empty() && f.parameters[0] == "self" ? 1 : 0);
  std::vector<const Call*> local = m_.argumentSources(f);
  const ProjectModel* project = m_.project();
  // A function called from many places is a library's: its parameter is no
  // one value, and asking every caller's file would cost more than it tells.
  if (local.size() + (project ? project->callersOf(f).size() : 0) > kMaxModuleCallers) return false;
  if (!module_parameters_.insert(&f).second) return false;  // recursion: unknown
  // A caller that forwards `**kw` (a wrapper, `render(rays, **render_kwargs)`)
  // passes a value we cannot see: it neither confirms nor denies; the
  // callers we can read decide, and at least one must pass a module.
  int passed = 0;
  bool every = true;
  for (const Call* c : local) {
    if (f.node.contains(c->node)) continue;  // a recursive call passes its own parameter
    if (c->mayHideArgument(name, position)) continue;
    ts::Node arg = c->argument(name, position);
    every = every && arg && isModule(arg, depth + 1);
    ++passed;
  }
  if (project)
    for (const ProjectCall& pc : project->callersOf(f)) {
      if (!every) break;
      if (pc.call->mayHideArgument(name, position)) continue;
      ts::Node arg = pc.call->argument(name, position);
      every = arg && pc.model->isModuleExpression(arg);
      ++passed;
    }
  module_parameters_.erase(&f);
  return every && passed > 0;
}

// `g_ema.style` of an instance of a project module whose class assigns
// `self.style = nn.Sequential(...)`: a child module, called as one.
bool DeviceAnalysis::projectSubmodule(ts::Node obj, std::string_view attr, int depth) {
  if (!obj.is("identifier") && !obj.is("attribute")) return false;
  std::string target = "self." + std::string(attr);
  std::vector<ScriptModel::ClassRef> classes = m_.instanceClasses(obj);  // a copy: asking may bind more
  for (const auto& [model, cls] : classes) {
    std::vector<ts::Node> values = model->attributeValues(cls->node, target);  // a copy, as above
    for (ts::Node v : values)
      if (model == &m_ ? isModule(v, depth + 1) : model->isModuleExpression(v)) return true;
  }
  return false;
}

bool DeviceAnalysis::isModuleConstructor(const std::string& q) {
  // A parameter is a tensor (device_values.cpp), not a module.
  if (q == "torch.nn.Parameter" || q == "torch.nn.parameter.Parameter") return false;
  auto upperAfter = [&](std::string_view prefix) {
    if (!q.starts_with(prefix)) return false;
    size_t dot = q.rfind('.');
    return dot + 1 < q.size() && std::isupper(static_cast<unsigned char>(q[dot + 1]));
  };
  if (upperAfter("torch.nn.") || upperAfter("tensorflow.keras.") || upperAfter("keras.") ||
      upperAfter("transformers.") || upperAfter("torchmetrics."))
    return true;
  return q.starts_with("torchvision.models.") || q == "timm.create_model" || q == "torch.compile" ||
         q == "torch.jit.script" || q == "torch.jit.load" || q == "torch.jit.trace" || q.ends_with("DataParallel") || q.ends_with("FullyShardedDataParallel");
}

bool DeviceAnalysis::classIsModule(const ClassDef* cls, int depth) {
  if (!cls || depth > 3) return false;
  for (const auto& b : cls->bases) {
    if (b.ends_with("Module") || b.ends_with("Model") || b.ends_with("Layer")) return true;
    if (classIsModule(classNamed(b), depth + 1)) return true;
  }
  return false;
}

const ClassDef* DeviceAnalysis::classNamed(std::string_view name) const {
  const auto& named = m_.classesNamed(name);
  return named.empty() ? nullptr : named.front();
}

const ClassDef* DeviceAnalysis::classAt(ts::Node node) const { return m_.classAt(node); }

const Function* DeviceAnalysis::functionAt(ts::Node def) const {
  // The model's index by node id (a scan of every function per question made
  // large files quadratic); the id alone may name a node of another tree.
  auto it = m_.function_at_.find(def.id());
  return it != m_.function_at_.end() && it->second->node == def ? it->second : nullptr;
}

const Function* DeviceAnalysis::calledFunction(const Call& c) const {
  const Function* f = m_.calledFunction(c);
  return f && (f->owner == nullptr || !c.callee.is("identifier")) ? f : nullptr;
}

std::vector<ts::Node> DeviceAnalysis::returnValues(const Function& f) {
  std::vector<ts::Node> out;
  walk(f.body, [&](ts::Node n) {
    if (n.is("return_statement") && n.namedChildCount() > 0) out.push_back(n.namedChild(0));
  });
  return out;
}

ts::Node DeviceAnalysis::selfAssignment(ts::Node attr) {
  ts::Node cls = syntax::ancestor(attr, {"class_definition"});
  if (!cls) return {};
  return m_.singleAssignmentUnder(cls, attr.text());
}

}  // namespace gpulint::python
