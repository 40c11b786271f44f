// C++/CUDA analysis cost relative to its floor: clang parsing the same
// extension source with the same flags (run gpulint_cxx_bench; the ratio of
// BM_CxxFullAnalysis to BM_ClangParseOnly is the figure that matters, not
// absolute times on shared machines).
#include <benchmark/benchmark.h>

#include <string>

#include "checkers/pipeline.h"
#include "frontend/cxx/cxx_frontend.h"

namespace {

// A typical extension source (~500 lines): kernels, their launchers with
// AT_DISPATCH, checks and a pybind11 module, with a few findings mixed in.
const std::string& extensionSource() {
  static const std::string text = [] {
    std::string s = "#include <torch/extension.h>\n#include <ATen/cuda/CUDAContext.h>\n#include <vector>\n\n";
    const int kOps = 20;
    for (int i = 0; i < kOps; ++i) {
      std::string n = std::to_string(i);
      s += "__global__ void kernel_" + n + "(const float* __restrict__ in, float* __restrict__ out, int64_t n) {\n"
           "  int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;\n"
           "  if (i >= n) return;\n"
           "  float v = in[i];\n"
           "  out[i] = v * v + " + n + ".0f;\n"
           "}\n\n"
           "at::Tensor op_" + n + "(at::Tensor input) {\n"
           "  TORCH_CHECK(input.is_cuda(), \"input must be a CUDA tensor\");\n"
           "  TORCH_CHECK(input.is_contiguous(), \"input must be contiguous\");\n"
           "  auto output = at::empty_like(input);\n"
           "  const int64_t n = input.numel();\n"
           "  const int threads = 256;\n"
           "  const int blocks = (n + threads - 1) / threads;\n"
           "  auto stream = at::cuda::getCurrentCUDAStream();\n"
           "  AT_DISPATCH_FLOATING_TYPES(input.scalar_type(), \"op_" + n + "\", ([&] {\n"
           "    kernel_" + n + "<<<blocks, threads, 0, stream>>>(input.data_ptr<float>(), output.data_ptr<float>(), n);\n"
           "  }));\n";
      if (i % 5 == 0) s += "  cudaDeviceSynchronize();\n";
      if (i % 7 == 0) s += "  kernel_" + n + "<<<blocks, threads>>>(input.data_ptr<float>(), output.data_ptr<float>(), n);\n";
      s += "  return output;\n}\n\n";
    }
    s += "PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {\n";
    for (int i = 0; i < kOps; ++i) s += "  m.def(\"op_" + std::to_string(i) + "\", &op_" + std::to_string(i) + ");\n";
    s += "}\n";
    return s;
  }();
  return text;
}

gpulint::SourceFilePtr benchFile() {
  return std::make_shared<gpulint::SourceFile>("bench_extension.cu", extensionSource(), gpulint::FileKind::Cxx);
}

void BM_ClangParseOnly(benchmark::State& state) {
  if (!gpulint::cxx::available()) return state.SkipWithError("built without libTooling");
  auto file = benchFile();
  for (auto _ : state) benchmark::DoNotOptimize(gpulint::cxx::parseOnly(file));
  state.counters["lines"] = static_cast<double>(file->lineCount());
}

void BM_CxxFullAnalysis(benchmark::State& state) {
  if (!gpulint::cxx::available()) return state.SkipWithError("built without libTooling");
  auto file = benchFile();
  size_t findings = 0;
  for (auto _ : state) {
    auto result = gpulint::analyzeSource(file, {});
    findings = result.diagnostics.size();
    benchmark::DoNotOptimize(result.diagnostics.data());
  }
  state.counters["lines"] = static_cast<double>(file->lineCount());
  state.counters["findings"] = static_cast<double>(findings);
}

}  // namespace

BENCHMARK(BM_ClangParseOnly)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CxxFullAnalysis)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
