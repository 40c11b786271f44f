// Job rules (GPU3xx) on malformed and unusual job files: no crash, no
// finding from a value that is not known.
#include <gtest/gtest.h>

#include "checkers/pipeline.h"
#include "checkers/project_pass.h"

namespace gpulint {
namespace {

const char* kScript = R"(import torch
from torch.utils.data import DataLoader
loader = DataLoader(ds, batch_size=64, num_workers=8, pin_memory=True, persistent_workers=True)
for x, y in loader:
    loss = model(x.cuda()).sum()
    loss.backward()
    opt.step()
)";

std::vector<Diagnostic> jobFindings(const std::string& yaml) {
  RuleOptions options;
  std::vector<FileAnalysis> results;
  results.push_back(analyzeSource(std::make_shared<SourceFile>("p/train.py", kScript, FileKind::Python), options));
  results.push_back(analyzeSource(std::make_shared<SourceFile>("p/job.yaml", yaml, FileKind::Yaml), options));
  std::vector<std::string> disk(results.size());
  linkJobs({&results, &disk, &options});
  EXPECT_TRUE(results[1].error.empty()) << results[1].error;
  return results[1].diagnostics;
}

std::string pod(const std::string& container_extra, const std::string& spec_extra = "") {
  return "apiVersion: v1\nkind: Pod\nspec:\n" + spec_extra + "  containers:\n    - name: t\n      command: [python, train.py]\n" +
         container_extra;
}

TEST(JobRules, MalformedValuesNeverFire) {
  for (const char* resources : {
           "      resources: []\n",
           "      resources: {limits: 4}\n",
           "      resources: {limits: {nvidia.com/gpu: abc, cpu: lots}}\n",
           "      resources: {limits: {nvidia.com/gpu: -2, cpu: \"-1\"}}\n",
           "      resources: {limits: {nvidia.com/gpu: 1.5e400, cpu: 0}}\n",
           "      resources: {limits: {nvidia.com/gpu: null, cpu: ~}}\n",
       }) {
    SCOPED_TRACE(resources);
    // Only GPU303 (no /dev/shm mount, 8 workers) may fire: it needs no resource value.
    for (const Diagnostic& d : jobFindings(pod(resources, "  volumes: 3\n"))) EXPECT_EQ(d.rule, "GPU303") << d.message;
  }
}

TEST(JobRules, OddShapesDoNotCrash) {
  for (const std::string& yaml : {
           std::string("apiVersion: v1\nkind: Pod\nspec: 5\n"),
           std::string("apiVersion: v1\nkind: Pod\nspec:\n  containers: {a: 1}\n"),
           std::string("apiVersion: v1\nkind: Pod\nspec:\n  containers:\n    - 7\n    - [python, train.py]\n"),
           std::string("apiVersion: v1\nkind: Pod\nspec:\n  containers:\n    - command: {python: train.py}\n"),
           pod("      volumeMounts: [{mountPath: /dev/shm}]\n", "  volumes: [{emptyDir: 1}]\n"),
           pod("      volumeMounts:\n        - name: 3\n          mountPath: [/dev/shm]\n"),
           std::string("protocolVersion: 2\ntaskRoles:\n  a: 1\n  b: {resourcePerInstance: 4, commands: python}\n"),
           std::string("protocolVersion: 2\ntaskRoles:\n  a:\n    resourcePerInstance: {gpu: 2, cpu: 1}\n    commands: [[python, train.py]]\n"),
           std::string("apiVersion: kubeflow.org/v1\nkind: PyTorchJob\nspec:\n  pytorchReplicaSpecs: [1, 2]\n"),
           std::string("$schema: https://azuremlschemas.azureedge.net/latest/commandJob.schema.json\ncommand: [python]\n"),
       }) {
    SCOPED_TRACE(yaml);
    std::vector<Diagnostic> found = jobFindings(yaml);
    for (const Diagnostic& d : found) EXPECT_TRUE(d.rule == "GPU303" || d.rule == "GPU304") << d.rule << ": " << d.message;
  }
}

TEST(JobRules, ZeroCpuRequestAndZeroGpusStaySilent) {
  for (const Diagnostic& d : jobFindings(pod("      resources: {requests: {cpu: 0}, limits: {nvidia.com/gpu: 0}}\n",
                                             "  volumes: []\n")))
    EXPECT_EQ(d.rule, "GPU303");
}

TEST(JobRules, FindingsCarryRelatedLocationsInBothFiles) {
  std::vector<Diagnostic> found = jobFindings(pod("      resources: {requests: {cpu: 1}, limits: {nvidia.com/gpu: 2}}\n"));
  bool gpu301 = false, gpu304 = false;
  for (const Diagnostic& d : found) {
    if (d.rule == "GPU301") {
      gpu301 = true;
      ASSERT_EQ(d.related.size(), 2u);
      EXPECT_EQ(d.related[0].location.file, "p/job.yaml");
      EXPECT_EQ(d.related[1].location.file, "p/train.py");
      EXPECT_EQ(d.related[1].location.start.line, 4u);  // the step loop
    }
    if (d.rule == "GPU304") {
      gpu304 = true;
      EXPECT_NE(d.message.find("0.5 per GPU"), std::string::npos) << d.message;
    }
  }
  EXPECT_TRUE(gpu301);
  EXPECT_TRUE(gpu304);
}

// A script started by several launch scripts (one per experiment) is judged
// per launch; the same defect at the same code is one finding, whose related
// locations name every launch that reaches it.
TEST(JobRules, OneFindingForASiteThatSeveralLaunchesReach) {
  const char* script = R"(import argparse
import torch
from torch.utils.data import DataLoader
p = argparse.ArgumentParser()
p.add_argument("--epochs", type=int, default=1)
args = p.parse_args()
loader = DataLoader(ds, batch_size=64, num_workers=8, pin_memory=True)
for epoch in range(args.epochs):
    for x, y in loader:
        loss = model(x.cuda()).sum()
        loss.backward()
        opt.step()
)";
  RuleOptions options;
  std::vector<FileAnalysis> results;
  results.push_back(analyzeSource(std::make_shared<SourceFile>("p/train.py", script, FileKind::Python), options));
  for (const char* run : {"p/run_a.sh", "p/run_b.sh", "p/run_c.sh"}) {
    std::string epochs = std::string(run) == "p/run_a.sh" ? "50" : std::string(run) == "p/run_b.sh" ? "300" : "1";
    std::string text = "#!/bin/bash\n#SBATCH --gres=gpu:1\npython train.py --epochs " + epochs + "\n";
    results.push_back(analyzeSource(std::make_shared<SourceFile>(run, text, FileKind::Shell), options));
  }
  std::vector<std::string> disk(results.size());
  linkJobs({&results, &disk, &options});
  std::vector<const Diagnostic*> gpu105;
  for (const Diagnostic& d : results[0].diagnostics)
    if (d.rule == "GPU105") gpu105.push_back(&d);
  ASSERT_EQ(gpu105.size(), 1u);
  const Diagnostic& d = *gpu105[0];
  EXPECT_NE(d.message.find("50 epochs"), std::string::npos) << d.message;  // the first launch's values
  bool first = false, other = false, one_epoch = false;
  for (const RelatedLocation& r : d.related) {
    first |= r.location.file == "p/run_a.sh" && r.message.rfind("another launch", 0) == std::string::npos;
    other |= r.location.file == "p/run_b.sh" && r.message.rfind("another launch: ", 0) == 0;
    one_epoch |= r.location.file == "p/run_c.sh";  // its launch has no finding
  }
  EXPECT_TRUE(first);
  EXPECT_TRUE(other);
  EXPECT_FALSE(one_epoch);
}

}  // namespace
}  // namespace gpulint
