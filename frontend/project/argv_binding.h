#pragma once
// Binding a job's argv to the entry script's argparse options, the way
// argparse itself reads them: long and short flags, `--opt=v`, `-jN`,
// store_true/store_false, unambiguous prefixes of long flags, `type=int`/
// `float`, `nargs` ('+'/'*'/N consume their words; a list value is unknown,
// '?' binds its one word). Each bound value's provenance points at the argv token in the job
// file, so findings can say "job argv at job.yaml:12".
#include <string>
#include <vector>

#include "frontend/project/launch.h"
#include "frontend/python/script_model.h"

namespace gpulint::project {

struct OptionBinding {
  std::string dest;
  std::string flag;             // the option's flag as the job wrote it
  python::ResolvedValue value;  // unknown when the token holds `$VAR` or an unsupported action
  ArgToken token;               // the value token (the flag itself for store_true/false)
};

[[nodiscard]] std::vector<OptionBinding> bindArgv(const std::vector<ArgToken>& args,
                                                  const python::ScriptModel& script, const SourceFile& job_file);
// Sets the bindings as overrides of the script's argparse defaults.
void applyBindings(python::ScriptModel& script, const std::vector<OptionBinding>& bindings);

}  // namespace gpulint::project
