// Methods bound through objects (RULES.md "Value", DESIGN.md "Pipeline"):
// which project function `self.m()`, `trainer.train()`, `self.logger.log()`
// and `loss_scaler(loss, optimizer)` run (generators that pass their
// argument's items through: yielded_names.cpp).
#include <algorithm>
#include <set>

#include "frontend/python/dict_members.h"
#include "frontend/python/hook_overrides.h"
#include "frontend/python/project_model.h"
#include "frontend/python/registry_classes.h"
#include "frontend/python/script_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

namespace {

constexpr int kMaxLocalBases = 8;  // base-class hops followed without a project

const ClassDef* localClassNamed(const ScriptModel& m, std::string_view name, const ClassDef* except) {
  for (const ClassDef* cls : m.classesNamed(name))
    if (cls != except && !syntax::ancestor(cls->node, {"function_definition"})) return cls;
  return nullptr;
}

// Without a project: `cls`'s bases that this file defines, nearest first
// (at each hop the first base the file defines).
std::vector<const ClassDef*> localBaseChain(const ScriptModel& m, const ClassDef& cls) {
  std::vector<const ClassDef*> chain;
  const ClassDef* c = &cls;
  for (int hop = 0; hop < kMaxLocalBases && c; ++hop) {
    const ClassDef* next = nullptr;
    for (const std::string& base : c->bases)
      if ((next = localClassNamed(m, base, c))) break;
    if (next) chain.push_back(next);
    c = next;
  }
  return chain;
}

// The value-sources question a shortcut skipped still counts as one asked
// (CrossFileDepth, project_model.h): the questions after it under the same
// outermost one see the count they saw without the shortcut.
void countSkippedQuestion() {
  CrossFileDepth guard;
  (void)guard.ok();
}

}  // namespace

bool isStub(const Function& f) {
  if (!f.body) return false;
  for (ts::Node s : f.body.namedChildren()) {
    if (s.is("comment") || s.is("pass_statement")) continue;
    if (s.is("expression_statement") && s.namedChildCount() == 1 &&
        (s.namedChild(0).is("string") || s.namedChild(0).is("ellipsis")))
      continue;
    if (s.is("raise_statement") && s.text().find("NotImplementedError") != std::string_view::npos) continue;
    return false;
  }
  return true;
}

bool ScriptModel::definesMethod(std::string_view name) const {
  if (project_) return project_->definesMethod(name);
  auto& names = caches().method_names;
  if (!names) {
    names.emplace();
    for (const auto& f : functions_)
      if (f->owner) names->insert(f->name);
  }
  return names->count(name) > 0;
}

const std::vector<std::string_view>& ScriptModel::calledNames() const {
  auto& names = caches().called_names;
  if (!names) {
    names.emplace();
    for (const Call& c : calls_)
      if (!c.qualified.empty()) names->push_back(c.qualified);
    std::sort(names->begin(), names->end());
    names->erase(std::unique(names->begin(), names->end()), names->end());
  }
  return *names;
}

std::vector<std::pair<const ScriptModel*, const ClassDef*>> ScriptModel::baseClassesOf(const ClassDef& cls) const {
  if (project_) return project_->baseClasses(*this, cls);
  std::vector<std::pair<const ScriptModel*, const ClassDef*>> bases;
  for (const ClassDef* base : localBaseChain(*this, cls)) bases.emplace_back(this, base);
  return bases;
}

std::pair<const ScriptModel*, const Function*> ScriptModel::methodOf(const ClassDef& cls,
                                                                    std::string_view name) const {
  if (const Function* f = functionNamed(cls.name + "." + std::string(name))) return {this, f};
  for (const auto& [model, base] : baseClassesOf(cls))
    if (const Function* f = model->functionNamed(base->name + "." + std::string(name))) return {model, f};
  return {nullptr, nullptr};
}

namespace {

// A torch module base: nn.Module and its library subclasses (nn.Sequential,
// a loss of torch.nn, a Hugging Face model), and Lightning's module, whose
// __call__ runs forward too.
bool torchModuleBase(const std::string& qualified) {
  if (qualified.starts_with("torch.nn.") || qualified.ends_with("LightningModule")) return true;
  // Hugging Face's models (`PreTrainedModel`, `LlamaForCausalLM`, `BertModel`) are torch modules too.
  if (!qualified.starts_with("transformers.")) return false;
  std::string_view name = std::string_view(qualified).substr(qualified.rfind('.') + 1);
  return name.ends_with("Model") || name.find("For") != std::string_view::npos;
}

bool derivesDirectly(const ClassDef& c) { return std::any_of(c.bases.begin(), c.bases.end(), torchModuleBase); }

}  // namespace

bool ScriptModel::derivesTorchModule(const ClassDef& cls) const {
  if (derivesDirectly(cls)) return true;
  for (const auto& [model, base] : baseClassesOf(cls))
    if (derivesDirectly(*base)) return true;
  return false;
}

