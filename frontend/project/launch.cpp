// Reading launch lines from shell words: wrappers, `cd`, env prefixes, and
// the launchers that start training scripts with their process counts.
#include "frontend/project/launch.h"

#include <cctype>
#include <charconv>
#include <set>

namespace gpulint::project {

const char* launcherName(Launcher l) {
  switch (l) {
    case Launcher::Python: return "python";
    case Launcher::Torchrun: return "torchrun";
    case Launcher::Accelerate: return "accelerate launch";
    case Launcher::DeepSpeed: return "deepspeed";
    case Launcher::Mpi: return "mpirun";
  }
  return "python";
}

namespace {

using Words = std::vector<ArgToken>;

std::string_view baseName(std::string_view w) {
  size_t slash = w.rfind('/');
  return slash == std::string_view::npos ? w : w.substr(slash + 1);
}

bool isPython(std::string_view w) {
  std::string_view b = baseName(w);
  if (b.rfind("python", 0) != 0) return false;
  return b.substr(6).find_first_not_of("0123456789.") == std::string_view::npos;
}

std::optional<int64_t> intOf(const ArgToken& t) {
  if (t.unknown || t.text.empty()) return std::nullopt;
  int64_t v = 0;
  auto [p, ec] = std::from_chars(t.text.data(), t.text.data() + t.text.size(), v);
  if (ec != std::errc() || p != t.text.data() + t.text.size()) return std::nullopt;
  return v;
}

// `--opt=value` or `--opt value` at words[i]; advances i past what it used.
// Returns the value token (text only after '=' for the joined form).
std::optional<ArgToken> optionValue(const Words& w, size_t& i, std::string_view name) {
  const std::string& t = w[i].text;
  if (t == name) {
    if (i + 1 >= w.size()) return std::nullopt;
    return w[++i];
  }
  if (t.size() > name.size() && t.compare(0, name.size(), name) == 0 && t[name.size()] == '=') {
    ArgToken v = w[i];
    v.text = t.substr(name.size() + 1);
    // Point at the value when the token is written plainly (no quotes inside).
    if (v.end - v.begin == t.size()) v.begin += static_cast<uint32_t>(name.size() + 1);
    return v;
  }
  return std::nullopt;
}

// Docker sizes: "512m", "1g", "2gb", "1073741824" (bytes).
std::optional<int64_t> parseSize(std::string_view t) {
  int64_t n = 0;
  auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), n);
  if (ec != std::errc()) return std::nullopt;
  std::string unit(p, t.data() + t.size());
  for (char& c : unit) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (!unit.empty() && unit.back() == 'b' && unit.size() == 2) unit.pop_back();
  if (unit.empty() || unit == "b") return n;
  if (unit == "k") return n << 10;
  if (unit == "m") return n << 20;
  if (unit == "g") return n << 30;
  return std::nullopt;
}

bool isFlag(const std::set<std::string_view>& flags, const std::string& t) {
  return flags.count(t) > 0;
}

// Skips a launcher's own options (values included) and returns the index of
// the entry (script or module); `on_option` sees every option.
template <typename OnOption>
size_t skipOptions(const Words& w, size_t i, const std::set<std::string_view>& flags, OnOption on_option) {
  while (i < w.size() && w[i].text.size() > 1 && w[i].text[0] == '-') {
    size_t at = i;
    if (!on_option(w, i) && w[at].text.find('=') == std::string::npos && !isFlag(flags, w[at].text)) ++i;
    ++i;
  }
  return i;
}

void setEntry(Launch& l, const Words& w, size_t i, bool module) {
  if (i >= w.size()) return;
  l.entry = w[i];
  (module ? l.module : l.script) = w[i].text;
  l.args.assign(w.begin() + static_cast<long>(i) + 1, w.end());
}

std::optional<Launch> readPython(const Words& w, size_t i);

std::optional<Launch> readTorchrun(const Words& w, size_t i, const ArgToken& launcher) {
  Launch l;
  l.launcher = Launcher::Torchrun;
  l.launcher_token = launcher;
  l.processes = 1;  // torchrun's default --nproc_per_node
  l.processes_token = launcher;
  bool module = false;
  static const std::set<std::string_view> flags{"--standalone", "--no_python", "--no-python", "--module", "-m",
                                                "--run_path", "--run-path", "--use_env", "--use-env"};
  i = skipOptions(w, i, flags, [&](const Words& ws, size_t& k) {
    if (ws[k].text == "-m" || ws[k].text == "--module") module = true;
    for (std::string_view name : {"--nproc_per_node", "--nproc-per-node"})
      if (auto v = optionValue(ws, k, name)) {
        l.processes_token = *v;
        l.processes = intOf(*v);
        l.uses_all_gpus = v->text == "gpu" || v->text == "auto";
        return true;
      }
    return false;
  });
  setEntry(l, w, i, module);
  return l;
}

