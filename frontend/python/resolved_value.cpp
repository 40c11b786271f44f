#include "frontend/python/resolved_value.h"

#include <cmath>
#include <sstream>

namespace gpulint::python {

std::optional<int64_t> ResolvedValue::asInt() const {
  switch (kind) {
    case Kind::Int: return int_value;
    case Kind::Bool: return bool_value ? 1 : 0;
    case Kind::Float:
      if (std::floor(float_value) == float_value && std::fabs(float_value) < 1e15)
        return static_cast<int64_t>(float_value);
      return std::nullopt;
    default: return std::nullopt;
  }
}

std::optional<double> ResolvedValue::asNumber() const {
  if (kind == Kind::Float) return float_value;
  if (auto i = asInt()) return static_cast<double>(*i);
  return std::nullopt;
}

std::optional<bool> ResolvedValue::truthiness() const {
  switch (kind) {
    case Kind::Int: return int_value != 0;
    case Kind::Float: return float_value != 0;
    case Kind::Bool: return bool_value;
    case Kind::String: return !string_value.empty();
    case Kind::None: return false;
    case Kind::Unknown: break;
  }
  return std::nullopt;
}

std::string ResolvedValue::display() const {
  std::ostringstream out;
  switch (kind) {
    case Kind::Int: out << int_value; break;
    case Kind::Float: out << float_value; break;
    case Kind::Bool: out << (bool_value ? "True" : "False"); break;
    case Kind::String: out << "'" << string_value << "'"; break;
    case Kind::None: out << "None"; break;
    case Kind::Unknown: out << "unknown"; break;
  }
  return out.str();
}

std::string ResolvedValue::origin() const {
  if (chain.empty()) return "literal";
  const ValueStep& last = chain.back();
  return last.message + " at " + last.location.file + ":" + std::to_string(last.location.start.line);
}

ResolvedValue ResolvedValue::ofInt(int64_t v) {
  ResolvedValue r;
  r.kind = Kind::Int;
  r.int_value = v;
  return r;
}
ResolvedValue ResolvedValue::ofFloat(double v) {
  ResolvedValue r;
  r.kind = Kind::Float;
  r.float_value = v;
  return r;
}
ResolvedValue ResolvedValue::ofBool(bool v) {
  ResolvedValue r;
  r.kind = Kind::Bool;
  r.bool_value = v;
  return r;
}
ResolvedValue ResolvedValue::ofString(std::string v) {
  ResolvedValue r;
  r.kind = Kind::String;
  r.string_value = std::move(v);
  return r;
}
ResolvedValue ResolvedValue::none() {
  ResolvedValue r;
  r.kind = Kind::None;
  return r;
}

}  // namespace gpulint::python
