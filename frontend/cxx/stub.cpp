// The C++/CUDA front end of a build without libTooling
// (GPULINT_WITH_CLANG=OFF): C++ files are skipped, and said so once per run.
#include <iostream>
#include <mutex>

#include "frontend/cxx/cxx_frontend.h"

namespace gpulint::cxx {

bool available() { return false; }

std::string setCompileCommandsDir(const std::string&) { return ""; }

int parseOnly(SourceFilePtr) { return -1; }

BuildResult buildCxxModel(SourceFilePtr source) {
  static std::once_flag once;
  std::call_once(once, [&] {
    std::cerr << "gpulint: note: C++/CUDA files (first: " << source->path()
              << ") are skipped: this gpulint was built without libTooling (GPULINT_WITH_CLANG=OFF)\n";
  });
  return {};
}

}  // namespace gpulint::cxx
