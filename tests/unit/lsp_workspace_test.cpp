// Workspace job linking as pure functions (lsp/workspace.h): which configs
// may launch a script, folders from initialize, linking one document with the
// open documents' texts winning over the disk's, and the cached config walk.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "lsp/features.h"
#include "lsp/workspace.h"

namespace fs = std::filesystem;
using namespace gpulint;
using namespace gpulint::lsp;

namespace {

std::string readText(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void writeText(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

const fs::path kJobs = fs::path(GPULINT_SOURCE_DIR) / "testdata" / "lsp" / "jobs";

FileAnalysis own(const fs::path& path, const std::string& text) {
  return analyzeSource(std::make_shared<SourceFile>(path.string(), text, kindFromPath(path.string())), {});
}

std::vector<std::string> rulesAt(const FileAnalysis& a, uint32_t line) {
  std::vector<std::string> out;
  for (const auto& d : a.diagnostics)
    if (d.location.start.line == line) out.push_back(d.rule);
  return out;
}

TEST(LspWorkspace, MayLaunchNeedsTheStemAsAWord) {
  EXPECT_TRUE(mayLaunch("command: python train.py --lr 1", "/w/train.py"));
  EXPECT_TRUE(mayLaunch("python -m pkg.train", "/w/pkg/train.py"));
  EXPECT_TRUE(mayLaunch("[\"train.py\"]", "/w/train.py"));
  EXPECT_FALSE(mayLaunch("python trainer.py", "/w/train.py"));
  EXPECT_FALSE(mayLaunch("python train_utils.py", "/w/train.py"));
  EXPECT_FALSE(mayLaunch("python pretrain.py", "/w/train.py"));
  EXPECT_FALSE(mayLaunch("", "/w/train.py"));
}

TEST(LspWorkspace, FoldersFromInitialize) {
  json both = {{"rootUri", "file:///a"}, {"workspaceFolders", {{{"uri", "file:///b%20c"}, {"name", "b"}}}}};
  EXPECT_EQ(foldersFromInitialize(both), std::vector<std::string>{"/b c"});
  EXPECT_EQ(foldersFromInitialize({{"rootUri", "file:///a"}, {"workspaceFolders", nullptr}}),
            std::vector<std::string>{"/a"});
  EXPECT_EQ(foldersFromInitialize({{"rootPath", "/p"}}), std::vector<std::string>{"/p"});
  EXPECT_TRUE(foldersFromInitialize(json::object()).empty());
}

TEST(LspWorkspace, ScriptUnderItsJobTakesTheJobsValues) {
  fs::path script = kJobs / "train.py";
  std::string text = readText(script);
  FileAnalysis alone = linkDocument({own(script, text), {}, {}}, {});
  EXPECT_EQ(rulesAt(alone, 16), std::vector<std::string>{"GPU101"});  // --eval-workers default 0

  WorkspaceText job{(kJobs / "job.yaml").string(), readText(kJobs / "job.yaml")};
  FileAnalysis linked = linkDocument({own(script, text), {job}, {}}, {});
  EXPECT_TRUE(linked.diagnostics.empty());  // eval workers 2; num-workers 0 moved to the job

  // The job's value is 4: nothing moves, nothing stays.
  std::string four = job.text;
  four.replace(four.find("\"0\""), 3, "\"4\"");
  FileAnalysis clean = linkDocument({own(script, text), {{job.path, four}}, {}}, {});
  EXPECT_TRUE(clean.diagnostics.empty());
}

TEST(LspWorkspace, JobFileGetsTheMovedFindingWithTheOpenScriptsText) {
  fs::path job = kJobs / "job.yaml";
  FileAnalysis linked = linkDocument({own(job, readText(job)), {}, {}}, {});  // script read from disk
  ASSERT_EQ(rulesAt(linked, 17), std::vector<std::string>{"GPU101"});
  EXPECT_EQ(linked.diagnostics.front().location.file, job.string());

  // An open script that no longer reads --num-workers: its text wins.
  std::string text = readText(kJobs / "train.py");
  text.replace(text.find("num_workers=args.num_workers"), 28, "num_workers=8");
  FileAnalysis edited =
      linkDocument({own(job, readText(job)), {}, {{(kJobs / "train.py").string(), text}}}, {});
  EXPECT_TRUE(edited.diagnostics.empty());
}

TEST(LspWorkspace, BrokenJobIsOneErrorOnItsLine) {
  fs::path job = kJobs / "job.yaml";
  std::string broken = "apiVersion: v1\nkind: Pod\nspec:\n  containers: [\"python\", \"train.py\"\n  x: : y\n";
  FileAnalysis linked = linkDocument({own(job, broken), {}, {}}, {});
  ASSERT_FALSE(linked.error.empty());
  Document doc("file://" + job.string(), job.string(), broken, 1);
  json d = fileErrorDiagnostic(doc, linked.error, PositionEncoding::Utf16);
  EXPECT_EQ(d["severity"], 1);
  EXPECT_EQ(d["source"], "gpulint");
  Document two_lines("file:///j.yaml", "/j.yaml", "a: 1\nb: [\n", 1);
  EXPECT_EQ(fileErrorDiagnostic(two_lines, "YAML syntax error at line 2; x", PositionEncoding::Utf16)["range"],
            json::parse(R"({"start":{"line":1,"character":0},"end":{"line":1,"character":4}})"));
  EXPECT_EQ(fileErrorDiagnostic(two_lines, "could not parse YAML", PositionEncoding::Utf16)["range"]["start"]["line"], 0);
}

TEST(LspWorkspace, ConfigWalkHonoursExcludesAndFileEvents) {
  fs::path root = fs::temp_directory_path() / ("gpulint_ws_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()));
  fs::remove_all(root);
  writeText(root / "jobs" / "a.yaml", "command: python train.py\n");
  writeText(root / "cfg.json", "{}\n");
  writeText(root / "skipped" / "b.yaml", "x: 1\n");
  writeText(root / "train.py", "print(1)\n");
  writeText(root / ".gpulint.yaml", "exclude: [\"skipped/**\"]\n");
  Workspace ws;
  ws.setFolders({root.string()});
  auto settings_for = [](const std::string& folder) {
    SettingsResult loaded = loadSettingsFile(findSettingsFile(folder));
    return std::holds_alternative<Settings>(loaded) ? std::get<Settings>(loaded) : Settings{};
  };
  std::vector<std::string> paths;
  for (const auto& [path, _] : ws.configs(settings_for)) paths.push_back(path);
  EXPECT_EQ(paths, (std::vector<std::string>{(root / "cfg.json").string(), (root / "jobs" / "a.yaml").string()}));
  EXPECT_TRUE(ws.inside((root / "x.yaml").string()));
  EXPECT_FALSE(ws.inside(root.string() + "2/x.yaml"));

  writeText(root / "jobs" / "a.yaml", "command: python eval.py\n");
  writeText(root / "new.yml", "k: v\n");
  ws.fileChanged((root / "jobs" / "a.yaml").string());
  ws.fileChanged((root / "new.yml").string());
  fs::remove(root / "cfg.json");
  ws.fileChanged((root / "cfg.json").string());
  const auto& configs = ws.configs(settings_for);
  ASSERT_EQ(configs.size(), 2u);
  EXPECT_EQ(configs.at((root / "jobs" / "a.yaml").string()), "command: python eval.py\n");
  EXPECT_TRUE(configs.count((root / "new.yml").string()));

  ws.changeFolders({}, {root.string() + "/"});  // clients may add a trailing slash
  EXPECT_TRUE(ws.folders().empty());
  EXPECT_TRUE(ws.configs(settings_for).empty());
  fs::remove_all(root);
}

}  // namespace
