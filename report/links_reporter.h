#pragma once
// `gpulint check --show-links`: what the project step recognised
// (checkers/job_links.h), as text before the findings or as the `links`
// section of the JSON report.
#include <ostream>

#include <nlohmann/json.hpp>

#include "checkers/job_links.h"

namespace gpulint {

void writeLinksText(std::ostream& out, const ProjectLinks& links);
[[nodiscard]] nlohmann::json linksJson(const ProjectLinks& links);

}  // namespace gpulint
