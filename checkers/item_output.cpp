#include "checkers/item_output.h"

#include <cctype>
#include <string>

#include "frontend/python/frequency.h"
#include "frontend/python/project_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks {

using python::Call;
using python::ScriptModel;
using python::syntax::oneOf;

bool writesItemOutput(const ScriptModel& m, const Call& c) {
  const std::string& q = c.qualified;
  if (q.starts_with("cv2.") &&
      oneOf(c.method, {"imwrite", "imshow", "waitKey", "waitKeyEx", "namedWindow", "destroyWindow", "destroyAllWindows",
                       "resizeWindow", "moveWindow", "setWindowTitle", "VideoWriter", "VideoWriter_fourcc",
                       "rectangle", "putText", "getTextSize", "circle", "line", "arrowedLine", "polylines",
                       "ellipse", "drawContours", "drawMarker"}))
    return true;
  if (q == "torchvision.utils.save_image" || q == "torchaudio.save" || q == "soundfile.write" ||
      q == "scipy.io.wavfile.write" || q == "matplotlib.pyplot.savefig" || q == "numpy.save" ||
      q == "numpy.savez" || q == "numpy.savez_compressed" || q == "numpy.savetxt" ||
      (q.starts_with("imageio.") && oneOf(c.method, {"imwrite", "imsave", "mimwrite", "mimsave"})))
    return true;
  // TensorBoard's media writers (SummaryWriter, tensorboardX, and the
  // project wrappers that keep their names): a visualisation pass that
  // writes each clip or image (`writer.add_video(video, tag=...)`).
  if (c.receiver && oneOf(c.method, {"add_video", "add_image", "add_images", "add_image_with_boxes", "add_figure",
                                     "add_audio", "add_mesh"}))
    return true;
  // `writer.write(frame)` on a cv2.VideoWriter made in this file.
  if (c.receiver && c.method == "write")
    if (const Call* made = m.madeByCall(c.receiver); made && made->qualified == "cv2.VideoWriter") return true;
  // `img.save(path)` on a PIL image: made here, or by a helper that returns
  // one (`pic = to_pil(sample)` with `return Image.fromarray(array)`).
  if (c.receiver && c.method == "save" && madeByPil(m, c.receiver)) return true;
  ts::Node chained = c.node.parent();  // `Image.fromarray(x).save(path)`
  return chained && chained.is("attribute") && chained.field("attribute").text() == "save";
}

bool madeByPil(const ScriptModel& m, ts::Node value) {
  std::vector<ts::Node> sources = m.valueSources(value);
  if (sources.empty()) return false;
  for (ts::Node source : sources) {
    const Call* made = source.is("call") ? m.ownerOf(source).callAt(source) : nullptr;
    if (!made || !made->qualified.starts_with("PIL.")) return false;
  }
  return true;
}

bool resultSaved(const ScriptModel& m, const Call& c, int depth) {
  ts::Node up = c.node.parent();
  // `Image.fromarray(x).save(path)`
  if (up && up.is("attribute") && up.field("attribute").text() == "save") return true;
  // `pic = Image.fromarray(x)` then `pic.save(path)` in the same function.
  if (up && up.is("assignment") && up.field("right") == c.node && up.field("left").is("identifier")) {
    std::string_view name = up.field("left").text();
    ts::Node scope = c.function ? c.function->body : m.root();
    for (const Call& later : m.callsIn(scope))
      if (later.node.begin() > c.node.end() && later.receiver && later.receiver.text() == name &&
          later.method == "save" && later.function == c.function)
        return true;
    return false;
  }
  // `return Image.fromarray(x)` from a helper whose every caller (in this
  // file and in others) saves it.
  if (depth > 1 || !up || !up.is("return_statement") || !c.function) return false;
  bool any = false;
  for (const Call* caller : m.callersOf(*c.function)) {
    if (!resultSaved(m, *caller, depth + 1)) return false;
    any = true;
  }
  if (const python::ProjectModel* project = m.project())
    for (const python::ProjectCall& pc : project->callersOf(*c.function)) {
      if (!resultSaved(*pc.model, *pc.call, depth + 1)) return false;
      any = true;
    }
  return any;
}

