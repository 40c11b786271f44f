// The asks through calls (device_values.cpp, device_names.cpp) and the host-value helpers both files use.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "frontend/python/device_analysis.h"

namespace gpulint::python {

// The calls whose return value is being asked, innermost last. While
// `acc1 = reduce_tensor(acc1)` asks what `reduce_tensor` returns, its
// parameter holds this call's argument, not what some other call passes
// (`loss = reduce_tensor(loss)`): the message must name the right tensor, and
// a host tensor passed here must not become a GPU one.
struct ReturnThroughCall {
  const ScriptModel* callee_model;
  uint32_t function;  // start of the callee's definition
  const Call* call;
  const ScriptModel* caller_model;
};

std::vector<ReturnThroughCall>& returnsInProgress();

class AskThroughCall {
 public:
  AskThroughCall(const ScriptModel* callee, const Function& f, const Call& c, const ScriptModel* caller) {
    returnsInProgress().push_back({callee, f.node.begin(), &c, caller});
  }
  ~AskThroughCall() { returnsInProgress().pop_back(); }
  AskThroughCall(const AskThroughCall&) = delete;
  AskThroughCall& operator=(const AskThroughCall&) = delete;
};

// Sets aside the asks from `from` on while a caller's argument is asked, and
// puts them back however the question ends (a work budget may throw).
class AskInCaller {
 public:
  explicit AskInCaller(size_t from) {
    std::vector<ReturnThroughCall>& asks = returnsInProgress();
    set_aside_.assign(asks.begin() + static_cast<std::ptrdiff_t>(from), asks.end());
    asks.resize(from);
  }
  ~AskInCaller() {
    std::vector<ReturnThroughCall>& asks = returnsInProgress();
    asks.insert(asks.end(), set_aside_.begin(), set_aside_.end());
  }
  AskInCaller(const AskInCaller&) = delete;
  AskInCaller& operator=(const AskInCaller&) = delete;

 private:
  std::vector<ReturnThroughCall> set_aside_;
};

bool hostValue(ts::Node e);
ts::Node boundExpression(const DeviceAnalysis::Binding& b);

}  // namespace gpulint::python
