#include "cli/run.h"
#include "core/allocator.h"

int main(int argc, char** argv) {
  gpulint::tuneAllocator();
  return gpulint::cli::run(argc, argv);
}
