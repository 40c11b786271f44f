#pragma once
// Source files and locations for reporter tests.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "frontend/source_file.h"

namespace gpulint::testing_support {

inline SourceFilePtr file(const std::string& path, const std::string& text) {
  return std::make_shared<SourceFile>(path, text, kindFromPath(path));
}

// The location of the nth occurrence of `needle` (length: its size, or `length`).
inline Location at(const SourceFile& f, const std::string& needle, size_t nth = 0, size_t length = 0) {
  size_t pos = f.text().find(needle);
  for (size_t i = 0; i < nth; ++i) pos = f.text().find(needle, pos + 1);
  EXPECT_NE(pos, std::string::npos) << needle;
  return f.location(static_cast<uint32_t>(pos), static_cast<uint32_t>(pos + (length ? length : needle.size())));
}

}  // namespace gpulint::testing_support
