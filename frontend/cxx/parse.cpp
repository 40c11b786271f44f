// Runs clang in-process over one file: the allowed flags of its
// compile_commands.json entry when it has one, else defaults for its kind.
// gpulint's shim headers are mapped into a virtual folder. With a database
// entry the shim is searched after every real include path, so the real
// torch/CUDA headers it names win; without one the shim is searched before
// the system folders and installed torch/CUDA/pybind11 headers are hidden, so
// what is installed never changes the findings. An include found nowhere is
// skipped (parse_action.h) rather than ending the parse. Clang sees the disk through a SandboxFileSystem (include_policy.h):
// an analysed repository can make it neither run a tool, write a file, read
// outside the project nor block on a FIFO.
#include <clang/Basic/Diagnostic.h>
#include <clang/Tooling/JSONCompilationDatabase.h>
#include <clang/Tooling/Tooling.h>

#include <filesystem>
#include <map>
#include <set>
#include <mutex>

#include "frontend/cxx/build_hints.h"
#include "frontend/cxx/cxx_frontend.h"
#include "frontend/cxx/header_context.h"
#include "frontend/cxx/parse_action.h"
#include "frontend/cxx/sandbox_fs.h"

namespace fs = std::filesystem;

namespace gpulint::cxx {

const std::vector<std::pair<std::string_view, std::string_view>>& shimHeaders();  // generated

namespace {

constexpr const char* kShimDir = "/__gpulint_shim__";

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
std::optional<RecordedCommand> findCommand(const fs::path& file) {
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
        if (!command.CommandLine.empty() && usableDirectory(command.Directory))
          return RecordedCommand{command.Directory, command.Filename, command.CommandLine};
  return std::nullopt;
}

// Where an extension's own includes resolve when no database says: its
// `#include "utils/x.h"` is written against some folder above the file (the
// extension's csrc/ or include/ root, or the package root). Each folder above
// the file inside the project, and its include/, csrc/, src/ and common/
// subfolders, nearest first. Quoted includes search them first; angled ones
// only after the system folders, so a project's `math.h` never shadows libc's.
std::vector<std::string> projectIncludeFlags(const fs::path& file, const IncludePolicy& policy) {
  std::vector<std::string> quoted, angled;
  std::error_code ec;
  for (fs::path dir = file.parent_path(); policy.inProject(dir.string()); dir = dir.parent_path()) {
    for (const fs::path& d : {dir, dir / "include", dir / "csrc", dir / "src", dir / "common"}) {
      if (d != dir && !fs::is_directory(d, ec)) continue;
      quoted.insert(quoted.end(), {"-iquote", d.string()});
      angled.insert(angled.end(), {"-idirafter", d.string()});
    }
    if (dir == dir.parent_path()) break;
  }
  quoted.insert(quoted.end(), angled.begin(), angled.end());
  return quoted;
}

std::vector<std::string> parseFlags(const SourceFile& source, const fs::path& file, const IncludePolicy& policy,
                                    bool* used_database) {
  ParseMode mode = parseModeOf(source);
  std::vector<std::string> args;
  auto command = findCommand(file);
  *used_database = command.has_value();
  if (command) args = allowedDatabaseFlags(*command, policy);
  // Without a database the shim comes before the system folders (an
  // installed libtorch-dev must not change what parses).
  if (!command) args.insert(args.end(), {"-isystem", kShimDir});
  if (mode.cuda_language) {
    for (const char* a : {"-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib", "--no-cuda-version-check",
                          "-D__CUDACC__"})
      args.push_back(a);
    args.push_back("-include");
    args.push_back(std::string(kShimDir) + "/__gpulint_cuda_prelude.h");
  } else if (!command) {
    args.insert(args.end(), {"-x", "c++"});
  }
  if (isHeaderPath(file.string()))
    args.insert(args.end(), {"-include", std::string(kShimDir) + "/__gpulint_header_prelude.h"});
  if (mode.torch_context) args.insert(args.end(), {"-include", std::string(kShimDir) + "/__gpulint_torch_prelude.h"});
  // Extensions build their CUDA code behind the macro their setup.py
  // defines for a CUDA build; without the database that says so, assume
  // one, so the CUDA paths (where the GPU4xx findings are) are analysed.
  if (!command) args.push_back("-DWITH_CUDA");
  bool has_std = false;
  for (const auto& a : args) has_std = has_std || a.starts_with("-std=");
  if (!has_std) args.push_back("-std=c++17");
  // Narrowing inside braces (`at::empty({n_size_t})`) is an error in clang
  // but only a warning in GCC, the compiler extensions are built with.
  for (const char* a : {"-w", "-ferror-limit=0", "-Wno-unknown-warning-option", "-fno-spell-checking",
                        "-Wno-c++11-narrowing"})
    args.push_back(a);
  args.push_back("-resource-dir=" GPULINT_CLANG_RESOURCE_DIR);
  if (command) {
    args.insert(args.end(), {"-idirafter", kShimDir});
  } else {
    std::vector<std::string> project = projectIncludeFlags(file, policy);
    args.insert(args.end(), project.begin(), project.end());
    // What the extension's setup.py or cpp_extension.load() call states
    // (read from its text, never run): include folders and macros.
    std::vector<std::string> stated = buildScriptFlags(file, projectRootOf(file));
    args.insert(args.end(), stated.begin(), stated.end());
  }
  // Stand-ins for third-party libraries extensions vendor as git submodules
  // (GLM): searched last, so the project's own copy wins when it is there.
  args.insert(args.end(), {"-idirafter", std::string(kShimDir) + "/__fallback"});
  return args;
}

// `k << <grid, block >> > (args)`: a launch as some editors format it. nvcc
// reads it as `<<<...>>>`; clang's lexer does not. The blank moves behind
// the chevrons (same length, so every offset stays the source's), and a
// `>> >` is rewritten only as the closing of such a launch: elsewhere it
// closes nested templates (`A<B<C<int>> >`).
size_t spacedChevrons(std::string_view text, size_t from, char c, size_t* blanks) {
  std::string two(2, c);
  for (size_t at = text.find(two, from); at != std::string_view::npos; at = text.find(two, at + 1)) {
    size_t i = at + 2;
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    if (i > at + 2 && i < text.size() && text[i] == c && (at == 0 || text[at - 1] != c)) {
      *blanks = i - at - 2;
      return at;
    }
  }
  return std::string_view::npos;
}

std::string joinSpacedLaunches(std::string text) {
  size_t blanks = 0;
  for (size_t open = spacedChevrons(text, 0, '<', &blanks); open != std::string::npos;
       open = spacedChevrons(text, open + 3, '<', &blanks)) {
    std::string gap = text.substr(open + 2, blanks);
    text.replace(open, 3 + blanks, "<<<" + gap);
    size_t plain = text.find(">>>", open);
    size_t close = spacedChevrons(text, open, '>', &blanks);
    if (close == std::string::npos || (plain != std::string::npos && plain < close)) continue;
    gap = text.substr(close + 2, blanks);
    text.replace(close, 3 + blanks, ">>>" + gap);
  }
  return text;
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

struct ParseOutcome {
  bool parsed = false;
  std::set<std::string> refused;  // existing files clang was not allowed to read
  std::set<std::string> missing;  // includes found nowhere, skipped
  bool includes_torch = false;    // directly or through another header
};

// Parses `source`, filling `model` when given (null: parse only).
ParseOutcome parse(const SourceFile& source, const IncludePolicy& policy, ParseErrors& errors,
                   bool* used_database, CxxModel* model) {
  std::error_code ec;
  fs::path file = fs::absolute(source.path(), ec).lexically_normal();
  std::vector<std::string> args = parseFlags(source, file, policy, used_database);
  IncludePolicy effective = policy;
  effective.hideInstalledFrameworks(!*used_database);
  llvm::IntrusiveRefCntPtr<SandboxFileSystem> sandbox(
      new SandboxFileSystem(llvm::vfs::getRealFileSystem(), std::move(effective)));
  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> overlay(new llvm::vfs::OverlayFileSystem(sandbox));
  llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> memory(new llvm::vfs::InMemoryFileSystem);
  overlay->pushOverlay(memory);
  std::string text(source.text());
  if (parseModeOf(source).cuda_language) text = joinSpacedLaunches(std::move(text));
  memory->addFile(file.string(), 0, llvm::MemoryBuffer::getMemBufferCopy(text));
  for (const auto& [path, text] : shimMappings())
    memory->addFile(path, 0, llvm::MemoryBuffer::getMemBuffer(text));
  llvm::IntrusiveRefCntPtr<clang::FileManager> files(new clang::FileManager(clang::FileSystemOptions(), overlay));
  ModelAction action(*sandbox, model, includeDirsOf(args), errors);
  std::vector<std::string> command_line = {"gpulint", "-fsyntax-only"};
  command_line.insert(command_line.end(), args.begin(), args.end());
  command_line.push_back(file.string());
  clang::tooling::ToolInvocation invocation(std::move(command_line), &action, files.get(),
                                            std::make_shared<clang::PCHContainerOperations>());
  invocation.setDiagnosticConsumer(&errors);
  invocation.run();
  return {action.parsed, sandbox->refused(), std::move(action.missing), action.includes_torch};
}

// "clang could not read a.h, b.h: outside the analysed project" for the parse note.
std::string refusedNote(const std::set<std::string>& refused) {
  if (refused.empty()) return "";
  std::string names;
  for (const auto& r : refused) names += (names.empty() ? "" : ", ") + fs::path(r).filename().string();
  return " (not read, outside the analysed project or not a regular file: " + names + ")";
}

}  // namespace

int parseOnly(SourceFilePtr source) {
  IncludePolicy policy = IncludePolicy::forFile(source->path());
  ParseErrors errors(policy, kShimDir);
  bool used_database = false;
  auto outcome = parse(*source, policy, errors, &used_database, nullptr);
  return outcome.parsed ? errors.count() : -1;
}

BuildResult buildCxxModel(SourceFilePtr source) {
  BuildResult result;
  auto model = std::make_unique<CxxModel>();
  model->source = source;
  model->is_cuda = parseModeOf(*source).cuda_file;
  model->program_header = isHeaderPath(source->path()) && includedOnlyByPrograms(*source);
  if (isHeaderPath(source->path())) model->includer_words = wordsOfIncluders(*source);
  IncludePolicy policy = IncludePolicy::forFile(source->path());
  ParseErrors errors(policy, kShimDir);
  ParseOutcome outcome = parse(*source, policy, errors, &model->used_compile_database, model.get());
  if (!outcome.parsed) {
    result.error = "clang could not parse this file" + (errors.first().empty() ? "" : ": " + errors.first()) +
                   refusedNote(outcome.refused);
    return result;
  }
  model->parse_errors = errors.count();
  model->first_error = errors.first().empty() ? "" : errors.first() + refusedNote(outcome.refused);
  model->missing_headers.assign(outcome.missing.begin(), outcome.missing.end());
  for (const auto& r : outcome.refused) model->refused_headers.push_back(fs::path(r).filename().string());
  model->includes_torch = outcome.includes_torch || includesTorch(source->text());
  model->torch_project = inTorchProject(*source, model->includes_torch);
  result.model = std::move(model);
  return result;
}

}  // namespace gpulint::cxx
