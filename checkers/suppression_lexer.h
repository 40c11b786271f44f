#pragma once
// Finds the comments of a Python, YAML or C++/CUDA file with a small lexer per
// kind, so a comment marker inside a string is not a comment (see
// suppression.h for what each lexer skips). JSON has no comments.
#include <cstdint>
#include <string_view>
#include <vector>

#include "frontend/source_file.h"

namespace gpulint {

struct Comment {
  uint32_t line = 0;      // 1-based
  bool own_line = false;  // nothing but whitespace before it on its line
  std::string_view text;  // after the comment marker, without the line end (a view of the file's text)
};

struct LexedComments {
  std::vector<Comment> comments;  // in file order
  std::vector<char> code;         // indexed by 1-based line: holds something besides whitespace and comments
};

[[nodiscard]] LexedComments lexComments(std::string_view text, FileKind kind);

}  // namespace gpulint
