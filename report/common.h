#pragma once
// What every reporter shares: per-file errors and access to source text.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/source_file.h"

namespace gpulint {

// An input that could not be read or analysed; the run goes on without it.
struct FileError {
  std::string path;  // display path
  std::string message;
};

// Returns the SourceFile shown at a display path (Location::file, Edit::file),
// or nullptr when its text is not available (then no code frame, and SARIF
// regions fall back to what the Location alone gives). An empty function
// means no source at all.
using SourceLookup = std::function<const SourceFile*(std::string_view path)>;

// A lookup over a set of loaded files, keyed by SourceFile::path(). The
// files are shared, so the lookup stays valid on its own.
[[nodiscard]] SourceLookup lookupIn(std::vector<SourceFilePtr> files);

// Notebooks are analysed as the Python of their code cells; on disk they are
// JSON. These give the file as stored and a location in it: for a notebook,
// the .ipynb JSON and the span of the cell's source string there (what SARIF
// and GitHub annotations point at); any other file is returned as is.
[[nodiscard]] const SourceFile* diskSource(const SourceFile* source);
[[nodiscard]] Location diskLocation(const Location& location, const SourceFile* source);

// "path:line:col", or "path:cell N:line:col" in a notebook (as Ruff shows them).
[[nodiscard]] std::string displayPosition(const Location& location, const SourceFile* source);

}  // namespace gpulint
