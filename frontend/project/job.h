#pragma once
// Job schemas recognised by content (not file name) in a ConfigModel:
// Kubernetes Pod/Job/Deployment/StatefulSet/ReplicaSet/DaemonSet/CronJob pod
// templates, Kubeflow PyTorchJob, Azure ML command jobs and OpenPAI protocol
// v2; shell and Slurm launch scripts (launch_script.h). Each yields the facts GPU3xx rules judge: GPUs and CPUs requested, the
// processes its commands start, /dev/shm mounts, and where each is written.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "frontend/config/config_model.h"
#include "frontend/project/launch.h"

namespace gpulint::project {

enum class JobSchema { Kubernetes, Kubeflow, TrainJob, AzureML, OpenPai, SkyPilot, VertexAI, Compose, LaunchScript };
[[nodiscard]] const char* jobSchemaName(JobSchema s);
// One sentence listing every job kind the job rules read (`gpulint rules`).
[[nodiscard]] const char* jobKindsSummary();

// One place that runs processes: a container (Kubernetes, Kubeflow), a task
// role (OpenPAI) or the whole job (Azure ML).
struct JobRole {
  std::string name;
  std::optional<int64_t> gpus;                  // per node/container; nullopt: not requested or unknown
  const config::ConfigValue* gpus_at = nullptr;
  std::string gpus_key = "nvidia.com/gpu";      // how messages name the request ("accelerators", ...)
  std::optional<double> cpus;                   // per node/container
  const config::ConfigValue* cpus_at = nullptr;
  std::optional<ArgToken> cpus_token;           // launch scripts: the `#SBATCH` option it comes from
  std::string cpus_what;                        // launch scripts: how the count is made ("`-c 4` x 2 tasks")
  std::optional<int64_t> processes_per_node;    // AML distribution.process_count_per_instance
  const config::ConfigValue* processes_at = nullptr;
  ShellFacts shell;                              // launches read from the command(s)
  const config::ConfigValue* command_at = nullptr;
  // Kubernetes-style pods only: the /dev/shm mount (GPU303).
  bool pod = false;
  bool shm_mounted = false;                      // a memory-backed emptyDir at /dev/shm
  bool shm_other_mount = false;                  // some other volume (hostPath, disk emptyDir...) at /dev/shm
  std::optional<int64_t> shm_limit_bytes;        // its sizeLimit
  const config::ConfigValue* shm_at = nullptr;   // the sizeLimit (or the volume)
  const config::ConfigValue* container = nullptr;
  const config::ConfigValue* pod_spec = nullptr;
};

struct Job {
  JobSchema schema = JobSchema::Kubernetes;
  const config::ConfigValue* document = nullptr;  // null for launch scripts
  std::string code_dir;  // AML `code:` (relative to the YAML's folder)
  Placeholders inputs;   // AML literal inputs
  std::vector<JobRole> roles;
};

// Other resources a job names, found in the analysed tree: a TrainJob's
// (Cluster)TrainingRuntime, an Azure ML job's compute. `kind` is the
// resource's kind ("ClusterTrainingRuntime", "TrainingRuntime",
// "amlcompute"); its doc is null when not in the tree.
struct LookedUp {
  const config::ConfigValue* doc = nullptr;
  bool same_file = false;  // in the job's own file: its values' locations are in that file
};
using JobLookup = std::function<LookedUp(std::string_view kind, std::string_view name)>;

// Every job in the file's documents; non-job YAML yields nothing. Resources
// named by a job are looked up in the same file, then through `lookup`.
[[nodiscard]] std::vector<Job> detectJobs(const config::ConfigModel& model, const JobLookup& lookup = {});
// A document that other jobs name (a training runtime, an Azure ML compute):
// its kind and name, for the lookup; nullopt for other documents.
[[nodiscard]] std::optional<std::pair<std::string, std::string>> namedResource(const config::ConfigValue& doc);

// Kubernetes quantities: "500m" -> 0.5, "8" -> 8; "8Gi"/"1G"/"512Mi" as bytes.
[[nodiscard]] std::optional<double> parseCpuQuantity(const config::ConfigValue& v);
[[nodiscard]] std::optional<int64_t> parseByteQuantity(const config::ConfigValue& v);

}  // namespace gpulint::project
