// Object state in the device analysis (RULES.md "The GPU path": `self.x`
// set in any method is seen in the others): `self.x` and `obj.x` of an
// object of a project class hold what the class's methods assign to
// `self.x`. device_analysis.h lists the rest of the analysis.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "frontend/python/device_analysis.h"
#include "frontend/python/project_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

// `self.x`: object state is what the methods of the class, or of its project
// base classes, assign to it (`self.params = list(self.model.parameters())`
// in __init__, read per step in another method). It may be on the GPU when
// any assignment puts it there; with none seen it stays unknown.
ts::Node DeviceAnalysis::selfAttributeOrigin(ts::Node attr, int depth) {
  ts::Node cls_node = syntax::ancestor(attr, {"class_definition"});
  if (!cls_node) return {};  // `self` of a plain function: no object to ask
  ObjectStateQuestion asking;
  std::string target(attr.text());
  std::vector<std::pair<const ScriptModel*, ts::Node>> values;
  for (ts::Node v : m_.attributeValues(cls_node, target)) values.emplace_back(&m_, v);
  if (const ProjectModel* project = m_.project())
    if (const ClassDef* cls = classAt(cls_node))
      for (const auto& [model, base] : project->baseClasses(m_, *cls))
        for (ts::Node v : model->attributeValues(base->node, target)) values.emplace_back(model, v);
  for (const auto& [model, v] : values) {
    if (model != &m_) {
      if (ts::Node o = model->deviceOrigin(v)) return o;
      continue;
    }
    // `self.x = self.x.float()`: a value asked while it is being asked is unknown.
    if (!active_.insert(v.begin()).second) continue;
    ts::Node o = origin(v, depth + 1);
    active_.erase(v.begin());
    if (o) return o;
  }
  // `self.updates += 1` on a buffer keeps it where it is.
  if (target.starts_with("self."))
    if (const ClassDef* cls = classAt(cls_node)) return bufferOrigin(*cls, std::string_view(target).substr(5));
  return {};
}

namespace {

constexpr int kMaxHolders = 3;  // a module in a container in a module in a container: deeper is unknown

// The expression that holds a module made at `at`: the call itself, or the
// list, tuple or comprehension and the nn.ModuleList / nn.Sequential that
// hold it (`nn.ModuleList([model, Bank(n)])`): it moves with its container.
ts::Node holdingExpression(const ScriptModel& model, ts::Node at) {
  for (int hop = 0; hop < 4; ++hop) {
    ts::Node up = at.parent();
    if (!up) break;
    if (up.is("list") || up.is("tuple") || (up.is("list_comprehension") && up.field("body") == at)) {
      at = up;
      continue;
    }
    const Call* held = up.is("argument_list") && up.parent() ? model.callAt(up.parent()) : nullptr;
    if (!held || !syntax::oneOf(held->qualified, {"torch.nn.ModuleList", "torch.nn.Sequential"})) break;
    at = up.parent();
  }
  return at;
}

// `name` is an element a container call holds: `nn.ModuleList([model, bank])`, `nn.Sequential(enc, dec)`.
bool holdsName(const Call& container, std::string_view name) {
  if (!syntax::oneOf(container.qualified, {"torch.nn.ModuleList", "torch.nn.Sequential"})) return false;
  for (ts::Node a : container.positional) {
    a = syntax::unwrap(a);
    if (a.is("identifier") && a.text() == name) return true;
    if (a.is("list") || a.is("tuple"))
      for (ts::Node item : a.namedChildren())
        if (item.is("identifier") && item.text() == name) return true;
  }
  return false;
}

bool instanceOnGpu(const ScriptModel& model, const ClassDef& cls, int depth);

// A module made at `at` is kept where a module on the accelerator carries
// it: moved itself to a GPU, in the chain (`Cls(...).to(device)`, `.cuda()`)
// or in a statement of its own on the name it is bound to (`model =
// Cls(...)` then `model.cuda(gpu)`); held by a container that is moved
// (`heads = nn.ModuleList([model, bank])` then `heads.cuda()`); or assigned
// to `self.x` in a module that is itself on the GPU (a LightningModule, which
// the Trainer moves with its children, or an instance moved as above).
bool heldOnGpu(const ScriptModel& model, ts::Node at, int depth) {
  at = holdingExpression(model, at);
  ts::Node up = at.parent();
  if (up && up.is("attribute") && up.parent() && up.parent().is("call"))
    if (const Call* moved = model.callAt(up.parent()); moved && moved->receiver == at)
      return model.movesModuleToGpu(*moved);
  if (!up || !up.is("assignment") || !(up.field("right") == at)) return false;
  ts::Node left = up.field("left");
  if (left.is("identifier")) {
    ts::Node scope = syntax::ancestor(up, {"function_definition", "module"});
    for (const Call& c : model.callsIn(scope)) {
      if (c.receiver && c.receiver.is("identifier") && c.receiver.text() == left.text() && model.movesModuleToGpu(c))
        return true;
      if (depth < kMaxHolders && holdsName(c, left.text()) && heldOnGpu(model, c.node, depth + 1)) return true;
    }
    return false;
  }
  if (!left.text().starts_with("self.")) return false;
  ts::Node holder = syntax::ancestor(at, {"class_definition"});
  const ClassDef* cls = holder ? model.classAt(holder) : nullptr;
  if (!cls) return false;
  return cls->is_lightning_module || (depth < kMaxHolders && instanceOnGpu(model, *cls, depth + 1));
}

// Some instance of `cls` is on the GPU: a construction of it in its own file
// or, through the project, in another one is held there (heldOnGpu).
bool instanceOnGpu(const ScriptModel& model, const ClassDef& cls, int depth) {
  if (cls.is_lightning_module) return true;
  const Function* init = model.functionNamed(cls.name + ".__init__");
  if (!init) return false;
  for (const Call* made : model.argumentSources(*init))
    if (heldOnGpu(model, made->node, depth)) return true;
  if (const ProjectModel* project = model.project())
    for (const ProjectCall& site : project->callersOf(*init))
      if (heldOnGpu(*site.model, site.call->node, depth)) return true;
  return false;
}

}  // namespace

