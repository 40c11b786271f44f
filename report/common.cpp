#include "report/common.h"

#include <map>
#include <memory>

#include "frontend/notebook/notebook.h"

namespace gpulint {

SourceLookup lookupIn(std::vector<SourceFilePtr> files) {
  auto index = std::make_shared<std::map<std::string, SourceFilePtr, std::less<>>>();
  for (auto& f : files)
    if (f) index->emplace(f->path(), std::move(f));
  return [index](std::string_view path) -> const SourceFile* {
    auto it = index->find(path);
    return it == index->end() ? nullptr : it->second.get();
  };
}

const SourceFile* diskSource(const SourceFile* source) {
  return source && source->notebook() ? &source->notebook()->json() : source;
}

Location diskLocation(const Location& location, const SourceFile* source) {
  if (!source || !source->notebook() || !location.valid() || location.file != source->path()) return location;
  return source->notebook()->jsonLocation(location);
}

std::string displayPosition(const Location& loc, const SourceFile* source) {
  std::string s = loc.file;
  if (!loc.valid()) return s;
  if (source && source->notebook() && loc.file == source->path())
    if (auto cell = source->notebook()->cellPosition(loc.start))
      return s + ":cell " + std::to_string(cell->cell) + ":" + std::to_string(cell->line) + ":" +
             std::to_string(cell->column_utf16);
  return s + ":" + std::to_string(loc.start.line) + ":" + std::to_string(loc.start.column_utf16);
}

}  // namespace gpulint
