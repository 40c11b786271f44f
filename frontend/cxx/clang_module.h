#pragma once
// The clang-dependent half of the C++/CUDA front end (parse.cpp,
// model_builder.cpp, parse_action.cpp, sandbox_fs.cpp and the shim headers)
// is a shared module, gpulint-cxx.so, that clang_loader.cpp loads with
// dlopen the first time a C++/CUDA file is analysed: libclang-cpp and
// libLLVM (about 60 MB and 0.1 s of start-up) cost nothing to a run
// without C++. The module's own definitions are hidden; what it uses of
// gpulint (the include policy, the torch-project test) resolves to the
// host program's copies, which the host exports (clang_module.dynlist), so
// state such as the analysis roots is shared.
#include <string>

#include "frontend/cxx/cxx_frontend.h"

namespace gpulint::cxx {

// What the module offers the host: the entry points of cxx_frontend.h that
// need clang.
struct ClangEntryPoints {
  std::string (*set_compile_commands_dir)(const std::string& dir);
  BuildResult (*build_cxx_model)(SourceFilePtr source);
  int (*parse_only)(SourceFilePtr source);
};

}  // namespace gpulint::cxx

// The module's exported symbols. The loader asks for the ABI stamp first
// (a C string, safe to read whatever the module was built from) and uses the
// entry points only when it equals its own: a module built from other
// gpulint sources would disagree on the layout of BuildResult or CxxModel
// and crash the program.
extern "C" const char* gpulint_clang_abi_stamp();
extern "C" const gpulint::cxx::ClangEntryPoints* gpulint_clang_entry_points();
