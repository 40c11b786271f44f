#pragma once
// Values of members of objects a script builds (values.cpp asks): a config
// object constructed with keywords (`TrainArgs(log_interval=1)` of a project
// dataclass, or a class whose __init__ stores the argument in self.x), and
// `cfg.get("key", default)` on a dict the file builds. Internal to the
// front end.
#include <string>

#include "frontend/python/script_model.h"

namespace gpulint::python::member_values {

// The expression that gives `key` its value on the object call `c` (of `m`)
// constructs: the keyword passed for a dataclass field (else the field's
// default), or the argument (else the parameter default) that __init__
// stores in `self.key` unchanged. Null when unknown; the node may belong to
// another file of the project.
[[nodiscard]] ts::Node constructedMember(const ScriptModel& m, const Call& c, const std::string& key);

// `name: int = 4` (or `name = 4`, `field(default=4)`) in a class body: a
// dataclass field's default or a namespace class's attribute; null when
// absent or built by a factory.
[[nodiscard]] ts::Node fieldDefault(const ClassDef& cls, const std::string& key);

// A call that builds a dict from its keywords, whose entries are also
// attributes where it is an EasyDict: `dict(k=v)`, `easydict.EasyDict(k=v)`,
// NVlabs' `dnnlib.EasyDict`, or a project class that subclasses `dict` and
// defines no __init__ of its own (`class Opts(dict)` with __getattr__).
[[nodiscard]] bool keywordDict(const ScriptModel& m, const Call& c);

// True when the dict a name holds may change after it is built: a
// `name[...] = ...`, `name.update(...)`, `name.setdefault(...)` or
// `name.pop(...)` anywhere in its file.
[[nodiscard]] bool dictChanged(const ScriptModel& m, std::string_view name);

}  // namespace gpulint::python::member_values
