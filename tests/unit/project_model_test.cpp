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

// The per-file indexes that replaced scans of every class or function:
// every class of a name in file order (nested ones too), and the class or
// function a definition node defines, null for any other node.
TEST(ProjectModel, ClassesAndFunctionsAreIndexedByNameAndNode) {
  Project p;
  ScriptModel& m = p.add("a.py",
                         "class Net:\n    pass\n\ndef make():\n    class Net:\n        pass\n    return Net\n\n"
                         "class Other(Net):\n    def run(self):\n        pass\n");
  const auto& nets = m.classesNamed("Net");
  ASSERT_EQ(nets.size(), 2u);
  EXPECT_LT(nets[0]->node.begin(), nets[1]->node.begin());
  EXPECT_TRUE(m.classesNamed("Missing").empty());
  EXPECT_TRUE(m.classesNamed("make").empty());  // a function, not a class
  EXPECT_EQ(m.classAt(nets[1]->node), nets[1]);
  EXPECT_EQ(m.classAt(nets[1]->node.field("body")), nullptr);
  const Function* run = m.functionNamed("Other.run");
  ASSERT_NE(run, nullptr);
  EXPECT_EQ(m.functionAt(run->node), run);
  EXPECT_EQ(m.functionAt(nets[0]->node), nullptr);
  // A node of another file's tree never answers for this one.
  ScriptModel& other = p.add("b.py", "class Net:\n    pass\n");
  EXPECT_EQ(m.classAt(other.classesNamed("Net").front()->node), nullptr);
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

// A file's work budget grows with the code linked with it, through calls and
// imports either way and through other files, never with unrelated files.
TEST(ProjectModel, LinkedBytesCountTheFilesReachableThroughCallsAndImports) {
  Project p;
  const std::string lib_text = "def deep(x):\n    return x\n";
  const std::string mid_text = "from lib import deep\n\ndef helper(x):\n    return deep(x)\n";
  const std::string main_text = "from mid import helper\nhelper(1)\n";
  const std::string alone_text = "print('unrelated')\n";
  ScriptModel& lib = p.add("lib.py", lib_text);
  p.add("mid.py", mid_text);
  ScriptModel& main = p.add("main.py", main_text);
  ScriptModel& alone = p.add("alone.py", alone_text);
  const ProjectModel& project = p.link();
  EXPECT_EQ(project.linkedBytes(main), lib_text.size() + mid_text.size());
  EXPECT_EQ(project.linkedBytes(lib), mid_text.size() + main_text.size());
  EXPECT_EQ(project.linkedBytes(alone), 0u);
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

TEST(ProjectModel, BindsMethodsThroughInstancesBasesAndCallableObjects) {
  Project p;
  ScriptModel& base = p.add("fit/base.py",
                            "class Base:\n    def __init__(self, step):\n        self.step = step\n"
                            "    def run(self, x):\n        self.step(x)\n");
  ScriptModel& sub = p.add("fit/sub.py", "from .base import Base\n\nclass Sub(Base):\n    pass\n");
  ScriptModel& tools = p.add("tools.py", "class Step:\n    def __call__(self, x):\n        x.backward()\n"
                                         "class Other:\n    def run(self, x):\n        pass\n");
  ScriptModel& main = p.add("main.py",
                            "from fit.sub import Sub\nfrom tools import Step, Other\n"
                            "s = Sub(Step())\ns.run(1)\no = Sub(Step()) if flag else Other()\no.run(2)\n");
  (void)sub;
  const ProjectModel& project = p.link();
  const Call* first = nullptr;
  const Call* second = nullptr;
  for (const Call& c : main.calls())
    if (c.method == "run") (first ? second : first) = &c;
  ASSERT_TRUE(first && second);
  // Sub has no run(): its base's, in another file.
  EXPECT_EQ(project.calleeOf(main, *first).function, base.functionNamed("Base.run"));
  // Two classes may reach `o`: unknown.
  EXPECT_FALSE(project.calleeOf(main, *second));
  // self.step holds a Step made in main.py (through Sub's inherited __init__): its __call__.
  auto [model, f] = base.callTarget(callNamed(base, "step"));
  EXPECT_EQ(model, &tools);
  EXPECT_EQ(f, tools.functionNamed("Step.__call__"));
}

TEST(ProjectModel, GeneratorsThatPassTheirArgumentsItemsThrough) {
  Project p;
  ScriptModel& m = p.add("meter.py",
                         "class Meter:\n"
                         "    def each(self, items, every=10):\n        for x in items:\n            yield x\n"
                         "    def counted(self, items):\n        for i, x in enumerate(items):\n            yield x\n"
                         "    def pairs(self, items):\n        for i, x in enumerate(items):\n            yield i, x\n"
                         "    def forward(self, items):\n        yield from items\n");
  EXPECT_EQ(m.yieldedParameter(*m.functionNamed("Meter.each")), "items");
  EXPECT_EQ(m.yieldedParameter(*m.functionNamed("Meter.counted")), "items");
  EXPECT_EQ(m.yieldedParameter(*m.functionNamed("Meter.pairs")), "");
  EXPECT_EQ(m.yieldedParameter(*m.functionNamed("Meter.forward")), "items");
}


// The call indexes behind the device and caller questions (#17): a
// function's own calls of a name (not a nested def's, not the module's), the
// module's own, each method's callers among the calls of its name (grouped
// once per name), and calls starting at one byte told apart by node.
TEST(ProjectModel, CallsOfANameAreFoundPerFunctionAndPerCallee) {
  Project p;
  ScriptModel& m = p.add("a.py",
                         "loss.backward()\n"
                         "def step(loss):\n"
                         "    loss.backward()\n"
                         "    def inner(x):\n"
                         "        x.backward()\n"
                         "    return inner\n"
                         "class A:\n"
                         "    def go(self):\n"
                         "        pass\n"
                         "    def run(self):\n"
                         "        self.go()\n"
                         "class B:\n"
                         "    def go(self):\n"
                         "        pass\n"
                         "    def run(self):\n"
                         "        self.go()\n"
                         "        self.go()\n"
                         "x = a.b().c()\n"
                         "y.backward()\n");
  const Function* step = m.functionNamed("step");
  const Function* inner = nullptr;
  for (const auto& f : m.functions())
    if (f->name == "inner") inner = f.get();
  ASSERT_NE(step, nullptr);
  ASSERT_NE(inner, nullptr);
  auto lines = [&](const std::vector<const Call*>& calls) {
    std::vector<int> out;
    for (const Call* c : calls) out.push_back(static_cast<int>(c->node.line()));
    return out;
  };
  EXPECT_EQ(lines(m.callsNamedIn("backward", step)), std::vector<int>{3});
  EXPECT_EQ(lines(m.callsNamedIn("backward", inner)), std::vector<int>{5});
  EXPECT_EQ(lines(m.callsNamedIn("backward", nullptr)), (std::vector<int>{1, 19}));
  EXPECT_TRUE(m.callsNamedIn("step", step).empty());
  // Each go is called by its own class's run only, asked in either order.
  const Function* b_go = m.functionNamed("B.go");
  const Function* a_go = m.functionNamed("A.go");
  ASSERT_NE(a_go, nullptr);
  ASSERT_NE(b_go, nullptr);
  EXPECT_EQ(lines(m.callersOf(*b_go)), (std::vector<int>{16, 17}));
  EXPECT_EQ(lines(m.callersOf(*a_go)), std::vector<int>{11});
  const Call& outer = callNamed(m, "c");
  const Call& first = callNamed(m, "b");
  ASSERT_EQ(outer.node.begin(), first.node.begin());
  EXPECT_EQ(m.callAt(outer.node), &outer);
  EXPECT_EQ(m.callAt(first.node), &first);
  EXPECT_EQ(m.callAt(outer.node.field("function")), nullptr);
}

}  // namespace
}  // namespace gpulint::python
