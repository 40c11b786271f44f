#include "cli/run.h"

#include <iostream>

namespace gpulint::cli {
int run(int, char**) {
  std::cerr << "gpulint: not implemented yet\n";
  return 2;
}
}  // namespace gpulint::cli
