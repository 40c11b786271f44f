#pragma once
// The C++/CUDA branch of the pipeline: parse with the cxx front end, run the
// checkers that read C++ models.
#include "checkers/pipeline.h"

namespace gpulint::checks {

[[nodiscard]] FileAnalysis analyzeCxxSource(SourceFilePtr source, const RuleOptions& options);

}  // namespace gpulint::checks
