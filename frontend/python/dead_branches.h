#pragma once
// Code that never runs because a branch test is a literal: the `else` of
// `if 1:` / `if True:` (a block switched off by hand while experimenting),
// the body of `if False:` / `if 0:` / `while False:`. Only literals: an
// option or a constant name may be set otherwise by a run or a job.
#include <cstdint>

#include "frontend/ts/node.h"

namespace gpulint::python {

// True when `n` lies in a branch that a literal test never takes.
[[nodiscard]] bool inDeadBranch(ts::Node n);

// The innermost named node of `root`'s tree that holds bytes [begin, end).
[[nodiscard]] ts::Node innermostAt(ts::Node root, uint32_t begin, uint32_t end);

}  // namespace gpulint::python