std::pair<const ScriptModel*, const Function*> ScriptModel::calledMethodOf(const ClassDef& cls) const {
  // A class's own (or inherited) __call__ is what runs; nn.Module's __call__
  // runs forward (`criterion(out, y)`, `self.ema(self.model)`). A class with a
  // forward that is no module is called through whatever __call__ it has.
  if (auto call = methodOf(cls, "__call__"); call.second) return call;
  if (!derivesTorchModule(cls)) return {nullptr, nullptr};
  return methodOf(cls, "forward");
}

std::vector<std::pair<const ScriptModel*, const Function*>> hookOverrides(const ScriptModel& m, const ClassDef& cls,
                                                                         std::string_view name) {
  // Each subclass definition of `name`, with its file.
  std::vector<std::pair<const ScriptModel*, const Function*>> overrides;
  if (const ProjectModel* project = m.project()) {
    for (const auto& [model, f] : project->methodsNamed(name)) {
      if (f->owner == &cls) continue;
      for (const auto& base : project->baseClasses(*model, *f->owner))
        if (base.second == &cls) {
          overrides.emplace_back(model, f);
          break;
        }
    }
  } else {
    for (const auto& f : m.functions()) {
      if (!f->owner || f->owner == &cls || f->name != name) continue;
      std::vector<const ClassDef*> chain = localBaseChain(m, *f->owner);  // up this file's bases, towards `cls`
      if (std::find(chain.begin(), chain.end(), &cls) != chain.end()) overrides.emplace_back(&m, f.get());
    }
  }
  return overrides;
}

std::vector<std::pair<const ScriptModel*, const Function*>> overridesCalled(const ScriptModel& m, const Call& c) {
  ts::Node receiver = c.receiver ? syntax::unwrap(c.receiver) : ts::Node();
  if (!receiver || !receiver.is("identifier") || receiver.text() != "self" || !c.function || !c.function->owner)
    return {};
  // The class's own definition (or a base's) runs unless it is a stub.
  if (auto own = m.methodOf(*c.function->owner, c.method); own.second && !isStub(*own.second)) return {};
  auto overrides = hookOverrides(m, *c.function->owner, c.method);
  if (overrides.size() < 2) return {};
  return overrides;
}

std::vector<std::pair<const ScriptModel*, const Function*>> dispatchCandidates(const ScriptModel& m, const Call& c) {
  if (auto overrides = overridesCalled(m, c); !overrides.empty()) return overrides;
  ts::Node receiver = c.receiver ? syntax::unwrap(c.receiver) : ts::Node();
  // `self.x()` is a hook (above) or bound; a library call has no project class.
  if (!receiver || !c.qualified.empty() || (receiver.is("identifier") && receiver.text() == "self") ||
      (m.project() && !m.project()->definesMethod(c.method)))
    return {};
  std::vector<ScriptModel::ClassRef> classes = m.instanceClasses(receiver);  // a copy: the answer may be reused
  if (classes.size() < 2) return {};
  std::vector<std::pair<const ScriptModel*, const Function*>> found;
  for (const auto& [model, cls] : classes) {
    auto method = model->methodOf(*cls, c.method);
    if (!method.second || isStub(*method.second)) return {};
    if (std::find(found.begin(), found.end(), method) == found.end()) found.push_back(method);
  }
  if (found.size() < 2) return {};  // one definition: boundMethod's callee
  return found;
}

std::vector<std::pair<const ScriptModel*, const Call*>> inheritedSelfCalls(const ScriptModel& m, const Function& f) {
  std::vector<std::pair<const ScriptModel*, const Call*>> out;
  if (!f.owner || f.owner->bases.empty()) return out;
  for (const auto& [base_model, base] : m.baseClassesOf(*f.owner))
    for (const Call* c : base_model->callsNamed(f.name)) {
      const Function* g = c->function;
      if (!g || g->owner != base || g->name == f.name || !c->receiver) continue;
      ts::Node receiver = syntax::unwrap(c->receiver);
      if (!receiver.is("identifier") || receiver.text() != "self") continue;
      if (m.methodOf(*f.owner, g->name).second != g) continue;  // overridden: the base's never runs
      // Bound to f already (f the one override of a stub), or to every
      // override of a stub (template-method hooks): the call's own findings.
      auto bound = base_model->boundMethod(*c);
      if (!bound.second || bound.second == &f || !overridesCalled(*base_model, *c).empty()) continue;
      out.emplace_back(base_model, c);
    }
  return out;
}

std::pair<const ScriptModel*, const Function*> ScriptModel::soleOverride(const ClassDef& cls,
                                                                        std::string_view name) const {
  const std::pair<const ScriptModel*, const Function*> none{nullptr, nullptr};
  auto overrides = hookOverrides(*this, cls, name);
  // Several overrides: which one runs is unknown; a stub fills nothing in.
  if (overrides.size() != 1 || isStub(*overrides.front().second)) return none;
  return overrides.front();
}

