#include "checkers/ops/GPU405_tiny_launch.h"

#include <map>
#include <vector>

#include "checkers/ops/ops_common.h"

namespace gpulint::checks {

namespace {
constexpr int64_t kWarp = 32;
constexpr int64_t kSingleBlockMinimum = 256;

std::string from(const cxx::LaunchArg& arg) { return arg.origin.empty() ? "" : " (from " + arg.origin + ")"; }
}  // namespace

void TinyLaunch::run(const AnalysisContext& ctx, DiagnosticSink& sink) const {
  const cxx::CxxModel& model = *ctx.cxx;
  // A macro that expands to a switch of launches (apex's group-norm kernels:
  // 90 block sizes behind one macro call) puts them all at one place: one
  // finding there, naming the other sizes.
  std::map<uint32_t, Diagnostic> first;  // by the block argument's offset
  std::map<uint32_t, std::vector<int64_t>> other_sizes;
  std::vector<uint32_t> order;
  for (const cxx::Launch& launch : model.launches) {
    if (launch.config.size() < 2) continue;
    const cxx::LaunchArg& grid = launch.config[0];
    const cxx::LaunchArg& block = launch.config[1];
    // A block size computed at run time (from the input) is not known here.
    if (!block.value || *block.value <= 0) continue;
    int64_t threads = *block.value;
    // `<<<1, 1>>>`: one thread on purpose, a task with one unit of work (a
    // loss-scale or step-counter update on the device, so the host need not
    // read it); more lanes would have nothing to do.
    if (threads == 1 && grid.value && *grid.value == 1) continue;
    std::string message;
    if (threads < kWarp || threads % kWarp != 0) {
      int64_t warps = (threads + kWarp - 1) / kWarp;
      int64_t idle = warps * kWarp - threads;
      message = "kernel `" + launch.kernel + "` is launched with blocks of " + std::to_string(threads) +
                " threads" + from(block) + ": the GPU runs threads in warps of 32, so " + std::to_string(idle) +
                " of the " + std::to_string(warps * kWarp) + " lanes in each block's warps idle. Use a multiple "
                "of 32 threads per block (128 or 256 are good defaults).";
    } else if (grid.value && *grid.value == 1 && threads < kSingleBlockMinimum) {
      message = "kernel `" + launch.kernel + "` is launched as a single block of " + std::to_string(threads) +
                " threads" + from(block) + ": one block runs on one of the GPU's many multiprocessors while "
                "the others idle. Spread the work over a grid of blocks.";
    } else {
      continue;  // full warps and enough parallelism
    }
    if (first.count(block.range.begin)) {
      other_sizes[block.range.begin].push_back(threads);
      continue;
    }
    order.push_back(block.range.begin);
    first.emplace(block.range.begin, ops::makeDiagnostic("GPU405", Level::Note, model, block.range, std::move(message)));
  }
  for (uint32_t at : order) {
    Diagnostic d = std::move(first.at(at));
    if (auto it = other_sizes.find(at); it != other_sizes.end()) {
      std::string sizes;
      for (int64_t t : it->second) sizes += (sizes.empty() ? "" : ", ") + std::to_string(t);
      d.message += " The same code also launches it with blocks of " + sizes + " threads.";
    }
    sink.report(std::move(d));
  }
}

}  // namespace gpulint::checks
