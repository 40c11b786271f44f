// Job -> script linking and job-valued re-analysis (see project_pass.h).
#include "checkers/project_pass.h"
#include "checkers/cross_file_pass.h"
#include "checkers/run_config_pass.h"
#include "core/parallel_for.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include "frontend/config/config_model.h"
#include "frontend/input_guard.h"
#include "frontend/project/argv_binding.h"
#include "frontend/project/job.h"
#include "frontend/project/job_sniff.h"
#include "frontend/project/launch_script.h"
#include "frontend/python/script_model.h"

namespace fs = std::filesystem;

namespace gpulint {

namespace {

std::string norm(const fs::path& p) { return p.lexically_normal().generic_string(); }

// `{{ .Values.x }}` / `{% if %}`: template syntax that YAML cannot parse.
bool isTemplated(const std::string& text) {
  return text.find("{{") != std::string::npos || text.find("{%") != std::string::npos;
}

// Where paths a script writes start: its folder, as displayed and on disk.
PathBases scriptBasesOf(const ProjectInput& in, size_t script) {
  return {fs::path((*in.results)[script].source->path()).parent_path(),
          fs::path((*in.disk_paths)[script]).parent_path(), {}};
}

bool isJobCandidate(const FileAnalysis& r) {
  if (!r.source || !r.error.empty()) return false;
  if (r.source->kind() != FileKind::Yaml && r.source->kind() != FileKind::Json) return false;
  // The tool's own settings file is never a job.
  return fs::path(r.source->path()).filename() != ".gpulint.yaml";
}

// What binding each script's own run configs to the project's model found
// (linkJobs), by result index.
struct OwnConfigs {
  std::set<size_t> checked;  // bound before its deferred checks ran: its findings hold the values
  std::set<size_t> none;     // reads no config it could bind on its own
};

class Linker {
 public:
  Linker(ProjectInput in, RunConfigFiles& configs, const python::ProjectModel* project, OwnConfigs own)
      : in_(in), configs_(configs), project_(project), own_(std::move(own)) {
    for (size_t i = 0; i < in_.results->size(); ++i) index(i);
  }

  void run() {
    size_t n = in_.results->size();  // scripts appended below are not jobs
    indexNamedResources(n);
    // Job files are parsed ahead on the --jobs threads, a chunk at a time
    // (so only a chunk's models are held at once), then linked in order.
    for (size_t start = 0; start < n; start += kParseChunk) {
      size_t end = std::min(n, start + kParseChunk);
      std::vector<ParsedJobFile> parsed = parseJobFiles(start, end);
      for (size_t i = start; i < end; ++i) linkFile(i, parsed[i - start]);
    }
    analyseScriptsAlone(n);
    // Scripts reached by a job: their job-valued findings replace the defaults'.
    for (auto& [script, diags] : linked_) (*in_.results)[script].diagnostics = std::move(diags);
    for (auto& [file, diags] : moved_) {
      auto& target = (*in_.results)[file].diagnostics;
      for (Diagnostic& d : diags) addOnce(target, std::move(d));
      std::sort(target.begin(), target.end(), diagnosticLess);
    }
  }

 private:
  static constexpr size_t kParseChunk = 64;

  // A job candidate's model, built before linking; null when the file is no
  // candidate or the sniff (whyNotAJob) left it alone.
  struct ParsedJobFile {
    std::string not_a_job;
    std::unique_ptr<config::ConfigModel> model;
  };

  std::vector<ParsedJobFile> parseJobFiles(size_t start, size_t end) const {
    std::vector<ParsedJobFile> parsed(end - start);
    parallelFor(end - start, in_.jobs, [&](size_t k) {
      const FileAnalysis& file = (*in_.results)[start + k];
      if (!isJobCandidate(file)) return;
      // Decided before the parse: data and other tools' files cost nothing.
      parsed[k].not_a_job = project::whyNotAJob(file.source->text(), file.source->kind());
      if (parsed[k].not_a_job.empty()) parsed[k].model = config::buildConfigModel(file.source);
    });
    return parsed;
  }