std::pair<const ScriptModel*, const ClassDef*> ScriptModel::receiverClass(const Call& c) const {
  ts::Node cls_name = syntax::unwrap(c.receiver);
  if (!cls_name) return {nullptr, nullptr};
  if (cls_name.is("identifier") && !imports_.count(std::string(cls_name.text())))
    if (const ClassDef* cls = localClassNamed(*this, cls_name.text(), nullptr)) return {this, cls};
  std::string_view q = c.qualified;
  if (project_ && q.size() > c.method.size() + 1 && q.ends_with("." + c.method)) {
    ProjectDef def = project_->classNamed(*this, std::string(q.substr(0, q.size() - c.method.size() - 1)));
    if (def.cls) return {def.model, def.cls};
  }
  return {nullptr, nullptr};
}

std::pair<const ScriptModel*, const ClassDef*> ScriptModel::constructedClass(const Call& c) const {
  if (c.callee.is("identifier") && c.qualified.empty())
    if (const ClassDef* cls = localClassNamed(*this, c.method, nullptr)) return {this, cls};
  // `TaggerModel.from_pretrained(path)` on a project subclass of a Hugging
  // Face model: the class's own constructor, through the library's loader.
  if (c.receiver && syntax::oneOf(c.method, {"from_pretrained", "from_config", "_from_config"}))
    return receiverClass(c);
  if (!project_ || c.qualified.empty()) return {nullptr, nullptr};
  ProjectDef def = project_->calleeOf(*this, c);
  return def.cls ? std::make_pair(def.model, def.cls) : std::make_pair(nullptr, nullptr);
}

std::pair<const ScriptModel*, const ClassDef*> ScriptModel::instanceClass(ts::Node expr) const {
  const std::vector<ClassRef>& classes = instanceClasses(expr);
  return classes.size() == 1 ? classes.front() : ClassRef{nullptr, nullptr};
}

const std::vector<ScriptModel::ClassRef>& ScriptModel::instanceClasses(ts::Node expr) const {
  // `self.x` has one answer per class (every method reads the same
  // assignments): asked once, not at each of its uses.
  ts::Node e = syntax::unwrap(expr);
  if (e.is("attribute") && e.field("object").text() == "self" && &ownerOf(e) == this)
    if (ts::Node cls = syntax::ancestor(e, {"class_definition"})) {
      auto key = std::make_pair(cls.begin(), std::string(e.field("attribute").text()));
      if (const ModelCaches* linked = linkedAnswers())
        if (auto it = linked->self_instances.find(key); it != linked->self_instances.end()) return it->second;
      auto& instances = caches().self_instances;
      if (auto it = instances.find(key); it != instances.end()) return it->second;
      instances[key] = {};  // recursion: unknown
      unsigned long refused = CrossFileDepth::refusalCount();
      auto found = instancesOf(e);
      if (found.empty()) found = annotatedInstances(cls, e.field("attribute").text());
      if (CrossFileDepth::refusalCount() != refused) {  // partial: ask again next time
        caches().self_instances.erase(key);
        thread_local std::vector<ClassRef> partial;
        partial = std::move(found);
        return partial;
      }
      return caches().self_instances[key] = found;
    }
  thread_local std::vector<ClassRef> answer;  // valid until the next question
  answer = instancesOf(e);
  return answer;
}

namespace {

// `torch.compile(net)`, `DDP(net, device_ids=[rank])`: a wrapper that runs
// the module it is handed; its calls reach that module's forward. So does
// the module SyncBatchNorm.convert_sync_batchnorm(net) returns: the same
// module, its BatchNorm layers swapped in place.
bool wrapsModule(const Call& c) {
  const std::string& q = c.qualified;
  return q == "torch.compile" || q.ends_with("DistributedDataParallel") || q.ends_with(".DataParallel") ||
         q.ends_with("FullyShardedDataParallel") || q == "torch.nn.SyncBatchNorm.convert_sync_batchnorm" ||
         q == "apex.parallel.convert_syncbn_model";
}

// `checkpoint["decoder"]` where every value of `checkpoint` is a
// `torch.load(...)`.
bool restoredFromCheckpoint(const ScriptModel& m, ts::Node item) {
  ts::Node base = syntax::unwrap(item.field("value"));
  if (!base.is("identifier")) return false;
  std::vector<ts::Node> loaded = m.valueSources(base, /*all_paths=*/true);
  return !loaded.empty() && std::all_of(loaded.begin(), loaded.end(), [&m](ts::Node v) {
    const Call* c = v.is("call") ? m.ownerOf(v).callAt(v) : nullptr;
    return c && c->qualified == "torch.load";
  });
}

}  // namespace

