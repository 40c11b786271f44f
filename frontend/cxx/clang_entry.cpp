// The entry points of the clang module (clang_module.h): its only symbols
// with default visibility, its ABI stamp and its own (hidden) definitions.
#include "frontend/cxx/abi_stamp.h"
#include "frontend/cxx/clang_module.h"

extern "C" __attribute__((visibility("default"))) const char* gpulint_clang_abi_stamp() { return GPULINT_CXX_ABI_STAMP; }

extern "C" __attribute__((visibility("default"))) const gpulint::cxx::ClangEntryPoints* gpulint_clang_entry_points() {
  static const gpulint::cxx::ClangEntryPoints entry_points{
      &gpulint::cxx::setCompileCommandsDir, &gpulint::cxx::buildCxxModel, &gpulint::cxx::parseOnly};
  return &entry_points;
}
