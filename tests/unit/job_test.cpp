#include <gtest/gtest.h>

#include "frontend/project/job.h"

namespace gpulint::project {
namespace {

struct Parsed {
  std::unique_ptr<config::ConfigModel> model;
  std::vector<Job> jobs;
};

Parsed jobsOf(std::string yaml) {
  Parsed p;
  p.model = config::buildConfigModel(std::make_shared<SourceFile>("job.yaml", std::move(yaml), FileKind::Yaml));
  EXPECT_TRUE(p.model->error().empty()) << p.model->error();
  p.jobs = detectJobs(*p.model);
  return p;
}

TEST(Job, KubernetesJobWithShmAndResources) {
  Parsed p = jobsOf(R"(apiVersion: batch/v1
kind: Job
metadata: {name: t}
spec:
  template:
    spec:
      containers:
        - name: trainer
          command: ["python", "train.py"]
          args: ["--num-workers", "4"]
          resources:
            requests: {cpu: "7500m", nvidia.com/gpu: 2}
            limits: {cpu: 8, nvidia.com/gpu: 4}
          volumeMounts:
            - {name: dshm, mountPath: /dev/shm}
      volumes:
        - name: dshm
          emptyDir: {medium: Memory, sizeLimit: 512Mi}
)");
  ASSERT_EQ(p.jobs.size(), 1u);
  ASSERT_EQ(p.jobs[0].roles.size(), 1u);
  const JobRole& r = p.jobs[0].roles[0];
  EXPECT_EQ(r.gpus, 4);  // limits decide GPUs
  EXPECT_DOUBLE_EQ(r.cpus.value_or(0), 8);  // the limit caps CPUs; the request (7.5) does not
  EXPECT_TRUE(r.shm_mounted);
  EXPECT_EQ(r.shm_limit_bytes, 512 << 20);
  ASSERT_EQ(r.shell.launches.size(), 1u);
  EXPECT_EQ(r.shell.launches[0].script, "train.py");
  EXPECT_EQ(r.shell.launches[0].args.size(), 2u);
}

TEST(Job, KubeflowPyTorchJobReplicas) {
  Parsed p = jobsOf(R"(apiVersion: kubeflow.org/v1
kind: PyTorchJob
metadata: {name: ddp}
spec:
  pytorchReplicaSpecs:
    Master:
      replicas: 1
      template:
        spec:
          containers:
            - name: pytorch
              command: ["torchrun", "--nproc_per_node=4", "train.py"]
              resources: {limits: {nvidia.com/gpu: 4}}
    Worker:
      replicas: 2
      template:
        spec:
          containers:
            - name: pytorch
              command: ["python", "train.py"]
              resources: {limits: {nvidia.com/gpu: 4}}
)");
  ASSERT_EQ(p.jobs.size(), 1u);
  EXPECT_EQ(p.jobs[0].schema, JobSchema::Kubeflow);
  ASSERT_EQ(p.jobs[0].roles.size(), 2u);
  EXPECT_EQ(p.jobs[0].roles[0].name, "Master/pytorch");
  EXPECT_EQ(p.jobs[0].roles[0].shell.launches.at(0).processes, 4);
  EXPECT_FALSE(p.jobs[0].roles[0].shm_mounted);
  EXPECT_EQ(p.jobs[0].roles[1].shell.launches.at(0).processes, 1);
}

TEST(Job, AzureMlCommandJobWithInputs) {
  Parsed p = jobsOf(R"($schema: https://azuremlschemas.azureedge.net/latest/commandJob.schema.json
type: command
code: src
command: >-
  python train.py --workers ${{inputs.workers}} --data ${{inputs.data}}
inputs:
  workers: 0
  data: {type: uri_folder, path: azureml:flowers@latest}
environment: azureml:pytorch@latest
compute: azureml:gpu-cluster
distribution: {type: pytorch, process_count_per_instance: 2}
resources: {instance_count: 1}
)");
  ASSERT_EQ(p.jobs.size(), 1u);
  const Job& j = p.jobs[0];
  EXPECT_EQ(j.schema, JobSchema::AzureML);
  EXPECT_EQ(j.code_dir, "src");
  const JobRole& r = j.roles.at(0);
  EXPECT_EQ(r.processes_per_node, 2);
  EXPECT_FALSE(r.gpus);  // hidden in the compute name
  const Launch& l = r.shell.launches.at(0);
  EXPECT_EQ(l.args.at(1).text, "0");
  EXPECT_TRUE(l.args.at(3).unknown);
}

TEST(Job, OpenPaiTaskRoles) {
  Parsed p = jobsOf(R"(protocolVersion: 2
name: demo
type: job
taskRoles:
  train:
    instances: 1
    resourcePerInstance: {gpu: 4, cpu: 4, memoryMB: 32768}
    commands:
      - cd /code
      - python train.py --epochs 3
)");
  ASSERT_EQ(p.jobs.size(), 1u);
  const JobRole& r = p.jobs[0].roles.at(0);
  EXPECT_EQ(r.gpus, 4);
  EXPECT_DOUBLE_EQ(r.cpus.value_or(0), 4);
  ASSERT_EQ(r.shell.launches.size(), 1u);
  EXPECT_EQ(r.shell.launches[0].script, "train.py");
}

TEST(Job, NonJobYamlYieldsNothing) {
  EXPECT_TRUE(jobsOf("trainer:\n  devices: 4\nmodel:\n  lr: 0.1\n").jobs.empty());
  EXPECT_TRUE(jobsOf("apiVersion: v1\nkind: Service\nspec: {ports: [{port: 80}]}\n").jobs.empty());
  EXPECT_TRUE(jobsOf("name: ci\non: push\njobs: {build: {runs-on: ubuntu}}\n").jobs.empty());
}

TEST(Job, MultiDocumentFindsTheJob) {
  Parsed p = jobsOf("apiVersion: v1\nkind: ConfigMap\ndata: {a: b}\n---\napiVersion: v1\nkind: Pod\nspec:\n"
                    "  containers:\n    - name: c\n      command: [bash, -c, \"torchrun --nproc_per_node 2 t.py\"]\n");
  ASSERT_EQ(p.jobs.size(), 1u);
  EXPECT_EQ(p.jobs[0].roles.at(0).shell.launches.at(0).processes, 2);
}

TEST(Job, Quantities) {
  auto m = config::buildConfigModel(std::make_shared<SourceFile>("q.yaml", "a: 250m\nb: 1Gi\nc: 2G\nd: lots\n", FileKind::Yaml));
  const config::ConfigValue* d = m->documents().at(0);
  EXPECT_DOUBLE_EQ(parseCpuQuantity(*d->get("a")).value_or(0), 0.25);
  EXPECT_EQ(parseByteQuantity(*d->get("b")), int64_t{1} << 30);
  EXPECT_EQ(parseByteQuantity(*d->get("c")), 2000000000);
  EXPECT_FALSE(parseByteQuantity(*d->get("d")));
}

}  // namespace
}  // namespace gpulint::project

