#pragma once
// A shell script (tree-sitter-bash) as the word lists launch.h reads: every
// simple command in order, its words expanded with the variables the script
// assigns before it. A variable the script assigns to a literal on the way
// to the command (`NGPUS=4`, `export BS=64`, `: ${N:=8}`) is known, and its
// uses point at that literal (so a fix edits the assignment); a default
// (`${NGPUS:-4}`) applies when the script never assigns the variable, like
// an argparse default; anything else (environment variables, `$1`, `$(...)`,
// arithmetic, assignments inside branches, loops or functions) is unknown.
#include <cstdint>
#include <string>
#include <vector>

#include "frontend/project/launch.h"
#include "frontend/source_file.h"

namespace gpulint::project {

struct ShellScript {
  std::vector<ShellWord> words;  // commands' words, an operator ";" after each command
  bool parse_error = false;      // the grammar could not read part of the file
  uint32_t error_line = 0;       // the first such line (1-based)
  std::string refused;           // non-empty: too deep to walk (input_guard.h), nothing read
};

[[nodiscard]] ShellScript readShellScript(const SourceFile& file);

}  // namespace gpulint::project