  void linkFile(size_t i, ParsedJobFile& parsed) {
    FileAnalysis& file = (*in_.results)[i];
    if (file.source && file.error.empty() && file.source->kind() == FileKind::Shell) {
      linkLaunchScript(i);
      return;
    }
    if (!isJobCandidate(file)) return;
    const std::string& text = file.source->text();
    if (!parsed.not_a_job.empty()) {
      file.skipped = "not a job: " + parsed.not_a_job;
      return;
    }
    auto model = std::move(parsed.model);
    if (!model->error().empty()) {
      // A Helm/Jinja template is YAML only once rendered, and a file another
      // parser reads is a limit of our grammar: neither is the user's mistake.
      // A file too deep or too long to analyse stays an error, whoever reads it.
      bool too_large = !yamlInputProblem(text).empty();
      if (isTemplated(text)) file.skipped = "a template (YAML only once rendered)";
      else if (!too_large && project::anotherParserAccepts(text, file.source->kind()))
        file.skipped = "not readable by gpulint's parser (" + model->error() + ")";
      else file.error = model->error();
      return;
    }
    std::vector<project::Job> jobs = project::detectJobs(*model, lookup_);
    if (jobs.empty() && in_.links) addUnrecognisedJobFile(*model, *in_.links);
    for (const project::Job& job : jobs)
      for (const project::JobRole& role : job.roles) analyseRole(i, model.get(), job, role);
  }

  // Training runtimes and Azure ML computes that jobs of other files name:
  // only files that mention one are parsed here.
  void indexNamedResources(size_t n) {
    for (size_t i = 0; i < n; ++i) {
      const FileAnalysis& file = (*in_.results)[i];
      if (!isJobCandidate(file)) continue;
      const std::string& text = file.source->text();
      if (text.size() > project::kMaxJobFileBytes || !yamlInputProblem(text).empty() ||
          (text.find("TrainingRuntime") == std::string::npos && text.find("amlcompute") == std::string::npos))
        continue;
      auto model = config::buildConfigModel(file.source);
      if (!model->error().empty()) continue;
      for (const config::ConfigValue* doc : model->documents())
        if (auto named = doc && doc->isMapping() ? project::namedResource(*doc) : std::nullopt)
          named_.emplace(*named, doc);
      resource_models_.push_back(std::move(model));
    }
    lookup_ = [this](std::string_view kind, std::string_view name) -> project::LookedUp {
      auto it = named_.find({std::string(kind), std::string(name)});
      return {it == named_.end() ? nullptr : it->second, false};
    };
  }

  // A shell/Slurm launch script is a job of its own (launch_script.h); any
  // other shell file is not ours, and one the grammar cannot read is a note.
  void linkLaunchScript(size_t i) {
    FileAnalysis& file = (*in_.results)[i];
    project::LaunchScript read = project::readLaunchScript(*file.source);
    if (!read.unreadable.empty()) {
      file.note = read.unreadable;
      return;
    }
    if (!read.job) {
      file.skipped = "not a launch script: no #SBATCH directive and no launch line";
      return;
    }
    for (const project::JobRole& role : read.job->roles) analyseRole(i, nullptr, *read.job, role);
  }

  void index(size_t i) {
    const FileAnalysis& r = (*in_.results)[i];
    if (!r.source || r.source->kind() != FileKind::Python) return;
    by_path_[norm(r.source->path())] = i;
    by_name_[fs::path(r.source->path()).filename().string()].push_back(i);
  }

