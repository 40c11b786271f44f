// Job kinds beyond pod templates (see job_kinds.h).
#include "frontend/project/job_kinds.h"

namespace gpulint::project {

using config::ConfigValue;

namespace {

ArgToken tokenOf(const ConfigValue& v) { return ArgToken{v.text, v.begin, v.end, false}; }

// Snake or camel case (Vertex AI's REST and Python SDK spellings).
const ConfigValue* either(const ConfigValue* v, std::string_view camel, std::string_view snake) {
  if (!v) return nullptr;
  const ConfigValue* found = v->get(camel);
  return found ? found : v->get(snake);
}

// A role's container: its resources, command, and the launches' count when
// an operator sets torchrun's (`numProcPerNode`).
JobRole containerRole(const ConfigValue& container, std::string name) {
  JobRole role;
  role.name = std::move(name);
  readResources(container.get("resources"), role);
  role.command_at = container.get("command") ? container.get("command") : container.get("args");
  role.shell = containerCommand(container, {});
  return role;
}

// --- Kubeflow Trainer v2 ---

// The runtime's trainer container (`replicatedJobs[].template.spec.template.spec.containers[]`).
const ConfigValue* runtimeTrainer(const ConfigValue& runtime) {
  const ConfigValue* jobs = runtime.path("spec.template.spec.replicatedJobs");
  if (!jobs || !jobs->isSequence()) return nullptr;
  for (const ConfigValue* rj : jobs->items) {
    const ConfigValue* containers = rj ? rj->path("template.spec.template.spec.containers") : nullptr;
    if (!containers || !containers->isSequence()) continue;
    for (const ConfigValue* c : containers->items)
      if (c && c->get("name") && (c->get("name")->text == "node" || c->get("name")->text == "trainer")) return c;
  }
  return nullptr;
}

// torchrun without --nproc_per_node under a Torch runtime runs
// numProcPerNode processes (PET_NPROC_PER_NODE): a number, or "auto"/"gpu"
// for one per GPU.
// `at`: where to point (the value itself, or the TrainJob's runtimeRef when
// the runtime is in another file).
void applyProcPerNode(const ConfigValue* count, const ConfigValue& at, JobRole& role) {
  if (!count || !count->isScalar()) return;
  for (Launch& l : role.shell.launches) {
    bool implicit = l.processes_token.begin == l.launcher_token.begin && l.processes_token.end == l.launcher_token.end;
    if (l.launcher != Launcher::Torchrun || !implicit) continue;
    l.processes = count->asInt();
    l.processes_token = tokenOf(at);
    l.processes_token.text = count->text;
    l.uses_all_gpus = count->text == "auto" || count->text == "gpu";
  }
}

}  // namespace

std::optional<Job> trainJob(const ConfigValue& doc, const JobLookup& lookup) {
  const ConfigValue* kind = doc.get("kind");
  if (!kind || kind->text != "TrainJob" || !doc.get("apiVersion")) return std::nullopt;
  const ConfigValue* trainer = doc.path("spec.trainer");
  const ConfigValue* ref = doc.path("spec.runtimeRef.name");
  const ConfigValue* ref_kind = doc.path("spec.runtimeRef.kind");
  LookedUp found = ref && lookup ? lookup(ref_kind ? ref_kind->text : "ClusterTrainingRuntime", ref->text) : LookedUp{};
  const ConfigValue* runtime = found.doc;
  const ConfigValue* runtime_container = runtime ? runtimeTrainer(*runtime) : nullptr;
  Job job;
  job.schema = JobSchema::TrainJob;
  job.document = &doc;
  JobRole role;
  role.name = "trainer";
  // The TrainJob's own values override the runtime's.
  if (trainer) readResources(trainer->get("resourcesPerNode"), role);
  if (runtime_container && !role.gpus_at && !role.cpus_at) {
    readResources(runtime_container->get("resources"), role);
    if (!found.same_file) {  // values of another file: point at the reference to the runtime
      if (role.gpus_at) role.gpus_key = "the runtime " + ref->text + "'s nvidia.com/gpu (" + role.gpus_at->text + "),";
      if (role.gpus_at) role.gpus_at = ref;
      role.cpus.reset();  // its CPU request cannot be pointed at here
      role.cpus_at = nullptr;
    }
  }
  if (trainer && trainer->get("command")) {
    role.command_at = trainer->get("command");
    role.shell = containerCommand(*trainer, {});
  }
  // The runtime's command is in another document, maybe another file: its
  // launches are not located in this file, so only the TrainJob's are read.
  const ConfigValue* procs = trainer ? trainer->get("numProcPerNode") : nullptr;
  if (!procs && runtime) procs = runtime->path("spec.mlPolicy.torch.numProcPerNode");
  bool procs_here = procs && ((trainer && trainer->get("numProcPerNode") == procs) || found.same_file);
  if (procs && procs->isScalar() && (procs->asInt() || procs->text == "auto" || procs->text == "gpu"))
    applyProcPerNode(procs, procs_here ? *procs : *ref, role);
  else
    for (Launch& l : role.shell.launches)  // the runtime's default, unseen: unknown
      if (l.launcher == Launcher::Torchrun && l.processes_token.begin == l.launcher_token.begin) l.processes.reset();
  job.roles.push_back(std::move(role));
  return job;
}

// --- Ray ---

std::optional<JobRole> rayEntrypoint(const ConfigValue& doc) {
  const ConfigValue* entry = doc.path("spec.entrypoint");
  if (!entry || !entry->isScalar() || entry->isNull()) return std::nullopt;
  JobRole role;
  role.name = "entrypoint";  // the driver on the head node: its GPUs are the workers', not its own
  role.command_at = entry;
  role.shell = parseShellCommand(*entry, {});
  return role;
}

// --- SkyPilot ---

namespace {

// `accelerators: A100:8`, `{A100: 8}`, `V100` (one); a list of candidates is unknown.
std::optional<int64_t> skyAccelerators(const ConfigValue& v) {
  if (v.isMapping() && v.entries.size() == 1) return v.entries.front().value->asInt();
  if (!v.isScalar() || v.isNull()) return std::nullopt;
  size_t colon = v.text.rfind(':');
  if (colon == std::string::npos) return 1;
  ConfigValue count;
  count.text = v.text.substr(colon + 1);
  count.scalar_type = config::ScalarType::Int;
  return count.asInt();
}

}  // namespace

std::optional<Job> skyPilotTask(const ConfigValue& doc) {
  const ConfigValue* run = doc.get("run");
  const ConfigValue* resources = doc.get("resources");
  if (!run || !run->isScalar() || doc.get("apiVersion") || doc.get("command")) return std::nullopt;
  if (!resources && !doc.get("num_nodes") && !doc.get("setup") && !doc.get("workdir")) return std::nullopt;
  Job job;
  job.schema = JobSchema::SkyPilot;
  job.document = &doc;
  JobRole role;
  role.name = doc.get("name") && doc.get("name")->isScalar() ? doc.get("name")->text : "task";
  role.gpus_key = "resources.accelerators";
  if (const ConfigValue* acc = resources ? resources->get("accelerators") : nullptr) {
    role.gpus = skyAccelerators(*acc);
    role.gpus_at = acc;
  }
  if (const ConfigValue* cpus = resources ? resources->get("cpus") : nullptr) {
    role.cpus = parseCpuQuantity(*cpus);  // "8+" (at least 8) stays unknown
    role.cpus_at = cpus;
  }
  role.command_at = run;
  role.shell = parseShellCommand(*run, {});
  job.roles.push_back(std::move(role));
  return job;
}

// --- Vertex AI ---

namespace {

// `pythonPackageSpec`: the executor image runs `python -m <pythonModule> <args>`.
ShellFacts pythonPackageLaunch(const ConfigValue& spec) {
  const ConfigValue* module = either(&spec, "pythonModule", "python_module");
  if (!module || !module->isScalar()) return {};
  std::vector<ShellWord> words;
  ArgToken python = tokenOf(*module);
  python.text = "python";
  words.push_back({python, false});
  words.push_back({ArgToken{"-m", module->begin, module->begin, false}, false});
  words.push_back({tokenOf(*module), false});
  if (const ConfigValue* args = spec.get("args"); args && args->isSequence())
    for (const ConfigValue* a : args->items)
      if (a && a->isScalar()) words.push_back({tokenOf(*a), false});
  return readLaunches(words, {});
}

}  // namespace

std::optional<Job> vertexCustomJob(const ConfigValue& doc) {
  const ConfigValue* pools = either(&doc, "workerPoolSpecs", "worker_pool_specs");
  if (!pools) pools = either(either(&doc, "jobSpec", "job_spec"), "workerPoolSpecs", "worker_pool_specs");
  if (!pools || !pools->isSequence()) return std::nullopt;
  Job job;
  job.schema = JobSchema::VertexAI;
  job.document = &doc;
  for (size_t i = 0; i < pools->items.size(); ++i) {
    const ConfigValue* pool = pools->items[i];
    if (!pool || !pool->isMapping()) continue;  // an empty pool keeps the others' indices
    JobRole role;
    role.name = "workerPoolSpecs[" + std::to_string(i) + "]";
    role.gpus_key = "machineSpec.acceleratorCount";
    if (const ConfigValue* count = either(either(pool, "machineSpec", "machine_spec"), "acceleratorCount", "accelerator_count")) {
      role.gpus = count->asInt();
      role.gpus_at = count;
    }
    if (const ConfigValue* container = either(pool, "containerSpec", "container_spec")) {
      role.command_at = container->get("command");
      role.shell = containerCommand(*container, {});
    } else if (const ConfigValue* package = either(pool, "pythonPackageSpec", "python_package_spec")) {
      role.command_at = either(package, "pythonModule", "python_module");
      role.shell = pythonPackageLaunch(*package);
    }
    job.roles.push_back(std::move(role));
  }
  if (job.roles.empty()) return std::nullopt;
  return job;
}

// --- docker compose ---

namespace {

// `deploy.resources.reservations.devices` entries asking for GPUs: their count
// (`count: 2`); "all" or a `device_ids` list is unknown.
bool gpuReservation(const ConfigValue& service, JobRole& role) {
  const ConfigValue* devices = service.path("deploy.resources.reservations.devices");
  if (!devices || !devices->isSequence()) return false;
  for (const ConfigValue* d : devices->items) {
    const ConfigValue* caps = d ? d->get("capabilities") : nullptr;
    bool gpu = false;
    if (caps && caps->isSequence())
      for (const ConfigValue* c : caps->items) gpu = gpu || (c && c->text == "gpu");
    if (!gpu) continue;
    if (const ConfigValue* count = d->get("count")) {
      role.gpus = count->asInt();
      role.gpus_at = count;
    }
    return true;
  }
  return false;
}

}  // namespace

std::optional<Job> composeGpuServices(const ConfigValue& doc) {
  const ConfigValue* services = doc.get("services");
  if (!services || !services->isMapping() || doc.get("apiVersion")) return std::nullopt;
  Job job;
  job.schema = JobSchema::Compose;
  job.document = &doc;
  for (const auto& e : services->entries) {
    if (!e.value || !e.value->isMapping()) continue;
    JobRole role;
    role.name = e.key;
    role.gpus_key = "devices count";
    if (!gpuReservation(*e.value, role)) continue;  // a service without GPUs: not a training job
    const ConfigValue* command = e.value->get("command");
    if (command) {
      role.command_at = command;
      role.shell = command->isSequence() ? parseArgvList(command->items, {}) : parseShellCommand(*command, {});
    }
    job.roles.push_back(std::move(role));
  }
  if (job.roles.empty()) return std::nullopt;
  return job;
}

// --- Argo Workflows ---

void readArgoContainer(const ConfigValue& tmpl, const std::string& prefix, Job& job) {
  const ConfigValue* container = tmpl.get("container");
  const ConfigValue* name = tmpl.get("name");
  job.roles.push_back(containerRole(*container, prefix + (name && name->isScalar() ? name->text : "template")));
}

}  // namespace gpulint::project
