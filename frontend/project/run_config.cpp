// Launch -> run config linking and binding (see run_config.h).
#include "frontend/project/run_config.h"

#include <filesystem>
#include <set>

#include "frontend/project/config_binding.h"
#include "frontend/python/member_values.h"
#include "frontend/python/syntax.h"

namespace gpulint::project {

namespace {

using python::ConfigRead;
using python::ConfigRoot;
using python::ResolvedValue;
using python::ValueStep;

bool endsWithConfigExt(std::string_view t) {
  return t.ends_with(".yaml") || t.ends_with(".yml") || t.ends_with(".json");
}

// `--flag=value` split into the flag and a token for the value's bytes.
std::pair<std::string, std::optional<ArgToken>> splitInline(const ArgToken& tok) {
  size_t eq = tok.text.find('=');
  if (eq == std::string::npos) return {tok.text, std::nullopt};
  ArgToken v = tok;
  v.text = tok.text.substr(eq + 1);
  if (tok.end - tok.begin == tok.text.size()) v.begin += static_cast<uint32_t>(eq + 1);
  return {tok.text.substr(0, eq), v};
}

}  // namespace

ArgvConfigs scanArgv(const std::vector<ArgToken>& args) {
  ArgvConfigs out;
  for (size_t i = 0; i < args.size(); ++i) {
    const ArgToken& tok = args[i];
    if (tok.text.size() < 2 || tok.text[0] != '-' || tok.text == "--") {
      if (tok.text != "--") out.positionals.push_back(tok);
      continue;
    }
    auto [flag, value] = splitInline(tok);
    bool next_is_value = !value && i + 1 < args.size() && !args[i + 1].text.starts_with("-");
    if (!value && next_is_value) value = args[++i];
    if (!value) {  // a bare flag: `--do_train`
      ArgToken t = tok;
      t.text = "true";
      if (flag.starts_with("--")) out.flags.push_back({flag.substr(2), t});
      continue;
    }
    if (flag == "--config" || flag == "-c" || flag == "--cfg" || flag == "--config_file" || flag == "--config-file")
      out.configs.push_back(*value);
    else if (flag == "--deepspeed" || flag == "--deepspeed_config")
      out.deepspeed = *value;
    else if (flag == "--config-name" || flag == "-cn" || flag == "--config_name")
      out.hydra_name = *value;
    else if (flag == "--config-path" || flag == "-cp" || flag == "--config_path")
      out.hydra_path = *value;
    if (!flag.starts_with("--")) continue;
    std::string name = flag.substr(2);
    if (name.find('.') != std::string::npos) out.dotted.push_back({name, *value});
    else out.flags.push_back({name, *value});
  }
  if (out.positionals.size() == 1 && endsWithConfigExt(out.positionals.front().text))
    out.args_file = out.positionals.front();
  return out;
}

namespace {

class Binder {
 public:
  explicit Binder(const RunConfigInput& in) : in_(in), m_(*in.script) {
    if (in_.launch) argv_ = scanArgv(in_.launch->args);
  }

  bool run() {
    for (const ConfigRead& r : m_.configReads()) {
      switch (r.root) {
        case ConfigRoot::Hydra: hydra(r); break;
        case ConfigRoot::File: file(r); break;
        case ConfigRoot::HfArguments: hfArguments(r); break;
        case ConfigRoot::DeepSpeed: deepspeed(r); break;
        case ConfigRoot::LightningTrainer: lightning(r, "trainer"); break;
        case ConfigRoot::LightningInit: lightning(r, r.section); break;
      }
    }
    return bound_;
  }

 private:
  // The job's token: a link step in the job file.
  ValueStep tokenStep(const ArgToken& t, const std::string& message) const {
    return {in_.job_file->location(t.begin, t.end), message};
  }

  // Loads a file the job names: relative to the job first, then the script.
  const config::ConfigModel* loadNamed(const std::string& path) const {
    if (const auto* c = in_.load(path, false)) return c;
    return in_.load(path, true);
  }

  static const config::ConfigValue* document(const config::ConfigModel* c) {
    if (!c || !c->error().empty() || c->documents().empty()) return nullptr;
    const config::ConfigValue* d = c->documents().front();
    return d && d->isMapping() ? d : nullptr;
  }

  void set(ConfigRoot root, const std::string& key, ConfigValues values) {
    m_.setConfigValues(root, key, std::move(values));
    bound_ = true;
  }

