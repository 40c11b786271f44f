// Run configs bound to scripts: typing, flattening, overrides, argv scanning,
// and what the script's expressions resolve to once a config is linked.
#include <gtest/gtest.h>

#include <map>

#include "frontend/project/config_binding.h"
#include "frontend/project/run_config.h"
#include "frontend/python/syntax.h"

namespace gpulint::project {
namespace {

using python::ResolvedValue;

std::unique_ptr<config::ConfigModel> yaml(const std::string& path, const std::string& text) {
  return config::buildConfigModel(std::make_shared<SourceFile>(path, text, kindFromPath(path)));
}

// A job file whose text is the argv words joined by spaces; tokens keep their bytes.
struct Job {
  std::shared_ptr<SourceFile> file;
  Launch launch;
};
Job job(const std::vector<std::string>& argv) {
  Job j;
  std::string text;
  for (const auto& a : argv) {
    ArgToken t;
    t.begin = static_cast<uint32_t>(text.size());
    text += a;
    t.end = static_cast<uint32_t>(text.size());
    text += " ";
    t.text = a;
    t.unknown = a.find('$') != std::string::npos;
    j.launch.args.push_back(t);
  }
  j.file = std::make_shared<SourceFile>("job.yaml", text, FileKind::Yaml);
  return j;
}

// A script bound to configs served from `files` (by path; one map for both bases).
struct Bound {
  std::unique_ptr<python::ScriptModel> script;
  std::map<std::string, std::unique_ptr<config::ConfigModel>> files;
  Job j;
  bool bound = false;
  // What the first call keyword `name=` of the script resolves to.
  ResolvedValue keyword(const std::string& name) const {
    for (const python::Call& c : script->calls())
      if (ts::Node v = c.keyword(name)) return script->resolve(v);
    return ResolvedValue::unknown();
  }
};

Bound bindScript(const std::string& code, std::map<std::string, std::string> configs,
                 const std::vector<std::string>* argv) {
  Bound b;
  b.script = python::buildScriptModel(std::make_shared<SourceFile>("train.py", code, FileKind::Python), RuleOptions{});
  for (auto& [path, text] : configs) b.files[path] = yaml(path, text);
  RunConfigInput in;
  in.script = b.script.get();
  if (argv) {
    b.j = job(*argv);
    in.launch = &b.j.launch;
    in.job_file = b.j.file.get();
  }
  in.load = [&b](const std::string& path, bool) -> const config::ConfigModel* {
    auto it = b.files.find(path);
    return it == b.files.end() ? nullptr : it->second.get();
  };
  b.bound = bindRunConfigs(in);
  return b;
}

TEST(ConfigBinding, ScalarsAreTypedLikeAYamlLoader) {
  auto m = yaml("c.yaml", "a: 0\nb: \"0\"\nc: false\nd: ${x.y}\ne: auto\nf: null\ng: 0.5\nh: steps\n");
  ConfigValues v = flattenConfig(*m, *m->documents().front(), "", {});
  EXPECT_EQ(v.at("a").kind, ResolvedValue::Kind::Int);
  EXPECT_EQ(v.at("b").kind, ResolvedValue::Kind::String);
  EXPECT_EQ(v.at("c").truthiness(), false);
  EXPECT_FALSE(v.count("d"));  // interpolation: unknown, left out
  EXPECT_FALSE(v.count("e"));  // DeepSpeed "auto"
  EXPECT_EQ(v.at("f").kind, ResolvedValue::Kind::None);
  EXPECT_DOUBLE_EQ(*v.at("g").asNumber(), 0.5);
  EXPECT_EQ(v.at("h").string_value, "steps");
}

TEST(ConfigBinding, FlattenedValuesPointAtTheirBytes) {
  auto m = yaml("conf/config.yaml", "data:\n  root: /d\n  num_workers: 0\nlr: [1, 2]\n");
  ConfigValues v = flattenConfig(*m, *m->documents().front(), "", {{Location{}, "link"}});
  const ResolvedValue& w = v.at("data.num_workers");
  ASSERT_EQ(w.chain.size(), 2u);
  EXPECT_EQ(w.chain[0].message, "link");
  EXPECT_EQ(w.chain[1].message, "config key data.num_workers");
  EXPECT_EQ(w.chain[1].location.file, "conf/config.yaml");
  EXPECT_EQ(w.chain[1].location.start.line, 3u);
  EXPECT_EQ(m->file().text().substr(w.chain[1].location.begin, 1), "0");
  EXPECT_EQ(v.at("lr[1]").asInt(), 2);
}

TEST(ConfigBinding, HydraOverridesParseAndApply) {
  Job j = job({"data.num_workers=8", "+extra=1", "~data.root", "--flag", "hydra.run.dir=out", "x=${oc.env:N}"});
  std::vector<ConfigOverride> o;
  for (const auto& t : j.launch.args)
    if (auto parsed = hydraOverride(t, *j.file)) o.push_back(*parsed);
  ASSERT_EQ(o.size(), 4u);  // --flag and hydra.* are not config overrides
  EXPECT_EQ(o[0].path, "data.num_workers");
  EXPECT_EQ(o[0].value.asInt(), 8);
  ASSERT_EQ(o[0].value.chain.size(), 1u);
  EXPECT_EQ(j.file->text().substr(o[0].value.chain[0].location.begin, 1), "8");
  EXPECT_EQ(o[1].op, ConfigOverride::Op::Add);
  EXPECT_EQ(o[2].op, ConfigOverride::Op::Delete);
  EXPECT_FALSE(o[3].value.known());
  ConfigValues v{{"data.num_workers", ResolvedValue::ofInt(0)}, {"data.root", ResolvedValue::ofString("/d")},
                 {"data.root_x", ResolvedValue::ofInt(1)}, {"extra", ResolvedValue::ofInt(5)},
                 {"x", ResolvedValue::ofInt(3)}};
  applyOverrides(v, o);
  EXPECT_EQ(v.at("data.num_workers").asInt(), 8);
  EXPECT_EQ(v.at("extra").asInt(), 5);  // `+` only adds
  EXPECT_FALSE(v.count("data.root"));
  EXPECT_TRUE(v.count("data.root_x"));  // a sibling key with the same prefix stays
  EXPECT_FALSE(v.at("x").known());      // an unknown override hides the file's value
}

TEST(ConfigBinding, ArgvNamesConfigFiles) {
  ArgvConfigs a = scanArgv(job({"fit", "--config", "cfg.yaml", "--trainer.devices=4", "--data.num_workers", "8",
                                "-cn", "exp", "--deepspeed=ds.json"})
                               .launch.args);
  ASSERT_EQ(a.configs.size(), 1u);
  EXPECT_EQ(a.configs[0].text, "cfg.yaml");
  ASSERT_EQ(a.dotted.size(), 2u);
  EXPECT_EQ(a.dotted[0].first, "trainer.devices");
  EXPECT_EQ(a.dotted[0].second.text, "4");
  EXPECT_EQ(a.hydra_name->text, "exp");
  EXPECT_EQ(a.deepspeed->text, "ds.json");
  EXPECT_FALSE(a.args_file);  // "fit" is the only positional
  EXPECT_EQ(scanArgv(job({"args.json"}).launch.args).args_file->text, "args.json");
  EXPECT_FALSE(scanArgv(job({"a.yaml", "b.yaml"}).launch.args).args_file);
}

constexpr const char* kHydra = R"(import hydra
from torch.utils.data import DataLoader

@hydra.main(config_path="conf", config_name="config", version_base=None)
def main(cfg):
    loader(cfg.data)

def loader(dcfg):
    return DataLoader(ds, num_workers=dcfg.num_workers, batch_size=dcfg["batch_size"])
)";

TEST(ConfigBinding, HydraMainReadsItsDefaultConfig) {
  Bound b = bindScript(kHydra, {{"conf/config.yaml", "data:\n  num_workers: 0\n  batch_size: 4\n"}}, nullptr);
  ASSERT_TRUE(b.bound);
  ResolvedValue w = b.keyword("num_workers");
  ASSERT_EQ(w.asInt(), 0);  // through the helper's parameter
  EXPECT_EQ(w.chain.front().message, "@hydra.main loads conf/config.yaml");
  EXPECT_EQ(w.chain.back().message, "config key data.num_workers");
  EXPECT_EQ(b.keyword("batch_size").asInt(), 4);  // subscript access
}

TEST(ConfigBinding, HydraCommandLineWins) {
  std::vector<std::string> argv{"data.num_workers=8", "--config-name", "other"};
  Bound b = bindScript(kHydra, {{"conf/config.yaml", "data:\n  num_workers: 0\n"},
                                {"conf/other.yaml", "data:\n  num_workers: 0\n  batch_size: 2\n"}}, &argv);
  ResolvedValue w = b.keyword("num_workers");
  EXPECT_EQ(w.asInt(), 8);
  EXPECT_EQ(w.chain.back().message, "job argv sets data.num_workers");
  EXPECT_EQ(b.keyword("batch_size").asInt(), 2);  // from the config the job selects
}

TEST(ConfigBinding, HydraDefaultsListComposesGroups) {
  std::map<std::string, std::string> files{
      {"conf/config.yaml", "defaults:\n  - data: imagenet\n  - _self_\ndata:\n  batch_size: 4\n"},
      {"conf/data/imagenet.yaml", "num_workers: 0\nbatch_size: 256\n"},
      {"conf/data/cifar.yaml", "num_workers: 6\n"}};
  Bound b = bindScript(kHydra, files, nullptr);
  ResolvedValue w = b.keyword("num_workers");
  EXPECT_EQ(w.asInt(), 0);
  EXPECT_EQ(w.chain.back().location.file, "conf/data/imagenet.yaml");
  EXPECT_EQ(w.chain.back().message, "config key data.num_workers");
  EXPECT_EQ(b.keyword("batch_size").asInt(), 4);  // the primary's own value comes after its defaults
  std::vector<std::string> argv{"data=cifar"};
  Bound chosen = bindScript(kHydra, files, &argv);
  EXPECT_EQ(chosen.keyword("num_workers").asInt(), 6);
  EXPECT_EQ(chosen.keyword("num_workers").chain.end()[-2].message, "job argv selects data=cifar");
  files["conf/config.yaml"] = "defaults:\n  - _self_\n  - data: imagenet\ndata:\n  batch_size: 4\n";
  EXPECT_EQ(bindScript(kHydra, files, nullptr).keyword("batch_size").asInt(), 256);  // the group comes last
  files["conf/config.yaml"] = "defaults:\n  - data: missing\ndata:\n  batch_size: 4\n";
  Bound missing = bindScript(kHydra, files, nullptr);
  EXPECT_FALSE(missing.keyword("num_workers").known());
  EXPECT_EQ(missing.keyword("batch_size").asInt(), 4);
  files["conf/config.yaml"] = "defaults:\n  - _self_\n  - base\ndata:\n  num_workers: 0\n";
  EXPECT_FALSE(bindScript(kHydra, files, nullptr).keyword("num_workers").known());  // `base` may override it
}

TEST(ConfigBinding, UnboundOrAbsentKeysStayUnknown) {
  Bound none = bindScript(kHydra, {}, nullptr);
  EXPECT_FALSE(none.bound);
  EXPECT_FALSE(none.keyword("num_workers").known());
  Bound absent = bindScript(kHydra, {{"conf/config.yaml", "data:\n  root: /d\n"}}, nullptr);
  EXPECT_FALSE(absent.keyword("num_workers").known());
}

TEST(ConfigBinding, OmegaConfLoadOfAnArgparsePath) {
  const char* code = R"(import argparse
from omegaconf import OmegaConf
p = argparse.ArgumentParser()
p.add_argument("--config", default="configs/base.yaml")
args = p.parse_args()
cfg = OmegaConf.load(args.config)
DataLoader(ds, num_workers=cfg.loader.workers)
)";
  Bound alone = bindScript(code, {{"configs/base.yaml", "loader:\n  workers: 2\n"}}, nullptr);
  EXPECT_EQ(alone.keyword("num_workers").asInt(), 2);
  EXPECT_EQ(alone.keyword("num_workers").chain.front().message, "the script loads configs/base.yaml");
}

