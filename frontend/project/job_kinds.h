#pragma once
// Job kinds beyond pod templates (job.h): Kubeflow Trainer v2 TrainJob with
// its runtime, Ray's RayJob entrypoint, SkyPilot tasks, Vertex AI custom
// jobs, docker compose GPU reservations, Argo container templates, and Azure
// ML GPU counts from VM sizes. Shared with job.cpp: the container readers.
#include <optional>
#include <string_view>

#include "frontend/project/job.h"

namespace gpulint::project {

// `command` + `args` of a container-like mapping (list or shell string).
[[nodiscard]] ShellFacts containerCommand(const config::ConfigValue& container, const Placeholders& inputs);
// `limits`/`requests` of a Kubernetes ResourceRequirements into the role.
void readResources(const config::ConfigValue* resources, JobRole& role);

[[nodiscard]] std::optional<Job> trainJob(const config::ConfigValue& doc, const JobLookup& lookup);
// A RayJob's `entrypoint` as a role without GPUs of its own (the driver).
[[nodiscard]] std::optional<JobRole> rayEntrypoint(const config::ConfigValue& doc);
[[nodiscard]] std::optional<Job> skyPilotTask(const config::ConfigValue& doc);
[[nodiscard]] std::optional<Job> vertexCustomJob(const config::ConfigValue& doc);
[[nodiscard]] std::optional<Job> composeGpuServices(const config::ConfigValue& doc);
// An Argo template's `container:` (a Workflow step), read as a container.
void readArgoContainer(const config::ConfigValue& tmpl, const std::string& prefix, Job& job);

// GPUs of an Azure GPU VM size ("Standard_NC24ads_A100_v4" -> 1); nullopt
// for sizes not in the table or with a fraction of a GPU.
[[nodiscard]] std::optional<int64_t> azureVmGpus(std::string_view size);
// An Azure ML command job's GPUs per node from `resources.instance_type` or
// the compute it names (`azureml:gpu-cluster`, defined in the tree).
void readAzureMlGpus(const config::ConfigValue& doc, const JobLookup& lookup, JobRole& role);

}  // namespace gpulint::project
