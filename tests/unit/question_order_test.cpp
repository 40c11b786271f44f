// A rule's findings must not depend on which questions were asked before it:
// not on the other rules that ran first on the same model (--select runs them
// all, the --diff rounds only some), nor on a question an earlier file left
// unfinished on the same thread (a work budget throws out of the middle of
// one; which files share a thread depends on --jobs).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "checkers/checker.h"
#include "checkers/pipeline.h"
#include "frontend/python/project_model.h"
#include "frontend/python/script_model.h"
#include "frontend/ts/work_budget.h"

namespace gpulint {
namespace {

namespace fs = std::filesystem;

using Finding = std::string;  // rule, place and message: what a reader sees

std::vector<const Checker*> pythonCheckers() {
  std::vector<const Checker*> out;
  for (const auto& c : allCheckers())
    if (c->reads(FileKind::Python)) out.push_back(c.get());
  return out;
}

// The findings of `checkers`, run in that order on `model` under fresh memos.
std::map<std::string, std::set<Finding>> findingsByRule(const python::ScriptModel& model,
                                                        const std::vector<const Checker*>& checkers) {
  python::CacheScope fresh;
  RuleOptions options;
  AnalysisContext context;
  context.script = &model;
  context.options = &options;
  VectorSink sink;
  for (const Checker* c : checkers) c->run(context, sink);
  std::map<std::string, std::set<Finding>> out;
  for (const Diagnostic& d : sink.diagnostics)
    out[d.rule].insert(d.location.file + ":" + std::to_string(d.location.begin) + " " + d.message);
  return out;
}

std::vector<std::unique_ptr<python::ScriptModel>> modelsUnder(const fs::path& folder) {
  std::vector<std::unique_ptr<python::ScriptModel>> models;
  for (const auto& e : fs::recursive_directory_iterator(folder)) {
    if (!e.is_regular_file() || e.path().extension() != ".py" ||
        e.path().filename().string().find(".fixed.") != std::string::npos)
      continue;
    LoadedSource loaded = loadSource(e.path().string(), fs::relative(e.path(), folder).string());
    if (loaded.source) models.push_back(python::buildScriptModel(loaded.source, RuleOptions{}));
  }
  std::sort(models.begin(), models.end(), [](const auto& a, const auto& b) { return a->file().path() < b->file().path(); });
  return models;
}

// Every rule alone, and all of them in reverse order, against all of them in
// the registry's order; returns the number of findings compared.
size_t expectOrderFree(const python::ScriptModel& model, const std::string& where) {
  std::vector<const Checker*> all = pythonCheckers();
  std::map<std::string, std::set<Finding>> in_order = findingsByRule(model, all);
  std::vector<const Checker*> reversed(all.rbegin(), all.rend());
  EXPECT_EQ(in_order, findingsByRule(model, reversed)) << where << ": the rules run in reverse order";
  for (const Checker* c : all) {
    std::string rule(c->id());
    auto alone = findingsByRule(model, {c});
    EXPECT_EQ(in_order[rule], alone[rule]) << where << ": " << rule << " run alone";
  }
  size_t n = 0;
  for (const auto& [rule, findings] : in_order) n += findings.size();
  return n;
}

TEST(QuestionOrder, EveryRuleFindsTheSameAloneAsAfterTheOthersInEachProjectFixture) {
  size_t compared = 0;
  for (const auto& entry : fs::directory_iterator(fs::path(GPULINT_SOURCE_DIR) / "testdata/projects")) {
    if (!entry.is_directory()) continue;
    auto models = modelsUnder(entry.path());
    if (models.empty()) continue;
    python::ProjectModel project;
    for (auto& m : models) project.add(m.get());
    project.link();
    python::ProjectAttachment attached(project);
    for (const auto& m : models) compared += expectOrderFree(*m, entry.path().filename().string() + "/" + m->file().path());
  }
  EXPECT_GT(compared, 50u);  // the comparison saw real findings, not empty runs
}

TEST(QuestionOrder, EveryRuleFindsTheSameAloneAsAfterTheOthersInEachPythonFixture) {
  size_t compared = 0;
  for (const auto& entry : fs::directory_iterator(fs::path(GPULINT_SOURCE_DIR) / "testdata/python")) {
    std::string name = entry.path().filename().string();
    if (entry.path().extension() != ".py" || name.find(".fixed.") != std::string::npos) continue;
    LoadedSource loaded = loadSource(entry.path().string(), name);
    if (!loaded.source) continue;
    auto model = python::buildScriptModel(loaded.source, RuleOptions{});
    compared += expectOrderFree(*model, name);
  }
  EXPECT_GT(compared, 100u);
}

// A question cut off by the work budget at any point leaves nothing behind
// on its thread: asked again (as the next file on the thread would), it gets
// the full answer.
TEST(QuestionOrder, AParameterQuestionCutOffByTheBudgetLeavesNoTrace) {
  auto model = python::buildScriptModel(
      std::make_shared<SourceFile>("m.py",
                                   "def train(log_every):\n"
                                   "    return log_every\n"
                                   "\n"
                                   "interval = 1\n"
                                   "train(interval)\n"
                                   "train(log_every=interval)\n",
                                   FileKind::Python),
      RuleOptions{});
  const python::Function* train = model->functionNamed("train");
  ASSERT_NE(train, nullptr);
  ASSERT_EQ(model->parameterValue(*train, "log_every").display(), "1");
  size_t cut = 0;
  for (uint64_t limit = 1; limit < 4000 && cut < 400; ++limit) {
    bool thrown = false;
    {
      python::CacheScope fresh;  // the next file's questions start from fresh memos
      ts::WorkBudget budget(limit);
      try {
        (void)model->parameterValue(*train, "log_every");
      } catch (const ts::BudgetExceeded&) {
        thrown = true;
      }
    }
    if (!thrown) break;  // the whole question fits: every earlier limit cut it somewhere
    ++cut;
    python::CacheScope fresh;
    ASSERT_EQ(model->parameterValue(*train, "log_every").display(), "1") << "after a cut at " << limit << " work units";
  }
  EXPECT_GT(cut, 3u);  // the budget did cut the question at several points
}


// A question answered while the cross-file bounds refused part of it (it sat
// deep under another question that had already fanned out) is partial: the
// same question asked later from the top must get the full answer, not the
// remembered partial one. (A callable object `pipe = Pipeline(...)` called in
// a nested function was left unbound for the rest of the file.)
TEST(QuestionOrder, AnAnswerCutByTheCrossFileBoundsIsNotRemembered) {
  auto model = python::buildScriptModel(
      std::make_shared<SourceFile>("m.py",
                                   "class Pipeline:\n"
                                   "    def __call__(self, prompts):\n"
                                   "        return prompts\n"
                                   "\n"
                                   "def main():\n"
                                   "    pipe = Pipeline()\n"
                                   "    def process(batch):\n"
                                   "        return pipe(batch)\n"
                                   "    process([1])\n",
                                   FileKind::Python),
      RuleOptions{});
  const python::Call* call = nullptr;
  for (const python::Call& c : model->calls())
    if (c.method == "pipe") call = &c;
  ASSERT_NE(call, nullptr);
  python::CacheScope memos;  // one file's memos, shared by both questions
  {
    // Deep under an outermost question whose fan-out is spent.
    python::CrossFileDepth outermost;
    for (bool spent = false; !spent;) {
      python::CrossFileDepth hop;
      spent = !hop.ok();
    }
    const python::Function* cut = model->calledFunction(*call);
    EXPECT_EQ(cut, nullptr);  // the bounds did cut it: otherwise this test proves nothing
  }
  const python::Function* full = model->calledFunction(*call);
  ASSERT_NE(full, nullptr);
  EXPECT_EQ(full->name, "__call__");
}

}  // namespace
}  // namespace gpulint
