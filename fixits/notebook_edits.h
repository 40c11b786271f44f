#pragma once
// Fixes in a notebook: edits made to the joined Python of its code cells
// (frontend/notebook) land in the cells' `source` inside the notebook JSON.
// Only the changed lines are re-encoded; indentation, key order, the
// trailing newline and every output stay byte for byte. An edit that spans
// two cells or touches masked IPython syntax is refused, and the result
// must still be valid JSON.
#include <string>
#include <vector>

#include "core/fix.h"
#include "frontend/source_file.h"

namespace gpulint::fixits {

struct NotebookEdit {
  std::string json;   // the notebook's new JSON text
  std::string error;  // why the edits were refused ("" when applied)
};

// `source` must be a notebook (SourceFile::notebook() non-null); `edits`
// are offsets in its Python text.
[[nodiscard]] NotebookEdit applyNotebookEdits(const SourceFile& source, const std::vector<Edit>& edits);

}  // namespace gpulint::fixits
