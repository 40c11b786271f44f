#include "frontend/cxx/parse_action.h"

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ASTContext.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Lex/HeaderSearchOptions.h>
#include <clang/Lex/PPCallbacks.h>
#include <clang/Lex/Preprocessor.h>

#include <algorithm>

#include "frontend/cxx/model_builder.h"

namespace gpulint::cxx {

namespace {

// Skips an include that no search folder holds instead of stopping the
// parse: clang's `file not found` is fatal, and everything after it in the
// file would go unchecked. The names are kept for the GPU400 note. Also notes
// a torch/ATen/c10 include anywhere in the file's include tree (an
// extension's files often reach torch through its own utils header).
class IncludeWatcher : public clang::PPCallbacks {
 public:
  IncludeWatcher(std::set<std::string>& missing, bool& torch) : missing_(missing), torch_(torch) {}
  bool FileNotFound(llvm::StringRef name) override {
    missing_.insert(name.str());
    return true;
  }
  void InclusionDirective(clang::SourceLocation, const clang::Token&, llvm::StringRef name, bool,
                          clang::CharSourceRange, clang::OptionalFileEntryRef, llvm::StringRef, llvm::StringRef,
                          const clang::Module*, clang::SrcMgr::CharacteristicKind) override {
    if (name.startswith("torch/") || name.startswith("ATen/") || name.startswith("c10/")) torch_ = true;
  }

 private:
  std::set<std::string>& missing_;
  bool& torch_;
};

class ModelConsumer : public clang::ASTConsumer {
 public:
  ModelConsumer(CxxModel* model, bool& reached, ParseErrors& errors)
      : model_(model), reached_(reached), errors_(errors) {}
  void HandleTranslationUnit(clang::ASTContext& context) override {
    reached_ = true;
    errors_.dropDeviceCodeErrors(context);
    if (model_) extractModel(context, *model_);
  }

 private:
  CxxModel* model_;
  bool& reached_;
  ParseErrors& errors_;
};

class ModelFrontendAction : public clang::ASTFrontendAction {
 public:
  ModelFrontendAction(CxxModel* model, std::set<std::string>& missing, bool& reached, bool& torch,
                      ParseErrors& errors)
      : model_(model), missing_(missing), reached_(reached), torch_(torch), errors_(errors) {}

 protected:
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance&, llvm::StringRef) override {
    return std::make_unique<ModelConsumer>(model_, reached_, errors_);
  }
  bool BeginSourceFileAction(clang::CompilerInstance& ci) override {
    ci.getPreprocessor().addPPCallbacks(std::make_unique<IncludeWatcher>(missing_, torch_));
    return true;
  }

 private:
  CxxModel* model_;
  std::set<std::string>& missing_;
  bool& reached_;
  bool& torch_;
  ParseErrors& errors_;
};

// User include folders that come from the environment rather than from
// gpulint's command line: the same file must parse the same on every machine.
void dropEnvironmentIncludeDirs(clang::HeaderSearchOptions& search, const std::set<std::string>& ours) {
  using clang::frontend::IncludeDirGroup;
  auto fromEnvironment = [&](const clang::HeaderSearchOptions::Entry& e) {
    switch (e.Group) {
      case IncludeDirGroup::Quoted:
      case IncludeDirGroup::Angled:
      case IncludeDirGroup::CSystem:
      case IncludeDirGroup::CXXSystem:
      case IncludeDirGroup::ObjCSystem:
      case IncludeDirGroup::ObjCXXSystem:
        return !ours.count(e.Path);
      default:
        return false;
    }
  };
  auto& entries = search.UserEntries;
  entries.erase(std::remove_if(entries.begin(), entries.end(), fromEnvironment), entries.end());
}

}  // namespace

ModelAction::ModelAction(SandboxFileSystem& sandbox, CxxModel* model, std::set<std::string> include_dirs,
                         ParseErrors& errors)
    : sandbox_(sandbox), model_(model), include_dirs_(std::move(include_dirs)), errors_(errors) {}

bool ModelAction::runInvocation(std::shared_ptr<clang::CompilerInvocation> invocation, clang::FileManager* files,
                                std::shared_ptr<clang::PCHContainerOperations> pch,
                                clang::DiagnosticConsumer* consumer) {
  dropEnvironmentIncludeDirs(invocation->getHeaderSearchOpts(), include_dirs_);
  invocation->getFrontendOpts().DisableFree = false;
  // No "N errors generated." on stderr: errors are summarised by GPU400.
  invocation->getDiagnosticOpts().ShowCarets = false;
  sandbox_.startRecording();
  clang::CompilerInstance compiler(std::move(pch));
  compiler.setInvocation(std::move(invocation));
  compiler.setFileManager(files);
  compiler.createDiagnostics(consumer, /*ShouldOwnClient=*/false);
  if (!compiler.hasDiagnostics()) return false;
  compiler.createSourceManager(*files);
  ModelFrontendAction action(model_, missing, parsed, includes_torch, errors_);
  // ExecuteAction's result only says whether clang reported errors; a file
  // with errors still has an AST, and `parsed` says whether it was reached.
  (void)compiler.ExecuteAction(action);
  files->clearStatCache();
  return parsed;
}

std::set<std::string> includeDirsOf(const std::vector<std::string>& args) {
  std::set<std::string> out;
  for (size_t i = 0; i < args.size(); ++i)
    for (std::string_view flag : {"-isystem", "-iquote", "-idirafter", "-I"}) {
      if (!std::string_view(args[i]).starts_with(flag)) continue;
      if (args[i].size() > flag.size())
        out.insert(args[i].substr(flag.size()));
      else if (i + 1 < args.size())
        out.insert(args[++i]);
      break;
    }
  return out;
}

}  // namespace gpulint::cxx