ts::Node ScriptModel::walkedSequence(ts::Node name) const {
  auto b = lastBinding(name);
  if (!b || !b->statement || !b->statement.is("for_statement") || b->value || b->parameter) return {};
  ts::Node target = syntax::unwrap(b->statement.field("left"));
  ts::Node iterable = syntax::unwrap(b->statement.field("right"));
  if (target == name || (target.is("identifier") && target.text() == name.text())) return iterable;
  const Call* c = iterable.is("call") ? callAt(iterable) : nullptr;
  if (c && c->method == "enumerate" && !c->receiver && c->positional.size() == 1 &&
      (target.is("pattern_list") || target.is("tuple_pattern")) && target.namedChildCount() == 2 &&
      target.namedChild(1).text() == name.text())
    return c->positional[0];
  return {};
}

namespace {

// The elements a module container holds: `nn.ModuleList([Block(d) for _ in
// range(n)])`, `nn.Sequential(A(), B())`, a list or tuple of constructions.
std::vector<ts::Node> containerElements(const ScriptModel& m, ts::Node src) {
  src = syntax::unwrap(src);
  std::vector<ts::Node> items;
  if (const Call* c = src.is("call") ? m.callAt(src) : nullptr) {
    if (!syntax::oneOf(c->qualified, {"torch.nn.ModuleList", "torch.nn.Sequential"}) || c->has_star_args) return {};
    if (c->qualified == "torch.nn.Sequential") return c->positional;
    return c->positional.size() == 1 ? containerElements(m, c->positional[0]) : items;
  }
  if (src.is("list") || src.is("tuple"))
    for (ts::Node item : src.namedChildren()) items.push_back(item);
  else if (src.is("list_comprehension") || src.is("generator_expression"))
    items.push_back(src.field("body"));
  return items;
}

// The element expressions `subscript` may pick from a module container it
// indexes (`crit_list[1]` of `nn.ModuleList([nn.MSELoss(), ScaledL2()])`):
// the one at a literal index, else every element; empty when the indexed
// value is not (always) a container we can read.
std::vector<std::pair<const ScriptModel*, ts::Node>> indexedElements(const ScriptModel& m, ts::Node subscript) {
  ts::Node index = syntax::unwrap(subscript.field("subscript"));
  std::vector<std::pair<const ScriptModel*, ts::Node>> picked;
  for (ts::Node src : m.valueSources(subscript.field("value"), /*all_paths=*/true)) {
    const ScriptModel& owner = m.ownerOf(src);
    std::vector<ts::Node> items = containerElements(owner, src);
    if (items.empty()) return {};
    size_t at = items.size();
    if (index && index.is("integer") && items.size() > 1) {
      at = 0;
      for (char digit : index.text()) at = at * 10 + static_cast<size_t>(digit - '0');
      if (at >= items.size()) return {};  // an index the container lacks: not this value
      picked.emplace_back(&owner, items[at]);
      continue;
    }
    for (ts::Node item : items) picked.emplace_back(&owner, item);
  }
  return picked;
}

}  // namespace

// The classes a conditional names in its two branches (`A if c else B`), each
// a class of this file or one the project defines; empty when a branch names
// anything else.
std::vector<ScriptModel::ClassRef> conditionalClasses(const ScriptModel& m, ts::Node pick) {
  std::vector<ScriptModel::ClassRef> found;
  if (pick.namedChildCount() != 3) return found;
  for (ts::Node branch : {pick.namedChild(0), pick.namedChild(2)}) {
    ts::Node name = syntax::unwrap(branch);
    if (!name || !(name.is("identifier") || name.is("attribute"))) return {};
    ScriptModel::ClassRef cls{nullptr, nullptr};
    if (const ClassDef* local = name.is("identifier") ? localClassNamed(m, name.text(), nullptr) : nullptr)
      cls = {&m, local};
    else if (std::string q = m.qualify(name); !q.empty() && m.project())
      if (ProjectDef def = m.project()->classNamed(m, q); def.cls) cls = {def.model, def.cls};
    if (!cls.second) return {};
    if (std::find(found.begin(), found.end(), cls) == found.end()) found.push_back(cls);
  }
  return found;
}

