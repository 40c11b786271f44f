#include "report/common.h"

#include <map>
#include <memory>

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

}  // namespace gpulint
