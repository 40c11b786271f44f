#include "checkers/job/GPU303_small_shm.h"

#include "checkers/job/job_common.h"
#include "fixits/yaml_edits.h"

namespace gpulint::checks {

namespace {

constexpr int64_t kMinShmBytes = int64_t{1} << 30;  // 1Gi

using config::ConfigValue;

// A volume name not yet used in the pod.
std::string freeVolumeName(const ConfigValue& pod_spec) {
  const ConfigValue* volumes = pod_spec.get("volumes");
  for (int i = 0;; ++i) {
    std::string name = i == 0 ? "dshm" : "dshm-" + std::to_string(i);
    bool taken = false;
    if (volumes && volumes->isSequence())
      for (const ConfigValue* v : volumes->items)
        if (v && v->get("name") && v->get("name")->text == name) taken = true;
    if (!taken) return name;
  }
}

// The memory-backed emptyDir and its mount, in the file's own style.
std::optional<Fix> addShmVolume(const JobContext& job) {
  const ConfigValue& container = *job.role->container;
  const ConfigValue& pod_spec = *job.role->pod_spec;
  std::string name = freeVolumeName(pod_spec);
  std::vector<std::string> mount{"name: " + name, "mountPath: /dev/shm"};
  std::vector<std::string> volume{"name: " + name, "emptyDir:", "  medium: Memory"};
  auto entry = [](const std::string& key, const std::vector<std::string>& item) {
    std::vector<std::string> lines{key + ":"};
    for (size_t i = 0; i < item.size(); ++i) lines.push_back((i == 0 ? "  - " : "    ") + item[i]);
    return lines;
  };
  const ConfigValue* mounts = container.get("volumeMounts");
  const ConfigValue* volumes = pod_spec.get("volumes");
  std::optional<Edit> add_mount = mounts ? fixits::appendSequenceItem(*job.file, *mounts, mount)
                                         : fixits::addMappingEntry(*job.file, container, entry("volumeMounts", mount));
  std::optional<Edit> add_volume = volumes ? fixits::appendSequenceItem(*job.file, *volumes, volume)
                                           : fixits::addMappingEntry(*job.file, pod_spec, entry("volumes", volume));
  // Flow style or JSON: a generated block would not match; the message says what to add.
  if (!add_mount || !add_volume) return std::nullopt;
  // The container is the pod spec's last entry: both go to the same place,
  // the mount (inside the container) first.
  if (add_mount->begin == add_volume->begin) {
    std::string volume_text = add_volume->replacement;
    if (volume_text.starts_with("\n")) volume_text.erase(0, 1);
    add_mount->replacement += volume_text;
    return Fix{"Mount a memory-backed emptyDir at /dev/shm", Applicability::Safe, {*add_mount}};
  }
  return Fix{"Mount a memory-backed emptyDir at /dev/shm", Applicability::Safe, {*add_mount, *add_volume}};
}

// The container's `volumeMounts:` key, else its first line.
Location containerSpot(const JobContext& job) {
  const ConfigValue& container = *job.role->container;
  if (const ConfigValue::Entry* e = container.entry("volumeMounts")) return jobLocation(job, e->key_begin, e->key_end);
  uint32_t b = container.entries.empty() ? container.begin : container.entries.front().key_begin;
  size_t nl = job.file->text().find('\n', b);
  uint32_t e = nl == std::string::npos ? static_cast<uint32_t>(job.file->text().size()) : static_cast<uint32_t>(nl);
  if (e > b && job.file->text()[e - 1] == '\r') --e;
  return jobLocation(job, b, e);
}

std::string workersText(const LoaderWorkers& w) {
  return "whose DataLoader starts " + std::to_string(w.value.int_value) + " worker processes (num_workers at " +
         w.at.file + ":" + std::to_string(w.at.start.line) + ")";
}

const char* kWhy =
    "loader workers hand every batch to the training process through /dev/shm, so batches larger than the space "
    "left crash the workers (\"bus error\", \"insufficient shared memory\"), and the usual way out, num_workers=0, "
    "leaves the GPU waiting on the loader.";

}  // namespace

void SmallShm::run(const AnalysisContext& ctx, DiagnosticSink& sink) const {
  if (!ctx.job || !ctx.job->script) return;  // the loaders decide whether /dev/shm matters
  const JobContext& job = *ctx.job;
  std::optional<LoaderWorkers> loader = busiestLoader(*job.script);
  if (!loader) return;  // no worker processes (or none known): /dev/shm is not used for batches
  Diagnostic d;
  d.rule = "GPU303";
  d.level = Level::Warning;
  d.related.push_back({loader->at, "loader workers are started here"});
  std::string runs = "runs " + job.script->file().path() + ", " + workersText(*loader);
  const project::ShellFacts& shell = job.role->shell;
  if (shell.shm_bytes && *shell.shm_bytes < kMinShmBytes) {
    d.location = jobLocation(job, shell.shm_token.begin, shell.shm_token.end);
    d.message = "The command gives the container `--shm-size " + shell.shm_token.text + "` and " + runs + ": " +
                kWhy + " Use --shm-size=8g or more (at least 1g).";
    sink.report(std::move(d));
    return;
  }
  // Only Kubernetes-style pods get the runtime's 64 MB default we can see.
  if (!job.role->pod || !job.role->container || !job.role->pod_spec) return;
  if (job.role->shm_mounted) {
    // Mounted without a limit: it may use the pod's memory. Under 1Gi: too small.
    if (!job.role->shm_limit_bytes || *job.role->shm_limit_bytes >= kMinShmBytes) return;
    d.location = valueLocation(job, *job.role->shm_at);
    d.message = "The pod mounts a " + job.role->shm_at->text + " memory emptyDir at /dev/shm and " + runs + ": " +
                kWhy + " Raise sizeLimit to at least 1Gi (8Gi is common), or remove it.";
    sink.report(std::move(d));
    return;
  }
  // Some other volume (a hostPath, a disk emptyDir) serves /dev/shm: the author's choice.
  if (job.role->shm_other_mount) return;
  d.location = containerSpot(job);
  d.message = "Container `" + job.role->name + "` " + runs + ", but mounts nothing at /dev/shm, so it gets the "
              "container runtime's 64 MB default: " + kWhy +
              " Mount an emptyDir with `medium: Memory` at /dev/shm.";
  if (std::optional<Fix> fix = addShmVolume(job)) d.fixes.push_back(std::move(*fix));
  sink.report(std::move(d));
}

}  // namespace gpulint::checks
