// The entry point of the clang module (clang_module.h): its only symbol
// with default visibility, returning the module's own (hidden) definitions.
#include "frontend/cxx/clang_module.h"

extern "C" __attribute__((visibility("default"))) const gpulint::cxx::ClangEntryPoints* gpulint_clang_entry_points() {
  static const gpulint::cxx::ClangEntryPoints entry_points{
      &gpulint::cxx::setCompileCommandsDir, &gpulint::cxx::buildCxxModel, &gpulint::cxx::parseOnly};
  return &entry_points;
}
