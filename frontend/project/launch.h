#pragma once
// Shell launch lines inside job commands: which script a job starts, with
// which argv, and how many processes per node its launcher starts
// (`python`, `torchrun`, `python -m torch.distributed.run`, `accelerate
// launch`, `deepspeed`, `mpirun`/`horovodrun`). Every argv token keeps the
// file bytes it was written at, also inside YAML block scalars.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/config/config_model.h"

namespace gpulint::project {

struct ArgToken {
  std::string text;     // after unquoting and placeholder substitution
  uint32_t begin = 0;   // file bytes of the token as written
  uint32_t end = 0;
  bool unknown = false;  // holds `$VAR` or an unresolved `${{inputs.x}}`: its value is not known
};

enum class Launcher { Python, Torchrun, Accelerate, DeepSpeed, Mpi };
[[nodiscard]] const char* launcherName(Launcher l);

struct Launch {
  Launcher launcher = Launcher::Python;
  std::string script;             // the entry script as written ("src/train.py"); "" for -m
  std::string module;             // `python -m pkg.mod` / `torchrun -m pkg.mod`
  ArgToken entry;                 // the script (or module) token
  ArgToken launcher_token;        // `python`, `torchrun`, ...
  std::vector<ArgToken> args;     // the script's argv
  // Processes started per node: 1 for plain python, the launcher's count
  // option otherwise; nullopt when unknown (`--nproc_per_node=gpu`, `$N`,
  // accelerate without --num_processes, deepspeed without --num_gpus: they
  // use every visible GPU).
  std::optional<int64_t> processes;
  ArgToken processes_token;       // where the count is written (the launcher when implicit)
  bool uses_all_gpus = false;     // deepspeed / `--nproc_per_node=gpu`: one process per visible GPU
  std::string cwd;                // from a preceding `cd dir` in the same chain
  std::map<std::string, std::string> env;  // `VAR=value` prefixes and exports
  // Words of the same command before the launcher: wrappers and their
  // options (`srun --ntasks-per-node=4`, `nohup`, `docker run ...`).
  std::vector<ArgToken> wrapper;
};

struct ShellFacts {
  std::vector<Launch> launches;
  std::optional<int64_t> gres_gpus;  // `--gres=gpu:N` / `--gpus-per-node=N` (per node)
  ArgToken gres_token;
  std::string gres_how;  // how a per-node count is made from other options ("" when written as is)
  std::optional<int64_t> shm_bytes;  // docker-style `--shm-size=...`
  ArgToken shm_token;
};

// Literal values for `${{inputs.x}}` placeholders (AML job inputs).
using Placeholders = std::map<std::string, std::string>;

// Splits a shell command (a YAML scalar, decoded) into words and operators
// and reads its launch lines. Positions map through `value`.
[[nodiscard]] ShellFacts parseShellCommand(const config::ConfigValue& value, const Placeholders& inputs);
// Reads an argv written as a list (Kubernetes `command` + `args`): each item
// is one word; `sh -c "..."`/`bash -lc` items are parsed as shell.
[[nodiscard]] ShellFacts parseArgvList(const std::vector<const config::ConfigValue*>& items, const Placeholders& inputs);

// Lower level, for tests: the words of one shell string; operators
// (`&&`, `||`, `;`, `|`, `&`, newline) come back as words with text "&&" etc.
// and `unknown` false, marked by `is_operator`.
struct ShellWord {
  ArgToken token;
  bool is_operator = false;
};
[[nodiscard]] std::vector<ShellWord> splitShell(const config::ConfigValue& value, const Placeholders& inputs);
// Parses a list of words (operators included) into facts.
[[nodiscard]] ShellFacts readLaunches(const std::vector<ShellWord>& words, const Placeholders& inputs);

}  // namespace gpulint::project