  // The entry script's result index: relative to the job's folder (through
  // AML `code:` and a relative `cd`), else the only file of that name.
  std::optional<size_t> entryScript(size_t job_index, const project::Job& job, const project::Launch& launch) {
    std::string rel = launch.script;
    if (rel.empty() && !launch.module.empty()) {
      rel = launch.module;
      std::replace(rel.begin(), rel.end(), '.', '/');
      rel += ".py";
    }
    if (rel.empty() || launch.entry.unknown) return std::nullopt;
    fs::path display_dir = fs::path((*in_.results)[job_index].source->path()).parent_path();
    fs::path disk_dir = fs::path((*in_.disk_paths)[job_index]).parent_path();
    std::vector<fs::path> bases;
    fs::path code = job.code_dir;
    bool relative_cwd = !launch.cwd.empty() && launch.cwd[0] != '/' && launch.cwd[0] != '$';
    if (fs::path(rel).is_relative()) {
      if (relative_cwd) bases.push_back(code / launch.cwd);
      bases.push_back(code);
    }
    for (const fs::path& base : bases) {
      if (auto it = by_path_.find(norm(display_dir / base / rel)); it != by_path_.end()) return it->second;
      if ((*in_.disk_paths)[job_index].empty()) continue;
      if (auto loaded = loadFromDisk(disk_dir / base / rel, display_dir / base / rel)) return loaded;
    }
    // A launch script runs from wherever it is called, usually the project
    // root (`bash scripts/train.sh`): the analysed folders above it.
    if (job.schema == project::JobSchema::LaunchScript && fs::path(rel).is_relative() && launch.cwd.empty())
      for (fs::path dir = display_dir; !dir.empty() && dir != dir.parent_path(); dir = dir.parent_path())
        if (auto it = by_path_.find(norm(dir.parent_path() / rel)); it != by_path_.end()) return it->second;
    auto named = by_name_.find(fs::path(rel).filename().string());
    if (named != by_name_.end() && named->second.size() == 1) return named->second.front();
    return std::nullopt;
  }

  // A thin entry file with no parser of its own that calls, at module level,
  // a function of a project module that parses the command line
  // (`from pkg.train import train; train()` after a monkey-patch): the
  // launch's argv is read there, so that module is the one analysed with it.
  std::optional<size_t> parsingModule(size_t entry) const {
    const python::ScriptModel* model = (*in_.results)[entry].script.get();
    if (!project_ || !model || readsCommandLine(*model)) return std::nullopt;
    std::optional<size_t> found;
    for (const python::Call& c : model->calls()) {
      if (c.function) continue;  // only what runs when the file runs
      python::ProjectDef def = project_->calleeOf(*model, c);
      if (!def.function || def.model == model || !readsCommandLine(*def.model)) continue;
      auto it = by_path_.find(norm(def.model->file().path()));
      if (it == by_path_.end() || (found && *found != it->second)) return std::nullopt;  // none, or two: unclear
      found = it->second;
    }
    return found;
  }

  // argparse options, or HF argument dataclasses filled from argv.
  static bool readsCommandLine(const python::ScriptModel& m) {
    if (!m.argparseOptions().empty()) return true;
    for (const python::ConfigRead& r : m.configReads())
      if (r.root == python::ConfigRoot::HfArguments && r.node.text().find("parse_args_into_dataclasses") != std::string_view::npos)
        return true;
    return false;
  }

  std::optional<size_t> loadFromDisk(const fs::path& disk, const fs::path& display) {
    std::error_code ec;
    if (!fs::is_regular_file(disk, ec)) return std::nullopt;
    LoadedSource loaded = loadSource(disk.string(), norm(display));
    if (!loaded.source || loaded.source->kind() != FileKind::Python) return std::nullopt;
    in_.results->push_back(analyzeSource(loaded.source, *in_.options));
    in_.disk_paths->push_back(disk.string());
    index(in_.results->size() - 1);
    return in_.results->size() - 1;
  }

  // A script a launch starts, analysed with the launch's values.
  struct LinkedScript {
    std::unique_ptr<python::ScriptModel> model;
    std::vector<project::OptionBinding> bindings;
  };

