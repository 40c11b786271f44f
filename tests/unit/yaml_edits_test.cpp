#include <gtest/gtest.h>

#include "fixits/apply.h"
#include "fixits/yaml_edits.h"

namespace gpulint::fixits {
namespace {

struct Doc {
  SourceFilePtr file;
  std::unique_ptr<config::ConfigModel> model;
  [[nodiscard]] const config::ConfigValue& root() const { return *model->documents().front(); }
};

Doc parse(std::string text, FileKind kind = FileKind::Yaml) {
  Doc d;
  d.file = std::make_shared<SourceFile>(kind == FileKind::Json ? "pod.json" : "pod.yaml", std::move(text), kind);
  d.model = config::buildConfigModel(d.file);
  EXPECT_TRUE(d.model->error().empty()) << d.model->error();
  return d;
}

std::string applied(const Doc& d, const std::optional<Edit>& e) {
  EXPECT_TRUE(e.has_value());
  if (!e) return d.file->text();
  std::string out = applyEdits(d.file->text(), {*e});
  EXPECT_EQ(syntaxErrorCount(out, FileKind::Yaml), 0) << out;
  return out;
}

TEST(YamlEdits, AppendsAnItemWithTheListsOwnDashIndentAndGap) {
  Doc d = parse("mounts:\n  -   name: data\n      path: /data\nnext: 1\n");
  auto e = appendSequenceItem(*d.file, *d.root().get("mounts"), {"name: dshm", "path: /dev/shm"});
  EXPECT_EQ(applied(d, e),
            "mounts:\n  -   name: data\n      path: /data\n  -   name: dshm\n      path: /dev/shm\nnext: 1\n");
}

TEST(YamlEdits, AppendsToAnUnindentedListAndNestsRelativeLines) {
  Doc d = parse("volumes:\n- name: data\n  pvc: x\n");
  auto e = appendSequenceItem(*d.file, *d.root().get("volumes"), {"name: dshm", "emptyDir:", "  medium: Memory"});
  EXPECT_EQ(applied(d, e), "volumes:\n- name: data\n  pvc: x\n- name: dshm\n  emptyDir:\n    medium: Memory\n");
}

TEST(YamlEdits, KeepsCrlfAndAddsTheMissingFinalNewline) {
  Doc d = parse("spec:\r\n  a: 1\r\n  b: 2");
  auto e = addMappingEntry(*d.file, *d.root().get("spec"), {"volumes:", "  - name: dshm"});
  EXPECT_EQ(applied(d, e), "spec:\r\n  a: 1\r\n  b: 2\r\n  volumes:\r\n    - name: dshm\r\n");
}

// A comment inside the mapping's last value stays above the new key.
TEST(YamlEdits, AddsAKeyAfterTheMappingsLastNestedValue) {
  Doc d = parse("c:\n  - name: t\n    resources:\n      limits: {gpu: 1}\n    # trailing\nother: x\n");
  const config::ConfigValue& container = *d.root().get("c")->items.front();
  auto e = addMappingEntry(*d.file, container, {"volumeMounts:", "  - name: dshm"});
  EXPECT_EQ(applied(d, e),
            "c:\n  - name: t\n    resources:\n      limits: {gpu: 1}\n    # trailing\n    volumeMounts:\n"
            "      - name: dshm\nother: x\n");
}

TEST(YamlEdits, GivesUpOnFlowStyleAndJson) {
  Doc flow = parse("mounts: [{name: a}]\nspec: {a: 1}\n");
  EXPECT_FALSE(appendSequenceItem(*flow.file, *flow.root().get("mounts"), {"name: b"}));
  EXPECT_FALSE(addMappingEntry(*flow.file, *flow.root().get("spec"), {"b: 2"}));
  Doc json = parse("{\"spec\": {\"a\": 1}, \"l\": [1]}", FileKind::Json);
  EXPECT_FALSE(addMappingEntry(*json.file, *json.root().get("spec"), {"b: 2"}));
  EXPECT_FALSE(appendSequenceItem(*json.file, *json.root().get("l"), {"2"}));
}

TEST(YamlEdits, ReplacesAScalarKeepingItsQuotes) {
  Doc d = parse("a: '256Mi'\nb: \"1\"\nc: 64Mi\nd: |\n  text\n");
  EXPECT_EQ(applied(d, replaceScalar(*d.file, *d.root().get("a"), "8Gi")), "a: '8Gi'\nb: \"1\"\nc: 64Mi\nd: |\n  text\n");
  EXPECT_EQ(applied(d, replaceScalar(*d.file, *d.root().get("b"), "2")), "a: '256Mi'\nb: \"2\"\nc: 64Mi\nd: |\n  text\n");
  EXPECT_EQ(applied(d, replaceScalar(*d.file, *d.root().get("c"), "1Gi")), "a: '256Mi'\nb: \"1\"\nc: 1Gi\nd: |\n  text\n");
  EXPECT_FALSE(replaceScalar(*d.file, *d.root().get("d"), "x"));
}

}  // namespace
}  // namespace gpulint::fixits

namespace gpulint::fixits {
namespace {

std::string tokenFixed(const std::string& text, const std::string& token, std::string_view literal) {
  auto file = std::make_shared<SourceFile>("job.yaml", text, FileKind::Yaml);
  uint32_t b = static_cast<uint32_t>(text.find(token));
  auto e = replaceTokenValue(*file, b, b + static_cast<uint32_t>(token.size()), literal, "4");
  return e ? applyEdits(text, {*e}) : "<none>";
}

TEST(YamlEdits, ReplacesTheValueAtTheEndOfACommandToken) {
  EXPECT_EQ(tokenFixed("args: [\"--workers\", \"0\"]\n", "\"0\"", "0"), "args: [\"--workers\", \"4\"]\n");
  EXPECT_EQ(tokenFixed("command: python t.py --workers=0 --lr 1\n", "--workers=0", "0"),
            "command: python t.py --workers=4 --lr 1\n");
  EXPECT_EQ(tokenFixed("command: python t.py -j0\n", "-j0", "0"), "command: python t.py -j4\n");
  EXPECT_EQ(tokenFixed("- '0'\n", "'0'", "0"), "- '4'\n");
  // Not the whole value, or another value: no edit.
  EXPECT_EQ(tokenFixed("command: python t.py --workers 10\n", "10", "0"), "<none>");
  EXPECT_EQ(tokenFixed("command: python t.py --workers 1\n", "1", "0"), "<none>");
}

}  // namespace
}  // namespace gpulint::fixits
