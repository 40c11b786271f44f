#pragma once
// The clang action gpulint runs over one C++/CUDA file: it parses with the
// driver's invocation, keeps the header search to the folders gpulint chose
// (so CPATH and friends cannot change results), lets the parse go on past an
// include that resolves nowhere, and fills the CxxModel from the AST.
#include <clang/Tooling/Tooling.h>

#include <set>
#include <string>
#include <vector>

#include "frontend/cxx/cxx_model.h"
#include "frontend/cxx/parse_errors.h"
#include "frontend/cxx/sandbox_fs.h"

namespace gpulint::cxx {

class ModelAction : public clang::tooling::ToolAction {
 public:
  // `model` null: parse only (the benchmark's baseline). `include_dirs`: the
  // include folders gpulint put on the command line; any other user folder
  // the driver adds (from CPATH, C_INCLUDE_PATH, CPLUS_INCLUDE_PATH) is dropped.
  // `errors` is the parse's diagnostic consumer, told when the AST is complete.
  ModelAction(SandboxFileSystem& sandbox, CxxModel* model, std::set<std::string> include_dirs, ParseErrors& errors);

  bool runInvocation(std::shared_ptr<clang::CompilerInvocation> invocation, clang::FileManager* files,
                     std::shared_ptr<clang::PCHContainerOperations> pch,
                     clang::DiagnosticConsumer* consumer) override;

  bool parsed = false;  // the AST was built (with or without errors)
  // Includes that resolved nowhere, as written ("cub/cub.cuh"); each was
  // skipped and the parse went on.
  std::set<std::string> missing;
  bool includes_torch = false;  // a torch/ATen/c10 header is included, directly or not

 private:
  SandboxFileSystem& sandbox_;
  CxxModel* model_;
  std::set<std::string> include_dirs_;
  ParseErrors& errors_;
};

// The include folders named by `args` (-I, -iquote, -isystem, -idirafter;
// joined or separate values).
[[nodiscard]] std::set<std::string> includeDirsOf(const std::vector<std::string>& args);

}  // namespace gpulint::cxx