std::optional<Launch> readAccelerate(const Words& w, size_t i, const ArgToken& launcher) {
  Launch l;
  l.launcher = Launcher::Accelerate;
  l.launcher_token = launcher;
  l.processes_token = launcher;  // without --num_processes the accelerate config decides: unknown
  std::optional<int64_t> machines;
  bool module = false;
  static const std::set<std::string_view> flags{"--multi_gpu", "--cpu", "--use_deepspeed", "--use_fsdp",
                                                "--use_megatron_lm", "--use_xpu", "-m", "--module", "--no_python",
                                                "--debug", "-q", "--quiet", "--tpu", "--same_network"};
  i = skipOptions(w, i, flags, [&](const Words& ws, size_t& k) {
    if (ws[k].text == "-m" || ws[k].text == "--module") module = true;
    for (std::string_view name : {"--num_processes", "--num-processes"})
      if (auto v = optionValue(ws, k, name)) { l.processes_token = *v; l.processes = intOf(*v); return true; }
    for (std::string_view name : {"--num_machines", "--num-machines"})
      if (auto v = optionValue(ws, k, name)) { machines = intOf(*v); return true; }
    return false;
  });
  // --num_processes counts every machine's processes.
  if (l.processes && machines && *machines > 1) l.processes = *l.processes / *machines;
  setEntry(l, w, i, module);
  return l;
}

std::optional<Launch> readDeepspeed(const Words& w, size_t i, const ArgToken& launcher) {
  Launch l;
  l.launcher = Launcher::DeepSpeed;
  l.launcher_token = launcher;
  l.processes_token = launcher;
  l.uses_all_gpus = true;  // deepspeed starts one process per visible GPU by default
  bool module = false;
  static const std::set<std::string_view> flags{"--no_python", "--module", "--no_local_rank", "--force_multi",
                                                "--elastic_training", "--bind_cores_to_rank"};
  i = skipOptions(w, i, flags, [&](const Words& ws, size_t& k) {
    if (ws[k].text == "--module") module = true;
    for (std::string_view name : {"--num_gpus", "--num-gpus"})
      if (auto v = optionValue(ws, k, name)) {
        l.processes_token = *v;
        l.processes = intOf(*v);
        l.uses_all_gpus = false;
        return true;
      }
    for (std::string_view name : {"--include", "--exclude", "-i", "-e", "--hostfile", "-H"})
      if (optionValue(ws, k, name)) { l.uses_all_gpus = false; return true; }  // a GPU subset: unknown count
    return false;
  });
  setEntry(l, w, i, module);
  return l;
}

std::optional<Launch> readMpi(const Words& w, size_t i, const ArgToken& launcher) {
  std::optional<ArgToken> np;
  for (; i < w.size() && !isPython(w[i].text); ++i)
    for (std::string_view name : {"-np", "-n", "--np", "-N", "--npernode"})
      if (auto v = optionValue(w, i, name)) { np = v; break; }
  if (i >= w.size()) return std::nullopt;
  std::optional<Launch> l = readPython(w, i + 1);
  if (!l) return std::nullopt;
  l->launcher = Launcher::Mpi;
  l->launcher_token = launcher;
  l->processes = np ? intOf(*np) : std::nullopt;
  l->processes_token = np ? *np : launcher;
  return l;
}

