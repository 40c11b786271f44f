#include "frontend/project/job_sniff.h"

#include <gtest/gtest.h>

namespace gpulint::project {
namespace {

bool mayBeJob(std::string_view text, FileKind kind = FileKind::Yaml) { return whyNotAJob(text, kind).empty(); }

TEST(JobSniff, KnowsJobsByTheirTopLevelKeys) {
  EXPECT_TRUE(mayBeJob("# a pod\napiVersion: v1\nkind: Pod\nspec:\n  containers: []\n"));
  EXPECT_TRUE(mayBeJob("config: 1\n---\napiVersion: batch/v1\nkind: Job\n"));  // second document
  EXPECT_TRUE(mayBeJob("$schema: https://azuremlschemas.azureedge.net/latest/commandJob.schema.json\ncommand: python t.py\n"));
  EXPECT_TRUE(mayBeJob("type: command\ncommand: >-\n  python t.py\nenvironment: azureml:x\n"));
  EXPECT_TRUE(mayBeJob("protocolVersion: 2\ntaskRoles:\n  worker: {}\n"));
  EXPECT_TRUE(mayBeJob(R"({"kind": "Pod", "apiVersion": "v1", "spec": {}})", FileKind::Json));
  EXPECT_TRUE(mayBeJob("{\"apiVersion\": \"v1\", \"kind\": \"List\"}\n"));  // JSON in a .yaml file
}

TEST(JobSniff, NestedOrValueOnlyKeysAreNotJobs) {
  // The keys only nested, or only as values: a chart's values file, a CI file.
  EXPECT_FALSE(mayBeJob("image:\n  apiVersion: v1\n  kind: Pod\n"));
  EXPECT_FALSE(mayBeJob("steps:\n  - run: echo apiVersion: kind:\n"));
  EXPECT_FALSE(mayBeJob(R"({"model": {"apiVersion": "v1", "kind": "Pod"}})", FileKind::Json));
  EXPECT_FALSE(mayBeJob("{\n  // tsconfig\n  \"compilerOptions\": {\"strict\": true,},\n}\n", FileKind::Json));
  EXPECT_FALSE(mayBeJob(R"({"note": "\"kind\": \"apiVersion\":"})", FileKind::Json));
  EXPECT_FALSE(mayBeJob("command: python t.py\n"));  // a run config with a command key
}

TEST(JobSniff, LargeFilesAreData) {
  std::string big = "apiVersion: v1\nkind: Pod\n" + std::string(kMaxJobFileBytes, '#');
  EXPECT_NE(whyNotAJob(big, FileKind::Yaml).find("2 MiB"), std::string::npos);
}

TEST(JobSniff, AnotherParser) {
  EXPECT_TRUE(anotherParserAccepts("a: 1\nb: [1, 2]\n", FileKind::Yaml));
  EXPECT_FALSE(anotherParserAccepts("a: [1, 2\nb: {\n", FileKind::Yaml));
  EXPECT_TRUE(anotherParserAccepts(R"({"a": [1, 2]})", FileKind::Json));
  EXPECT_FALSE(anotherParserAccepts("{\"a\": 1,}", FileKind::Json));
  EXPECT_FALSE(anotherParserAccepts(std::string(1000, '[') + std::string(1000, ']'), FileKind::Yaml));
}

}  // namespace
}  // namespace gpulint::project
