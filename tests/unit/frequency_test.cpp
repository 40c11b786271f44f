// The execution-frequency model (frontend/python/frequency.h): how often a
// statement runs, and which guard, loop or early exit decided it.
#include <gtest/gtest.h>

#include "frontend/python/frequency.h"
#include "frontend/python/project_model.h"

namespace gpulint::python {
namespace {

constexpr const char* kScript = R"(import math
import torch

verbose = False
log_interval = 1


def divisible_by(numer, denom):
    return numer % denom == 0


def train(model, loader, optimizer, epochs):
    for epoch in range(epochs):
        for step, (x, y) in enumerate(loader):
            loss = model(x, y)
            loss.backward()
            optimizer.step()
            print("every step")
            do_eval = step % 500 == 0
            if do_eval:
                print("held in a variable")
            v = loss.item()
            if not math.isfinite(v):
                print("failure")
            if verbose:
                print("flag off")
            if step % log_interval == 0:
                print("short interval")
            if divisible_by(step, 1000):
                print("predicate")
            if divisible_by(step, 2):
                print("short predicate")
            try:
                optimizer.zero_grad()
            except RuntimeError:
                print("handler")
        print("per epoch")


def warm_up(model, x, y, optimizer):
    for _ in range(3):
        model(x, y).backward()
        optimizer.step()
        print("warm-up")


@torch.no_grad()
def throughput(model, data_loader):
    model.eval()
    for images, _ in data_loader:
        model(images)
        print("fence")
        return


@torch.no_grad()
def validate(model, valid_subsets, get_loader):
    model.eval()
    for subset in valid_subsets:
        for sample in get_loader(subset):
            model(sample)
)";

class FrequencyTest : public ::testing::Test {
 protected:
  void SetUp() override {
    model_ = buildScriptModel(std::make_shared<SourceFile>("train.py", kScript, FileKind::Python), RuleOptions{});
  }
  // The print call whose message is `message`.
  ts::Node print(std::string_view message) const {
    std::string text = "print(\"" + std::string(message) + "\")";
    for (const Call& c : model_->calls())
      if (c.node.text() == text) return c.node;
    ADD_FAILURE() << "no " << text;
    return {};
  }
  ExecutionFrequency of(std::string_view message) const { return frequencyOf(*model_, print(message)); }
  const Loop* loopOver(std::string_view iterable) const {
    for (const Loop& l : model_->loops())
      if (l.iterable && l.iterable.text() == iterable) return &l;
    return nullptr;
  }
  std::unique_ptr<ScriptModel> model_;
};

TEST_F(FrequencyTest, PlainStatementInStepLoopIsPerStep) {
  ExecutionFrequency f = of("every step");
  EXPECT_EQ(f.how, Frequency::PerStep);
  ASSERT_TRUE(f.batch);
  EXPECT_EQ(f.batch->kind, BatchKind::Step);
  EXPECT_TRUE(model_->perStep(print("every step")));
}

TEST_F(FrequencyTest, GuardHeldInVariableIsPeriodicWithTheBindingAsReason) {
  ExecutionFrequency f = of("held in a variable");
  EXPECT_EQ(f.how, Frequency::EveryNSteps);
  ASSERT_FALSE(f.reasons.empty());
  EXPECT_EQ(f.reasons[0].why, "periodic guard");
  EXPECT_EQ(f.reasons[0].node.text(), "do_eval = step % 500 == 0");
  ASSERT_TRUE(f.batch);  // the step loop it is spaced out in
  EXPECT_FALSE(model_->perStep(print("held in a variable")));
}

TEST_F(FrequencyTest, RareAndOffBranches) {
  EXPECT_EQ(of("failure").how, Frequency::Rarely);
  EXPECT_EQ(of("failure").reasons[0].why, "failure check");
  EXPECT_EQ(of("handler").how, Frequency::Rarely);
  EXPECT_EQ(of("handler").reasons[0].why, "exception handler");
  EXPECT_EQ(of("flag off").how, Frequency::Never);
}

TEST_F(FrequencyTest, ShortIntervalsStayPerStep) {
  EXPECT_EQ(of("short interval").how, Frequency::PerStep);
  EXPECT_EQ(of("short predicate").how, Frequency::PerStep);
  EXPECT_EQ(of("predicate").how, Frequency::EveryNSteps);
  auto batch = model_->perStep(print("short interval"));
  ASSERT_TRUE(batch);
  auto guard = model_->shortIntervalGuard(print("short interval"), *batch);
  ASSERT_TRUE(guard);
  EXPECT_EQ(guard->interval.text(), "log_interval");
  EXPECT_EQ(guard->value.asInt(), 1);
}

TEST_F(FrequencyTest, JudgeGuardInlinesOnePredicateLevel) {
  ts::Node predicate = print("predicate").parent().parent().parent();  // call -> statement -> block -> if
  ASSERT_TRUE(predicate.is("if_statement"));
  GuardVerdict v = judgeGuard(*model_, predicate.field("condition"));
  EXPECT_EQ(v.kind, GuardKind::Periodic);
  EXPECT_EQ(v.decisive.text(), "divisible_by(step, 1000)");
}

TEST_F(FrequencyTest, EpochLoopOnceLoopsAndWarmUps) {
  EXPECT_EQ(of("per epoch").how, Frequency::PerEpoch);
  ExecutionFrequency fence = of("fence");
  EXPECT_EQ(fence.how, Frequency::Once);
  EXPECT_EQ(fence.reasons[0].why, "the loop ends on its first pass");
  ExecutionFrequency warm = of("warm-up");
  EXPECT_EQ(warm.how, Frequency::Once);
  EXPECT_EQ(warm.reasons[0].why, "a warm-up loop of 3 passes");
  // Placement alone (guards and early exits ignored) still sees the batch loop.
  EXPECT_TRUE(model_->inBatchLoop(print("fence")));
}

TEST_F(FrequencyTest, LoopOverSubsetsIsNotABatchLoop) {
  const Loop* subsets = loopOver("valid_subsets");
  const Loop* batches = loopOver("get_loader(subset)");
  ASSERT_TRUE(subsets && batches);
  EXPECT_EQ(subsets->kind, LoopKind::Other);
  EXPECT_EQ(batches->kind, LoopKind::Eval);
}


// mayRunPerStep, the precondition perStep and inBatchLoop check first: only a
// step/eval loop or a step hook of the file itself makes a node per step.
// The project pass turns loops into step loops after the build, so the
// answer must follow the loops' kinds, not stay as first computed.
std::unique_ptr<ScriptModel> modelOf(const std::string& path, const std::string& text) {
  return buildScriptModel(std::make_shared<SourceFile>(path, text, FileKind::Python), RuleOptions{});
}

ts::Node callText(const ScriptModel& m, std::string_view text) {
  for (const Call& c : m.calls())
    if (c.node.text() == text) return c.node;
  ADD_FAILURE() << "no call " << text;
  return {};
}

TEST(MayRunPerStep, OnlyAStepLoopOrStepHookOfTheFileMakesNodesPerStep) {
  auto plain = modelOf("report.py", "def show(rows):\n    for r in rows:\n        print(r)\n");
  EXPECT_FALSE(plain->mayRunPerStep());
  EXPECT_FALSE(plain->perStep(callText(*plain, "print(r)")));
  EXPECT_FALSE(plain->inBatchLoop(callText(*plain, "print(r)")));
  auto hook = modelOf("lit.py",
                      "import lightning as L\n\nclass Model(L.LightningModule):\n"
                      "    def training_step(self, batch, idx):\n        return self.net(batch)\n");
  EXPECT_TRUE(hook->mayRunPerStep());
  EXPECT_TRUE(hook->perStep(callText(*hook, "self.net(batch)")));
  EXPECT_TRUE(modelOf("train.py", kScript)->mayRunPerStep());
}

TEST(MayRunPerStep, FollowsAStepLoopTheProjectFindsAfterTheBuild) {
  auto engine = modelOf("engine.py", "def train_one(model, opt, x):\n    loss = model(x)\n    loss.backward()\n"
                                     "    opt.step()\n");
  auto main = modelOf("main.py", "from engine import train_one\n\ndef run(model, opt, loader):\n"
                                 "    for x in loader:\n        train_one(model, opt, x)\n");
  ts::Node call = callText(*main, "train_one(model, opt, x)");
  // Alone, main.py cannot see that train_one trains: no step loop yet.
  EXPECT_FALSE(main->mayRunPerStep());
  EXPECT_FALSE(main->perStep(call));
  ProjectModel project;
  project.add(engine.get());
  project.add(main.get());
  project.link();
  ASSERT_EQ(main->loops().front().kind, LoopKind::Step);
  EXPECT_TRUE(main->mayRunPerStep());
  EXPECT_TRUE(main->perStep(call));
  EXPECT_FALSE(engine->mayRunPerStep());
  ProjectAttachment detach_after(project);  // destroyed first: no model keeps the project
}

}  // namespace
}  // namespace gpulint::python