  // Every launch of the role runs its script under the job's values; then
  // the job rules judge the role with the first script it reaches.
  // `job_model`: the YAML/JSON job's model; null for a launch script.
  void analyseRole(size_t job_index, const config::ConfigModel* job_model, const project::Job& job,
                   const project::JobRole& role) {
    const project::Launch* linked_launch = nullptr;
    LinkedScript linked;
    std::optional<JobLink> link;
    if (in_.links)
      link = job_model ? jobLink(*job_model, job, role, *in_.links)
                       : scriptJobLink(*(*in_.results)[job_index].source, job, role);
    for (const project::Launch& launch : role.shell.launches) {
      LaunchLink* launch_link = link ? &link->launches.emplace_back(launchLink(launch)) : nullptr;
      LinkedScript script = analyseLaunch(job_index, job, launch, launch_link);
      if (script.model && !linked.model) {
        linked = std::move(script);
        linked_launch = &launch;
      }
    }
    JobContext job_context;
    job_context.file = (*in_.results)[job_index].source.get();
    job_context.job = &job;
    job_context.role = &role;
    job_context.launch = linked_launch;
    job_context.script = linked.model.get();
    job_context.bindings = &linked.bindings;
    job_context.is_project_module = [this](std::string_view module) { return isProjectModule(module); };
    AnalysisContext context;
    context.options = in_.options;
    context.job = &job_context;
    VectorSink sink;
    for (const auto& checker : allCheckers())
      if (checker->reads(job_context.file->kind())) checker->run(context, sink);
    for (Diagnostic& d : sink.diagnostics) addOnce(moved_[job_index], std::move(d));
    if (link) in_.links->jobs.push_back(std::move(*link));
  }

  // A top-level module name that is a file (`utils.py`) or package folder
  // (`models/`) of the analysed project.
  bool isProjectModule(std::string_view module) const {
    if (by_name_.count(std::string(module) + ".py")) return true;
    std::string dir = "/" + std::string(module) + "/";
    for (const auto& [path, index] : by_path_)
      if (("/" + path).find(dir) != std::string::npos) return true;
    return false;
  }

  LinkedScript analyseLaunch(size_t job_index, const project::Job& job, const project::Launch& launch,
                             LaunchLink* link) {
    std::optional<size_t> script = entryScript(job_index, job, launch);
    if (!script) return {};
    if (std::optional<size_t> parser = parsingModule(*script)) script = parser;
    if (link) link->script_file = (*in_.results)[*script].source->path();
    const SourceFile& job_file = *(*in_.results)[job_index].source;
    LinkedScript linked;
    const FileAnalysis& parsed = (*in_.results)[*script];
    linked.model = python::buildScriptModel(parsed.source, *in_.options, parsed.script.get());
    auto& model = linked.model;
    model->attachProject(project_);
    if (parsed.script) model->adoptImportedOptions(*parsed.script);
    linked.bindings = project::bindArgv(launch.args, *model, job_file);
    project::applyBindings(*model, linked.bindings);
    // One process per GPU: the script's own distributed branch is what runs.
    if (launch.launcher != project::Launcher::Python && launch.launcher != project::Launcher::Mpi) {
      bool one = launch.launcher == project::Launcher::DeepSpeed && launch.processes == 1 && !launch.uses_all_gpus;
      if (one || launch.uses_all_gpus || !launch.processes || *launch.processes > 1)
        model->setDistributedLauncher(project::launcherName(launch.launcher), one);
    }
    configs_.bind(*model, &launch, &job_file, jobBases(job_index, job, launch), scriptBases(*script),
                  link ? &link->configs : nullptr);
    if (link) addBindings(*link, linked.bindings);
    std::vector<Diagnostic> found = pythonFindings(*model);
    for (Diagnostic& d : found) noteDefaultNotOverridden(d, launch, job_file);
    collect(*script, found);
    return linked;
  }

