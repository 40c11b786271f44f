// Detecting job schemas by content and reading their resource requests,
// commands and /dev/shm mounts.
#include "frontend/project/job.h"
#include "frontend/project/job_kinds.h"

#include <charconv>
#include <cmath>

namespace gpulint::project {

using config::ConfigValue;

const char* jobSchemaName(JobSchema s) {
  switch (s) {
    case JobSchema::Kubernetes: return "Kubernetes";
    case JobSchema::Kubeflow: return "Kubeflow PyTorchJob";
    case JobSchema::AzureML: return "Azure ML command job";
    case JobSchema::TrainJob: return "Kubeflow TrainJob";
    case JobSchema::OpenPai: return "OpenPAI";
    case JobSchema::SkyPilot: return "SkyPilot task";
    case JobSchema::VertexAI: return "Vertex AI custom job";
    case JobSchema::Compose: return "docker compose service";
    case JobSchema::LaunchScript: return "launch script";
  }
  return "job";
}

const char* jobKindsSummary() {
  return "Kubernetes Pod/Job/Deployment/StatefulSet/CronJob templates, Kubeflow PyTorchJob and other "
         "kubeflow.org jobs, Kubeflow Trainer v2 TrainJob (with its ClusterTrainingRuntime/TrainingRuntime when "
         "in the tree), RayJob/RayCluster (entrypoint, worker groups), Argo Workflows container templates, "
         "Azure ML command jobs (GPUs from the VM size of `resources.instance_type` or of an amlcompute defined "
         "in the tree), OpenPAI v2, SkyPilot tasks, Vertex AI custom jobs, docker compose services with GPU "
         "reservations, and shell/Slurm launch scripts (*.sh, *.sbatch, *.slurm, shell shebang)";
}

namespace {

std::optional<double> number(std::string_view t, std::string_view* unit) {
  double v = 0;
  auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (ec != std::errc() || !std::isfinite(v)) return std::nullopt;
  *unit = t.substr(static_cast<size_t>(p - t.data()));
  return v;
}

const std::vector<const ConfigValue*>* items(const ConfigValue* v) {
  return v && v->isSequence() ? &v->items : nullptr;
}

}  // namespace

std::optional<double> parseCpuQuantity(const ConfigValue& v) {
  if (!v.isScalar()) return std::nullopt;
  std::string_view unit;
  auto n = number(v.text, &unit);
  if (!n) return std::nullopt;
  if (unit.empty()) return n;
  if (unit == "m") return *n / 1000.0;
  return std::nullopt;
}

std::optional<int64_t> parseByteQuantity(const ConfigValue& v) {
  if (!v.isScalar()) return std::nullopt;
  std::string_view unit;
  auto n = number(v.text, &unit);
  if (!n) return std::nullopt;
  static const std::pair<std::string_view, double> units[] = {
      {"", 1}, {"k", 1e3}, {"M", 1e6}, {"G", 1e9}, {"T", 1e12}, {"Ki", 1024.0}, {"Mi", 1048576.0},
      {"Gi", 1073741824.0}, {"Ti", 1099511627776.0}};
  for (const auto& [u, scale] : units)
    if (unit == u) return static_cast<int64_t>(*n * scale);
  return std::nullopt;
}

// The argv of a container: `command` + `args`, each a list or a shell string.
ShellFacts containerCommand(const ConfigValue& container, const Placeholders& inputs) {
  const ConfigValue* command = container.get("command");
  const ConfigValue* args = container.get("args");
  if (!command) return {};  // the image's entrypoint runs: unknown to us
  std::vector<const ConfigValue*> argv;
  for (const ConfigValue* part : {command, args}) {
    if (!part) continue;
    if (part->isSequence()) argv.insert(argv.end(), part->items.begin(), part->items.end());
    else if (part->isScalar() && !part->isNull()) argv.push_back(part);
  }
  // A single string command is shell text (some operators write it so).
  if (argv.size() == 1 && command->isScalar()) return parseShellCommand(*command, inputs);
  return parseArgvList(argv, inputs);
}

void readResources(const ConfigValue* resources, JobRole& role) {
  for (const char* section : {"limits", "requests"}) {  // limits first: they decide GPUs and cap CPUs
    const ConfigValue* s = resources ? resources->get(section) : nullptr;
    if (!s) continue;
    if (const ConfigValue* g = s->get("nvidia.com/gpu"); g && !role.gpus_at) {
      role.gpus = g->asInt();
      role.gpus_at = g;
    }
    // The CPU limit caps what the container gets (CFS quota); without one, the request.
    if (const ConfigValue* cpu = s->get("cpu"); cpu && !role.cpus_at) {
      role.cpus = parseCpuQuantity(*cpu);
      role.cpus_at = cpu;
    }
  }
}

namespace {

void readShm(const ConfigValue& pod_spec, const ConfigValue& container, JobRole& role) {
  const auto* mounts = items(container.get("volumeMounts"));
  const auto* volumes = items(pod_spec.get("volumes"));
  if (!mounts) return;
  for (const ConfigValue* m : *mounts) {
    const ConfigValue* path = m ? m->get("mountPath") : nullptr;
    if (!path || path->text != "/dev/shm") continue;
    bool memory = false;
    for (const ConfigValue* vol : volumes && m->get("name") ? *volumes : std::vector<const ConfigValue*>{}) {
      if (!vol || !vol->get("name") || vol->get("name")->text != m->get("name")->text) continue;
      const ConfigValue* empty_dir = vol->get("emptyDir");
      const ConfigValue* medium = empty_dir ? empty_dir->get("medium") : nullptr;
      if (!medium || medium->text != "Memory") continue;
      memory = true;
      role.shm_mounted = true;
      role.shm_at = vol;
      if (const ConfigValue* limit = empty_dir->get("sizeLimit")) {
        role.shm_limit_bytes = parseByteQuantity(*limit);
        role.shm_at = limit;
      }
    }
    if (!memory) role.shm_other_mount = true;
  }
}

void readPodSpec(const ConfigValue* pod_spec, const std::string& prefix, Job& job) {
  const auto* containers = pod_spec ? items(pod_spec->get("containers")) : nullptr;
  if (!containers) return;
  for (const ConfigValue* c : *containers) {
    if (!c || !c->isMapping()) continue;
    JobRole role;
    role.pod = true;
    role.pod_spec = pod_spec;
    role.container = c;
    role.name = prefix + (c->get("name") ? c->get("name")->text : std::string("container"));
    readResources(c->get("resources"), role);
    role.command_at = c->get("command") ? c->get("command") : c->get("args");
    role.shell = containerCommand(*c, job.inputs);
    readShm(*pod_spec, *c, role);
    job.roles.push_back(std::move(role));
  }
}

constexpr int kMaxNesting = 12;  // resources inside resources (Katib trial templates) are shallow

std::optional<Job> kubernetes(const ConfigValue& doc, int depth);

// Pod specs nested in other resources (Kubeflow TFJob/MPIJob, Volcano
// tasks, JobSet, Katib trial templates): a mapping with a `containers`
// list. A nested resource (apiVersion + kind) is read as what it is.
void findPodSpecs(const ConfigValue* v, const std::string& prefix, bool replica_map, int depth, Job& job) {
  if (!v || depth > kMaxNesting) return;
  if (v->isSequence()) {
    for (const ConfigValue* item : v->items) {
      const ConfigValue* name = item && item->isMapping() ? item->get("name") : nullptr;
      findPodSpecs(item, name && name->isScalar() ? prefix + name->text + "/" : prefix, false, depth + 1, job);
    }
    return;
  }
  if (!v->isMapping()) return;
  if (depth > 0 && v->get("apiVersion") && v->get("kind")) {
    if (std::optional<Job> nested = kubernetes(*v, depth + 1)) {
      if (nested->schema == JobSchema::Kubeflow) job.schema = JobSchema::Kubeflow;
      for (JobRole& role : nested->roles) job.roles.push_back(std::move(role));
    }
    return;
  }
  const ConfigValue* containers = v->get("containers");
  if (containers && containers->isSequence()) {
    readPodSpec(v, prefix, job);
    return;
  }
  if (const ConfigValue* c = v->get("container"); c && c->isMapping() && v->get("name")) {
    readArgoContainer(*v, prefix, job);  // an Argo Workflows template
    return;
  }
  for (const auto& e : v->entries) {
    bool replicas = e.key.size() > 5 && e.key.ends_with("Specs");  // pytorchReplicaSpecs, tfReplicaSpecs...
    findPodSpecs(e.value, replica_map ? prefix + e.key + "/" : prefix, replicas, depth + 1, job);
  }
}

std::optional<Job> kubernetes(const ConfigValue& doc, int depth) {
  const ConfigValue* kind = doc.get("kind");
  if (!kind || !doc.get("apiVersion") || !doc.get("spec")) return std::nullopt;
  Job job;
  job.document = &doc;
  const std::string& k = kind->text;
  if (k == "Pod") readPodSpec(doc.get("spec"), "", job);
  else if (k == "Job" || k == "Deployment" || k == "StatefulSet" || k == "ReplicaSet" || k == "DaemonSet")
    readPodSpec(doc.path("spec.template.spec"), "", job);
  else if (k == "CronJob") readPodSpec(doc.path("spec.jobTemplate.spec.template.spec"), "", job);
  else if (k == "PyTorchJob") {
    job.schema = JobSchema::Kubeflow;
    const ConfigValue* replicas = doc.path("spec.pytorchReplicaSpecs");
    if (!replicas || !replicas->isMapping()) return std::nullopt;
    for (const auto& e : replicas->entries) readPodSpec(e.value->path("template.spec"), e.key + "/", job);
  }
  if (k == "RayJob")
    if (std::optional<JobRole> entry = rayEntrypoint(doc)) job.roles.push_back(std::move(*entry));
  if (job.roles.empty() || k == "RayJob") {
    // Other operators' resources (a Volcano `Job` too): their pod templates wherever they sit.
    bool kubeflow = doc.get("apiVersion")->text.find("kubeflow.org") != std::string::npos && k.ends_with("Job");
    if (kubeflow) job.schema = JobSchema::Kubeflow;
    findPodSpecs(doc.get("spec"), "", false, depth + 1, job);
    if (job.roles.empty()) return std::nullopt;
  }
  return job;
}

std::optional<Job> kubernetesDocument(const ConfigValue& doc) { return kubernetes(doc, 0); }

std::optional<Job> azureMl(const ConfigValue& doc) {
  const ConfigValue* schema = doc.get("$schema");
  const ConfigValue* type = doc.get("type");
  bool aml = schema && schema->text.find("azureml") != std::string::npos;
  bool command_job = type ? type->text == "command" : aml;
  const ConfigValue* command = doc.get("command");
  if (!command_job || !command || !command->isScalar() || (!aml && !doc.get("environment"))) return std::nullopt;
  Job job;
  job.schema = JobSchema::AzureML;
  job.document = &doc;
  if (const ConfigValue* code = doc.get("code"); code && code->isScalar()) job.code_dir = code->text;
  if (const ConfigValue* inputs = doc.get("inputs"); inputs && inputs->isMapping())
    for (const auto& e : inputs->entries) {
      // Literal inputs only: `x: 3` or `x: {type: integer, default: 3}`; data inputs stay unknown.
      const ConfigValue* v = e.value->isMapping() ? e.value->get("default") : e.value;
      if (v && v->isScalar() && !v->isNull()) job.inputs[e.key] = v->text;
    }
  JobRole role;
  role.name = "command";
  role.command_at = command;
  role.shell = parseShellCommand(*command, job.inputs);
  if (const ConfigValue* p = doc.path("distribution.process_count_per_instance")) {
    role.processes_per_node = p->asInt();
    role.processes_at = p;
  }
  job.roles.push_back(std::move(role));
  return job;
}

// AML's distribution starts process_count_per_instance copies of a plain
// `python` command per node.
void applyAmlDistribution(const ConfigValue& doc, JobRole& role) {
  const ConfigValue* type = doc.path("distribution.type");
  if (!role.processes_at || !type || (type->text != "pytorch" && type->text != "mpi")) return;
  for (Launch& l : role.shell.launches) {
    if (l.launcher != Launcher::Python || !role.processes_per_node) continue;
    l.processes = role.processes_per_node;
    l.processes_token = ArgToken{role.processes_at->text, role.processes_at->begin, role.processes_at->end, false};
  }
}

std::optional<Job> openPai(const ConfigValue& doc) {
  const ConfigValue* version = doc.get("protocolVersion");
  const ConfigValue* roles = doc.get("taskRoles");
  if (!version || version->text != "2" || !roles || !roles->isMapping()) return std::nullopt;
  Job job;
  job.schema = JobSchema::OpenPai;
  job.document = &doc;
  for (const auto& e : roles->entries) {
    JobRole role;
    role.name = e.key;
    role.gpus_key = "resourcePerInstance.gpu";
    if (const ConfigValue* g = e.value->path("resourcePerInstance.gpu")) { role.gpus = g->asInt(); role.gpus_at = g; }
    if (const ConfigValue* c = e.value->path("resourcePerInstance.cpu")) { role.cpus = parseCpuQuantity(*c); role.cpus_at = c; }
    const auto* commands = items(e.value->get("commands"));
    role.command_at = e.value->get("commands");
    if (commands)
      for (const ConfigValue* line : *commands) {
        if (!line || !line->isScalar()) continue;
        ShellFacts f = parseShellCommand(*line, job.inputs);
        for (auto& l : f.launches) role.shell.launches.push_back(std::move(l));
        if (f.gres_gpus) { role.shell.gres_gpus = f.gres_gpus; role.shell.gres_token = f.gres_token; }
        if (f.shm_bytes) { role.shell.shm_bytes = f.shm_bytes; role.shell.shm_token = f.shm_token; }
      }
    job.roles.push_back(std::move(role));
  }
  return job;
}

}  // namespace

std::optional<std::pair<std::string, std::string>> namedResource(const ConfigValue& doc) {
  const ConfigValue* kind = doc.get("kind");
  const ConfigValue* name = kind ? doc.path("metadata.name") : doc.get("name");
  if (!name || !name->isScalar()) return std::nullopt;
  if (kind && (kind->text == "ClusterTrainingRuntime" || kind->text == "TrainingRuntime")) return {{kind->text, name->text}};
  const ConfigValue* type = doc.get("type");
  if (!kind && type && type->text == "amlcompute") return {{"amlcompute", name->text}};
  return std::nullopt;
}

std::vector<Job> detectJobs(const config::ConfigModel& model, const JobLookup& lookup) {
  // Resources of this file first, then the tree's.
  JobLookup here = [&model, &lookup](std::string_view kind, std::string_view name) -> LookedUp {
    for (const ConfigValue* doc : model.documents())
      if (auto r = doc && doc->isMapping() ? namedResource(*doc) : std::nullopt; r && r->first == kind && r->second == name)
        return {doc, true};
    return lookup ? LookedUp{lookup(kind, name).doc, false} : LookedUp{};
  };
  std::vector<Job> jobs;
  for (const ConfigValue* doc : model.documents()) {
    if (!doc || !doc->isMapping()) continue;
    if (namedResource(*doc)) continue;  // a runtime or compute: judged through the jobs that name it
    std::optional<Job> job = trainJob(*doc, here);
    if (!job) job = kubernetesDocument(*doc);
    if (!job && (job = azureMl(*doc))) {
      readAzureMlGpus(*doc, here, job->roles.front());
      applyAmlDistribution(*doc, job->roles.front());
    }
    for (auto detect : {openPai, skyPilotTask, vertexCustomJob, composeGpuServices})
      if (!job) job = detect(*doc);
    if (job) jobs.push_back(std::move(*job));
  }
  return jobs;
}

}  // namespace gpulint::project