namespace {

// The class a name that is called holds, when it is bound once to a class:
// `cls = methods.Plain`, or `cls = methods.lookup(args.method)` where the
// lookup returns `globals()[name]` (a registry by the module's own names):
// the class of that module the resolved name picks (`--method` defaults to
// "Plain"). Unresolved: none.
ScriptModel::ClassRef heldClass(const ScriptModel& m, ts::Node callee) {
  // valueSources follows the call into the lookup: its `globals()[name]`.
  std::vector<ts::Node> sources = m.valueSources(callee, /*all_paths=*/true);
  if (sources.size() != 1) return {nullptr, nullptr};
  ts::Node r = syntax::unwrap(sources[0]);
  // `cls = methods.Plain` then `cls(...)`: the class the name holds.
  if (r && (r.is("identifier") || r.is("attribute"))) {
    const ScriptModel& home = m.ownerOf(r);
    if (const ClassDef* cls = r.is("identifier") ? localClassNamed(home, r.text(), nullptr) : nullptr) return {&home, cls};
    if (const ProjectModel* project = home.project())
      if (std::string q = home.qualify(r); !q.empty())
        if (ProjectDef def = project->classNamed(home, q); def.cls) return {def.model, def.cls};
    return {nullptr, nullptr};
  }
  ts::Node table = r && r.is("subscript") ? syntax::unwrap(r.field("value")) : ts::Node();
  ts::Node key = r && r.is("subscript") ? syntax::unwrap(r.field("subscript")) : ts::Node();
  if (!table || !table.is("call") || table.field("function").text() != "globals" || !key) return {nullptr, nullptr};
  const ScriptModel& home = m.ownerOf(r);
  // The name the lookup is given here (`picked = lookup(args.strategy)`),
  // or a name the lookup holds whoever calls it.
  ResolvedValue name;
  auto binding = m.lastBinding(callee);
  ts::Node bound = binding && binding->value ? syntax::unwrap(binding->value) : ts::Node();
  if (const Call* lookup = bound && bound.is("call") ? m.callAt(bound) : nullptr; lookup && key.is("identifier"))
    if (auto [model, f] = m.callTarget(*lookup); f && model == &home && f->node.contains(r))
      if (ts::Node arg = m.argumentFor(*lookup, *f, key.text())) name = m.resolve(arg);
  if (name.kind != ResolvedValue::Kind::String) name = home.resolve(key);
  if (name.kind != ResolvedValue::Kind::String) return {nullptr, nullptr};
  const ClassDef* cls = localClassNamed(home, name.string_value, nullptr);
  return cls ? ScriptModel::ClassRef{&home, cls} : ScriptModel::ClassRef{nullptr, nullptr};
}

}  // namespace

std::vector<ScriptModel::ClassRef> ScriptModel::instancesOf(ts::Node expr, int depth) const {
  constexpr int kMaxWrappers = 3;  // compile(DDP(net)).module: a few layers at most
  constexpr int kMaxPlacementHops = 6;  // Net().cuda().eval().half() inside a wrapper or two
  std::vector<ClassRef> found;
  auto add = [&](const ClassRef& cls) {
    if (std::find(found.begin(), found.end(), cls) == found.end()) found.push_back(cls);
  };
  // `for blk in self.blocks: x = blk(x)`: each block of the container.
  if (ts::Node name = syntax::unwrap(expr); name && name.is("identifier") && depth < kMaxWrappers)
    if (ts::Node sequence = walkedSequence(name)) {
      for (ts::Node src : valueSources(sequence, /*all_paths=*/true)) {
        const ScriptModel& owner = ownerOf(src);
        std::vector<ts::Node> items = containerElements(owner, src);
        if (items.empty()) return {};
        for (ts::Node item : items) {
          std::vector<ClassRef> inner = owner.instancesOf(item, depth + 1);
          if (inner.empty()) return {};
          for (const ClassRef& cls : inner) add(cls);
        }
      }
      return found;
    }
  std::vector<ts::Node> sources = valueSources(expr, /*all_paths=*/true);
  for (ts::Node src : sources) {
    src = syntax::unwrap(src);
    if (src.is("none")) continue;  // `scaler = None` then set: calling None is no other class
    const ScriptModel& owner = ownerOf(src);
    // `raw = model.module if ddp else model`: the wrapped module.
    if (src.is("attribute") && syntax::oneOf(src.field("attribute").text(), {"module", "_orig_mod"}) &&
        depth < kMaxWrappers) {
      std::vector<ClassRef> inner = owner.instancesOf(src.field("object"), depth + 1);
      if (inner.empty()) return {};
      for (const ClassRef& cls : inner) add(cls);
      continue;
    }
    // `decoder = checkpoint["decoder"]` on the resume path beside `decoder =
    // DecoderWithAttention(...)`: a module restored from a checkpoint is one
    // the script saved, of the class its fresh run builds (alone, unknown).
    if (src.is("subscript") && restoredFromCheckpoint(owner, src)) continue;
    // `return self.timers[name]` of a registry whose dict the class fills
    // with `self.timers[name] = Timer(name)`: the classes stored there.
    if (src.is("subscript") && depth < kMaxWrappers)
      if (auto elements = indexedElements(owner, src); !elements.empty()) {
        for (const auto& [holder, item] : elements) {
          std::vector<ClassRef> inner = holder->instancesOf(item, depth + 1);
          if (inner.empty()) return {};
          for (const ClassRef& cls : inner) add(cls);
        }
        continue;
      }
    if (src.is("subscript")) {
      std::vector<ts::Node> stored = depth < kMaxWrappers ? dict_members::storedValues(owner, src) : std::vector<ts::Node>{};
      if (stored.empty()) return {};
      for (ts::Node v : stored) {
        std::vector<ClassRef> inner = owner.instancesOf(v, depth + 1);
        if (inner.empty()) return {};
        for (const ClassRef& cls : inner) add(cls);
      }
      continue;
    }
    const Call* c = src.is("call") ? owner.callAt(src) : nullptr;
    // `Net().to(device)`, `model = model.to(device)`, `make_model().cuda()`:
    // a module's placement and mode methods return the module itself, so
    // the call holds the classes of what it is called on.
    if (c && c->receiver && depth < kMaxPlacementHops &&
        syntax::oneOf(c->method, {"to", "cuda", "half", "float", "bfloat16", "double", "train", "eval",
                                  "requires_grad_", "to_empty"})) {
      std::vector<ClassRef> inner = owner.instancesOf(c->receiver, depth + 1);
      if (inner.empty()) return {};
      for (const ClassRef& cls : inner) add(cls);
      continue;
    }
    // `copy.deepcopy(layer)` (a stack of clones): an object of the same classes.
    if (c && syntax::oneOf(c->qualified, {"copy.deepcopy", "copy.copy"}) && c->positional.size() == 1 &&
        depth < kMaxWrappers) {
      std::vector<ClassRef> inner = owner.instancesOf(c->positional[0], depth + 1);
      if (inner.empty()) return {};
      for (const ClassRef& cls : inner) add(cls);
      continue;
    }
    if (c && wrapsModule(*c) && !c->positional.empty() && depth < kMaxWrappers) {
      std::vector<ClassRef> inner = owner.instancesOf(c->positional[0], depth + 1);
      if (inner.empty()) return {};
      for (const ClassRef& cls : inner) add(cls);
      continue;
    }
    // `models[name](params)` with `models = {"GCN": GCN, "GAT": make_gat}`:
    // any class of the table, or what any factory of it returns.
    if (c && c->callee.is("subscript") && depth < kMaxWrappers) {
      std::vector<ClassRef> inner = owner.tableInstances(c->callee, depth + 1);
      if (inner.empty()) return {};
      for (const ClassRef& cls : inner) add(cls);
      continue;
    }
    // `(AMPTrainer if amp else SimpleTrainer)(model, loader, opt)`: either class.
    if (src.is("call"))
      if (ts::Node pick = syntax::unwrap(src.field("function")); pick && pick.is("conditional_expression")) {
        std::vector<ClassRef> picked = conditionalClasses(owner, pick);
        if (picked.empty()) return {};
        for (const ClassRef& cls : picked) add(cls);
        continue;
      }
    auto cls = c ? owner.constructedClass(*c) : ClassRef{nullptr, nullptr};
    if (!cls.second && c && !c->receiver && c->callee.is("identifier")) cls = heldClass(owner, c->callee);
    if (!cls.second && c && depth < kMaxWrappers) {
      // `watches("fwd")` of a callable object of another file (the project's
      // link asks before it records that call's callee): what its __call__ returns.
      std::vector<ClassRef> inner = owner.returnedInstances(*c, depth + 1);
      if (inner.empty()) return {};
      for (const ClassRef& r : inner) add(r);
      continue;
    }
    if (!cls.second) return {};  // some path holds something else
    add(cls);
  }
  return found;
}

