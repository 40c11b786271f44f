// Run-config reads in Python (see config_reads.h and ScriptModel::configReads).
#include "frontend/python/config_reads.h"

#include "frontend/python/syntax.h"
#include "frontend/python/yacs_config.h"

namespace gpulint::python {

namespace {

constexpr int kMaxDepth = 8;

bool isHfParse(std::string_view method) {
  return syntax::oneOf(method, {"parse_yaml_file", "parse_json_file", "parse_args_into_dataclasses", "parse_dict"});
}

bool isFileLoad(const Call& c) {
  // ruamel's module-level load (`import ruamel_yaml as yaml`, the old
  // ruamel.yaml API) reads the same files.
  return c.qualified.ends_with("OmegaConf.load") ||
         syntax::oneOf(c.qualified, {"yaml.safe_load", "yaml.load", "yaml.full_load", "json.load", "ruamel_yaml.load",
                                     "ruamel_yaml.safe_load", "ruamel.yaml.load", "ruamel.yaml.safe_load"});
}

// `f` bound by `with open(path) as f:`: the `open(path)` call; null otherwise.
ts::Node openedAs(const ScriptModel& m, ts::Node name) {
  if (!name.is("identifier")) return {};
  std::vector<NameBinding> bindings = m.reachingBindings(name);
  if (bindings.size() != 1 || bindings[0].conditional) return {};
  ts::Node item = bindings[0].statement;  // the as_pattern of the with item
  if (!item || !item.is("as_pattern") || item.namedChildCount() == 0) return {};
  ts::Node opened = syntax::unwrap(item.namedChild(0));
  return opened.is("call") ? opened : ts::Node();
}

// The expression naming the file a load call reads: OmegaConf.load(path),
// yaml.safe_load(open(path)), or of `f` in `with open(path) as f:
// yaml.safe_load(f)`; null when it is not visible.
ts::Node loadedPath(const ScriptModel& m, const Call& c) {
  ts::Node arg = c.argument("file_", 0);
  if (!arg) arg = c.argument("stream", 0);
  if (!arg) return {};
  if (c.qualified.ends_with("OmegaConf.load")) return arg;
  ts::Node inner = syntax::unwrap(arg);
  if (ts::Node opened = openedAs(m, inner)) inner = opened;
  if (!inner.is("call")) return {};
  const Call* open = m.callAt(inner);
  if (!open || open->callee.text() != "open") return {};
  return open->argument("file", 0);
}

std::string literal(ts::Node n) {
  std::string s;
  return n && syntax::stringLiteral(n, &s) ? s : std::string();
}

const Function* functionOf(const ScriptModel& m, ts::Node def) {
  for (const auto& f : m.functions())
    if (f->node == def) return f.get();
  return nullptr;
}

bool hasDecorator(const Function& f, std::string_view qualified) {
  for (const auto& d : f.decorators)
    if (d == qualified) return true;
  return false;
}

// The call of a function's decorator whose callee qualifies to `qualified`.
ts::Node decoratorCall(const ScriptModel& m, const Function& f, std::string_view qualified) {
  ts::Node parent = f.node.parent();
  if (!parent || !parent.is("decorated_definition")) return {};
  for (ts::Node d : parent.namedChildren()) {
    if (!d.is("decorator") || d.namedChildCount() == 0 || !d.namedChild(0).is("call")) continue;
    ts::Node call = d.namedChild(0);
    if (m.qualify(call.field("function")) == qualified) return call;
  }
  return {};
}

class ReferenceFinder {
 public:
  explicit ReferenceFinder(const ScriptModel& m) : m_(m) {}

  std::optional<ConfigReference> of(ts::Node e, int depth) {
    if (depth > kMaxDepth) return std::nullopt;
    e = syntax::unwrap(e);
    if (!e) return std::nullopt;
    if (e.is("identifier")) return ofName(e, depth);
    std::string member;
    ts::Node object;
    if (e.is("attribute")) {
      object = e.field("object");
      member = std::string(e.field("attribute").text());
    } else if (e.is("subscript")) {
      object = e.field("value");
      if (!syntax::stringLiteral(e.field("subscript"), &member)) return std::nullopt;
    } else {
      return std::nullopt;
    }
    std::optional<ConfigReference> base;
    if (object.text() == "self") return ofSelf(e, depth);
    if (object.text() == "self.hparams") base = ofHparams(e);
    else base = of(object, depth + 1);
    if (!base) return std::nullopt;
    base->path = base->path.empty() ? member : base->path + "." + member;
    return base;
  }

