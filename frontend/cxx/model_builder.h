#pragma once
// Walks a parsed translation unit and fills a CxxModel (model_builder.cpp).
#include "frontend/cxx/cxx_model.h"

namespace clang { class ASTContext; }

namespace gpulint::cxx {

void extractModel(clang::ASTContext& context, CxxModel& model);

}  // namespace gpulint::cxx
