#include "core/diagnostic.h"

#include <tuple>

namespace gpulint {

const char* levelName(Level level) {
  switch (level) {
    case Level::Note: return "note";
    case Level::Warning: return "warning";
    case Level::Error: return "error";
  }
  return "warning";
}

bool parseLevel(const std::string& text, Level* out) {
  if (text == "note") *out = Level::Note;
  else if (text == "warning") *out = Level::Warning;
  else if (text == "error") *out = Level::Error;
  else return false;
  return true;
}

bool diagnosticLess(const Diagnostic& a, const Diagnostic& b) {
  return std::tie(a.location.file, a.location.begin, a.rule, a.location.end, a.message) <
         std::tie(b.location.file, b.location.begin, b.rule, b.location.end, b.message);
}

}  // namespace gpulint
