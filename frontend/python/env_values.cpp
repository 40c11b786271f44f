// Switches read from the environment with a default (`PIN_MEMORY =
// str(os.getenv("PIN_MEMORY", True)).lower() == "true"`). A default written
// in the code is what a job gets unless its environment sets the variable,
// as an argparse default is what it gets unless its command line sets the
// option (RULES.md "Value"); a read without a default stays unknown. Only a
// switch (a read compared with a literal) is resolved: counts and sizes
// read from the environment (`int(os.environ.get("BATCH_SIZE", 2))`) are
// what launchers and job specs set, and so are the variables a launcher
// always exports (RANK, WORLD_SIZE, ...), which stay unknown however read.
#include <cctype>

#include "frontend/python/syntax.h"
#include "frontend/python/value_resolver.h"

namespace gpulint::python {

namespace {

// How Python's str() writes a resolved scalar; nullopt for a float (its
// repr is not worth reproducing here) or unknown.
std::optional<std::string> pythonStr(const ResolvedValue& v) {
  switch (v.kind) {
    case ResolvedValue::Kind::String: return v.string_value;
    case ResolvedValue::Kind::Int: return std::to_string(v.int_value);
    case ResolvedValue::Kind::Bool: return std::string(v.bool_value ? "True" : "False");
    case ResolvedValue::Kind::None: return std::string("None");
    default: return std::nullopt;
  }
}

// The two sides of `==` are equal: same kind (an int and a float compare
// by number), else unknown.
std::optional<bool> sameValue(const ResolvedValue& a, const ResolvedValue& b) {
  using K = ResolvedValue::Kind;
  if (a.kind == K::String && b.kind == K::String) return a.string_value == b.string_value;
  if ((a.kind == K::Int || a.kind == K::Float || a.kind == K::Bool) &&
      (b.kind == K::Int || b.kind == K::Float || b.kind == K::Bool))
    return *a.asNumber() == *b.asNumber();
  if (a.kind == K::None || b.kind == K::None) return a.kind == b.kind;
  return std::nullopt;  // a string against a number: Python says False, but such code means something else
}

// Variables launchers and schedulers set for every process.
bool launcherVariable(std::string_view name) {
  for (std::string_view part : {"RANK", "WORLD_SIZE", "LOCAL_", "MASTER_", "SLURM", "OMPI_", "PMI_", "CUDA_VISIBLE",
                                "NODE", "NPROC"})
    if (name.find(part) != std::string_view::npos) return true;
  return false;
}

// The environment read under `str(...)`, `.lower()`, `.strip()` of an
// operand; null when the operand is something else.
const Call* environmentRead(const ScriptModel& m, ts::Node operand) {
  for (int hops = 0; hops < 4; ++hops) {
    operand = syntax::unwrap(operand);
    const Call* c = operand && operand.is("call") ? m.callAt(operand) : nullptr;
    if (!c) return nullptr;
    if (c->qualified == "os.getenv" || c->qualified == "os.environ.get") return c;
    if (c->receiver && c->positional.empty() && syntax::oneOf(c->method, {"lower", "upper", "strip"}))
      operand = c->receiver;
    else if (!c->receiver && c->method == "str" && c->qualified.empty() && c->positional.size() == 1)
      operand = c->positional[0];
    else
      return nullptr;
  }
  return nullptr;
}

}  // namespace

ResolvedValue ValueResolver::environmentDefault(const Call& c, int depth) {
  // os.getenv(name, default) / os.environ.get(name, default): positional or `default=`.
  if (c.has_star_args || c.has_star_kwargs || c.positional.empty()) return {};
  std::string name;
  if (!syntax::stringLiteral(c.positional[0], &name) || launcherVariable(name)) return {};
  ts::Node fallback = c.positional.size() > 1 ? c.positional[1] : c.keyword("default");
  if (!fallback) return {};  // unset: unknown
  ts::Node literal = syntax::unwrap(fallback);
  // Only a default written here: a name may itself be what a run sets.
  if (!literal || !(literal.is("string") || literal.is("integer") || literal.is("true") || literal.is("false")))
    return {};
  ResolvedValue v = resolve(literal, depth + 1);
  if (!v.known()) return v;
  v.chain.push_back(
      {m_.location(c.node), "default of the environment variable " + name + " (when the job leaves it unset)"});
  return v;
}

ResolvedValue ValueResolver::environmentSwitch(ts::Node operand, int depth) {
  operand = syntax::unwrap(operand);
  const Call* c = operand && operand.is("call") && depth <= kMaxDepth ? m_.callAt(operand) : nullptr;
  if (!c) return {};
  if (c->qualified == "os.getenv" || c->qualified == "os.environ.get") return environmentDefault(*c, depth);
  if (!c->receiver && c->method == "str" && c->qualified.empty() && c->positional.size() == 1) {
    ResolvedValue v = environmentSwitch(c->positional[0], depth + 1);
    auto text = pythonStr(v);
    if (!text) return {};
    v.kind = ResolvedValue::Kind::String;
    v.string_value = *text;
    return v;
  }
  if (!c->receiver || !c->positional.empty() || !syntax::oneOf(c->method, {"lower", "upper", "strip"})) return {};
  ResolvedValue v = environmentSwitch(c->receiver, depth + 1);
  if (v.kind != ResolvedValue::Kind::String) return {};
  std::string& text = v.string_value;
  if (c->method == "strip") {
    size_t b = text.find_first_not_of(" \t\n\r"), e = text.find_last_not_of(" \t\n\r");
    text = b == std::string::npos ? "" : text.substr(b, e - b + 1);
  } else {
    for (char& ch : text)
      ch = static_cast<char>(c->method == "lower" ? std::tolower(static_cast<unsigned char>(ch))
                                                  : std::toupper(static_cast<unsigned char>(ch)));
  }
  return v;
}

ResolvedValue ValueResolver::comparison(ts::Node n, int depth) {
  // One operator between two operands: `a == b` or `a != b`.
  if (n.namedChildCount() != 2 || n.childCount() != 3) return {};
  std::string_view op = n.child(1).text();
  if (op != "==" && op != "!=") return {};
  // Only a switch read from the environment (see above): other comparisons
  // are the guards' to judge (guard_conditions.cpp), rank tests included.
  ts::Node read = environmentRead(m_, n.namedChild(0)) ? n.namedChild(0)
                  : environmentRead(m_, n.namedChild(1)) ? n.namedChild(1) : ts::Node();
  if (!read) return {};
  ResolvedValue a = environmentSwitch(read, depth + 1);
  if (!a.known()) return {};
  ResolvedValue b = resolve(read == n.namedChild(0) ? n.namedChild(1) : n.namedChild(0), depth + 1);
  auto equal = b.known() ? sameValue(a, b) : std::nullopt;
  if (!equal) return {};
  ResolvedValue r = ResolvedValue::ofBool(*equal == (op == "=="));
  r.chain = a.chain.empty() ? b.chain : a.chain;
  return r;
}

}  // namespace gpulint::python