// `self.num_updates` that the class registers as a buffer
// (`self.register_buffer("num_updates", torch.tensor(0))`):
// a buffer lives where its module does, so it is on the GPU when some
// instance of the class is (instanceOnGpu). The register_buffer call stands
// for where it is made.
ts::Node DeviceAnalysis::bufferOrigin(const ClassDef& cls, std::string_view name) {
  ts::Node registered;
  for (const Call& c : m_.callsIn(cls.node)) {
    std::string key;
    if (c.method == "register_buffer" && c.receiver && c.receiver.text() == "self" && !c.positional.empty() &&
        syntax::stringLiteral(c.positional[0], &key) && key == name)
      registered = c.node;
  }
  if (!registered) return {};
  return instanceOnGpu(m_, cls, 0) ? registered : ts::Node();
}

// `trainer.master_params` of an object of a project class
// (`self.wrapper = PrecisionWrapper(model)`): what the methods of each class
// it may hold assign to `self.master_params`, asked in that class's file.
ts::Node DeviceAnalysis::instanceAttributeOrigin(ts::Node obj, std::string_view attr) {
  if (!m_.definesMethod("__init__")) return {};  // no project class builds objects with state
  std::vector<ScriptModel::ClassRef> classes = m_.instanceClasses(obj);  // a copy: the answer may be reused
  std::string target = "self." + std::string(attr);
  for (const auto& [model, cls] : classes) {
    std::vector<std::pair<const ScriptModel*, const ClassDef*>> owners{{model, cls}};
    if (const ProjectModel* project = model->project())
      for (const auto& base : project->baseClasses(*model, *cls)) owners.push_back(base);
    AskedInstance asked{&m_, obj, {}};
    for (const auto& owner : owners) asked.classes.push_back(owner.second);
    ObjectStateQuestion asking(std::move(asked));
    for (const auto& [owner, c] : owners) {
      std::vector<ts::Node> values = owner->attributeValues(c->node, target);  // a copy: asking may index more classes
      for (ts::Node v : values)
        if (ts::Node o = owner->deviceOrigin(v)) return o;
    }
    if (ts::Node o = propertyOrigin(owners, attr)) return o;
  }
  return {};
}

// `top.avg` where `avg` is a `@property` of the class: what it returns.
ts::Node DeviceAnalysis::propertyOrigin(const std::vector<std::pair<const ScriptModel*, const ClassDef*>>& owners,
                                        std::string_view attr) {
  for (const auto& [owner, c] : owners) {
    auto [model, f] = owner->methodOf(*c, attr);
    if (!f) continue;
    bool property = std::any_of(f->decorators.begin(), f->decorators.end(), [](const std::string& d) {
      return d == "property" || d.ends_with("cached_property");
    });
    if (!property) return {};  // a bound method, not a value
    for (ts::Node r : returnValues(*f))
      if (ts::Node o = model->deviceOrigin(r)) return o;
    return {};
  }
  return {};
}

namespace {

// `str`, `Optional[int]`, `List[str]`, `dict[str, float]`: every name in the
// annotation is a host type or a container of them.
bool hostAnnotation(ts::Node type) {
  bool any = false;
  std::vector<ts::Node> stack{type};
  while (!stack.empty()) {
    ts::Node n = stack.back();
    stack.pop_back();
    if (n.is("identifier")) {
      if (!syntax::oneOf(n.text(), {"str", "int", "float", "bool", "bytes", "None", "Optional", "List", "list", "Dict",
                                    "dict", "Tuple", "tuple", "Sequence", "Set", "set"}))
        return false;
      any = true;
      continue;
    }
    if (n.is("attribute") || n.is("string")) return false;  // torch.Tensor, a forward reference: not known to be host
    for (ts::Node c : n.namedChildren()) stack.push_back(c);
  }
  return any;
}

}  // namespace

std::vector<std::pair<std::string, bool>> ScriptModel::fieldDeclarations() const {
  std::vector<std::pair<std::string, bool>> out;
  for (const auto& cls : classes_)
    for (ts::Node s : cls->node.field("body").namedChildren()) {
      ts::Node a = s.is("expression_statement") && s.namedChildCount() == 1 ? s.namedChild(0) : ts::Node();
      if (!a || !a.is("assignment") || !a.field("type") || !a.field("left").is("identifier")) continue;
      out.emplace_back(std::string(a.field("left").text()), hostAnnotation(a.field("type")));
    }
  return out;
}

bool ScriptModel::hostTypedField(std::string_view name) const {
  if (project_) return project_->hostTypedField(name);
  bool host = false;
  for (const auto& [field, is_host] : fieldDeclarations()) {
    if (field != name) continue;
    if (!is_host) return false;
    host = true;
  }
  return host;
}

}  // namespace gpulint::python