  std::optional<ConfigReference> ofValue(ts::Node value, int depth) {
    value = syntax::unwrap(value);
    if (!value) return std::nullopt;
    if (value.is("identifier") || value.is("attribute") || value.is("subscript")) return of(value, depth + 1);
    if (!value.is("call")) return std::nullopt;
    const Call* c = m_.callAt(value);
    if (!c) return std::nullopt;
    if (isHfParse(c->method)) return ConfigReference{ConfigRoot::HfArguments, "", ""};
    if (isFileLoad(*c)) {
      ResolvedValue path = m_.resolve(loadedPath(m_, *c));
      if (path.kind != ResolvedValue::Kind::String) return std::nullopt;
      return ConfigReference{ConfigRoot::File, path.string_value, ""};
    }
    // OmegaConf.to_container(cfg) / OmegaConf.to_object(cfg): the same values.
    if ((c->qualified.ends_with("OmegaConf.to_container") || c->qualified.ends_with("OmegaConf.to_object")) &&
        !c->positional.empty())
      return of(c->positional[0], depth + 1);
    return std::nullopt;
  }

 private:
  std::optional<ConfigReference> ofName(ts::Node id, int depth) {
    auto reaching = m_.reachingBindings(id);
    if (reaching.empty()) return std::nullopt;
    std::optional<ConfigReference> agreed;
    for (const NameBinding& b : reaching) {
      std::optional<ConfigReference> r;
      if (b.parameter) {
        if (const Function* f = functionOf(m_, b.scope)) r = ofParameter(*f, std::string(id.text()), depth);
      } else if (b.value && (b.index < 0 || isHfTuple(b.value))) {
        r = ofValue(b.value, depth);
      }
      if (!r) return std::nullopt;
      if (agreed && (agreed->root != r->root || agreed->key != r->key || agreed->path != r->path)) return std::nullopt;
      agreed = r;
    }
    return agreed;
  }

  bool isHfTuple(ts::Node value) {
    value = syntax::unwrap(value);
    const Call* c = value.is("call") ? m_.callAt(value) : nullptr;
    return c && isHfParse(c->method);
  }

  std::optional<ConfigReference> ofParameter(const Function& f, const std::string& name, int depth) {
    if (hasDecorator(f, "hydra.main") && !f.parameters.empty() && f.parameters.front() == name)
      return ConfigReference{ConfigRoot::Hydra, "", ""};
    if (f.owner && f.name == "__init__") return ConfigReference{ConfigRoot::LightningInit, f.owner->name, name};
    // A helper handed the config (or a part of it) by every caller in this file.
    int position = 0;
    for (const auto& p : f.parameters) {
      if (p == name) break;
      ++position;
    }
    if (f.owner && !f.parameters.empty() && f.parameters.front() == "self") --position;
    auto callers = m_.callersOf(f);
    if (callers.empty()) return std::nullopt;
    std::optional<ConfigReference> agreed;
    for (const Call* c : callers) {
      ts::Node arg = c->argument(name, position);
      if (!arg || f.node.contains(c->node)) return std::nullopt;
      auto r = of(arg, depth + 1);
      if (!r || (agreed && (agreed->root != r->root || agreed->key != r->key || agreed->path != r->path)))
        return std::nullopt;
      agreed = r;
    }
    return agreed;
  }

  // `self.x`, assigned once in its class: what the assigned value reads.
  std::optional<ConfigReference> ofSelf(ts::Node attr, int depth) {
    ts::Node cls = syntax::ancestor(attr, {"class_definition"});
    if (!cls) return std::nullopt;
    ts::Node value;
    int count = 0;
    findSelfAssignments(cls.field("body"), attr.text(), value, count);
    if (count != 1 || !value) return std::nullopt;
    return ofValue(value, depth + 1);
  }

  static void findSelfAssignments(ts::Node n, std::string_view target, ts::Node& value, int& count) {
    for (ts::Node c : n.namedChildren()) {
      if (c.is("class_definition")) continue;
      if ((c.is("assignment") || c.is("augmented_assignment")) && c.field("left").text() == target) {
        value = c.is("assignment") ? c.field("right") : ts::Node();
        ++count;
      }
      findSelfAssignments(c, target, value, count);
    }
  }

  // `self.hparams.x` after `self.save_hyperparameters()`: the __init__ argument x.
  std::optional<ConfigReference> ofHparams(ts::Node use) {
    ts::Node cls = syntax::ancestor(use, {"class_definition"});
    if (!cls) return std::nullopt;
    for (const Call& c : m_.calls())
      if (c.method == "save_hyperparameters" && c.receiver && c.receiver.text() == "self" && cls.contains(c.node))
        return ConfigReference{ConfigRoot::LightningInit, std::string(cls.field("name").text()), ""};
    return std::nullopt;
  }

