#include "frontend/cxx/parse_errors.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Attr.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/Basic/SourceManager.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

namespace fs = std::filesystem;

namespace gpulint::cxx {

namespace {

using namespace clang;

bool deviceOnly(const FunctionDecl& fn) {
  return fn.hasAttr<CUDAGlobalAttr>() || (fn.hasAttr<CUDADeviceAttr>() && !fn.hasAttr<CUDAHostAttr>());
}

// Byte ranges of device-only function bodies, per file: only in the files
// that hold errors, and without entering any function body (a walk of the
// declarations only, so it costs little next to the parse).
class DeviceBodies {
 public:
  DeviceBodies(const SourceManager& sm, std::set<FileID> files) : sm_(sm), files_(std::move(files)) {}

  void collect(const DeclContext& context) {
    for (const Decl* d : context.decls()) visit(*d);
  }

  [[nodiscard]] bool contains(SourceLocation at) const {
    auto [file, offset] = sm_.getDecomposedLoc(at);
    auto it = ranges_.find(file);
    if (it == ranges_.end()) return false;
    return std::any_of(it->second.begin(), it->second.end(),
                       [&](const auto& r) { return r.first <= offset && offset <= r.second; });
  }

 private:
  void visit(const Decl& d) {
    if (!files_.count(sm_.getFileID(sm_.getExpansionLoc(d.getLocation())))) return;
    if (const auto* t = dyn_cast<FunctionTemplateDecl>(&d)) return visitFunction(*t->getTemplatedDecl());
    if (const auto* t = dyn_cast<ClassTemplateDecl>(&d)) return collect(*t->getTemplatedDecl());
    if (const auto* fn = dyn_cast<FunctionDecl>(&d)) return visitFunction(*fn);
    if (const auto* context = dyn_cast<DeclContext>(&d); context && !isa<FunctionDecl>(&d)) collect(*context);
  }

  void visitFunction(const FunctionDecl& fn) {
    const Stmt* body = fn.doesThisDeclarationHaveABody() ? fn.getBody() : nullptr;
    if (!body || !deviceOnly(fn)) return;
    auto [file, begin] = sm_.getDecomposedExpansionLoc(body->getBeginLoc());
    auto [end_file, end] = sm_.getDecomposedExpansionLoc(body->getEndLoc());
    if (file == end_file) ranges_[file].emplace_back(begin, end);
  }

  const SourceManager& sm_;
  std::set<FileID> files_;
  std::map<FileID, std::vector<std::pair<unsigned, unsigned>>> ranges_;
};

}  // namespace

ParseErrors::ParseErrors(const IncludePolicy& policy, std::string shim_dir)
    : policy_(policy), shim_dir_(std::move(shim_dir)) {}

void ParseErrors::HandleDiagnostic(DiagnosticsEngine::Level level, const Diagnostic& info) {
  DiagnosticConsumer::HandleDiagnostic(level, info);
  if (level < DiagnosticsEngine::Error) return;
  SourceLocation at;
  if (info.hasSourceManager() && info.getLocation().isValid())
    at = info.getSourceManager().getExpansionLoc(info.getLocation());
  errors_.push_back({at, describe(info)});
}

// "file.cu:12: message". An error located outside the analysed project is
// named, never quoted: its text could carry a token of a file the
// repository pointed clang at.
std::string ParseErrors::describe(const Diagnostic& info) const {
  llvm::SmallString<160> text;
  info.FormatDiagnostic(text);
  std::string message = text.str().str();
  if (!info.hasSourceManager() || !info.getLocation().isValid()) return message;
  const SourceManager& sm = info.getSourceManager();
  SourceLocation spelled = sm.getSpellingLoc(info.getLocation());
  PresumedLoc at = sm.getPresumedLoc(spelled);
  if (!at.isValid()) return message;
  std::string where = fs::path(at.getFilename()).filename().string() + ":" + std::to_string(at.getLine());
  std::error_code ec;
  std::string file = fs::absolute(at.getFilename(), ec).lexically_normal().string();
  bool quotable = sm.isWrittenInMainFile(spelled) || policy_.inProject(file) || file.starts_with(shim_dir_);
  return where + ": " + (quotable ? message : "an error in a header outside the analysed project");
}

void ParseErrors::dropDeviceCodeErrors(ASTContext& context) {
  const SourceManager& sm = context.getSourceManager();
  std::set<FileID> files;
  for (const Error& e : errors_)
    if (e.at.isValid()) files.insert(sm.getFileID(e.at));
  if (files.empty()) return;
  DeviceBodies bodies(sm, std::move(files));
  bodies.collect(*context.getTranslationUnitDecl());
  std::erase_if(errors_, [&](const Error& e) { return e.at.isValid() && bodies.contains(e.at); });
}

}  // namespace gpulint::cxx
