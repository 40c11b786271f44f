#pragma once
// Binds the project's yacs / fvcore config trees (python/yacs_config.h):
// the defaults each module builds, the values code assigns to their keys,
// and the values the project's YAML files give them (each YAML a run may
// merge with `merge_from_file` is one more candidate of every key it sets).
#include <vector>

#include "frontend/python/project_model.h"
#include "frontend/source_file.h"

namespace gpulint::project {

// Builds the trees of a linked project and attaches them to it; does
// nothing when no module builds a defaults tree. `yamls` are the project's
// YAML files (only those whose text names a top-level key of a tree are parsed).
void bindYacsConfigs(python::ProjectModel& project, const std::vector<SourceFilePtr>& yamls);

}  // namespace gpulint::project
