#pragma once
// A helper of the project that builds the command-line parser and hands it
// back (issue #11): `def get_args(): p = argparse.ArgumentParser(); ...;
// return p.parse_args()` in utils/, called as `args = get_args()` by the
// entry script. Its options are the caller's (ProjectModel::
// importHelperOptions) and what it returns is the parsed namespace
// (ValueResolver::isArgparseNamespace).
#include <string>

#include "frontend/python/script_model.h"

namespace gpulint::python {

struct ReturnedParser {
  std::string name;     // the parser's name in the helper; "" when it returns anything else on some path
  bool parsed = false;  // every return parses it (`p.parse_args()`, `p.parse_known_args()[0]`)
};

// What `f` (of `m`) returns: one parser, itself or parsed on every path.
[[nodiscard]] ReturnedParser returnedParser(const ScriptModel& m, const Function& f);

}  // namespace gpulint::python
