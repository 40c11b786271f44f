// The project model's import resolution and call binding across files.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "frontend/python/project_model.h"
#include "frontend/python/script_model.h"

namespace gpulint::python {
namespace {

class Project {
 public:
  ScriptModel& add(const std::string& path, const std::string& text) {
    models_.push_back(buildScriptModel(std::make_shared<SourceFile>(path, text, FileKind::Python), RuleOptions{}));
    project_.add(models_.back().get());
    return *models_.back();
  }
  const ProjectModel& link() {
    project_.link();
    return project_;
  }

 private:
  std::vector<std::unique_ptr<ScriptModel>> models_;
  ProjectModel project_;
};

const Call& callNamed(const ScriptModel& m, std::string_view method) {
  for (const Call& c : m.calls())
    if (c.method == method) return c;
  throw std::runtime_error("no call " + std::string(method));
}

TEST(ProjectModel, ResolvesRelativeImportsTwoLevelsUp) {
  Project p;
  ScriptModel& utils = p.add("pkg/utils.py", "def helper(x):\n    return x\n");
  ScriptModel& deep = p.add("pkg/sub/run.py", "from ..utils import helper\nhelper(1)\n");
  const ProjectModel& project = p.link();
  ProjectDef def = project.calleeOf(deep, callNamed(deep, "helper"));
  ASSERT_TRUE(def);
  EXPECT_EQ(def.model, &utils);
  EXPECT_EQ(def.function, utils.functionNamed("helper"));
  ASSERT_EQ(project.callersOf(*def.function).size(), 1u);
  EXPECT_EQ(project.callersOf(*def.function)[0].model, &deep);
}

TEST(ProjectModel, FollowsReexportsOfAPackage) {
  Project p;
  ScriptModel& engine = p.add("proj/trainer/engine.py", "def train_one_epoch(model):\n    pass\n");
  p.add("proj/trainer/__init__.py", "from .engine import train_one_epoch\n");
  ScriptModel& main = p.add("proj/main.py", "import trainer\ntrainer.train_one_epoch(1)\n");
  const ProjectModel& project = p.link();
  ProjectDef def = project.calleeOf(main, callNamed(main, "train_one_epoch"));
  EXPECT_EQ(def.model, &engine);
  EXPECT_EQ(def.function, engine.functionNamed("train_one_epoch"));
}

TEST(ProjectModel, LeavesAmbiguousAndLibraryNamesUnresolved) {
  Project p;
  p.add("a/utils.py", "def f():\n    pass\n");
  p.add("b/utils.py", "def f():\n    pass\n");
  ScriptModel& main = p.add("c/main.py", "from utils import f\nimport torch\nf()\ntorch.save(1)\n");
  const ProjectModel& project = p.link();
  EXPECT_FALSE(project.calleeOf(main, callNamed(main, "f")));     // two utils.py, neither beside main.py
  EXPECT_FALSE(project.calleeOf(main, callNamed(main, "save")));  // not a project module
}

TEST(ProjectModel, BindsConstructorsAndSuperToInit) {
  Project p;
  ScriptModel& base = p.add("t/base.py", "class Base:\n    def __init__(self, loader):\n        self.loader = loader\n");
  ScriptModel& sub = p.add("t/trainer.py",
                           "from .base import Base\n\nclass Trainer(Base):\n    def __init__(self, loader):\n"
                           "        super().__init__(loader)\n");
  ScriptModel& main = p.add("main.py", "from t.trainer import Trainer\nTrainer(1)\n");
  const ProjectModel& project = p.link();
  EXPECT_EQ(project.calleeOf(main, callNamed(main, "Trainer")).function, sub.functionNamed("Trainer.__init__"));
  EXPECT_EQ(project.calleeOf(sub, callNamed(sub, "__init__")).function, base.functionNamed("Base.__init__"));
  auto bases = project.baseClasses(sub, *sub.classes().front());
  ASSERT_EQ(bases.size(), 1u);
  EXPECT_EQ(bases[0].first, &base);
}

TEST(ProjectModel, GpuPathFlowsFromImporterToImported) {
  Project p;
  ScriptModel& engine = p.add("engine.py", "def step(x, device):\n    return x.to(device)\n");
  ScriptModel& cpu_only = p.add("tools.py", "def g():\n    pass\n");
  ScriptModel& main = p.add("main.py", "import torch\nfrom engine import step\nx = torch.zeros(1).cuda()\nstep(x, 'cuda')\n");
  const ProjectModel& project = p.link();
  EXPECT_TRUE(project.reachesGpu(main));
  EXPECT_TRUE(project.reachesGpu(engine));
  EXPECT_FALSE(project.reachesGpu(cpu_only));
}

}  // namespace
}  // namespace gpulint::python
