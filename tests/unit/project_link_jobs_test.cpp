// The project model links each file's calls on several threads (--jobs):
// what it binds, the loops it marks and every rule's findings must be the
// same whatever the number of threads.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "checkers/pipeline.h"
#include "frontend/python/project_model.h"
#include "frontend/python/script_model.h"

namespace gpulint {
namespace {

namespace fs = std::filesystem;

std::vector<std::unique_ptr<python::ScriptModel>> modelsUnder(const fs::path& folder) {
  std::vector<std::unique_ptr<python::ScriptModel>> models;
  std::vector<fs::path> paths;
  for (const auto& e : fs::recursive_directory_iterator(folder))
    if (e.is_regular_file() && e.path().extension() == ".py" &&
        e.path().filename().string().find(".fixed.") == std::string::npos)
      paths.push_back(e.path());
  std::sort(paths.begin(), paths.end());
  for (const fs::path& p : paths) {
    LoadedSource loaded = loadSource(p.string(), fs::relative(p, folder).string());
    if (loaded.source) models.push_back(python::buildScriptModel(loaded.source, RuleOptions{}));
  }
  return models;
}

const char* kindName(python::LoopKind k) { return python::loopKindName(k); }

// What a reader of the linked project sees: each call's project callee, each
// loop's kind, the files that link across, and every rule's findings.
std::vector<std::string> linkedProject(const fs::path& folder, unsigned jobs) {
  auto models = modelsUnder(folder);
  python::ProjectModel project;
  for (auto& m : models) project.add(m.get());
  project.link(jobs);
  python::ProjectAttachment attached(project);
  std::vector<std::string> out;
  for (const auto& m : models) {
    const std::string& file = m->file().path();
    if (project.linksAcrossFiles(*m)) out.push_back(file + " links");
    for (const python::Call& c : m->calls())
      if (python::ProjectDef def = project.calleeOf(*m, c))
        out.push_back(file + ":" + std::to_string(c.node.begin()) + " -> " + def.model->file().path() + ":" +
                      (def.function ? def.function->name : std::string("-")));
    for (const python::Loop& l : m->loops())
      out.push_back(file + ":" + std::to_string(l.node.begin()) + " " + kindName(l.kind));
    python::CacheScope fresh;
    for (const Diagnostic& d : pythonDiagnostics(*m, RuleOptions{}))
      out.push_back(d.rule + " " + d.location.file + ":" + std::to_string(d.location.begin) + " " + d.message);
  }
  return out;
}

TEST(ProjectLinkJobs, EveryProjectFixtureLinksTheSameOnOneAndOnFourThreads) {
  size_t compared = 0, bound = 0;
  for (const auto& entry : fs::directory_iterator(fs::path(GPULINT_SOURCE_DIR) / "testdata/projects")) {
    if (!entry.is_directory()) continue;
    std::vector<std::string> one = linkedProject(entry.path(), 1);
    std::vector<std::string> four = linkedProject(entry.path(), 4);
    EXPECT_EQ(one, four) << entry.path().filename();
    compared += one.size();
    bound += static_cast<size_t>(std::count_if(one.begin(), one.end(),
                                               [](const std::string& s) { return s.find(" -> ") != std::string::npos; }));
  }
  EXPECT_GT(bound, 20u);      // calls bound across files were compared, not empty projects
  EXPECT_GT(compared, 200u);
}

}  // namespace
}  // namespace gpulint
