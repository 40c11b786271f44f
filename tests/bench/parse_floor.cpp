// The floor of a whole-repository run: discover the files exactly as
// `gpulint check` does, read every Python file and parse it with
// tree-sitter-python; nothing else. scripts/bench.sh divides gpulint's CPU
// time by this program's. Usage: gpulint_parse_floor PATH...
#include <fstream>
#include <iostream>
#include <sstream>

#include "frontend/project/discover.h"
#include "frontend/ts/tree.h"

int main(int argc, char** argv) {
  std::vector<std::string> paths(argv + 1, argv + argc);
  if (paths.empty()) paths.push_back(".");
  gpulint::Discovery found = gpulint::discoverFiles(paths, gpulint::Settings{}, ".");
  gpulint::ts::Parser parser(tree_sitter_python());
  size_t files = 0, bytes = 0, nodes = 0;
  for (const auto& f : found.files) {
    if (f.kind != gpulint::FileKind::Python) continue;
    std::ifstream in(f.path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    bytes += text.str().size();
    gpulint::ts::Tree tree = parser.parse(text.str());
    // Touch the tree so the parse cannot be optimised away.
    nodes += tree.valid() ? ts_node_descendant_count(tree.root().raw()) : 0;
    ++files;
  }
  std::cerr << files << " Python files, " << bytes << " bytes, " << nodes << " nodes parsed\n";
  return 0;
}
