// argv -> argparse option binding (see argv_binding.h).
#include "frontend/project/argv_binding.h"

#include <charconv>

namespace gpulint::project {

namespace {

using python::ArgparseOption;
using python::ResolvedValue;

std::string normalized(std::string_view flag) {
  std::string s(flag);
  for (char& c : s)
    if (c == '_') c = '-';
  return s;
}

// The option a long flag names: exact, then with `_`/`-` read alike, then an
// unambiguous prefix (argparse's allow_abbrev). Null when none or ambiguous.
const ArgparseOption* findLong(const python::ScriptModel& script, std::string_view name) {
  for (const auto& o : script.argparseOptions())
    for (const auto& f : o.flags)
      if (f == name) return &o;
  std::string want = normalized(name);
  for (const auto& o : script.argparseOptions())
    for (const auto& f : o.flags)
      if (f.starts_with("--") && normalized(f) == want) return &o;
  const ArgparseOption* found = nullptr;
  for (const auto& o : script.argparseOptions())
    for (const auto& f : o.flags)
      if (f.starts_with("--") && f.starts_with(name)) {
        if (found && found != &o) return nullptr;
        found = &o;
      }
  return found;
}

const ArgparseOption* findShort(const python::ScriptModel& script, std::string_view flag) {
  for (const auto& o : script.argparseOptions())
    for (const auto& f : o.flags)
      if (f == flag) return &o;
  return nullptr;
}

bool takesValue(const ArgparseOption& o) {
  return o.action != "store_true" && o.action != "store_false" && o.action != "count" && o.action != "store_const" &&
         o.action != "help" && o.action != "version";
}

// The value argparse would store for `text` given the option's `type`.
ResolvedValue typedValue(const ArgparseOption& o, const ArgToken& token) {
  if (token.unknown) return ResolvedValue::unknown();
  if (!o.action.empty() && o.action != "store") return ResolvedValue::unknown();  // append, extend...
  const std::string& t = token.text;
  if (o.type.empty() || o.type == "str") return ResolvedValue::ofString(t);
  if (o.type == "int") {
    int64_t v = 0;
    auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    return ec == std::errc() && p == t.data() + t.size() ? ResolvedValue::ofInt(v) : ResolvedValue::unknown();
  }
  if (o.type == "float") {
    double v = 0;
    auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    return ec == std::errc() && p == t.data() + t.size() ? ResolvedValue::ofFloat(v) : ResolvedValue::unknown();
  }
  return ResolvedValue::unknown();  // a custom type: we cannot tell what it returns
}

}  // namespace

std::vector<OptionBinding> bindArgv(const std::vector<ArgToken>& args, const python::ScriptModel& script,
                                    const SourceFile& job_file) {
  std::vector<OptionBinding> out;
  for (size_t i = 0; i < args.size(); ++i) {
    const ArgToken& tok = args[i];
    const std::string& t = tok.text;
    if (t == "--") break;  // the rest is positional
    if (t.size() < 2 || t[0] != '-' || tok.unknown) continue;
    std::string flag = t;
    std::optional<ArgToken> inline_value;
    const ArgparseOption* opt = nullptr;
    if (t.starts_with("--")) {
      size_t eq = t.find('=');
      flag = t.substr(0, eq);
      if (eq != std::string::npos) {
        ArgToken v = tok;
        v.text = t.substr(eq + 1);
        if (tok.end - tok.begin == t.size()) v.begin += static_cast<uint32_t>(eq + 1);
        inline_value = v;
      }
      opt = findLong(script, flag);
    } else {
      flag = t.substr(0, 2);
      opt = findShort(script, flag);
      if (opt && t.size() > 2 && takesValue(*opt)) {  // `-j4`
        ArgToken v = tok;
        v.text = t.substr(2);
        if (tok.end - tok.begin == t.size()) v.begin += 2;
        inline_value = v;
      }
    }
    if (!opt) continue;
    OptionBinding b;
    b.dest = opt->dest;
    b.flag = flag;
    if (opt->action == "store_true" || opt->action == "store_false") {
      b.value = ResolvedValue::ofBool(opt->action == "store_true");
      b.token = tok;
    } else if (!takesValue(*opt)) {
      b.value = ResolvedValue::unknown();
      b.token = tok;
    } else if (inline_value) {
      b.token = *inline_value;
      b.value = typedValue(*opt, b.token);
    } else if (i + 1 < args.size()) {
      b.token = args[++i];
      b.value = typedValue(*opt, b.token);
    } else {
      continue;  // a flag without its value: argparse would exit
    }
    if (b.value.known())
      b.value.chain.push_back({job_file.location(b.token.begin, b.token.end), "job argv sets " + flag});
    out.push_back(std::move(b));
  }
  return out;
}

void applyBindings(python::ScriptModel& script, const std::vector<OptionBinding>& bindings) {
  for (const auto& b : bindings) script.setOptionOverride(b.dest, b.value);
}

}  // namespace gpulint::project
