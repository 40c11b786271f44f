#pragma once
#include <string_view>
#include <utility>
#include <vector>

namespace gpulint {
// Every patterns/rules/*.md and patterns/*/*.scm file, embedded at build time:
// {path relative to the repository root, contents}.
const std::vector<std::pair<std::string_view, std::string_view>>& embeddedFiles();
}  // namespace gpulint
