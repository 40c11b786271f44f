// Runs clang in-process over one file: flags from compile_commands.json when
// the file has an entry, else defaults for its kind; gpulint's shim headers
// are mapped into a virtual folder searched after every real include path,
// so real torch/CUDA headers win whenever the flags name them.
#include <clang/Basic/Diagnostic.h>
#include <clang/Frontend/ASTUnit.h>
#include <clang/Tooling/JSONCompilationDatabase.h>
#include <clang/Tooling/Tooling.h>

#include <filesystem>
#include <map>
#include <mutex>

#include "frontend/cxx/cxx_frontend.h"
#include "frontend/cxx/model_builder.h"

namespace fs = std::filesystem;

namespace gpulint::cxx {

const std::vector<std::pair<std::string_view, std::string_view>>& shimHeaders();  // generated

namespace {

constexpr const char* kShimDir = "/__gpulint_shim__";

// Counts errors and keeps the first, so a broken parse is summarised once.
class ErrorSummary : public clang::DiagnosticConsumer {
 public:
  void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& info) override {
    DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level < clang::DiagnosticsEngine::Error || !first.empty()) return;
    llvm::SmallString<160> text;
    info.FormatDiagnostic(text);
    first = text.str().str();
    if (info.hasSourceManager() && info.getLocation().isValid()) {
      clang::PresumedLoc at = info.getSourceManager().getPresumedLoc(info.getLocation());
      if (at.isValid())
        first = fs::path(at.getFilename()).filename().string() + ":" + std::to_string(at.getLine()) + ": " + first;
    }
  }
  std::string first;
};

struct DatabaseCache {
  std::mutex mutex;
  std::string explicit_dir;
  std::map<std::string, std::shared_ptr<clang::tooling::CompilationDatabase>> by_file;  // null: none there
};

DatabaseCache& databases() {
  static DatabaseCache cache;
  return cache;
}

std::shared_ptr<clang::tooling::CompilationDatabase> loadDatabase(const fs::path& json) {
  DatabaseCache& cache = databases();
  std::lock_guard<std::mutex> lock(cache.mutex);
  auto [it, fresh] = cache.by_file.try_emplace(json.string());
  if (fresh) {
    std::error_code ec;
    std::string error;
    if (fs::is_regular_file(json, ec))
      it->second = clang::tooling::JSONCompilationDatabase::loadFromFile(
          json.string(), error, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  }
  return it->second;
}

// The first compile command for `file`: --compile-commands DIR, else the
// nearest compile_commands.json (or build/compile_commands.json) from the
// file's folder up to the working directory.
std::optional<clang::tooling::CompileCommand> findCommand(const fs::path& file) {
  std::vector<fs::path> candidates;
  std::string explicit_dir;
  {
    std::lock_guard<std::mutex> lock(databases().mutex);
    explicit_dir = databases().explicit_dir;
  }
  if (!explicit_dir.empty()) candidates.push_back(fs::path(explicit_dir) / "compile_commands.json");
  std::error_code ec;
  fs::path cwd = fs::current_path(ec);
  std::string rel = fs::relative(file, cwd, ec).string();
  bool under_cwd = !rel.empty() && !rel.starts_with("..");
  for (fs::path dir = file.parent_path(); !dir.empty(); dir = dir.parent_path()) {
    candidates.push_back(dir / "compile_commands.json");
    candidates.push_back(dir / "build" / "compile_commands.json");
    if (!under_cwd || dir == cwd || dir == dir.parent_path()) break;
  }
  for (const fs::path& json : candidates)
    if (auto db = loadDatabase(json))
      for (auto& command : db->getCompileCommands(file.string()))
        if (!command.CommandLine.empty()) return command;
  return std::nullopt;
}

bool takesValue(const std::string& a) {
  return a == "-o" || a == "-MF" || a == "-MT" || a == "-MQ" || a == "-x" || a == "-Xclang" ||
         a == "--compiler-options" || a == "-Xcompiler" || a == "-gencode" || a == "-arch" || a == "-ccbin";
}

// A recorded command's flags, minus what syntax-only parsing must not see.
// nvcc's own flags mean nothing to clang: from an nvcc command only include
// paths, macros and the language standard are kept.
std::vector<std::string> commandFlags(const clang::tooling::CompileCommand& cc) {
  std::vector<std::string> out;
  const auto& cl = cc.CommandLine;
  bool nvcc = fs::path(cl[0]).filename().string().find("nvcc") != std::string::npos;
  for (size_t i = 1; i < cl.size(); ++i) {
    const std::string& a = cl[i];
    if (a == cc.Filename || fs::path(cc.Directory) / a == fs::path(cc.Filename) || a == "-c") continue;
    if (takesValue(a)) {
      ++i;
      continue;
    }
    bool keep = !nvcc || a.starts_with("-I") || a.starts_with("-D") || a.starts_with("-U") ||
                a.starts_with("-std=") || a == "-isystem" || a == "-include";
    if (!keep) continue;
    if ((a == "-isystem" || a == "-include") && i + 1 < cl.size()) {
      out.push_back(a);
      fs::path p = cl[++i];
      out.push_back(p.is_absolute() ? p.string() : (fs::path(cc.Directory) / p).string());
    } else if (a.starts_with("-I") && a.size() > 2 && !fs::path(a.substr(2)).is_absolute()) {
      out.push_back("-I" + (fs::path(cc.Directory) / a.substr(2)).string());
    } else if (!a.starts_with("-M") && a != "-MD" && a != "-MMD") {
      out.push_back(a);
    }
  }
  return out;
}

bool looksLikeCuda(const SourceFile& source) {
  std::string ext = fs::path(source.path()).extension().string();
  if (ext == ".cu" || ext == ".cuh") return true;
  if (ext != ".h" && ext != ".hpp") return false;
  return source.text().find("__global__") != std::string::npos || source.text().find("<<<") != std::string::npos;
}

std::vector<std::string> parseFlags(const SourceFile& source, const fs::path& file, bool* used_database) {
  bool cuda = looksLikeCuda(source);
  std::vector<std::string> args;
  auto command = findCommand(file);
  *used_database = command.has_value();
  if (command) args = commandFlags(*command);
  if (cuda) {
    for (const char* a : {"-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib", "--no-cuda-version-check",
                          "-D__CUDACC__"})
      args.push_back(a);
    args.push_back("-include");
    args.push_back(std::string(kShimDir) + "/__gpulint_cuda_prelude.h");
  } else if (!command) {
    args.insert(args.end(), {"-x", "c++"});
  }
  bool has_std = false;
  for (const auto& a : args) has_std = has_std || a.starts_with("-std=");
  if (!has_std) args.push_back("-std=c++17");
  for (const char* a : {"-w", "-ferror-limit=0", "-Wno-unknown-warning-option", "-fno-spell-checking"})
    args.push_back(a);
  args.push_back("-resource-dir=" GPULINT_CLANG_RESOURCE_DIR);
  args.push_back("-idirafter");
  args.push_back(kShimDir);
  return args;
}

const clang::tooling::FileContentMappings& shimMappings() {
  static const clang::tooling::FileContentMappings mappings = [] {
    clang::tooling::FileContentMappings out;
    for (const auto& [path, text] : shimHeaders())
      out.emplace_back(std::string(kShimDir) + "/" + std::string(path), std::string(text));
    return out;
  }();
  return mappings;
}

}  // namespace

