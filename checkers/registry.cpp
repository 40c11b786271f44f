#include "checkers/checker.h"

namespace gpulint {

const std::vector<std::unique_ptr<Checker>>& allCheckers() {
  static const std::vector<std::unique_ptr<Checker>> checkers = [] {
    std::vector<std::unique_ptr<Checker>> list;
    return list;
  }();
  return checkers;
}

}  // namespace gpulint
