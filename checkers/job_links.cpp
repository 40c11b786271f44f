#include "checkers/job_links.h"

#include <set>

namespace gpulint {

namespace {

uint32_t lineOf(const config::ConfigModel& model, const config::ConfigValue* v) {
  return v ? model.file().position(v->begin).line : 0;
}

std::string scalar(const config::ConfigValue* v) { return v && v->isScalar() ? v->text : ""; }

// Container resources the rules read (GPU301-304) or that carry no GPU meaning.
bool knownResource(const std::string& name) {
  static const std::set<std::string> known = {"cpu", "memory", "nvidia.com/gpu", "ephemeral-storage"};
  return known.count(name) > 0 || name.rfind("hugepages-", 0) == 0;
}

void addUnknownResources(const config::ConfigModel& model, const project::JobRole& role, ProjectLinks& links) {
  if (!role.container) return;
  std::set<std::string> seen;
  for (const char* section : {"resources.limits", "resources.requests"}) {
    const config::ConfigValue* resources = role.container->path(section);
    if (!resources || !resources->isMapping()) continue;
    for (const auto& e : resources->entries)
      if (!knownResource(e.key) && seen.insert(e.key).second)
        links.not_recognised.push_back({model.file().path(), model.file().position(e.key_begin).line,
                                        "resource " + e.key + " (container " + role.name + ") is not read by any rule"});
  }
}

}  // namespace

JobLink jobLink(const config::ConfigModel& model, const project::Job& job, const project::JobRole& role,
                ProjectLinks& links) {
  JobLink link;
  link.file = model.file().path();
  const config::ConfigValue* at = role.container ? role.container : job.document;
  link.line = lineOf(model, at);
  link.kind = project::jobSchemaName(job.schema);
  if (job.schema == project::JobSchema::Kubernetes) {
    std::string kind = scalar(job.document ? job.document->get("kind") : nullptr);
    if (!kind.empty()) link.kind += " " + kind;
  }
  link.role = role.name;
  link.gpus = role.gpus;
  addUnknownResources(model, role, links);
  return link;
}

JobLink scriptJobLink(const SourceFile& script, const project::Job& job, const project::JobRole& role) {
  JobLink link;
  link.file = script.path();
  link.line = 1;
  link.kind = project::jobSchemaName(job.schema);
  link.role = role.name;
  link.gpus = role.gpus;
  return link;
}

LaunchLink launchLink(const project::Launch& launch) {
  LaunchLink link;
  link.launcher = project::launcherName(launch.launcher);
  link.processes = launch.processes;
  link.script = launch.script.empty() ? "-m " + launch.module : launch.script;
  return link;
}

void addBindings(LaunchLink& link, const std::vector<project::OptionBinding>& bindings) {
  for (const auto& b : bindings) {
    bool flag_only = b.token.text == b.flag;  // store_true/false: the token is the flag itself
    link.argv.push_back({b.flag, flag_only ? "" : b.token.text, b.dest});
  }
}

void addUnrecognisedJobFile(const config::ConfigModel& model, ProjectLinks& links) {
  for (const config::ConfigValue* doc : model.documents()) {
    if (!doc || !doc->isMapping()) continue;
    std::string kind = scalar(doc->get("kind")), api = scalar(doc->get("apiVersion"));
    std::string what = kind.empty() ? "looks like a job, but its format is not one gpulint reads"
                                    : "kind " + kind + (api.empty() ? "" : " (" + api + ")") +
                                          ": not a job kind gpulint reads";
    links.not_recognised.push_back({model.file().path(), lineOf(model, doc), what});
  }
}

}  // namespace gpulint
