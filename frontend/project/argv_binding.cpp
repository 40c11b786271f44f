// argv -> argparse option binding (see argv_binding.h).
#include "frontend/project/argv_binding.h"

#include <algorithm>
#include <charconv>
#include <optional>

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

// A word argparse reads as an option, not a value: `-x`, `--x`; not `-1`, `-0.5` or `-`.
bool looksLikeFlag(const ArgToken& tok) {
  const std::string& t = tok.text;
  if (t.size() < 2 || t[0] != '-') return false;
  double v = 0;
  auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  return !(ec == std::errc() && p == t.data() + t.size());
}

// How many value words an option takes after its flag: nargs N, or as many
// as follow before the next flag for '+'/'*' (at least one for '+'), 0 or 1
// for '?'. nullopt when argparse would reject the words (too few).
std::optional<size_t> valueWords(const ArgparseOption& o, const std::vector<ArgToken>& args, size_t first) {
  size_t available = 0;
  while (first + available < args.size() && !looksLikeFlag(args[first + available]) &&
         args[first + available].text != "--")
    ++available;
  if (o.nargs == "?") return std::min<size_t>(available, 1);
  if (o.nargs == "*") return available;
  if (o.nargs == "+") return available >= 1 ? std::optional<size_t>(available) : std::nullopt;
  size_t n = 0;
  auto [p, ec] = std::from_chars(o.nargs.data(), o.nargs.data() + o.nargs.size(), n);
  if (ec != std::errc() || p != o.nargs.data() + o.nargs.size()) return available;  // REMAINDER & co.: not followed
  return available >= n ? std::optional<size_t>(n) : std::nullopt;
}

// Values of a list option (nargs '+', '*', N) are lists, which a resolved
// value cannot hold: unknown, so they never fire a rule. nargs='?' with a
// word is that word; without one it is the option's `const`, not followed.
ResolvedValue nargsValue(const ArgparseOption& o, const std::vector<ArgToken>& words) {
  if (o.nargs == "?" && words.size() == 1) return typedValue(o, words.front());
  return ResolvedValue::unknown();
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
      // `--opt=v` is one word; with nargs N/'+'/'*' it is a one-item list.
      b.value = opt->nargs.empty() || opt->nargs == "?" ? typedValue(*opt, b.token) : ResolvedValue::unknown();
    } else if (!opt->nargs.empty()) {
      auto n = valueWords(*opt, args, i + 1);
      if (!n) continue;  // too few words: argparse would exit
      std::vector<ArgToken> words(args.begin() + static_cast<long>(i + 1), args.begin() + static_cast<long>(i + 1 + *n));
      b.token = words.empty() ? tok : words.front();
      b.value = nargsValue(*opt, words);
      i += *n;
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
