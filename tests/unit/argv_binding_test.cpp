#include <gtest/gtest.h>

#include "frontend/project/argv_binding.h"

namespace gpulint::project {
namespace {

constexpr const char* kScript = R"(import argparse
p = argparse.ArgumentParser()
p.add_argument("--num-workers", "-j", type=int, default=4)
p.add_argument("--learning_rate", type=float, default=0.1)
p.add_argument("--amp", action="store_true")
p.add_argument("--no-pin", dest="pin", action="store_false")
p.add_argument("--name")
p.add_argument("--eval-every", type=int, default=100)
p.add_argument("--eval-steps", type=int, default=100)
p.add_argument("--milestones", type=int, nargs="+", default=[30, 60])
p.add_argument("--layers", nargs=2)
p.add_argument("--tags", nargs="*")
p.add_argument("--resume", nargs="?", type=int, const=1)
args = p.parse_args()
)";

struct Bound {
  std::unique_ptr<python::ScriptModel> script;
  std::shared_ptr<SourceFile> job;
  std::vector<OptionBinding> bindings;
  const OptionBinding* find(std::string_view dest) const {
    for (const auto& b : bindings)
      if (b.dest == dest) return &b;
    return nullptr;
  }
};

Bound bind(std::vector<std::string> argv) {
  Bound b;
  b.script = python::buildScriptModel(std::make_shared<SourceFile>("train.py", kScript, FileKind::Python), RuleOptions{});
  std::string text;
  std::vector<ArgToken> tokens;
  for (auto& a : argv) {
    ArgToken t;
    t.begin = static_cast<uint32_t>(text.size());
    text += a;
    t.end = static_cast<uint32_t>(text.size());
    text += " ";
    t.unknown = a.find('$') != std::string::npos;
    t.text = std::move(a);
    tokens.push_back(std::move(t));
  }
  b.job = std::make_shared<SourceFile>("job.yaml", text, FileKind::Yaml);
  b.bindings = bindArgv(tokens, *b.script, *b.job);
  return b;
}

TEST(ArgvBinding, LongShortInlineAndTyped) {
  Bound b = bind({"--num-workers", "0", "--learning_rate=0.5", "--name", "run1"});
  ASSERT_TRUE(b.find("num_workers"));
  EXPECT_EQ(b.find("num_workers")->value.asInt(), 0);
  EXPECT_EQ(b.find("num_workers")->token.text, "0");
  ASSERT_EQ(b.find("num_workers")->value.chain.size(), 1u);
  EXPECT_EQ(b.find("num_workers")->value.chain[0].message, "job argv sets --num-workers");
  EXPECT_EQ(b.find("num_workers")->value.chain[0].location.file, "job.yaml");
  EXPECT_DOUBLE_EQ(b.find("learning_rate")->value.asNumber().value_or(0), 0.5);
  EXPECT_EQ(b.job->text().substr(b.find("learning_rate")->token.begin, 3), "0.5");
  EXPECT_EQ(b.find("name")->value.string_value, "run1");
  Bound s = bind({"-j2"});
  EXPECT_EQ(s.find("num_workers")->value.asInt(), 2);
  Bound t = bind({"-j", "3"});
  EXPECT_EQ(t.find("num_workers")->value.asInt(), 3);
}

TEST(ArgvBinding, StoreTrueFalseAndDashUnderscore) {
  Bound b = bind({"--amp", "--no-pin", "--num_workers", "1", "--learning-rate", "1"});
  EXPECT_EQ(b.find("amp")->value.truthiness(), true);
  EXPECT_EQ(b.find("pin")->value.truthiness(), false);
  EXPECT_EQ(b.find("num_workers")->value.asInt(), 1);
  EXPECT_TRUE(b.find("learning_rate"));
}

TEST(ArgvBinding, PrefixesOnlyWhenUnambiguous) {
  Bound b = bind({"--num", "6", "--eval", "1"});
  EXPECT_EQ(b.find("num_workers")->value.asInt(), 6);
  EXPECT_FALSE(b.find("eval_every"));  // --eval matches --eval-every and --eval-steps
  EXPECT_FALSE(b.find("eval_steps"));
}

TEST(ArgvBinding, UnknownValuesBindUnknown) {
  Bound b = bind({"--num-workers", "$WORKERS", "--learning_rate", "fast"});
  ASSERT_TRUE(b.find("num_workers"));
  EXPECT_FALSE(b.find("num_workers")->value.known());  // overrides the default with "unknown"
  EXPECT_FALSE(b.find("learning_rate")->value.known());
}

TEST(ArgvBinding, PositionalsAndUnknownFlagsAreSkipped) {
  Bound b = bind({"data/", "--seed", "3", "--", "--num-workers", "0"});
  EXPECT_TRUE(b.bindings.empty());
}

TEST(ArgvBinding, NargsConsumeTheirWords) {
  // '+' takes every word up to the next flag; the list value is unknown.
  Bound b = bind({"--milestones", "10", "20", "-1", "--num-workers", "0"});
  ASSERT_TRUE(b.find("milestones"));
  EXPECT_FALSE(b.find("milestones")->value.known());
  EXPECT_EQ(b.find("milestones")->token.text, "10");
  ASSERT_TRUE(b.find("num_workers"));  // not swallowed by the list
  EXPECT_EQ(b.find("num_workers")->value.asInt(), 0);
  // N takes exactly N words; the next word is positional, not a value.
  Bound n = bind({"--layers", "a", "b", "c", "--num-workers", "2"});
  EXPECT_FALSE(n.find("layers")->value.known());
  EXPECT_EQ(n.find("num_workers")->value.asInt(), 2);
  // Too few words for N: argparse exits, nothing binds.
  Bound few = bind({"--layers", "a", "--num-workers", "2"});
  EXPECT_FALSE(few.find("layers"));
  EXPECT_EQ(few.find("num_workers")->value.asInt(), 2);
  // '*' may take none; '+' needs one.
  Bound star = bind({"--tags", "--num-workers", "5"});
  ASSERT_TRUE(star.find("tags"));
  EXPECT_EQ(star.find("num_workers")->value.asInt(), 5);
  Bound plus = bind({"--milestones", "--num-workers", "5"});
  EXPECT_FALSE(plus.find("milestones"));
  EXPECT_EQ(plus.find("num_workers")->value.asInt(), 5);
}

TEST(ArgvBinding, OptionalNargsTakesOneWordOrNone) {
  Bound b = bind({"--resume", "7", "--num-workers", "1"});
  EXPECT_EQ(b.find("resume")->value.asInt(), 7);
  EXPECT_EQ(b.find("num_workers")->value.asInt(), 1);
  Bound none = bind({"--resume", "--num-workers", "1"});
  ASSERT_TRUE(none.find("resume"));
  EXPECT_FALSE(none.find("resume")->value.known());  // the option's const: not followed
  EXPECT_EQ(none.find("num_workers")->value.asInt(), 1);
  Bound inline_list = bind({"--milestones=5"});
  EXPECT_FALSE(inline_list.find("milestones")->value.known());
}

}  // namespace
}  // namespace gpulint::project
