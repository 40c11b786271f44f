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

}  // namespace gpulint
