// Shell and Slurm launch scripts: directives, variables, srun tasks, and
// which shell files are launch scripts at all.
#include <gtest/gtest.h>

#include "checkers/suppression.h"
#include "frontend/project/launch_script.h"
#include "frontend/project/shell_script.h"
#include "frontend/project/slurm.h"

namespace gpulint::project {
namespace {

SourceFile script(std::string text) { return SourceFile("run.sh", std::move(text), FileKind::Shell); }

// The launches of a script, read as a job.
std::vector<Launch> launches(const std::string& text) {
  LaunchScript read = readLaunchScript(script(text));
  if (!read.job) return {};
  return read.job->roles.at(0).shell.launches;
}

std::string argText(const std::string& text, size_t arg) {
  std::vector<Launch> l = launches(text);
  if (l.empty() || l[0].args.size() <= arg) return "<none>";
  return l[0].args[arg].unknown ? "<unknown>" : l[0].args[arg].text;
}

TEST(Shebang, ShellInterpretersOnly) {
  EXPECT_TRUE(hasShellShebang("#!/bin/bash\necho"));
  EXPECT_TRUE(hasShellShebang("#!/usr/bin/env bash\n"));
  EXPECT_TRUE(hasShellShebang("#! /bin/sh -e\n"));
  EXPECT_TRUE(hasShellShebang("#!/usr/bin/env -S zsh -l\n"));
  EXPECT_FALSE(hasShellShebang("#!/usr/bin/env python3\n"));
  EXPECT_FALSE(hasShellShebang("#!/bin/bashful\n"));
  EXPECT_FALSE(hasShellShebang("# bash\n"));
  EXPECT_EQ(kindFromPathAndText("scripts/train", "#!/bin/bash\n"), FileKind::Shell);
  EXPECT_EQ(kindFromPathAndText("scripts/train", "#!/usr/bin/python\n"), FileKind::Unknown);
  EXPECT_EQ(kindFromPathAndText("job.slurm", ""), FileKind::Shell);
  EXPECT_EQ(kindFromPathAndText("notes.txt", "#!/bin/sh\n"), FileKind::Unknown);  // an extension decides
}

TEST(Slurm, DirectivesBeforeTheFirstCommand) {
  SlurmRequest r = readSlurmDirectives(
      "#!/bin/bash\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=4   # tasks\n#SBATCH --gres=gpu:a100:4,nvme:1\n"
      "#SBATCH -c8\n#SBATCH --mem=500G\n\necho go\n#SBATCH --gres=gpu:8\n");
  ASSERT_TRUE(r.any_directive);
  EXPECT_EQ(r.nodes->value, 2);
  EXPECT_EQ(r.nodes->token.text, "-N 2");
  EXPECT_EQ(r.tasks_per_node->value, 4);
  EXPECT_EQ(r.gres_gpus->value, 4);  // the line after `echo` is not a directive any more
  EXPECT_EQ(r.cpus_per_task->value, 8);
  EXPECT_EQ(r.mem_bytes->value, int64_t{500} << 30);
  EXPECT_EQ(gpusPerNode(r)->count.value, 4);
  EXPECT_EQ(cpusPerNode(r)->count.value, 32);
  EXPECT_EQ(cpusPerNode(r)->how, "x 4 tasks per node");
}

TEST(Slurm, GpusPerNodeFromEachForm) {
  EXPECT_EQ(gpusPerNode(readSlurmDirectives("#SBATCH --gpus-per-node=h100:8\n"))->count.value, 8);
  EXPECT_EQ(gpusPerNode(readSlurmDirectives("#SBATCH --gres=gpu\n"))->count.value, 1);
  EXPECT_EQ(gpusPerNode(readSlurmDirectives("#SBATCH --gpus-per-task=1\n#SBATCH --ntasks-per-node=4\n"))->count.value, 4);
  EXPECT_EQ(gpusPerNode(readSlurmDirectives("#SBATCH --gpus=8\n#SBATCH --nodes=2\n"))->count.value, 4);
  // Slurm spreads --gpus over nodes it chooses; --ntasks without nodes likewise.
  EXPECT_FALSE(gpusPerNode(readSlurmDirectives("#SBATCH --gpus=8\n")));
  EXPECT_FALSE(gpusPerNode(readSlurmDirectives("#SBATCH --gpus-per-task=1\n#SBATCH --ntasks=8\n")));
  EXPECT_FALSE(gpusPerNode(readSlurmDirectives("#SBATCH --nodes=2-4\n#SBATCH --gpus=8\n")));
  EXPECT_FALSE(gpusPerNode(readSlurmDirectives("#SBATCH --gres=gpu:$N\n")));
  EXPECT_FALSE(cpusPerNode(readSlurmDirectives("#SBATCH --gres=gpu:4\n")));  // the cluster's default CPUs
  EXPECT_EQ(cpusPerNode(readSlurmDirectives("#SBATCH --gres=gpu:4\n#SBATCH --cpus-per-gpu=6\n"))->count.value, 24);
}

TEST(ShellVariables, LiteralAssignmentsAndDefaults) {
  EXPECT_EQ(argText("N=4\npython train.py --n $N\n", 1), "4");
  EXPECT_EQ(argText("export BS=64\npython train.py --bs \"${BS}\"\n", 1), "64");
  EXPECT_EQ(argText("python train.py --n ${N:-8}\n", 1), "8");
  EXPECT_EQ(argText(": ${N:=16}\npython train.py --n $N\n", 1), "16");
  EXPECT_EQ(argText("N=2\nN=${N:-8}\npython train.py --n $N\n", 1), "2");
  EXPECT_EQ(argText("OUT=/ckpt\npython train.py --out \"$OUT/run-1\"\n", 1), "/ckpt/run-1");
  EXPECT_EQ(argText("python train.py --lr '1e-4'\n", 1), "1e-4");
}

TEST(ShellVariables, UnknownValuesStayUnknown) {
  EXPECT_EQ(argText("python train.py --n $N\n", 1), "<unknown>");       // from the environment
  EXPECT_EQ(argText("python train.py --n $1\n", 1), "<unknown>");
  EXPECT_EQ(argText("N=$(nproc)\npython train.py --n $N\n", 1), "<unknown>");
  EXPECT_EQ(argText("N=$((2 * 4))\npython train.py --n $N\n", 1), "<unknown>");
  EXPECT_EQ(argText("N=1\nif true; then N=8; fi\npython train.py --n $N\n", 1), "<unknown>");
  EXPECT_EQ(argText("N=1\nfor x in a b; do python train.py --n $N; N=2; done\n", 1), "<unknown>");
  EXPECT_EQ(argText("N=1\nrun() { python train.py --n $N; }\nrun\n", 1), "<unknown>");
  EXPECT_EQ(argText("N=4\npython train.py --n ${#N}\n", 1), "<unknown>");
}

TEST(ShellVariables, TheScriptFolderIdioms) {
  auto entry = [](const std::string& text) {
    std::vector<Launch> l = launches(text);
    return l.empty() ? std::string("<none>") : l[0].entry.unknown ? "<unknown>" : l[0].script;
  };
  EXPECT_EQ(entry("HERE=$(cd -- \"$(dirname \"$0\")\" >/dev/null 2>&1 ; pwd -P)\nROOT=$(dirname $HERE)\n"
                  "torchrun --nproc_per_node 8 $ROOT/run_train.py\n"),
            "./../run_train.py");
  EXPECT_EQ(entry("cd \"$(dirname \"${BASH_SOURCE[0]}\")\"\npython train.py\n"), "train.py");
  EXPECT_EQ(launches("cd \"$(dirname \"${BASH_SOURCE[0]}\")\"\npython train.py\n").at(0).cwd, ".");
  EXPECT_EQ(entry("python \"$(dirname \"$0\")/train.py\"\n"), "./train.py");
  EXPECT_EQ(entry("python $(dirname $DIR)/train.py\n"), "<unknown>");
  EXPECT_EQ(entry("python $(git rev-parse --show-toplevel)/train.py\n"), "<unknown>");
}

TEST(ShellVariables, ALiteralVariablePointsAtItsAssignment) {
  std::string text = "NGPUS=4\ntorchrun --nproc_per_node $NGPUS train.py\n";
  std::vector<Launch> l = launches(text);
  ASSERT_EQ(l.size(), 1u);
  EXPECT_EQ(l[0].processes, 4);
  EXPECT_EQ(text.substr(l[0].processes_token.begin, l[0].processes_token.end - l[0].processes_token.begin), "4");
  EXPECT_EQ(l[0].processes_token.begin, 6u);
  // Joined to its option, in quotes or not, the value still points at the assignment.
  for (std::string joined : {"NGPUS=4\ntorchrun --nproc_per_node=$NGPUS train.py\n",
                             "NGPUS=4\ntorchrun \"--nproc_per_node=${NGPUS}\" train.py\n"}) {
    std::vector<Launch> j = launches(joined);
    ASSERT_EQ(j.size(), 1u);
    EXPECT_EQ(j[0].processes, 4);
    EXPECT_EQ(j[0].processes_token.begin, 6u) << joined;
    EXPECT_EQ(j[0].processes_token.end, 7u) << joined;
  }
  // A literal option word keeps its own bytes.
  EXPECT_EQ(launches("torchrun --nproc_per_node=4 train.py\n").at(0).processes_token.begin, 26u);
}

TEST(Srun, TasksMultiplyTheLauncher) {
  const char* batch = "#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=4\n#SBATCH --gres=gpu:4\n";
  EXPECT_EQ(launches(std::string(batch) + "srun python train.py\n").at(0).processes, 4);
  EXPECT_EQ(launches(std::string(batch) + "python train.py\n").at(0).processes, 1);  // the batch host only
  EXPECT_EQ(launches(std::string(batch) + "srun --ntasks-per-node=1 torchrun --nproc_per_node=4 train.py\n")
                .at(0).processes, 4);
  EXPECT_EQ(launches(std::string(batch) + "srun -n 2 python train.py\n").at(0).processes, 1);  // 2 tasks, 2 nodes
  EXPECT_FALSE(launches(std::string(batch) + "srun $ARGS python train.py\n").at(0).processes);
  // No directives: the allocation srun runs in is not in the file.
  EXPECT_FALSE(launches("srun python train.py\n").at(0).processes);
  EXPECT_EQ(launches("srun --ntasks-per-node=2 python train.py\n").at(0).processes, 2);
}

TEST(LaunchScripts, WhichShellFilesAreJobs) {
  EXPECT_TRUE(readLaunchScript(script("#SBATCH --gres=gpu:1\nsrun ./run_all\n")).job);  // directives alone
  EXPECT_TRUE(readLaunchScript(script("cd src && python -m trainer.main --epochs 3\n")).job);
  LaunchScript other = readLaunchScript(script("#!/bin/bash\nset -e\nrm -rf build\nmake -j4\n"));
  EXPECT_FALSE(other.job);
  EXPECT_TRUE(other.unreadable.empty());
  // A syntax the grammar cannot read: a note when it looks like a launcher, silence otherwise.
  LaunchScript broken = readLaunchScript(script("#SBATCH --gres=gpu:2\nif [ -z \"$X\" ; then\n  python train.py\n"));
  EXPECT_FALSE(broken.job);
  EXPECT_NE(broken.unreadable.find("cannot read"), std::string::npos);
  EXPECT_TRUE(readLaunchScript(script("if then fi ((\n")).unreadable.empty());
}

TEST(ShellSuppressions, CommentsAtWordStartsAndOnDirectives) {
  Suppressions s = parseSuppressions(
      "#SBATCH --gres=gpu:4  # gpulint: disable=GPU301\n"
      "echo \"# gpulint: disable=GPU302\" $#  # noqa: GPU304\n"
      "# gpulint: disable=GPU303\n#SBATCH --cpus-per-task=1\n",
      FileKind::Shell);
  EXPECT_TRUE(s.suppressed("GPU301", 1));
  EXPECT_FALSE(s.suppressed("GPU302", 2));  // inside quotes
  EXPECT_TRUE(s.suppressed("GPU304", 2));
  EXPECT_TRUE(s.suppressed("GPU303", 4));   // a directive line is what the next line is
  EXPECT_EQ(suppressionComment(FileKind::Shell, "GPU301"), "  # gpulint: disable=GPU301");
}

}  // namespace
}  // namespace gpulint::project
