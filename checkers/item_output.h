#pragma once
// Loops whose purpose is each item's result for the user (RULES.md GPU106,
// GPU201): a detector that draws boxes on every frame and saves it, a
// validation pass that writes each rendered view to a PNG. What such a loop
// reads back from the GPU is the output it exists to write, not telemetry.
#include <map>

#include "frontend/python/script_model.h"

namespace gpulint::checks {

// Writing, showing or annotating results, not preparing inputs:
// `Image.fromarray(sample).save(path)`, `cv2.imwrite(path, frame)`, a
// detector's `cv2.imshow`/`cv2.waitKey(1)` window, its `cv2.VideoWriter`
// and the boxes it draws, torchvision's `save_image`, imageio's writers,
// `plt.savefig`, numpy's np.save/np.savez of a result array, audio writers, TensorBoard's `add_image`/`add_video`/
// `add_figure` (a visualisation tool's output).
[[nodiscard]] bool writesItemOutput(const python::ScriptModel& m, const python::Call& c);

// Every value `value` may hold is a PIL image (`Image.fromarray(...)`, or
// what a project helper returns that makes one).
[[nodiscard]] bool madeByPil(const python::ScriptModel& m, ts::Node value);

// The image the PIL call `c` makes is saved: `.save(path)` on it, on the
// name it is assigned to later in the same function, or, when a helper
// returns it, by every caller of the helper (two calls deep at most).
[[nodiscard]] bool resultSaved(const python::ScriptModel& m, const python::Call& c, int depth = 0);

// An evaluation loop (no training step in it) whose body writes such an
// output for its items: reading the model's outputs back on each pass is
// what it is for, so a sync there is not an idle GPU to report.
[[nodiscard]] bool writesEachItemOutput(const python::ScriptModel& m, const python::BatchContext& batch);

// writesEachItemOutput asked once per loop (one file's GPU201 asks it for
// every sync of the loop).
class ItemOutputLoops {
 public:
  bool writes(const python::ScriptModel& m, const python::BatchContext& batch) {
    auto [it, fresh] = known_.try_emplace(batch.loop, false);
    if (fresh) it->second = writesEachItemOutput(m, batch);
    return it->second;
  }

 private:
  std::map<const python::Loop*, bool> known_;
};

}  // namespace gpulint::checks