bool available() { return true; }

std::string setCompileCommandsDir(const std::string& dir) {
  if (!dir.empty()) {
    fs::path json = fs::path(dir) / "compile_commands.json";
    std::error_code ec;
    if (!fs::is_regular_file(json, ec)) return "--compile-commands: no compile_commands.json in " + dir;
    std::string error;
    if (!clang::tooling::JSONCompilationDatabase::loadFromFile(json.string(), error,
                                                               clang::tooling::JSONCommandLineSyntax::AutoDetect))
      return "--compile-commands: cannot read " + json.string() + ": " + error;
  }
  std::lock_guard<std::mutex> lock(databases().mutex);
  databases().explicit_dir = dir;
  return "";
}

namespace {
std::unique_ptr<clang::ASTUnit> parse(const SourceFile& source, ErrorSummary& errors, bool* used_database) {
  std::error_code ec;
  fs::path file = fs::absolute(source.path(), ec).lexically_normal();
  std::vector<std::string> args = parseFlags(source, file, used_database);
  return clang::tooling::buildASTFromCodeWithArgs(
      source.text(), args, file.string(), "gpulint", std::make_shared<clang::PCHContainerOperations>(),
      clang::tooling::getClangStripDependencyFileAdjuster(), shimMappings(), &errors);
}
}  // namespace

int parseOnly(SourceFilePtr source) {
  ErrorSummary errors;
  bool used_database = false;
  auto ast = parse(*source, errors, &used_database);
  return ast ? static_cast<int>(errors.getNumErrors()) : -1;
}

BuildResult buildCxxModel(SourceFilePtr source) {
  BuildResult result;
  auto model = std::make_unique<CxxModel>();
  model->source = source;
  model->is_cuda = looksLikeCuda(*source);
  ErrorSummary errors;
  std::unique_ptr<clang::ASTUnit> ast = parse(*source, errors, &model->used_compile_database);
  if (!ast) {
    result.error = "clang could not parse this file" + (errors.first.empty() ? "" : ": " + errors.first);
    return result;
  }
  model->parse_errors = static_cast<int>(errors.getNumErrors());
  model->first_error = errors.first;
  extractModel(ast->getASTContext(), *model);
  model->includes_torch = includesTorch(source->text());
  model->torch_project = inTorchProject(*source, model->includes_torch);
  result.model = std::move(model);
  return result;
}

}  // namespace gpulint::cxx