  // --- run configs (run_config_pass.h) ---
  PathBases jobBases(size_t job_index, const project::Job& job, const project::Launch& launch) const {
    PathBases b{fs::path((*in_.results)[job_index].source->path()).parent_path(),
                fs::path((*in_.disk_paths)[job_index]).parent_path(), {}};
    fs::path code = job.code_dir;
    if (!launch.cwd.empty() && launch.cwd[0] != '/' && launch.cwd[0] != '$') b.bases.push_back(code / launch.cwd);
    b.bases.push_back(code);
    return b;
  }
  PathBases scriptBases(size_t script) const { return scriptBasesOf(in_, script); }
  // Scripts no job reaches, analysed with the run configs they name
  // themselves (`@hydra.main(config_path=..., config_name=...)`, a literal
  // OmegaConf.load path): their findings replace the per-file ones.
  void analyseScriptsAlone(size_t n) {
    for (size_t i = 0; i < n; ++i) {
      SourceFilePtr source = (*in_.results)[i].source;  // binding may append config files to the results
      if (!source || source->kind() != FileKind::Python || linked_.count(i) || !(*in_.results)[i].error.empty())
        continue;
      // The per-file model has the same reads: a script none of whose reads
      // can bind on its own is not modelled again. Asked before the text
      // scan: a pass over the model's calls costs a fifth of five searches
      // of the whole text, and rules out nearly every file.
      if (own_.none.count(i)) continue;  // its model reads no config it could bind alone
      if (own_.checked.count(i)) {
        // The project's model of the script holds the configs it names, and
        // its checks ran on that model: its findings are the ones to place.
        std::vector<Diagnostic> found = (*in_.results)[i].diagnostics;
        collect(i, found);
        continue;
      }
      if (const auto& own = (*in_.results)[i].script; own && !mayBindAlone(*own)) continue;
      if (!mayReadRunConfig(source->text())) continue;
      auto model = python::buildScriptModel(source, *in_.options, (*in_.results)[i].script.get());
      model->attachProject(project_);
      if (!configs_.bind(*model, nullptr, nullptr, {}, scriptBases(i))) continue;
      std::vector<Diagnostic> found = pythonFindings(*model);
      collect(i, found);
    }
  }

  // Every Python rule on a script model analysed with linked values.
  std::vector<Diagnostic> pythonFindings(const python::ScriptModel& model) const {
    return pythonDiagnostics(model, *in_.options);
  }

  // A script value that is an argparse default the job does not pass: say
  // so at the job's launch, since that is the other place to change it.
  static void noteDefaultNotOverridden(Diagnostic& d, const project::Launch& launch, const SourceFile& job_file) {
    static const std::string kDefault = "argparse default of ";
    for (const RelatedLocation& r : d.related) {
      if (r.message.rfind(kDefault, 0) != 0) continue;
      std::string flag = r.message.substr(kDefault.size());
      flag = flag.substr(0, flag.find(' '));
      d.related.push_back({job_file.location(launch.entry.begin, launch.entry.end),
                           "the job starts the script without " + flag + ", so the default applies"});
      return;
    }
  }

  // A linked script's findings: those whose value is written in a job or
  // config file move there (with the edit of that value, when the rule has
  // one); the rest stay with the script.
  void collect(size_t script, std::vector<Diagnostic>& diagnostics) {
    auto& script_diags = linked_[script];
    const std::string& script_path = (*in_.results)[script].source->path();
    for (Diagnostic& d : diagnostics) {
      std::optional<size_t> moved;
      if (auto file = moveToValueSource(d)) {
        moved = configs_.indexOf(*file);
        if (moved) attachWrittenValueFix(d, *(*in_.results)[*moved].source);
      } else if (d.location.file != script_path) {
        // Located in another module of the project (a loader the script's
        // values reach there): that file's list, once, whichever pass found it.
        moved = configs_.indexOf(d.location.file);
      }
      addOnce(moved ? moved_[*moved] : script_diags, std::move(d));
    }
  }