namespace {

// What calling the object `callee` holds runs: the one __call__ or forward
// every class it may hold shares (`models[name](...)` picking a class or its
// subclass that inherits forward); {nullptr, nullptr} when they differ.
std::pair<const ScriptModel*, const Function*> commonCalledMethod(const ScriptModel& m, ts::Node callee) {
  const std::vector<ScriptModel::ClassRef>& classes = m.instanceClasses(callee);
  if (classes.empty()) return {nullptr, nullptr};
  std::vector<ScriptModel::ClassRef> held(classes);  // the answer is valid until the next question
  auto first = held.front().first->calledMethodOf(*held.front().second);
  for (size_t i = 1; i < held.size() && first.second; ++i)
    if (held[i].first->calledMethodOf(*held[i].second) != first) return {nullptr, nullptr};
  return first;
}

}  // namespace

std::vector<ScriptModel::ClassRef> ScriptModel::tableInstances(ts::Node subscript, int depth) const {
  ts::Node table = syntax::unwrap(subscript.field("value"));
  if (!table || !table.is("identifier")) return {};
  std::vector<ts::Node> sources = valueSources(table, /*all_paths=*/true);
  std::vector<ClassRef> found;
  auto add = [&found](const ClassRef& cls) {
    if (std::find(found.begin(), found.end(), cls) == found.end()) found.push_back(cls);
  };
  for (ts::Node src : sources) {
    src = syntax::unwrap(src);
    if (!src.is("dictionary") || &ownerOf(src) != this) return {};
    for (ts::Node pair : src.namedChildren()) {
      ts::Node v = pair.is("pair") ? syntax::unwrap(pair.field("value")) : ts::Node();
      if (!v || !(v.is("identifier") || v.is("attribute"))) return {};  // `**others`, a lambda: unknown
      if (const ClassDef* cls = v.is("identifier") ? localClassNamed(*this, v.text(), nullptr) : nullptr) {
        add({this, cls});
        continue;
      }
      std::string q = qualify(v);
      if (ProjectDef def = project_ && !q.empty() ? project_->classNamed(*this, q) : ProjectDef{}; def.cls) {
        add({def.model, def.cls});
        continue;
      }
      // A factory function of the table: the classes it returns.
      std::pair<const ScriptModel*, const Function*> made{nullptr, nullptr};
      if (const Function* f = v.is("identifier") ? functionNamed(v.text()) : nullptr; f && !f->owner) made = {this, f};
      else if (ProjectDef fd = project_ && !q.empty() ? project_->functionNamed(*this, q) : ProjectDef{}; fd.function)
        made = {fd.model, fd.function};
      if (!made.second) return {};
      bool generator = false;
      const std::vector<ts::Node>& returns = made.first->returnValues(*made.second, &generator);
      if (generator || returns.empty()) return {};
      for (ts::Node r : returns) {
        std::vector<ClassRef> inner = made.first->instancesOf(r, depth);
        if (inner.empty()) return {};
        for (const ClassRef& cls : inner) add(cls);
      }
    }
  }
  return found;
}