TEST(ConfigBinding, LightningCliBindsDataModuleInit) {
  const char* code = R"(from lightning.pytorch.cli import LightningCLI
import lightning.pytorch as pl
from torch.utils.data import DataLoader

class Data(pl.LightningDataModule):
    def __init__(self, num_workers: int = 4, batch_size: int = 32):
        super().__init__()
        self.num_workers = num_workers
        self.save_hyperparameters()

    def train_dataloader(self):
        return DataLoader(ds, num_workers=self.num_workers, batch_size=self.hparams.batch_size)

LightningCLI(Model, Data)
)";
  std::vector<std::string> argv{"fit", "--config", "cfg.yaml", "--data.batch_size=64"};
  Bound b = bindScript(code,
                       {{"cfg.yaml", "trainer:\n  devices: 4\ndata:\n  class_path: pkg.Data\n  init_args:\n"
                                     "    num_workers: 0\n    batch_size: 2\n"}},
                       &argv);
  ResolvedValue w = b.keyword("num_workers");
  EXPECT_EQ(w.asInt(), 0);
  EXPECT_EQ(w.chain.back().message, "config key data.init_args.num_workers");
  EXPECT_EQ(b.keyword("batch_size").asInt(), 64);  // the command line wins
  EXPECT_EQ(b.script->configValue(python::ConfigRoot::LightningTrainer, "devices")->asInt(), 4);
}

