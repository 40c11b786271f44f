// argparse options: dest, flags, default (typed), action.
#include <algorithm>

#include "frontend/python/returned_parser.h"
#include "frontend/python/script_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

namespace {

std::string destFromFlag(std::string flag) {
  while (!flag.empty() && flag.front() == '-') flag.erase(0, 1);
  for (char& c : flag)
    if (c == '-') c = '_';
  return flag;
}

// argparse applies `type` to string defaults: default="4", type=int -> 4.
ResolvedValue applyType(ResolvedValue v, const std::string& type) {
  if (v.kind != ResolvedValue::Kind::String) return v;
  try {
    size_t used = 0;
    if (type == "int") {
      long long i = std::stoll(v.string_value, &used);
      if (used == v.string_value.size()) {
        auto r = ResolvedValue::ofInt(i);
        r.chain = v.chain;
        return r;
      }
    } else if (type == "float") {
      double d = std::stod(v.string_value, &used);
      if (used == v.string_value.size()) {
        auto r = ResolvedValue::ofFloat(d);
        r.chain = v.chain;
        return r;
      }
    }
  } catch (...) {
  }
  return v;
}

// `parser.set_defaults(pin_mem=True)` replaces the default of every option
// with that dest (a `--no-x` store_false twin included); `**kwargs` may
// replace any, so every default becomes unknown.
void applySetDefaults(const ScriptModel& model, std::vector<ArgparseOption>& options) {
  for (ArgparseOption& o : options)
    if (auto set = model.setDefaultOf(o.dest, o.type)) {
      o.default_value = std::move(*set);
      // `set_defaults(pin_mem=True)`: on unless the run turns it off.
      if (o.default_value.truthiness().value_or(false)) o.opt_in = false;
    }
}

}  // namespace

std::optional<ResolvedValue> ScriptModel::setDefaultOf(std::string_view dest, const std::string& type) const {
  std::optional<ResolvedValue> out;
  for (const Call& c : calls()) {
    if (c.method != "set_defaults" || !c.receiver) continue;
    if (c.has_star_kwargs) out = ResolvedValue{};
    ts::Node v = c.keyword(dest);
    if (!v) continue;
    out = applyType(resolve(v), type);
    if (out->known()) out->chain.push_back({location(v.parent()), "parser.set_defaults(" + std::string(dest) + "=...)"});
  }
  return out;
}

void collectArgparse(ScriptModel& model, std::vector<ArgparseOption>& out) {
  for (const Call& c : model.calls()) {
    if (c.method != "add_argument" || c.positional.empty()) continue;
    ArgparseOption opt;
    opt.call = c.node;
    for (ts::Node p : c.positional) {
      std::string s;
      if (syntax::stringLiteral(p, &s)) opt.flags.push_back(s);
    }
    if (opt.flags.empty()) continue;
    std::string dest;
    if (ts::Node d = c.keyword("dest")) (void)syntax::stringLiteral(d, &dest);
    if (dest.empty())
      for (const auto& f : opt.flags)
        if (f.starts_with("--")) { dest = destFromFlag(f); break; }
    if (dest.empty()) dest = destFromFlag(opt.flags.front());
    opt.dest = dest;
    if (ts::Node a = c.keyword("action")) (void)syntax::stringLiteral(a, &opt.action);
    if (ts::Node t = c.keyword("type")) opt.type = std::string(t.text());
    if (ts::Node n = c.keyword("nargs"))
      if (!syntax::stringLiteral(n, &opt.nargs)) opt.nargs = n.is("integer") ? std::string(n.text()) : "unknown";

    Location where = model.location(c.node);
    std::string flag = opt.flags.front();
    for (const auto& f : opt.flags)
      if (f.starts_with("--")) { flag = f; break; }
    if (ts::Node d = c.keyword("default")) {
      opt.default_value = applyType(model.resolve(d), opt.type);
      if (opt.default_value.known())
        opt.default_value.chain.push_back({model.location(d), "argparse default of " + flag});
    } else if (opt.action == "store_true") {
      opt.default_value = ResolvedValue::ofBool(false);
      opt.default_value.chain.push_back({where, "argparse default of " + flag + " (store_true)"});
    } else if (opt.action == "store_false") {
      opt.default_value = ResolvedValue::ofBool(true);
      opt.default_value.chain.push_back({where, "argparse default of " + flag + " (store_false)"});
    } else {
      opt.default_value = ResolvedValue::none();
      opt.default_value.chain.push_back({where, "argparse option " + flag + " has no default"});
    }
    // Off unless the run passes it: a store_true flag, or a one-value option
    // whose default is None, 0 or "" (`--ladder_levels` with no default)
    // and that the parser does not require.
    bool required = false;
    if (ts::Node r = c.keyword("required")) required = model.resolve(r).truthiness().value_or(true);
    bool plain = opt.action.empty() || opt.action == "store";
    opt.opt_in = !required && (opt.action == "store_true" || (plain && opt.nargs.empty())) &&
                 !opt.default_value.truthiness().value_or(true);
    out.push_back(std::move(opt));
  }
  applySetDefaults(model, out);
}

ReturnedParser returnedParser(const ScriptModel& m, const Function& f) {
  bool generator = false;
  const std::vector<ts::Node>& returns = m.returnValues(f, &generator);
  if (generator || returns.empty()) return {};
  ReturnedParser out;
  int parses = 0;
  std::vector<ts::Node> values;
  for (ts::Node r : returns) {
    r = syntax::unwrap(r);
    // `args = parser.parse_args(argv)` on each branch, checked, then `return args`.
    if (r.is("identifier"))
      if (std::vector<ts::Node> sources = m.valueSources(r, /*all_paths=*/true);
          !sources.empty() && std::all_of(sources.begin(), sources.end(), [&](ts::Node v) {
            const Call* c = syntax::unwrap(v).is("call") ? m.callAt(syntax::unwrap(v)) : nullptr;
            return c && c->function == &f && c->method == "parse_args";
          })) {
        values.insert(values.end(), sources.begin(), sources.end());
        continue;
      }
    values.push_back(r);
  }
  for (ts::Node r : values) {
    r = syntax::unwrap(r);
    if (r.is("subscript")) r = syntax::unwrap(r.field("value"));  // parse_known_args()[0]
    if (r.is("call")) {
      const Call* c = m.callAt(r);
      if (!c || !c->receiver || !syntax::oneOf(c->method, {"parse_args", "parse_known_args"})) return {};
      r = syntax::unwrap(c->receiver);
      ++parses;
    }
    if (!r.is("identifier") || (!out.name.empty() && out.name != r.text())) return {};
    out.name = std::string(r.text());
  }
  out.parsed = parses == static_cast<int>(values.size());
  return out;
}

}  // namespace gpulint::python
