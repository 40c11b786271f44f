#include "checkers/checker.h"
#include "checkers/data/GPU101_sync_data_loading.h"

namespace gpulint {

const std::vector<std::unique_ptr<Checker>>& allCheckers() {
  static const std::vector<std::unique_ptr<Checker>> checkers = [] {
    std::vector<std::unique_ptr<Checker>> list;
    list.push_back(std::make_unique<checks::SyncDataLoading>());
    return list;
  }();
  return checkers;
}

}  // namespace gpulint