std::vector<ScriptModel::ClassRef> ScriptModel::returnedInstances(const Call& c, int depth) const {
  if (c.receiver || !c.callee.is("identifier") || !c.qualified.empty()) return {};
  auto [model, f] = boundMethod(c);
  bool generator = false;
  if (!f || f->name != "__call__") return {};
  const std::vector<ts::Node>& returns = model->returnValues(*f, &generator);
  if (generator || returns.empty()) return {};
  std::vector<ClassRef> found;
  for (ts::Node r : returns) {
    std::vector<ClassRef> inner = model->instancesOf(r, depth);
    if (inner.empty()) return {};
    for (const ClassRef& cls : inner)
      if (std::find(found.begin(), found.end(), cls) == found.end()) found.push_back(cls);
  }
  return found;
}

namespace {

// The class an annotation names: `T`, `pkg.T`, `Optional[T]`, `T | None`.
ts::Node annotatedType(ts::Node type) {
  ts::Node t = syntax::unwrap(type);
  if (t && t.is("type") && t.namedChildCount() == 1) t = t.namedChild(0);
  if (t && t.is("generic_type") && t.namedChildCount() == 2 && t.namedChild(0).text() == "Optional") {
    ts::Node args = t.namedChild(1);
    t = args.namedChildCount() == 1 ? args.namedChild(0) : ts::Node();
    if (t && t.is("type") && t.namedChildCount() == 1) t = t.namedChild(0);
  }
  if (t && t.is("binary_operator") && t.field("operator").text() == "|" && t.field("right").text() == "None")
    t = syntax::unwrap(t.field("left"));
  return t && (t.is("identifier") || t.is("attribute")) ? t : ts::Node();
}

}  // namespace

// `metrics: MetricsProcessor` in the class body (or `self.metrics:
// MetricsProcessor = build(...)` in __init__): when the value comes from a
// factory the analysis cannot follow, the declared project class says which
// methods `self.metrics.m()` runs.
std::vector<ScriptModel::ClassRef> ScriptModel::annotatedInstances(ts::Node cls, std::string_view attr) const {
  // The class's annotations are collected once per class, not per attribute asked.
  auto [it, fresh] = caches().class_annotations.try_emplace(cls.begin());
  std::vector<std::pair<std::string_view, ts::Node>>& declared = it->second;
  if (fresh) {
    auto collect = [&](ts::Node block, bool through_self) {
      for (ts::Node s : block.namedChildren()) {
        ts::Node a = s.is("expression_statement") && s.namedChildCount() == 1 ? s.namedChild(0) : ts::Node();
        if (!a || !a.is("assignment") || !a.field("type")) continue;
        ts::Node left = a.field("left");
        if (through_self && left.is("attribute") && left.field("object").text() == "self")
          declared.emplace_back(left.field("attribute").text(), a.field("type"));
        else if (!through_self && left.is("identifier"))
          declared.emplace_back(left.text(), a.field("type"));
      }
    };
    ts::Node body = cls.field("body");
    collect(body, false);
    for (ts::Node s : body.namedChildren()) {
      ts::Node def = s.is("decorated_definition") ? s.field("definition") : s;
      if (def && def.is("function_definition") && def.field("name").text() == "__init__") collect(def.field("body"), true);
    }
  }
  std::vector<ts::Node> annotations;
  for (const auto& [name, type] : declared)
    if (name == attr)
      if (ts::Node t = annotatedType(type)) annotations.push_back(t);
  std::vector<ClassRef> found;
  for (ts::Node t : annotations) {
    ClassRef ref{nullptr, nullptr};
    if (const ClassDef* local = localClassNamed(*this, t.text(), nullptr)) ref = {this, local};
    else if (project_)
      if (ProjectDef def = project_->classNamed(*this, qualify(t)); def.cls) ref = {def.model, def.cls};
    if (!ref.second) return {};  // declared as something else: no answer
    if (std::find(found.begin(), found.end(), ref) == found.end()) found.push_back(ref);
  }
  return found;
}