TEST(ConfigBinding, HfArgumentsFileAndDeepSpeedConfig) {
  const char* code = R"(import sys
from transformers import HfArgumentParser, TrainingArguments, Trainer
parser = HfArgumentParser((ModelArguments, TrainingArguments))
if len(sys.argv) == 2 and sys.argv[1].endswith(".yaml"):
    model_args, training_args = parser.parse_yaml_file(sys.argv[1])
else:
    model_args, training_args = parser.parse_args_into_dataclasses()
Trainer(model=m, args=training_args).train()
x = dict(workers=training_args.dataloader_num_workers)
)";
  std::vector<std::string> argv{"args.yaml"};
  Bound b = bindScript(code,
                       {{"args.yaml", "dataloader_num_workers: 0\ndeepspeed: ds.json\n"},
                        {"ds.json", "{\"train_micro_batch_size_per_gpu\": 1, \"gradient_accumulation_steps\": \"auto\"}"}},
                       &argv);
  EXPECT_EQ(b.keyword("workers").asInt(), 0);
  EXPECT_EQ(b.keyword("workers").chain.front().message, "job argv names the HF arguments file args.yaml");
  auto micro = b.script->configValue(python::ConfigRoot::DeepSpeed, "train_micro_batch_size_per_gpu");
  ASSERT_TRUE(micro);
  EXPECT_EQ(micro->asInt(), 1);
  EXPECT_EQ(micro->chain.back().location.file, "ds.json");
  EXPECT_FALSE(b.script->configValue(python::ConfigRoot::DeepSpeed, "gradient_accumulation_steps"));
  // Without a file, HF reads its fields from argv.
  std::vector<std::string> flags{"--dataloader_num_workers", "0", "--do_train"};
  Bound f = bindScript(code, {}, &flags);
  EXPECT_EQ(f.keyword("workers").asInt(), 0);
  EXPECT_EQ(f.keyword("workers").chain.back().message, "job argv sets --dataloader_num_workers");
}

}  // namespace
}  // namespace gpulint::project
