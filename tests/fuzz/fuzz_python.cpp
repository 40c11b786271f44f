// libFuzzer target: any bytes as a Python training script, through the whole
// Python front end and every checker.
#include <cstddef>
#include <cstdint>
#include <string>

#include "checkers/pipeline.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace gpulint;
  static const RuleOptions options;
  auto source = std::make_shared<SourceFile>("train.py", std::string(reinterpret_cast<const char*>(data), size),
                                             FileKind::Python);
  FileAnalysis result = analyzeSource(source, options);
  (void)result;
  return 0;
}
