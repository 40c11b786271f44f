#include "checkers/job/job_common.h"

#include "checkers/python_common.h"
#include "frontend/project/launch.h"

namespace gpulint::checks {

Location jobLocation(const JobContext& job, uint32_t begin, uint32_t end) { return job.file->location(begin, end); }

Location valueLocation(const JobContext& job, const config::ConfigValue& value) {
  return jobLocation(job, value.begin, value.end);
}

std::optional<GpuRequest> gpuRequest(const JobContext& job) {
  const project::JobRole& role = *job.role;
  if (role.gpus && role.gpus_at) {
    Location at = valueLocation(job, *role.gpus_at);
    return GpuRequest{*role.gpus, at, role.gpus_key + " at line " + std::to_string(at.start.line)};
  }
  if (role.shell.gres_gpus) {
    const project::ArgToken& t = role.shell.gres_token;
    Location at = jobLocation(job, t.begin, t.end);
    std::string how = role.shell.gres_how.empty() ? "" : " " + role.shell.gres_how;
    return GpuRequest{*role.shell.gres_gpus, at, "`" + t.text + "`" + how + " at line " + std::to_string(at.start.line)};
  }
  return std::nullopt;
}

std::optional<Location> cpusLocation(const JobContext& job) {
  const project::JobRole& role = *job.role;
  if (role.cpus_at) return valueLocation(job, *role.cpus_at);
  if (role.cpus_token) return jobLocation(job, role.cpus_token->begin, role.cpus_token->end);
  return std::nullopt;
}

std::string roleTitle(const JobContext& job) {
  const project::JobRole& role = *job.role;
  if (job.job->schema == project::JobSchema::LaunchScript)
    return role.shell.launches.empty() && role.name == "batch script" ? "The batch script" : "The launch script";
  switch (job.job->schema) {
    case project::JobSchema::SkyPilot: return "Task `" + role.name + "`";
    case project::JobSchema::VertexAI: return "Worker pool `" + role.name + "`";
    case project::JobSchema::Compose: return "Service `" + role.name + "`";
    case project::JobSchema::TrainJob: return "The TrainJob's trainer";
    default: break;
  }
  return std::string(role.pod ? "Container `" : "Task role `") + role.name + "`";
}

std::vector<LoaderWorkers> knownLoaderWorkers(const python::ScriptModel& script) {
  constexpr int kNumWorkersIndex = 5;  // DataLoader(dataset, batch_size, shuffle, sampler, batch_sampler, num_workers)
  std::vector<LoaderWorkers> out;
  for (const python::Call& call : script.calls()) {
    if (!isDataLoader(script, call)) continue;
    // **kwargs may carry num_workers: unknown.
    if (call.mayHideArgument("num_workers", kNumWorkersIndex)) continue;
    ts::Node arg = call.argument("num_workers", kNumWorkersIndex);
    if (!arg) {
      out.push_back({&call, python::ResolvedValue::ofInt(0), callHead(script, call)});
      continue;
    }
    python::ResolvedValue v = script.resolve(arg);
    if (v.kind != python::ResolvedValue::Kind::Int) continue;
    out.push_back({&call, std::move(v), script.location(arg)});
  }
  return out;
}

std::optional<LoaderWorkers> busiestLoader(const python::ScriptModel& script) {
  std::optional<LoaderWorkers> best;
  for (LoaderWorkers& l : knownLoaderWorkers(script))
    if (l.value.int_value > 0 && (!best || l.value.int_value > best->value.int_value)) best = std::move(l);
  return best;
}

RelatedLocation trainingSpot(const python::ScriptModel& script, std::string message) {
  for (const python::Loop& loop : script.loops())
    if (loop.kind == python::LoopKind::Step) return {headerLocation(script, loop.node), std::move(message)};
  uint32_t first_line_end = script.file().lineStart(2);
  while (first_line_end > 0 && (script.file().text()[first_line_end - 1] == '\n' || script.file().text()[first_line_end - 1] == '\r'))
    --first_line_end;
  return {script.location(0, first_line_end), std::move(message)};
}

std::string launchText(const JobContext& job) {
  const project::Launch& l = *job.launch;
  const std::string& text = job.file->text();
  uint32_t b = l.launcher_token.begin, e = l.entry.end;
  // The written bytes when the launch sits on one line of the job file.
  if (b < e && e <= text.size() && e - b < 160 && text.find('\n', b) >= e) {
    std::string_view written(text.data() + b, e - b);
    if (written.find('"') == std::string_view::npos && written.find(',') == std::string_view::npos)
      return "`" + std::string(written) + "`";
  }
  return "`" + l.launcher_token.text + " " + l.entry.text + "`";
}

std::string scriptName(const JobContext& job) {
  if (job.script) return job.script->file().path();
  return job.launch ? job.launch->entry.text : std::string("the script");
}

RelatedLocation launchRelated(const JobContext& job, std::string message) {
  const project::ArgToken& t = job.launch->launcher_token;
  return {jobLocation(job, t.begin, t.end), std::move(message)};
}

}  // namespace gpulint::checks