// After `python`: interpreter options, then a script, `-m module` or `-c code`.
std::optional<Launch> readPython(const Words& w, size_t i) {
  ArgToken launcher = w[i - 1];
  for (; i < w.size() && w[i].text.size() > 1 && w[i].text[0] == '-'; ++i) {
    const std::string& t = w[i].text;
    if (t == "-c") return std::nullopt;  // inline code: no script to follow
    if (t == "-W" || t == "-X") { ++i; continue; }
    if (t != "-m") continue;
    if (i + 1 >= w.size()) return std::nullopt;
    const std::string& mod = w[i + 1].text;
    if (mod == "torch.distributed.run" || mod == "torch.distributed.launch") return readTorchrun(w, i + 2, launcher);
    if (mod == "accelerate.commands.launch") return readAccelerate(w, i + 2, launcher);
    Launch l;
    l.launcher_token = launcher;
    l.processes = 1;
    l.processes_token = launcher;
    setEntry(l, w, i + 1, true);
    return l;
  }
  if (i >= w.size()) return std::nullopt;
  Launch l;
  l.launcher_token = launcher;
  l.processes = 1;
  l.processes_token = launcher;
  setEntry(l, w, i, false);
  return l;
}

// One simple command (no operators): wrappers first, then a launcher.
void readCommand(const Words& w, ShellFacts& facts, std::string& cwd, std::map<std::string, std::string>& env) {
  size_t i = 0;
  while (i < w.size() && w[i].text.find('=') != std::string::npos && w[i].text[0] != '-') {
    std::string_view t = w[i].text;
    env[std::string(t.substr(0, t.find('=')))] = std::string(t.substr(t.find('=') + 1));
    ++i;
  }
  if (i >= w.size()) return;
  if (w[i].text == "export") {
    for (++i; i < w.size(); ++i)
      if (size_t eq = w[i].text.find('='); eq != std::string::npos) env[w[i].text.substr(0, eq)] = w[i].text.substr(eq + 1);
    return;
  }
  if (w[i].text == "cd" && i + 1 < w.size()) {
    const ArgToken& dir = w[i + 1];
    if (dir.unknown) cwd = "$unknown";
    else cwd = (dir.text[0] == '/' || cwd.empty()) ? dir.text : cwd + "/" + dir.text;
    return;
  }
  size_t command_start = i;
  for (; i < w.size(); ++i) {
    const std::string& t = w[i].text;
    if (auto v = optionValue(w, i, "--gres")) {
      size_t colon = v->text.rfind(':');
      if (v->text.rfind("gpu", 0) == 0 && colon != std::string::npos) {
        ArgToken count = *v;
        count.text = v->text.substr(colon + 1);
        if (auto n = intOf(count)) { facts.gres_gpus = n; facts.gres_token = *v; }
      }
      continue;
    }
    if (auto v = optionValue(w, i, "--gpus-per-node")) {
      if (auto n = intOf(*v)) { facts.gres_gpus = n; facts.gres_token = *v; }
      continue;
    }
    if (auto v = optionValue(w, i, "--shm-size")) {
      facts.shm_token = *v;
      facts.shm_bytes = v->unknown ? std::nullopt : parseSize(v->text);
      continue;
    }
    std::optional<Launch> l;
    std::string_view b = baseName(t);
    if (isPython(t)) l = readPython(w, i + 1);
    else if (b == "torchrun") l = readTorchrun(w, i + 1, w[i]);
    else if (b == "accelerate" && i + 1 < w.size() && w[i + 1].text == "launch") l = readAccelerate(w, i + 2, w[i]);
    else if (b == "deepspeed") l = readDeepspeed(w, i + 1, w[i]);
    else if (b == "mpirun" || b == "mpiexec" || b == "horovodrun") l = readMpi(w, i + 1, w[i]);
    else continue;  // a wrapper (nohup, srun, docker run ...) or an unrelated command
    if (l) {
      l->cwd = cwd;
      l->env = env;
      l->wrapper.assign(w.begin() + static_cast<long>(command_start), w.begin() + static_cast<long>(i));
      facts.launches.push_back(std::move(*l));
    }
    return;
  }
}

}  // namespace

ShellFacts readLaunches(const std::vector<ShellWord>& words, const Placeholders& /*inputs*/) {
  ShellFacts facts;
  std::string cwd;
  std::map<std::string, std::string> env;
  Words command;
  bool skip_next = false;  // the target of a `>` redirect
  auto flush = [&] {
    readCommand(command, facts, cwd, env);
    command.clear();
  };
  for (const ShellWord& w : words) {
    if (skip_next) { skip_next = false; if (!w.is_operator) continue; }
    if (!w.is_operator) { command.push_back(w.token); continue; }
    if (w.token.text == ">") { skip_next = true; continue; }
    if (w.token.text == ">&") continue;
    flush();
  }
  flush();
  return facts;
}

}  // namespace gpulint::project