  // One finding per rule and place. A script that several launches start
  // (a job script per experiment) is judged once per launch, and each
  // launch's finding at the same code would repeat it, with the same edit
  // and the same SARIF fingerprint. The first launch's finding stands (its
  // message names its values); a later one adds the places its own values
  // come from, marked as another launch's.
  static void addOnce(std::vector<Diagnostic>& into, Diagnostic d) {
    for (Diagnostic& e : into)
      if (e.rule == d.rule && e.location.file == d.location.file && e.location.begin == d.location.begin &&
          e.location.end == d.location.end) {
        if (e.message != d.message) addOtherLaunchNotes(e, d);
        return;
      }
    into.push_back(std::move(d));
  }

  static void addOtherLaunchNotes(Diagnostic& kept, const Diagnostic& other) {
    auto known = [&kept](const RelatedLocation& r) {
      return std::any_of(kept.related.begin(), kept.related.end(), [&r](const RelatedLocation& k) {
        return k.location.file == r.location.file && k.location.begin == r.location.begin &&
               (k.message == r.message || k.message == kOtherLaunch + r.message);
      });
    };
    for (const RelatedLocation& r : other.related)
      if (!known(r)) kept.related.push_back({r.location, kOtherLaunch + r.message});
  }
  static inline const std::string kOtherLaunch = "another launch: ";

  ProjectInput in_;
  std::vector<std::unique_ptr<config::ConfigModel>> resource_models_;  // keep named_ valid
  std::map<std::pair<std::string, std::string>, const config::ConfigValue*> named_;
  project::JobLookup lookup_;
  std::map<std::string, size_t> by_path_;
  std::map<std::string, std::vector<size_t>> by_name_;
  std::map<size_t, std::vector<Diagnostic>> linked_;
  std::map<size_t, std::vector<Diagnostic>> moved_;
  RunConfigFiles& configs_;  // shared with the cross-file pass, which bound the scripts' own configs first
  const python::ProjectModel* project_;
  OwnConfigs own_;  // the run's Python files; null when alone
};

}  // namespace

void linkJobs(ProjectInput input) {
  if (input.disk_paths->size() < input.results->size()) input.disk_paths->resize(input.results->size());
  RunConfigFiles configs(input);
  // The project's own model of a script holds the configs the script names
  // itself (its defaults, as argparse defaults are): a job that passes
  // another config is analysed on a model of its own by the Linker.
  OwnConfigs own;
  auto bind_own = [&](size_t i, python::ScriptModel& script) {
    const FileAnalysis& r = (*input.results)[i];
    if (!r.source || r.source->kind() != FileKind::Python) return;
    if (!mayBindAlone(script) || !mayReadRunConfig(r.source->text())) {
      own.none.insert(i);
      return;
    }
    // Checks deferred to the project step run after this binding.
    bool deferred = r.deferred != nullptr;
    if (configs.bind(script, nullptr, nullptr, {}, scriptBasesOf(input, i)) && deferred) own.checked.insert(i);
  };
  CrossFilePass cross_file(*input.results, *input.options, input.jobs, bind_own);
  cross_file.run();
  Linker(input, configs, cross_file.project(), std::move(own)).run();
  cross_file.handOver();
}

std::vector<FileAnalysis> linkedView(const std::vector<FileAnalysis>& per_file,
                                     const std::vector<std::string>& disk_paths, const RuleOptions& options,
                                     unsigned jobs) {
  std::vector<FileAnalysis> linked = per_file;
  std::vector<std::string> paths = disk_paths;
  linkJobs({&linked, &paths, &options, nullptr, jobs});
  linked.resize(per_file.size());  // a script loaded from disk now would be new to the run: not judged
  return linked;
}

}  // namespace gpulint
