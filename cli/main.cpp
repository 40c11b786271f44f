#include "cli/run.h"
#include "core/allocator.h"

#include <string_view>

int main(int argc, char** argv) {
  bool server = argc > 1 && std::string_view(argv[1]) == "lsp";
  gpulint::tuneAllocator(server ? gpulint::ProcessLifetime::LongRunning : gpulint::ProcessLifetime::OneRun);
  return gpulint::cli::run(argc, argv);
}
