#pragma once
// Settings kept where Python users keep tool settings: the `[tool.gpulint]`
// table of `pyproject.toml`, with the same keys as `.gpulint.yaml`
// (`extend-select = ["GPU3"]`, `[tool.gpulint.rules] GPU201 = {level = "note"}`).
//
// The table is validated by the same code as the YAML file: it is rewritten
// as block YAML, one node per line, and every error is mapped back to the
// TOML line and column of the key or value it is about. So both formats
// accept exactly the same settings and say the same things about mistakes.
#include <string>
#include <string_view>

#include "frontend/project/settings.h"

namespace gpulint {

// True when `text` (a pyproject.toml) holds a `[tool.gpulint]` table, or does
// not parse as TOML but mentions `tool.gpulint` (so its error gets reported
// rather than the file silently skipped).
[[nodiscard]] bool pyprojectHasGpulintTable(std::string_view text);

// The settings of `[tool.gpulint]`; an error names `path`, the TOML line and
// column. A file without the table is an error too (it was named as the
// settings file, so silently using defaults would hide a typo).
[[nodiscard]] SettingsResult parsePyprojectSettings(std::string_view text, const std::string& path);

}  // namespace gpulint
