#include "report/links_reporter.h"

namespace gpulint {

namespace {

std::string plural(size_t n, const std::string& word) {
  if (n == 1) return "1 " + word;
  return std::to_string(n) + " " + word + (word.ends_with("s") ? "es" : "s");
}

std::string jobHeader(const JobLink& job) {
  std::string s = job.file + ":" + std::to_string(job.line) + ": " + job.kind;
  if (!job.role.empty()) s += ", role " + job.role;
  s += job.gpus ? " (" + plural(static_cast<size_t>(*job.gpus), "GPU") + ")" : " (GPUs not requested or unknown)";
  return s;
}

void writeLaunch(std::ostream& out, const LaunchLink& l) {
  out << "    starts: " << l.launcher;
  if (l.processes) out << " (" << plural(static_cast<size_t>(*l.processes), "process") << " per node)";
  out << " " << l.script << " -> " << (l.script_file.empty() ? "not found among the analysed files" : l.script_file)
      << "\n";
  if (!l.argv.empty()) {
    out << "    argv bound:";
    for (const auto& a : l.argv) out << " " << a.flag << (a.value.empty() ? "" : " " + a.value) << " -> " << a.dest << ";";
    out << "\n";
  }
  for (const auto& c : l.configs) out << "    config: " << c << "\n";
}

}  // namespace

void writeLinksText(std::ostream& out, const ProjectLinks& links) {
  out << "Jobs recognised: " << links.jobs.size() << "\n";
  for (const auto& job : links.jobs) {
    out << "  " << jobHeader(job) << "\n";
    if (job.launches.empty()) out << "    starts no launch gpulint reads\n";
    for (const auto& l : job.launches) writeLaunch(out, l);
  }
  if (!links.not_recognised.empty()) {
    out << "Not recognised: " << links.not_recognised.size() << "\n";
    for (const auto& n : links.not_recognised) out << "  " << n.file << ":" << n.line << ": " << n.what << "\n";
  }
  out << "\n";
}

nlohmann::json linksJson(const ProjectLinks& links) {
  using Json = nlohmann::json;
  Json jobs = Json::array();
  for (const auto& job : links.jobs) {
    Json launches = Json::array();
    for (const auto& l : job.launches) {
      Json argv = Json::array();
      for (const auto& a : l.argv) argv.push_back({{"flag", a.flag}, {"value", a.value}, {"dest", a.dest}});
      launches.push_back({{"launcher", l.launcher},
                          {"processes_per_node", l.processes ? Json(*l.processes) : Json()},
                          {"script", l.script},
                          {"script_file", l.script_file.empty() ? Json() : Json(l.script_file)},
                          {"argv", argv},
                          {"configs", l.configs}});
    }
    jobs.push_back({{"file", job.file}, {"line", job.line}, {"kind", job.kind}, {"role", job.role},
                    {"gpus", job.gpus ? Json(*job.gpus) : Json()}, {"launches", launches}});
  }
  Json unknown = Json::array();
  for (const auto& n : links.not_recognised) unknown.push_back({{"file", n.file}, {"line", n.line}, {"what", n.what}});
  return {{"jobs", jobs}, {"not_recognised", unknown}};
}

}  // namespace gpulint
