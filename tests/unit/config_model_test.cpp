#include <gtest/gtest.h>

#include "frontend/config/config_model.h"

namespace gpulint::config {
namespace {

std::unique_ptr<ConfigModel> parse(std::string text, const char* name = "job.yaml", ConfigLimits limits = {}) {
  return buildConfigModel(std::make_shared<SourceFile>(name, std::move(text), kindFromPath(name)), limits);
}

// The file text a decoded range of `v` maps back to.
std::string_view mapped(const ConfigModel& m, const ConfigValue& v, std::string_view needle) {
  size_t at = v.text.find(needle);
  if (at == std::string::npos) return "<not found>";
  auto [b, e] = v.fileRange(static_cast<uint32_t>(at), static_cast<uint32_t>(at + needle.size()));
  return std::string_view(m.file().text()).substr(b, e - b);
}

TEST(ConfigModel, KeyPathsScalarTypesAndRanges) {
  auto m = parse("spec:\n  replicas: 3\n  name: \"trainer\"\n  ratio: 0.5\n  on: true\n  none: ~\n");
  ASSERT_TRUE(m->error().empty()) << m->error();
  ASSERT_EQ(m->documents().size(), 1u);
  const ConfigValue* replicas = m->documents()[0]->path("spec.replicas");
  ASSERT_TRUE(replicas);
  EXPECT_EQ(replicas->scalar_type, ScalarType::Int);
  EXPECT_EQ(replicas->asInt(), 3);
  EXPECT_EQ(m->file().text().substr(replicas->begin, replicas->end - replicas->begin), "3");
  const ConfigValue* name = m->documents()[0]->path("spec.name");
  EXPECT_EQ(name->text, "trainer");
  EXPECT_TRUE(name->quoted);
  EXPECT_EQ(m->documents()[0]->path("spec.ratio")->scalar_type, ScalarType::Float);
  EXPECT_EQ(m->documents()[0]->path("spec.on")->scalar_type, ScalarType::Bool);
  EXPECT_TRUE(m->documents()[0]->path("spec.none")->isNull());
  EXPECT_EQ(m->location(*replicas).start.line, 2u);
}

TEST(ConfigModel, SequencesAndFlatten) {
  auto m = parse("containers:\n  - name: a\n    command: [\"python\", \"train.py\"]\n  - name: b\n");
  auto flat = m->flatten(*m->documents()[0]);
  ASSERT_EQ(flat.size(), 4u);
  EXPECT_EQ(flat[0].path, "containers[0].name");
  EXPECT_EQ(flat[1].path, "containers[0].command[0]");
  EXPECT_EQ(flat[2].value->text, "train.py");
  EXPECT_EQ(flat[3].path, "containers[1].name");
}

TEST(ConfigModel, JsonIsParsedAsFlowYaml) {
  auto m = parse("{\"train\": {\"per_device_train_batch_size\": 2, \"tags\": [\"a\", \"b\\u00e9\"]}}", "ds.json");
  ASSERT_TRUE(m->error().empty()) << m->error();
  const ConfigValue* bs = m->documents()[0]->path("train.per_device_train_batch_size");
  ASSERT_TRUE(bs);
  EXPECT_EQ(bs->asInt(), 2);
  const ConfigValue* tags = m->documents()[0]->path("train.tags");
  ASSERT_TRUE(tags && tags->isSequence());
  EXPECT_EQ(tags->items[1]->text, "b\xC3\xA9");
  EXPECT_EQ(mapped(*m, *tags->items[1], "\xC3\xA9"), "\\u00e9");
}

TEST(ConfigModel, MultiDocumentYaml) {
  auto m = parse("kind: Service\n---\nkind: Job\n...\n---\nkind: Pod\n");
  ASSERT_EQ(m->documents().size(), 3u);
  EXPECT_EQ(m->documents()[1]->get("kind")->text, "Job");
  EXPECT_EQ(m->documents()[2]->get("kind")->text, "Pod");
}

TEST(ConfigModel, AnchorsAliasesAndMergeKeys) {
  auto m = parse("base: &base\n  gpu: 4\n  cpu: 8\nworker:\n  <<: *base\n  cpu: 16\ncopy: *base\n");
  ASSERT_TRUE(m->error().empty()) << m->error();
  const ConfigValue* worker = m->documents()[0]->get("worker");
  EXPECT_EQ(worker->get("gpu")->asInt(), 4);
  EXPECT_EQ(worker->get("cpu")->asInt(), 16);  // explicit keys win over merged ones
  EXPECT_FALSE(worker->get("<<"));
  EXPECT_EQ(m->documents()[0]->path("copy.gpu")->asInt(), 4);
}

TEST(ConfigModel, LiteralBlockScalarMapsPositionsBackToTheFile) {
  std::string text = "command: |\n  cd src &&\n  python train.py --num-workers 0\n";
  auto m = parse(text);
  const ConfigValue* cmd = m->documents()[0]->get("command");
  EXPECT_EQ(cmd->text, "cd src &&\npython train.py --num-workers 0\n");
  size_t zero = cmd->text.find(" 0") + 1;
  auto [b, e] = cmd->fileRange(static_cast<uint32_t>(zero), static_cast<uint32_t>(zero + 1));
  EXPECT_EQ(b, text.find(" 0\n") + 1);
  EXPECT_EQ(e, b + 1);
  EXPECT_EQ(m->file().position(b).line, 3u);
}

TEST(ConfigModel, FoldedBlockScalarWithChomping) {
  auto m = parse("a: >-\n  python train.py\n  --epochs 3\n\n  next\nb: 1\n");
  const ConfigValue* a = m->documents()[0]->get("a");
  EXPECT_EQ(a->text, "python train.py --epochs 3\nnext");
  EXPECT_EQ(mapped(*m, *a, "--epochs"), "--epochs");
  EXPECT_EQ(m->documents()[0]->get("b")->asInt(), 1);
}

TEST(ConfigModel, KeepChompingAndNestedIndent) {
  auto m = parse("jobs:\n  - run: |+\n      echo hi\n        more\n\nx: 2\n");
  const ConfigValue* run = m->documents()[0]->path("jobs")->items[0]->get("run");
  EXPECT_EQ(run->text, "echo hi\n  more\n\n");
}

TEST(ConfigModel, QuotedScalarsDecodeEscapesAndFolding) {
  auto m = parse("a: \"x\\ty \\\"q\\\"\"\nb: 'it''s'\nc: \"one\n  two\"\nd: plain\n  folded\n");
  const ConfigValue* doc = m->documents()[0];
  EXPECT_EQ(doc->get("a")->text, "x\ty \"q\"");
  EXPECT_EQ(mapped(*m, *doc->get("a"), "y"), "y");
  EXPECT_EQ(doc->get("b")->text, "it's");
  EXPECT_EQ(mapped(*m, *doc->get("b"), "s"), "s");
  EXPECT_EQ(doc->get("c")->text, "one two");
  EXPECT_EQ(doc->get("d")->text, "plain folded");
  EXPECT_EQ(mapped(*m, *doc->get("d"), "folded"), "folded");
}

TEST(ConfigModel, SyntaxErrorIsAPerFileError) {
  auto m = parse("a: [1, 2\nb: {\n");
  EXPECT_FALSE(m->error().empty());
  EXPECT_TRUE(m->documents().empty());
}

TEST(ConfigModel, DeepNestingIsCapped) {
  std::string deep(10000, '[');
  deep += std::string(10000, ']');
  auto m = parse("a: " + deep + "\n");
  EXPECT_NE(m->error().find("nesting"), std::string::npos) << m->error();
}

TEST(ConfigModel, AliasBombFlattenIsBounded) {
  std::string text = "a: &a [x, x, x, x, x, x, x, x, x, x]\n";
  std::string prev = "a";
  for (int i = 0; i < 9; ++i) {
    std::string name = "l" + std::to_string(i);
    text += name + ": &" + name + " [";
    for (int k = 0; k < 10; ++k) text += (k ? ", *" : "*") + prev;
    text += "]\n";
    prev = name;
  }
  ConfigLimits limits;
  limits.max_flat_entries = 10000;
  auto m = parse(text, "bomb.yaml", limits);
  ASSERT_TRUE(m->error().empty()) << m->error();
  bool truncated = false;
  auto flat = m->flatten(*m->documents()[0], &truncated);
  EXPECT_TRUE(truncated);
  EXPECT_LE(flat.size(), 10000u);
}

}  // namespace
}  // namespace gpulint::config