namespace {

// The names a loop binds on each pass (`i`, `data` of `for i, (data, _) in ...`).
bool bindsName(const python::Loop& loop, std::string_view name) {
  std::vector<ts::Node> stack{loop.target};
  while (!stack.empty()) {
    ts::Node n = stack.back();
    stack.pop_back();
    if (!n) continue;
    if (n.is("identifier") && n.text() == name) return true;
    for (ts::Node k : n.namedChildren()) stack.push_back(k);
  }
  return false;
}

// A test that holds on some passes only: `if i == 0:` on the loop's own
// counter or item, or a periodic one (`if step % 100 == 0:`); or on none,
// a flag resolved off (`if args.save_val_results:` with store_true). A test
// of a setting that may be on (`if save_img:`, `if dataset.mode == "image":`)
// holds on every pass or on none, and the loop is a writer when it holds.
bool skipsSomePasses(const ScriptModel& m, const python::Loop& loop, ts::Node condition) {
  python::GuardKind kind = python::judgeGuard(m, condition).kind;
  if (kind == python::GuardKind::Periodic || kind == python::GuardKind::Off) return true;
  std::vector<ts::Node> stack{condition};
  while (!stack.empty()) {
    ts::Node n = stack.back();
    stack.pop_back();
    if (!n) continue;
    if (n.is("identifier") && bindsName(loop, n.text())) return true;
    for (ts::Node k : n.namedChildren()) stack.push_back(k);
  }
  return false;
}

bool writesOnEachPass(const ScriptModel& m, const python::Loop& loop, ts::Node write) {
  ts::Node from = write;
  for (ts::Node up : write.ancestorWalk()) {
    if (up == loop.node) return true;
    if (up.is("function_definition") || up.is("lambda")) return false;  // not run by the loop itself
    // Only the branch a test guards: the else of `if args.dry_run:` runs.
    if ((up.is("if_statement") || up.is("elif_clause")) && up.field("consequence") == from &&
        skipsSomePasses(m, loop, up.field("condition")))
      return false;
    from = up;
  }
  return false;
}

// A project function (`visualizer.visualize_vid(inputs, preds)`) whose body,
// nested helpers included, writes such an output: one call deep.
bool callsItemWriter(const ScriptModel& m, const Call& c) {
  auto [owner, f] = m.callTarget(c);
  if (!f) return false;
  for (const Call& inner : owner->callsIn(f->node))
    if (writesItemOutput(*owner, inner)) return true;
  return false;
}

// `pool.submit(score, pred.cpu(), ref)` (also `apply_async`, `map_async`)
// on a process or thread pool: each pass hands its results to host workers
// (a CPU metric such as ViSQOL or PESQ, an encoder writing files), which
// need them on the host.
bool handsToWorkerPool(const ScriptModel& m, const Call& c) {
  if (!c.receiver || !oneOf(c.method, {"submit", "apply_async", "map_async", "starmap_async"})) return false;
  std::string name(python::syntax::lastName(python::syntax::unwrap(c.receiver)));
  for (char& ch : name) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  if (name.find("pool") != std::string::npos || name.find("executor") != std::string::npos) return true;
  auto makesPool = [](const Call* made) {
    return made && (made->qualified.ends_with("Executor") || made->qualified.ends_with(".Pool"));
  };
  if (makesPool(m.madeByCall(c.receiver))) return true;
  // `with ProcessPoolExecutor(4) as workers:` around the loop.
  for (ts::Node p = c.node.parent(); p && !python::syntax::isScope(p); p = p.parent()) {
    if (!p.is("with_statement")) continue;
    for (ts::Node clause : p.namedChildren()) {
      if (!clause.is("with_clause")) continue;
      for (ts::Node item : clause.namedChildren()) {
        ts::Node v = python::syntax::unwrap(item.field("value"));
        if (!v || !v.is("as_pattern") || v.namedChildCount() < 2) continue;
        ts::Node target = v.namedChild(1);
        ts::Node made = python::syntax::unwrap(v.namedChild(0));
        if (target.text() == c.receiver.text() && made.is("call") &&
            makesPool(m.callAt(made)))
          return true;
      }
    }
  }
  return false;
}

}  // namespace

bool writesEachItemOutput(const ScriptModel& m, const python::BatchContext& batch) {
  // A training step's syncs stall the next step's work whatever it writes.
  if (batch.kind != python::BatchKind::Eval || !batch.loop) return false;
  const ScriptModel& owner = m.ownerOf(batch.loop->node);
  for (const Call& c : owner.callsIn(batch.loop->node.field("body")))
    if ((writesItemOutput(owner, c) || callsItemWriter(owner, c) || handsToWorkerPool(owner, c)) &&
        writesOnEachPass(owner, *batch.loop, c.node))
      return true;
  return false;
}

}  // namespace gpulint::checks
