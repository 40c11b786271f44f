#pragma once
// Functions a command-line library runs with their keyword defaults as the
// command line's defaults, as argparse's are: python-fire's `fire.Fire(train)`,
// jsonargparse's `CLI(train)`, `CLI([fit, test])`, `CLI({"fit": fit})` or a
// module-level dict of commands handed to it (litgpt's `CLI(PARSER_DATA)`),
// `auto_cli`, and typer's `typer.run(main)`. A run that passes the option
// overrides the default like any option; one that does not runs with it.
#include <functional>
#include <utility>

#include "frontend/python/script_model.h"

namespace gpulint::python {

// True when `c` hands functions to such a library (its first argument).
[[nodiscard]] bool isCliDispatch(const Call& c);

// Each function the dispatch `c` of file `m` hands the command line: a
// top-level function of `m`, or (with a project) of the file it is imported
// from; names bound to a list, tuple or dict display of them are followed.
void forEachCliEntry(const ScriptModel& m, const Call& c,
                     const std::function<void(const ScriptModel&, const Function&)>& visit);

}  // namespace gpulint::python
