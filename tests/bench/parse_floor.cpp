// The floor of a whole-repository run: discover the files exactly as
// `gpulint check` does, read every Python file and parse it with
// tree-sitter-python; nothing else. scripts/bench.sh divides gpulint's CPU
// time by this program's. With --cxx, the C++/CUDA files instead, each parsed
// by clang alone with the flags and shim headers gpulint gives it
// (cxx::parseOnly: clang's -fsyntax-only in-process, no model, no rules).
// Usage: gpulint_parse_floor [--cxx] PATH...
#include <fstream>
#include <iostream>
#include <sstream>

#include "core/allocator.h"
#include "frontend/cxx/cxx_frontend.h"
#include "frontend/project/discover.h"
#include "frontend/ts/tree.h"

namespace {

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

int parseCxx(const gpulint::Discovery& found) {
  size_t files = 0, errors = 0;
  for (const auto& f : found.files) {
    if (f.kind != gpulint::FileKind::Cxx) continue;
    auto source = std::make_shared<gpulint::SourceFile>(f.path, readFile(f.path), gpulint::FileKind::Cxx);
    int count = gpulint::cxx::parseOnly(source);
    if (count < 0) {
      std::cerr << "gpulint_parse_floor: built without libTooling\n";
      return 2;
    }
    errors += static_cast<size_t>(count);
    ++files;
  }
  std::cerr << files << " C++/CUDA files parsed by clang, " << errors << " errors\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  // The same allocator set-up as gpulint, so the ratio compares analysis, not allocators.
  gpulint::tuneAllocator();
  std::vector<std::string> paths(argv + 1, argv + argc);
  bool cxx = !paths.empty() && paths.front() == "--cxx";
  if (cxx) paths.erase(paths.begin());
  if (paths.empty()) paths.push_back(".");
  gpulint::Discovery found = gpulint::discoverFiles(paths, gpulint::Settings{}, ".");
  if (cxx) return parseCxx(found);
  gpulint::ts::Parser parser(tree_sitter_python());
  size_t files = 0, bytes = 0, nodes = 0;
  for (const auto& f : found.files) {
    if (f.kind != gpulint::FileKind::Python) continue;
    std::string text = readFile(f.path);
    bytes += text.size();
    gpulint::ts::Tree tree = parser.parse(text);
    // Touch the tree so the parse cannot be optimised away.
    nodes += tree.valid() ? ts_node_descendant_count(ts_tree_root_node(tree.raw())) : 0;
    ++files;
  }
  std::cerr << files << " Python files, " << bytes << " bytes, " << nodes << " nodes parsed\n";
  return 0;
}
