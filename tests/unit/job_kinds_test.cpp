// Job kinds beyond pod templates: TrainJob and its runtime, RayJob,
// SkyPilot, Vertex AI, docker compose, Argo, Azure ML VM sizes.
#include <gtest/gtest.h>

#include "frontend/project/job.h"
#include "frontend/project/job_kinds.h"

namespace gpulint::project {
namespace {

struct Parsed {
  std::unique_ptr<config::ConfigModel> model;
  std::vector<Job> jobs;
};

Parsed jobsOf(std::string yaml, const JobLookup& lookup = {}) {
  Parsed p;
  p.model = config::buildConfigModel(std::make_shared<SourceFile>("job.yaml", std::move(yaml), FileKind::Yaml));
  EXPECT_TRUE(p.model->error().empty()) << p.model->error();
  p.jobs = detectJobs(*p.model, lookup);
  return p;
}

TEST(AzureSizes, WholeGpuSizesOnly) {
  EXPECT_EQ(azureVmGpus("Standard_NC24s_v3"), 4);
  EXPECT_EQ(azureVmGpus("standard_nc24ads_a100_v4"), 1);
  EXPECT_EQ(azureVmGpus("Standard_ND96isr_H100_v5"), 8);
  EXPECT_EQ(azureVmGpus("NV12s_v3"), 1);
  EXPECT_FALSE(azureVmGpus("Standard_NV6ads_A10_v5"));  // a sixth of a GPU
  EXPECT_FALSE(azureVmGpus("Standard_D16s_v5"));        // no GPU
  EXPECT_FALSE(azureVmGpus("Standard_NC24s_v3_extra"));
}

TEST(JobKinds, TrainJobRuntimeInTheSameFile) {
  Parsed p = jobsOf(R"(apiVersion: trainer.kubeflow.org/v1alpha1
kind: TrainingRuntime
metadata: {name: rt}
spec:
  mlPolicy: {torch: {numProcPerNode: 3}}
  template:
    spec:
      replicatedJobs:
        - name: node
          template: {spec: {template: {spec: {containers: [{name: node, resources: {limits: {nvidia.com/gpu: 6}}}]}}}}
---
apiVersion: trainer.kubeflow.org/v1alpha1
kind: TrainJob
metadata: {name: j}
spec:
  runtimeRef: {name: rt, kind: TrainingRuntime}
  trainer:
    command: [torchrun, train.py]
)");
  ASSERT_EQ(p.jobs.size(), 1u);  // the runtime is not a job
  const JobRole& r = p.jobs[0].roles.at(0);
  EXPECT_EQ(r.gpus, 6);
  ASSERT_EQ(r.shell.launches.size(), 1u);
  EXPECT_EQ(r.shell.launches[0].processes, 3);
  EXPECT_EQ(r.shell.launches[0].processes_token.text, "3");
}

TEST(JobKinds, TrainJobWithoutItsRuntimeLeavesTorchrunUnknown) {
  Parsed p = jobsOf(R"(apiVersion: trainer.kubeflow.org/v1alpha1
kind: TrainJob
metadata: {name: j}
spec:
  runtimeRef: {name: torch-distributed}
  trainer:
    command: [torchrun, train.py]
    resourcesPerNode: {limits: {nvidia.com/gpu: 4}}
)");
  ASSERT_EQ(p.jobs.size(), 1u);
  EXPECT_FALSE(p.jobs[0].roles.at(0).shell.launches.at(0).processes);
}

TEST(JobKinds, SkyPilotAcceleratorForms) {
  auto gpus = [](const std::string& acc) {
    Parsed p = jobsOf("resources:\n  accelerators: " + acc + "\nrun: python train.py\n");
    return p.jobs.empty() ? std::optional<int64_t>(-1) : p.jobs[0].roles.at(0).gpus;
  };
  EXPECT_EQ(gpus("A100:8"), 8);
  EXPECT_EQ(gpus("{H100: 4}"), 4);
  EXPECT_EQ(gpus("V100"), 1);
  EXPECT_FALSE(gpus("[A100:8, H100:4]"));  // candidates: unknown
  EXPECT_TRUE(jobsOf("run: echo hi\n").jobs.empty());  // `run` alone is not a task
}

TEST(JobKinds, VertexSnakeCaseAndPythonPackage) {
  Parsed p = jobsOf(R"(job_spec:
  worker_pool_specs:
    - machine_spec: {machine_type: n1-standard-8, accelerator_count: 2}
      python_package_spec:
        executor_image_uri: us-docker.pkg.dev/vertex-ai/training/pytorch-gpu.2-1:latest
        python_module: trainer.task
        args: ["--epochs", "3"]
)");
  ASSERT_EQ(p.jobs.size(), 1u);
  const JobRole& r = p.jobs[0].roles.at(0);
  EXPECT_EQ(r.gpus, 2);
  ASSERT_EQ(r.shell.launches.size(), 1u);
  EXPECT_EQ(r.shell.launches[0].module, "trainer.task");
  EXPECT_EQ(r.shell.launches[0].args.size(), 2u);
}

TEST(JobKinds, ComposeOnlyServicesThatReserveGpus) {
  EXPECT_TRUE(jobsOf("services:\n  web:\n    image: nginx\n    command: python app.py\n").jobs.empty());
  Parsed p = jobsOf(R"(services:
  train:
    command: ["python", "train.py"]
    deploy: {resources: {reservations: {devices: [{driver: nvidia, count: 4, capabilities: [gpu]}]}}}
  db:
    image: postgres
)");
  ASSERT_EQ(p.jobs.size(), 1u);
  ASSERT_EQ(p.jobs[0].roles.size(), 1u);
  EXPECT_EQ(p.jobs[0].roles[0].name, "train");
  EXPECT_EQ(p.jobs[0].roles[0].gpus, 4);
}

TEST(JobKinds, RayJobEntrypointIsARoleWithoutGpus) {
  Parsed p = jobsOf(R"(apiVersion: ray.io/v1
kind: RayJob
metadata: {name: r}
spec:
  entrypoint: python train.py --lr 0.1
  rayClusterSpec:
    workerGroupSpecs:
      - groupName: g
        template: {spec: {containers: [{name: w, resources: {limits: {nvidia.com/gpu: 1}}}]}}
)");
  ASSERT_EQ(p.jobs.size(), 1u);
  ASSERT_EQ(p.jobs[0].roles.size(), 2u);
  EXPECT_EQ(p.jobs[0].roles[0].name, "entrypoint");
  EXPECT_FALSE(p.jobs[0].roles[0].gpus);
  EXPECT_EQ(p.jobs[0].roles[0].shell.launches.at(0).script, "train.py");
  EXPECT_EQ(p.jobs[0].roles[1].gpus, 1);
}

TEST(JobKinds, AzureMlComputeFromTheTree) {
  auto compute = config::buildConfigModel(std::make_shared<SourceFile>(
      "compute.yaml", "name: a100s\ntype: amlcompute\nsize: Standard_NC96ads_A100_v4\n", FileKind::Yaml));
  const config::ConfigValue* doc = compute->documents().at(0);
  ASSERT_TRUE(namedResource(*doc));
  JobLookup lookup = [&](std::string_view kind, std::string_view name) {
    return kind == "amlcompute" && name == "a100s" ? LookedUp{doc, false} : LookedUp{};
  };
  Parsed p = jobsOf("$schema: https://azuremlschemas.azureedge.net/latest/commandJob.schema.json\n"
                    "command: python train.py\nenvironment: azureml:x@latest\ncompute: azureml:a100s\n", lookup);
  ASSERT_EQ(p.jobs.size(), 1u);
  EXPECT_EQ(p.jobs[0].roles.at(0).gpus, 4);
  EXPECT_NE(p.jobs[0].roles.at(0).gpus_key.find("Standard_NC96ads_A100_v4"), std::string::npos);
  Parsed unknown = jobsOf("$schema: https://azuremlschemas.azureedge.net/latest/commandJob.schema.json\n"
                          "command: python train.py\nenvironment: azureml:x@latest\ncompute: azureml:other\n", lookup);
  EXPECT_FALSE(unknown.jobs.at(0).roles.at(0).gpus);
}

}  // namespace
}  // namespace gpulint::project