  const ScriptModel& m_;
};

void lightningReads(const Call& c, std::vector<ConfigRead>& out) {
  out.push_back({ConfigRoot::LightningTrainer, c.node, {}, "", "", "", ""});
  const char* sections[] = {"model", "data"};
  const char* keywords[] = {"model_class", "datamodule_class"};
  for (int i = 0; i < 2; ++i) {
    ConfigRead r{ConfigRoot::LightningInit, c.node, {}, "", sections[i], "", ""};
    if (ts::Node cls = c.argument(keywords[i], i)) r.key = std::string(syntax::lastName(cls));
    out.push_back(std::move(r));  // key "" : the class comes from the config's class_path
  }
}

}  // namespace

std::optional<ConfigReference> configReference(const ScriptModel& model, ts::Node expr) {
  if (!model.hasConfigValues()) return std::nullopt;
  // A load path resolved while following a reference may itself read a
  // config (`cfg = OmegaConf.load(cfg.next)` in a loop): bound the nesting.
  static thread_local int nesting = 0;
  if (nesting >= 4) return std::nullopt;
  ++nesting;
  auto r = ReferenceFinder(model).of(expr, 0);
  --nesting;
  return r;
}

std::optional<ResolvedValue> configReferenceValue(const ScriptModel& model, ts::Node expr) {
  auto ref = configReference(model, expr);
  if (ref && ref->path.empty()) return std::nullopt;
  if (ref)
    if (auto v = model.configValue(ref->root, ref->path, ref->key)) return v;
  return yacsValue(model, expr);  // a yacs/fvcore CfgNode key (yacs_config.h)
}

std::vector<ConfigRead> ScriptModel::configReads() const {
  std::vector<ConfigRead> out;
  for (const auto& f : functions_)
    if (hasDecorator(*f, "hydra.main")) {
      ConfigRead r{ConfigRoot::Hydra, decoratorCall(*this, *f, "hydra.main"), {}, "", "", "", ""};
      if (const Call* c = r.node ? callAt(r.node) : nullptr) {
        r.config_path = literal(c->argument("config_path", 1));
        r.config_name = literal(c->argument("config_name", 2));
      }
      if (!r.node) r.node = f->node;
      out.push_back(std::move(r));
    }
  bool hf = false;
  for (const Call& c : calls_) {
    if (isFileLoad(c)) {
      if (ts::Node p = loadedPath(*this, c)) out.push_back({ConfigRoot::File, c.node, p, "", "", "", ""});
    } else if (isHfParse(c.method) && c.receiver) {
      ts::Node p = c.argument(c.method == "parse_json_file" ? "json_file" : "yaml_file", 0);
      out.push_back({ConfigRoot::HfArguments, c.node, c.method == "parse_args_into_dataclasses" ? ts::Node() : p,
                     "", "", "", ""});
      hf = true;
    } else if (c.qualified == "deepspeed.initialize") {
      ts::Node p = c.keyword("config");
      if (!p) p = c.keyword("config_params");
      out.push_back({ConfigRoot::DeepSpeed, c.node, p, "", "", "", ""});
    } else if (c.qualified.ends_with("LightningCLI")) {
      lightningReads(c, out);
    }
  }
  // An HF Trainer reads the DeepSpeed config its arguments name (`--deepspeed ds.json`).
  if (hf)
    for (const Call& c : calls_)
      if (c.qualified.starts_with("transformers.") && c.qualified.ends_with("Trainer"))
        out.push_back({ConfigRoot::DeepSpeed, c.node, {}, "", "", "", ""});
  return out;
}

void ScriptModel::setConfigValues(ConfigRoot root, const std::string& key, std::map<std::string, ResolvedValue> values) {
  config_values_[{root, key}] = std::move(values);
}

bool ScriptModel::hasConfig(ConfigRoot root, const std::string& key) const {
  return config_values_.count({root, key}) != 0;
}

std::optional<ResolvedValue> ScriptModel::configValue(ConfigRoot root, std::string_view path,
                                                      const std::string& key) const {
  auto it = config_values_.find({root, key});
  if (it == config_values_.end()) return std::nullopt;
  auto v = it->second.find(std::string(path));
  if (v == it->second.end()) return std::nullopt;
  return v->second;
}

}  // namespace gpulint::python
