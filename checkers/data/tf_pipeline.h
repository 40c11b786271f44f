#pragma once
// tf.data pipelines as GPU102 sees them: a dataset expression walked back to
// the call that creates it, through names, helper functions and dataset
// methods; and the edit that appends .prefetch(...) at a pipeline's end.
#include <optional>
#include <vector>

#include "core/fix.h"
#include "frontend/python/script_model.h"

namespace gpulint::checks::tf_data {

struct Pipeline {
  ts::Node end;     // the last call of the chain, where .prefetch goes
  ts::Node source;  // the call that creates the dataset
};

// Walks a dataset expression from its end back to its source, through names
// and helper functions; collects every unprefetched pipeline it comes from.
void tracePipeline(const python::ScriptModel& m, ts::Node expr, ts::Node end, bool tail_cheap, int depth,
                   std::vector<Pipeline>& out);

// `enumerate(ds)`, `tqdm(ds)`: the dataset being iterated.
[[nodiscard]] ts::Node iterated(const python::ScriptModel& m, ts::Node expr);

// `.prefetch(tf.data.AUTOTUNE)` after the chain end, on a line of its own
// when the chain puts each call on its own line.
[[nodiscard]] std::optional<Edit> appendPrefetch(const python::ScriptModel& m, ts::Node end);

}  // namespace gpulint::checks::tf_data
