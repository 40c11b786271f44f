// libFuzzer target: any bytes as a script; every fix (safe and unsafe) is
// planned and applied, and the result must be analysable again. A fix that
// corrupts the text (edits out of range, overlaps) shows up as a crash or an
// ASan report here.
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>

#include "checkers/pipeline.h"
#include "fixits/apply.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace gpulint;
  static const RuleOptions options;
  std::string text(reinterpret_cast<const char*>(data), size);
  auto source = std::make_shared<SourceFile>("train.py", text, FileKind::Python);
  FileAnalysis result = analyzeSource(source, options);
  fixits::FixPlan plan = fixits::planFixes(result.diagnostics, /*unsafe=*/true);
  std::map<std::string, std::vector<Edit>> edits;
  for (const Edit& e : plan.edits) edits[e.file].push_back(e);
  for (auto& [file, file_edits] : edits) {
    if (file != "train.py") continue;
    std::string fixed = fixits::applyEdits(text, file_edits);
    (void)fixits::syntaxErrorCount(fixed, FileKind::Python);
    FileAnalysis again = analyzeSource(std::make_shared<SourceFile>("train.py", fixed, FileKind::Python), options);
    (void)again;
  }
  return 0;
}