std::pair<const ScriptModel*, const Function*> ScriptModel::commonMethod(ts::Node receiver,
                                                                        std::string_view name) const {
  // `sampler = A() if cond else B()` (or a factory returning either): the
  // call runs one function when every class it may hold inherits the same
  // definition of the method (a base class's `sample`).
  std::pair<const ScriptModel*, const Function*> common{nullptr, nullptr};
  std::vector<ClassRef> classes = instanceClasses(receiver);  // a copy: the answer may be reused
  for (const auto& [model, cls] : classes) {
    auto method = model->methodOf(*cls, name);
    if (!method.second || (common.second && common.second != method.second)) return {nullptr, nullptr};
    common = method;
  }
  return common;
}

std::pair<const ScriptModel*, const Function*> ScriptModel::boundMethod(const Call& c) const {
  const std::pair<const ScriptModel*, const Function*> none{nullptr, nullptr};
  bool ours = !calls_.empty() && &c >= calls_.data() && &c < calls_.data() + calls_.size();
  if (ours) {
    if (const ModelCaches* linked = linkedAnswers())
      if (auto it = linked->bound.find(&c); it != linked->bound.end()) return it->second;
    auto [it, fresh] = caches().bound.try_emplace(&c, none);
    if (!fresh) return it->second;  // known, or being found (recursion: none)
  }
  // While this answer is found, the memo holds "none" for it (methodCallers
  // keeps no grouping that read it).
  struct Open {
    ModelCaches* memo;
    explicit Open(ModelCaches* m) : memo(m) { if (memo) ++memo->bound_in_progress; }
    ~Open() { if (memo) --memo->bound_in_progress; }
  } open(ours ? &caches() : nullptr);
  auto result = none;
  unsigned long refused = CrossFileDepth::refusalCount();
  ts::Node receiver = c.receiver ? syntax::unwrap(c.receiver) : ts::Node();
  if (!receiver && c.callee.is("identifier") && c.callee.text() == "self" && c.function && c.function->owner) {
    // `self(x)` in a method: the object calls itself, a module its forward.
    const ClassDef& owner = *c.function->owner;
    result = methodOf(owner, "__call__");
    if (!result.second && derivesTorchModule(owner)) result = methodOf(owner, "forward");
  } else if (receiver && receiver.is("identifier") && receiver.text() == "self") {
    if (c.function && c.function->owner) {
      result = methodOf(*c.function->owner, c.method);
      // A base class's loop calling a hook it leaves to a subclass runs the
      // subclass's definition, when the project has exactly one.
      if ((!result.second || isStub(*result.second)) && definesMethod(c.method))
        if (auto sub = soleOverride(*c.function->owner, c.method); sub.second) result = sub;
    }
    // `self.step(loss, opt)` where __init__ stored a callable object as
    // self.step; `self.ema(self.model)` where it stored a module.
    if (!result.second && (definesMethod("__call__") || definesMethod("forward")))
      result = commonCalledMethod(*this, c.callee);
  } else if (receiver && receiver.is("identifier") && definesMethod(c.method) &&
             localClassNamed(*this, receiver.text(), nullptr)) {
    // `SimpleTrainer.write_metrics(loss_dict, ...)`: a static or class
    // method called through its class, defined in this file.
    result = methodOf(*localClassNamed(*this, receiver.text(), nullptr), c.method);
  } else if (receiver && c.qualified.empty() && definesMethod(c.method) &&
             (receiver.is("identifier") || receiver.is("attribute") || receiver.is("call"))) {
    // `timers("forward").start()`: the object the call returns.
    result = commonMethod(receiver, c.method);
  } else if (!receiver && c.callee.is("identifier") && c.qualified.empty() &&
             (definesMethod("__call__") || definesMethod("forward")) && !functionNamed(c.method) &&
             !localClassNamed(*this, c.method, nullptr)) {
    // A callable object: `loss_scaler(loss, optimizer)` runs its class's
    // __call__, `acc(logits, y)` its module's forward.
    // A name the file only calls (a builtin) holds no object: its value
    // sources are none, and following its bindings is the cost of the call.
    if (c.callee.source() == root().source() && onlyCalled(c.callee.text()))
      countSkippedQuestion();
    else
      result = commonCalledMethod(*this, c.callee);
  } else if (!receiver && c.callee.is("subscript") && c.qualified.empty() &&
             (definesMethod("__call__") || definesMethod("forward"))) {
    // `self.heads[1](x)`: the module a container holds at that index.
    result = commonCalledMethod(*this, c.callee);
  }
  if (ours) {
    if (CrossFileDepth::refusalCount() == refused)
      caches().bound[&c] = result;
    else
      caches().bound.erase(&c);  // partial (a question was refused below): ask again next time
  }
  return result;
}

}  // namespace gpulint::python
