#pragma once
// A cheap look at a YAML or JSON file before the full parse, so that files
// that are not ours (a tsconfig.json with comments, a 20 MB tokenizer.json,
// a data or CI file) never cost a parse and never fail the run.
#include <string>
#include <string_view>

#include "frontend/source_file.h"

namespace gpulint::project {

// Job files are small and hand-written; larger YAML/JSON is data.
inline constexpr size_t kMaxJobFileBytes = 2u << 20;

// "" when `text` may hold a job (a Kubernetes object: apiVersion and kind at
// the top level; an Azure ML command job: command with $schema or type; an
// OpenPAI job: protocolVersion and taskRoles; a SkyPilot task: run with
// resources/num_nodes/setup/workdir; a Vertex AI custom job:
// workerPoolSpecs; a docker compose file: services; an Azure ML compute:
// size with $schema or type), else why it cannot, for
// --verbose. Looks only at the top-level keys of each YAML document (JSON
// when the text starts with '{'), without parsing values.
[[nodiscard]] std::string whyNotAJob(std::string_view text, FileKind kind);

// True when a conventional parser (yaml-cpp for YAML, a strict JSON parser
// for JSON) accepts `text`: a file the tree-sitter grammar rejects is then a
// limit of ours, not the user's mistake. Deeply nested or large texts are not
// tried (false).
[[nodiscard]] bool anotherParserAccepts(std::string_view text, FileKind kind);

}  // namespace gpulint::project
