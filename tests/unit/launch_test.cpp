#include <gtest/gtest.h>

#include "frontend/project/launch.h"

namespace gpulint::project {
namespace {

struct Parsed {
  std::unique_ptr<config::ConfigModel> model;
  ShellFacts facts;
  [[nodiscard]] std::string_view at(const ArgToken& t) const {
    return std::string_view(model->file().text()).substr(t.begin, t.end - t.begin);
  }
};

Parsed shell(std::string yaml, const Placeholders& inputs = {}) {
  Parsed p;
  p.model = config::buildConfigModel(std::make_shared<SourceFile>("job.yaml", std::move(yaml), FileKind::Yaml));
  EXPECT_TRUE(p.model->error().empty()) << p.model->error();
  const config::ConfigValue* cmd = p.model->documents().at(0)->get("command");
  if (cmd->isSequence()) p.facts = parseArgvList(cmd->items, inputs);
  else p.facts = parseShellCommand(*cmd, inputs);
  return p;
}

std::vector<std::string> texts(const std::vector<ArgToken>& args) {
  std::vector<std::string> out;
  for (const auto& a : args) out.push_back(a.text);
  return out;
}

TEST(Launch, PlainPythonScriptWithArgs) {
  Parsed p = shell("command: python3 -u train.py --num-workers 0 --data '/mnt/my data'\n");
  ASSERT_EQ(p.facts.launches.size(), 1u);
  const Launch& l = p.facts.launches[0];
  EXPECT_EQ(l.launcher, Launcher::Python);
  EXPECT_EQ(l.script, "train.py");
  EXPECT_EQ(l.processes, 1);
  EXPECT_EQ(texts(l.args), (std::vector<std::string>{"--num-workers", "0", "--data", "/mnt/my data"}));
  EXPECT_EQ(p.at(l.args[1]), "0");
  EXPECT_EQ(p.at(l.args[3]), "'/mnt/my data'");
}

TEST(Launch, PythonModule) {
  Parsed p = shell("command: python -m pkg.train --lr 1\n");
  ASSERT_EQ(p.facts.launches.size(), 1u);
  EXPECT_EQ(p.facts.launches[0].module, "pkg.train");
  EXPECT_TRUE(p.facts.launches[0].script.empty());
  EXPECT_EQ(texts(p.facts.launches[0].args), (std::vector<std::string>{"--lr", "1"}));
}

TEST(Launch, BlockScalarWithCdChainAndContinuation) {
  std::string yaml = "command: |\n  cd src && torchrun --standalone --nproc_per_node=4 train.py \\\n    --num-workers 0\n";
  Parsed p = shell(yaml);
  ASSERT_EQ(p.facts.launches.size(), 1u);
  const Launch& l = p.facts.launches[0];
  EXPECT_EQ(l.launcher, Launcher::Torchrun);
  EXPECT_EQ(l.cwd, "src");
  EXPECT_EQ(l.processes, 4);
  EXPECT_EQ(p.at(l.processes_token), "4");
  EXPECT_EQ(l.script, "train.py");
  ASSERT_EQ(l.args.size(), 2u);
  EXPECT_EQ(p.at(l.args[1]), "0");
  EXPECT_EQ(p.model->file().position(l.args[1].begin).line, 3u);
}

TEST(Launch, TorchDistributedRunModuleAndDefaults) {
  Parsed a = shell("command: python -m torch.distributed.run --nproc-per-node 2 --nnodes 1 train.py\n");
  ASSERT_EQ(a.facts.launches.size(), 1u);
  EXPECT_EQ(a.facts.launches[0].processes, 2);
  EXPECT_EQ(a.facts.launches[0].script, "train.py");
  Parsed b = shell("command: torchrun train.py\n");
  EXPECT_EQ(b.facts.launches.at(0).processes, 1);
  Parsed c = shell("command: torchrun --nproc_per_node=gpu train.py\n");
  EXPECT_FALSE(c.facts.launches.at(0).processes);
  EXPECT_TRUE(c.facts.launches.at(0).uses_all_gpus);
}

TEST(Launch, AccelerateAndDeepspeed) {
  Parsed a = shell("command: accelerate launch --multi_gpu --num_processes 8 --mixed_precision fp16 train.py --bs 4\n");
  ASSERT_EQ(a.facts.launches.size(), 1u);
  EXPECT_EQ(a.facts.launches[0].launcher, Launcher::Accelerate);
  EXPECT_EQ(a.facts.launches[0].processes, 8);
  EXPECT_EQ(a.facts.launches[0].script, "train.py");
  Parsed none = shell("command: accelerate launch train.py\n");
  EXPECT_FALSE(none.facts.launches.at(0).processes);  // the accelerate config decides
  Parsed d = shell("command: deepspeed --num_gpus 2 train.py --deepspeed ds.json\n");
  EXPECT_EQ(d.facts.launches.at(0).processes, 2);
  Parsed all = shell("command: deepspeed train.py\n");
  EXPECT_TRUE(all.facts.launches.at(0).uses_all_gpus);
  EXPECT_FALSE(all.facts.launches.at(0).processes);
}

TEST(Launch, EnvPrefixesChainsAndRedirects) {
  Parsed p = shell("command: pip install -r req.txt; CUDA_VISIBLE_DEVICES=0 python prep.py && python train.py > log 2>&1\n");
  ASSERT_EQ(p.facts.launches.size(), 2u);
  EXPECT_EQ(p.facts.launches[0].script, "prep.py");
  EXPECT_EQ(p.facts.launches[0].env.at("CUDA_VISIBLE_DEVICES"), "0");
  EXPECT_EQ(p.facts.launches[1].script, "train.py");
  EXPECT_TRUE(p.facts.launches[1].args.empty());
}

TEST(Launch, SlurmGresAndShmSize) {
  Parsed p = shell("command: srun --gres=gpu:a100:4 --ntasks-per-node=1 python train.py\n");
  EXPECT_EQ(p.facts.gres_gpus, 4);
  ASSERT_EQ(p.facts.launches.size(), 1u);
  EXPECT_EQ(p.facts.launches[0].processes, 1);
  Parsed d = shell("command: docker run --shm-size=64m img python train.py\n");
  EXPECT_EQ(d.facts.shm_bytes, 64 << 20);
}

TEST(Launch, AmlPlaceholders) {
  Parsed p = shell("command: python train.py --workers ${{inputs.workers}} --data ${{inputs.data}}\n",
                   Placeholders{{"workers", "0"}});
  const Launch& l = p.facts.launches.at(0);
  ASSERT_EQ(l.args.size(), 4u);
  EXPECT_EQ(l.args[1].text, "0");
  EXPECT_FALSE(l.args[1].unknown);
  EXPECT_EQ(p.at(l.args[1]), "${{inputs.workers}}");
  EXPECT_TRUE(l.args[3].unknown);
}

TEST(Launch, ShellVariablesAreUnknown) {
  Parsed p = shell("command: torchrun --nproc_per_node=$NGPU train.py --bs \"${BS}\"\n");
  const Launch& l = p.facts.launches.at(0);
  EXPECT_FALSE(l.processes);
  EXPECT_TRUE(l.args.at(1).unknown);
}

TEST(Launch, ArgvListsAndShellDashC) {
  Parsed p = shell("command: [\"python\", \"train.py\", \"--num-workers\", \"0\"]\n");
  const Launch& l = p.facts.launches.at(0);
  EXPECT_EQ(l.script, "train.py");
  EXPECT_EQ(p.at(l.args.at(1)), "\"0\"");
  Parsed b = shell("command:\n  - /bin/bash\n  - -lc\n  - |\n    cd /app\n    python -u main.py --epochs 3\n");
  ASSERT_EQ(b.facts.launches.size(), 1u);
  EXPECT_EQ(b.facts.launches[0].cwd, "/app");
  EXPECT_EQ(b.at(b.facts.launches[0].args.at(1)), "3");
}

TEST(Launch, MpiCountsProcesses) {
  Parsed p = shell("command: horovodrun -np 4 -H localhost:4 python train.py\n");
  ASSERT_EQ(p.facts.launches.size(), 1u);
  EXPECT_EQ(p.facts.launches[0].launcher, Launcher::Mpi);
  EXPECT_EQ(p.facts.launches[0].processes, 4);
}

TEST(Launch, InlineCodeIsNoLaunch) {
  Parsed p = shell("command: python -c 'import torch; print(1)'\n");
  EXPECT_TRUE(p.facts.launches.empty());
}

}  // namespace
}  // namespace gpulint::project