namespace gpulint::project {
namespace {

TEST(Job, PodTemplatesNestedInOtherResources) {
  Parsed katib = jobsOf(R"(apiVersion: kubeflow.org/v1beta1
kind: Experiment
spec:
  trialTemplate:
    trialSpec:
      apiVersion: kubeflow.org/v1
      kind: PyTorchJob
      spec:
        pytorchReplicaSpecs:
          Master:
            template:
              spec:
                containers:
                  - name: pytorch
                    command: [python3, /opt/mnist.py, "--lr=${trialParameters.lr}"]
                    resources: {limits: {nvidia.com/gpu: 1}}
)");
  ASSERT_EQ(katib.jobs.size(), 1u);
  EXPECT_EQ(katib.jobs[0].schema, JobSchema::Kubeflow);
  ASSERT_EQ(katib.jobs[0].roles.size(), 1u);
  EXPECT_EQ(katib.jobs[0].roles[0].name, "Master/pytorch");
  ASSERT_EQ(katib.jobs[0].roles[0].shell.launches.size(), 1u);
  EXPECT_TRUE(katib.jobs[0].roles[0].shell.launches[0].args[0].unknown);

  Parsed volcano = jobsOf(R"(apiVersion: batch.volcano.sh/v1alpha1
kind: Job
spec:
  tasks:
    - name: worker
      replicas: 2
      template:
        spec:
          containers:
            - name: c
              command: ["torchrun", "--nproc_per_node=2", "train.py"]
              resources: {limits: {nvidia.com/gpu: 2, cpu: 8}}
)");
  ASSERT_EQ(volcano.jobs.size(), 1u);
  ASSERT_EQ(volcano.jobs[0].roles.size(), 1u);
  EXPECT_EQ(volcano.jobs[0].roles[0].name, "worker/c");
  EXPECT_EQ(volcano.jobs[0].roles[0].gpus, 2);

  Parsed mpi = jobsOf(R"(apiVersion: kubeflow.org/v2beta1
kind: MPIJob
spec:
  mpiReplicaSpecs:
    Launcher:
      template: {spec: {containers: [{name: l, command: [mpirun, -np, "8", python, train.py]}]}}
    Worker:
      template: {spec: {containers: [{name: w, resources: {limits: {nvidia.com/gpu: 4}}}]}}
)");
  ASSERT_EQ(mpi.jobs.size(), 1u);
  EXPECT_EQ(mpi.jobs[0].schema, JobSchema::Kubeflow);
  ASSERT_EQ(mpi.jobs[0].roles.size(), 2u);
  EXPECT_EQ(mpi.jobs[0].roles[0].name, "Launcher/l");
  EXPECT_EQ(mpi.jobs[0].roles[1].name, "Worker/w");

  // A custom resource without pod templates is not a job.
  EXPECT_TRUE(jobsOf("apiVersion: example.com/v1\nkind: Widget\nspec: {size: 3, parts: [{name: a}]}\n").jobs.empty());
}

}  // namespace
}  // namespace gpulint::project
