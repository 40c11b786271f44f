// libFuzzer target: any bytes as a job YAML (and as JSON, and as a shell launch script), modelled and linked
// to a fixed training script, so job schemas, argv binding and the job rules
// all see the input.
#include <cstddef>
#include <cstdint>
#include <string>

#include "checkers/pipeline.h"
#include "checkers/project_pass.h"

namespace {

const char* kScript =
    "import argparse, torch\n"
    "from torch.utils.data import DataLoader\n"
    "p = argparse.ArgumentParser()\n"
    "p.add_argument('--num-workers', type=int, default=0)\n"
    "p.add_argument('--batch-size', type=int, default=1)\n"
    "args = p.parse_args()\n"
    "loader = DataLoader(ds, batch_size=args.batch_size, num_workers=args.num_workers)\n"
    "model = torch.nn.Linear(1, 1).cuda()\n"
    "for epoch in range(10):\n"
    "    for x in loader:\n"
    "        loss = model(x.cuda()).sum()\n"
    "        loss.backward()\n"
    "        print(loss.item())\n";

void link(const std::string& text, const char* name, gpulint::FileKind kind) {
  using namespace gpulint;
  static const RuleOptions options;
  std::vector<FileAnalysis> per_file(2);
  per_file[0].source = std::make_shared<SourceFile>(name, text, kind);
  per_file[1] = analyzeSource(std::make_shared<SourceFile>("train.py", kScript, FileKind::Python), options);
  std::vector<std::string> disk = {"", ""};
  auto linked = linkedView(per_file, disk, options);
  (void)linked;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  link(text, "job.yaml", gpulint::FileKind::Yaml);
  link(text, "ds_config.json", gpulint::FileKind::Json);
  link(text, "launch.sh", gpulint::FileKind::Shell);
  return 0;
}