  void hydra(const ConfigRead& r) {
    std::string dir = argv_.hydra_path ? argv_.hydra_path->text : r.config_path;
    std::string name = argv_.hydra_name ? argv_.hydra_name->text : r.config_name;
    if (name.empty() || (argv_.hydra_name && argv_.hydra_name->unknown) ||
        (argv_.hydra_path && argv_.hydra_path->unknown))
      return;
    if (!std::filesystem::path(name).has_extension()) name += ".yaml";
    std::string rel = dir.empty() ? name : (std::filesystem::path(dir) / name).generic_string();
    // Hydra resolves config_path against the script's folder.
    const config::ConfigModel* c = argv_.hydra_path ? loadNamed(rel) : in_.load(rel, true);
    const config::ConfigValue* doc = document(c);
    if (!doc) return;
    std::vector<ValueStep> link;
    if (argv_.hydra_name) link.push_back(tokenStep(*argv_.hydra_name, "job argv selects the Hydra config " + rel));
    else link.push_back({m_.location(r.node), "@hydra.main loads " + rel});
    HydraCompose compose;
    compose.load = [&](const std::string& group_file) {
      return argv_.hydra_path ? loadNamed(group_file) : in_.load(group_file, true);
    };
    compose.dir = dir;
    compose.link = link;
    compose.job_file = in_.job_file;
    for (const ArgToken& t : argv_.positionals)  // `data=cifar` may choose a config group
      if (size_t eq = t.text.find('='); eq != std::string::npos && t.text.find('.') > eq)
        compose.choices[t.text.substr(0, eq)] = t;
    std::set<std::string> groups;
    std::optional<ConfigValues> values = composeHydra(*c, *doc, compose, &groups);
    if (!values) return;
    std::vector<ConfigOverride> overrides;
    for (const ArgToken& t : argv_.positionals)
      if (auto o = hydraOverride(t, *in_.job_file); o && !groups.count(o->path)) overrides.push_back(std::move(*o));
    applyOverrides(*values, overrides);
    set(ConfigRoot::Hydra, "", std::move(*values));
  }

  void file(const ConfigRead& r) {
    ResolvedValue path = m_.resolve(r.path);
    if (path.kind != ResolvedValue::Kind::String || m_.hasConfig(ConfigRoot::File, path.string_value)) return;
    const config::ConfigModel* c = in_.launch ? loadNamed(path.string_value) : in_.load(path.string_value, true);
    const config::ConfigValue* doc = document(c);
    if (!doc) return;
    std::vector<ValueStep> link{{m_.location(r.node), "the script loads " + path.string_value}};
    if (!path.chain.empty())
      link.push_back({path.chain.back().location, "the config file is named here (" + path.chain.back().message + ")"});
    set(ConfigRoot::File, path.string_value, flattenConfig(*c, *doc, "", link));
  }

  void hfArguments(const ConfigRead& r) {
    if (m_.hasConfig(ConfigRoot::HfArguments)) return;
    ConfigValues values;
    ResolvedValue literal = r.path ? m_.resolve(r.path) : ResolvedValue::unknown();
    if (literal.kind == ResolvedValue::Kind::String) {
      if (const config::ConfigModel* c = loadNamed(literal.string_value); document(c))
        values = flattenConfig(*c, *document(c), "", {{m_.location(r.node), "the script parses " + literal.string_value}});
    } else if (argv_.args_file && !argv_.args_file->unknown && parsesArgsFile(argv_.args_file->text)) {
      const std::string& rel = argv_.args_file->text;
      if (const config::ConfigModel* c = loadNamed(rel); document(c))
        values = flattenConfig(*c, *document(c), "", {tokenStep(*argv_.args_file, "job argv names the HF arguments file " + rel)});
    } else if (in_.launch) {
      for (const auto& [name, token] : argv_.flags) {  // parse_args_into_dataclasses reads them
        ResolvedValue v = token.unknown ? ResolvedValue::unknown() : overrideValue(token.text);
        if (v.known()) v.chain.push_back(tokenStep(token, "job argv sets --" + name));
        values[name] = std::move(v);
      }
      // What the argv leaves out keeps the parsed dataclasses' own defaults.
      if (!values.empty()) addDataclassDefaults(r, values);
    }
    if (!values.empty()) set(ConfigRoot::HfArguments, "", std::move(values));
  }

  // `HfArgumentParser((RunArgs, ...))` read by `r`: each field a class of
  // this file declares with a literal default (`gradient_checkpointing: bool
  // = field(default=True)`), for the keys `values` does not hold yet.
  void addDataclassDefaults(const ConfigRead& r, ConfigValues& values) {
    const python::Call* parse = m_.callAt(r.node);
    if (!parse || !parse->receiver) return;
    for (ts::Node src : m_.valueSources(parse->receiver)) {
      const python::Call* made = src.is("call") ? m_.callAt(src) : nullptr;
      if (!made || !made->qualified.ends_with("HfArgumentParser") || made->positional.empty()) continue;
      ts::Node classes = python::syntax::unwrap(made->positional[0]);
      std::vector<ts::Node> names;
      if (classes.is("tuple") || classes.is("list"))
        for (ts::Node n : classes.namedChildren()) names.push_back(n);
      else
        names.push_back(classes);
      for (ts::Node name : names) {
        if (!name.is("identifier") || m_.classesNamed(name.text()).size() != 1) continue;
        const python::ClassDef& cls = *m_.classesNamed(name.text()).front();
        for (ts::Node stmt : cls.node.field("body").namedChildren()) {
          ts::Node a = stmt.is("expression_statement") && stmt.namedChildCount() ? stmt.namedChild(0) : ts::Node();
          if (!a || !a.is("assignment") || !a.field("left").is("identifier")) continue;
          std::string key(a.field("left").text());
          if (values.count(key)) continue;
          ts::Node def = python::member_values::fieldDefault(cls, key);
          ResolvedValue v = def ? m_.resolve(def) : ResolvedValue::unknown();
          if (!v.known()) continue;
          v.chain.push_back({m_.location(a), std::string(name.text()) + " declares the default of " + key});
          values[key] = std::move(v);
        }
      }
    }
  }

