// Config-side settings for the Python rules (see config_side.h).
#include "checkers/config_side.h"

#include "checkers/python_common.h"

namespace gpulint::checks {

std::optional<ConfigSetting> configSetting(const python::ScriptModel& model, python::ConfigRoot root,
                                           std::string_view key) {
  auto v = model.configValue(root, key);
  if (!v || !v->known()) return std::nullopt;
  for (const python::ConfigRead& r : model.configReads()) {
    if (r.root != root || !r.node) continue;
    const python::Call* c = model.callAt(r.node);
    return ConfigSetting{*v, c ? callHead(model, *c) : model.location(r.node)};
  }
  return std::nullopt;
}

bool hfArgumentsMayUseCpu(const python::ScriptModel& model) {
  for (const char* cpu : {"no_cuda", "use_cpu"})
    if (auto v = model.configValue(python::ConfigRoot::HfArguments, cpu)) {
      auto b = v->truthiness();
      if (!b || *b || v->kind == python::ResolvedValue::Kind::String) return true;
    }
  return false;
}

Diagnostic configDiagnostic(const char* rule, Level level, const ConfigSetting& s, std::string message) {
  Diagnostic d;
  d.rule = rule;
  d.level = level;
  d.location = s.read;
  d.message = std::move(message);
  d.related = relatedFrom(s.value);
  return d;
}

std::string describeSetting(std::string_view key, const python::ResolvedValue& v) {
  std::string shown = v.kind == python::ResolvedValue::Kind::Bool ? (v.bool_value ? "true" : "false") : v.display();
  std::string out = std::string(key) + " = " + shown;
  if (!v.chain.empty()) {
    const auto& last = v.chain.back();
    out += " (" + last.message + " at " + last.location.file + ":" + std::to_string(last.location.start.line) + ")";
  }
  return out;
}

}  // namespace gpulint::checks
