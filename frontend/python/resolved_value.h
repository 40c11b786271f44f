#pragma once
// A value resolved statically, with where it came from. Unknown values never
// fire a rule.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "frontend/source_file.h"

namespace gpulint::python {

struct ValueStep {
  Location location;
  std::string message;  // "argparse default", "job argv overrides --num-workers"
};

struct ResolvedValue {
  enum class Kind { Unknown, Int, Float, Bool, String, None };
  Kind kind = Kind::Unknown;
  int64_t int_value = 0;
  double float_value = 0;
  bool bool_value = false;
  std::string string_value;
  // Provenance: how the value was reached, from the use outward; the last step
  // is where the value is written. Empty for a literal at the use site.
  std::vector<ValueStep> chain;
  // Unknown as one value because call sites pass different known values
  // (`batch_size` 1 from one script, 4 from another): each distinct value
  // with its own chain. Only a rule that judges every candidate asks; for
  // the rest the value stays unknown (RULES.md "Value": a threshold fires
  // only when every candidate is bad).
  std::vector<ResolvedValue> candidates;

  [[nodiscard]] bool known() const { return kind != Kind::Unknown; }
  [[nodiscard]] std::optional<int64_t> asInt() const;
  [[nodiscard]] std::optional<double> asNumber() const;
  [[nodiscard]] std::optional<bool> truthiness() const;
  [[nodiscard]] std::string display() const;  // "0", "'cpu'", "True"
  // "argparse default at train.py:14" or "literal"; for messages.
  [[nodiscard]] std::string origin() const;

  static ResolvedValue unknown() { return {}; }
  static ResolvedValue ofInt(int64_t v);
  static ResolvedValue ofFloat(double v);
  static ResolvedValue ofBool(bool v);
  static ResolvedValue ofString(std::string v);
  static ResolvedValue none();
};

}  // namespace gpulint::python