  // Does the script parse an HF arguments file of this kind (parse_yaml_file
  // for .yaml/.yml, parse_json_file for .json)?
  bool parsesArgsFile(std::string_view file) const {
    bool json = file.ends_with(".json");
    for (const ConfigRead& r : m_.configReads())
      if (const python::Call* c = r.root == ConfigRoot::HfArguments ? m_.callAt(r.node) : nullptr)
        if (c->method == (json ? "parse_json_file" : "parse_yaml_file")) return true;
    return false;
  }

  void deepspeed(const ConfigRead& r) {
    if (m_.hasConfig(ConfigRoot::DeepSpeed)) return;
    std::string rel;
    std::vector<ValueStep> link;
    ResolvedValue path = r.path ? m_.resolve(r.path) : ResolvedValue::unknown();
    auto hf = m_.configValue(ConfigRoot::HfArguments, "deepspeed");
    if (path.kind == ResolvedValue::Kind::String) {
      rel = path.string_value;
      link.push_back({m_.location(r.node), "deepspeed reads " + rel});
      if (!path.chain.empty()) link.push_back(path.chain.back());
    } else if (argv_.deepspeed && !argv_.deepspeed->unknown) {
      rel = argv_.deepspeed->text;
      link.push_back(tokenStep(*argv_.deepspeed, "job argv names the DeepSpeed config " + rel));
    } else if (hf && hf->kind == ResolvedValue::Kind::String) {
      rel = hf->string_value;
      link = hf->chain;
      if (!link.empty()) link.back().message = "the HF arguments name the DeepSpeed config " + rel;
    }
    if (rel.empty()) return;
    const config::ConfigModel* c = in_.launch ? loadNamed(rel) : in_.load(rel, true);
    if (const config::ConfigValue* doc = document(c)) set(ConfigRoot::DeepSpeed, "", flattenConfig(*c, *doc, "", link));
  }

  // One LightningCLI section: `trainer`, or `model`/`data` (with or without
  // class_path/init_args) bound to the class whose __init__ takes it.
  void lightning(const ConfigRead& r, const std::string& section) {
    ConfigRoot root = section == "trainer" ? ConfigRoot::LightningTrainer : ConfigRoot::LightningInit;
    std::string cls = r.key;
    ConfigValues values;
    for (const ArgToken& t : argv_.configs) {
      if (t.unknown) continue;
      const config::ConfigModel* c = loadNamed(t.text);
      const config::ConfigValue* doc = document(c);
      const config::ConfigValue* sec = doc ? doc->get(section) : nullptr;
      if (!sec || !sec->isMapping()) continue;
      std::string prefix = section + ".";
      if (const config::ConfigValue* cp = sec->get("class_path"); cp && cp->isScalar()) {
        std::string written = cp->text.substr(cp->text.rfind('.') + 1);
        if (!cls.empty() && cls != written) continue;  // another class than the CLI's
        cls = written;
      }
      if (const config::ConfigValue* init = sec->get("init_args"); init && init->isMapping()) {
        sec = init;
        prefix += "init_args.";
      }
      for (auto& [k, v] : flattenConfig(*c, *sec, prefix, {tokenStep(t, "job argv names the Lightning config " + t.text)}))
        values[k] = std::move(v);  // a later --config wins
    }
    std::vector<ConfigOverride> overrides;
    for (const auto& [name, token] : argv_.dotted) {
      std::string key = name;
      if (!key.starts_with(section + ".")) continue;
      key = key.substr(section.size() + 1);
      if (key.starts_with("init_args.")) key = key.substr(10);
      ConfigOverride o{ConfigOverride::Op::Set, key, token.unknown ? ResolvedValue::unknown() : overrideValue(token.text)};
      if (o.value.known()) o.value.chain.push_back(tokenStep(token, "job argv sets --" + name));
      overrides.push_back(std::move(o));
    }
    applyOverrides(values, overrides);
    if (values.empty() || (root == ConfigRoot::LightningInit && cls.empty())) return;
    set(root, root == ConfigRoot::LightningInit ? cls : "", std::move(values));
  }

  const RunConfigInput& in_;
  python::ScriptModel& m_;
  ArgvConfigs argv_;
  bool bound_ = false;
};

}  // namespace

bool bindRunConfigs(const RunConfigInput& in) {
  if (!in.script || !in.load) return false;
  if (in.launch && !in.job_file) return false;
  return Binder(in).run();
}

}  // namespace gpulint::project
