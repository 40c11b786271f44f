// LoopClassifier's declaration, private to loops.cpp, the three files that define its questions (too many for one)
// and project_loops.cpp (which promotes batch-drawing loops again after placing step loops across files);
// helper_forward.cpp shares the derived-name helpers.
#pragma once

#include <map>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "frontend/python/script_model.h"

namespace gpulint::python {

// The names a loop binds on each pass (loops.cpp); the classifier asks too.
std::vector<std::string_view> loopTargetNames(const Loop& l);
// The assignments of `body`, nested scopes left out, in document order; and
// the targets one adds to `names` when its value mentions one of them
// (helper_forward.cpp).
std::vector<ts::Node> ownAssignmentsOf(ts::Node body);
void addDerivedTargets(ts::Node assignment, std::vector<std::string_view>& names);
// A call in `body` runs a module on one of `names` or a local computed from
// them (loops.cpp): the forward pass of forwardsLoopTarget.
bool callsModuleOn(const ScriptModel& m, ts::Node body, const std::vector<std::string_view>& names,
                   bool through_locals);

class LoopClassifier {
 public:
  explicit LoopClassifier(ScriptModel& m) : m_(m) {}
  void run();
  // `while True: imgs = next(it); ...; for part in imgs.split(k): loss.backward()`:
  // the loop that draws the batch is the step loop, and the loops that walk
  // pieces of that batch, or run the phases of one step on it, are part of
  // its step (loops.cpp). Run after step loops are marked (here and by the
  // project pass), before epoch loops are.
  void promoteBatchDrawingLoops();
  void promoteBatchLoopsAroundPhases();

 private:
  // Step and epoch loops (loop_classifier.cpp).
  bool trainsDirectly(ts::Node loop);
  bool buildsModelEachPass(const Loop& l);
  bool timesOnePass(const Loop& l);
  static bool usedBeyondTests(ts::Node body, std::string_view name);
  static std::vector<std::string_view> namesAssignedIn(ts::Node body);
  std::vector<std::string_view> drawnInputsIn(ts::Node body);
  static bool unconditionalIn(ts::Node n, ts::Node body);
  bool innerLoopBetween(ts::Node n, ts::Node outer);
  bool trainingCall(const Call& c);
  bool servesRequests();
  bool inputGradientOnly(const Call& backward);
  bool hasOptimizerStep();
  static bool readsGrad(ts::Node n, std::string_view name);
  bool hasTrainingCall();
  bool functionTrains(const Function& f, int depth);
  bool invokesTraining(const Call& c, int depth);
  bool containsStepLoop(ts::Node node, int depth);
  bool callsEvalPass(ts::Node node, int depth);

  // Eval loops (loop_eval.cpp).
  bool isEvalLoop(const Loop& l);
  static bool switchesGradOffInside(ts::Node body);
  bool convertsHostTensors(ts::Node body);
  bool onlyHostCalls(ts::Node body, int depth = 0);
  bool worksOnItems(const Loop& l);
  bool repeatsOneComputation(const Loop& l, const std::vector<std::string_view>& vars);

  // Batch loops (loop_batches.cpp).
  bool drawsBatchEachPass(const Loop& l);
  ts::Node batchDrawIn(ts::Node body);
  ts::Node wrapperDraw(const Call& c, ts::Node body);
  ts::Node unconditionalStatementOf(const Call& c, ts::Node body);
  bool forwardsDrawnBatch(const Loop& l);
  bool namedLikeBatches(const Loop& l);
  bool countsRepetitions(ts::Node it);
  bool countsOnlyIterations(const Loop& l);
  ts::Node countedRange(ts::Node it);
  static bool counterIndexes(const Loop& l);
  ts::Node peelWrappers(ts::Node it);
  bool walksEvalLoader(const Loop& l);
  static bool isWrapperName(std::string_view name);
  bool holdsWrapper(ts::Node callee);
  static bool namesWrapper(ts::Node value);
  bool indexesOneBatch(ts::Node it);
  bool isCollectionOfThings(ts::Node it);
  bool iteratesDictKeys(ts::Node it);
  bool itemComparedWithText(const Loop& l);

  const Function* calledFunction(const Call& c) { return m_.calledFunction(c); }

  // A batch loop iterates batches (RULES.md "How often a line runs"): it runs
  // a forward pass on its variable, or iterates something named like a loader
  // or iterator (through enumerate/tqdm/log_every wrappers); a loop over
  // datasets, subsets, prompts, model names or folds does not.
  bool iteratesBatches(const Loop& l) {
    if (iteratesWrittenItems(l) || iteratesModuleTensors(l)) return false;
    return namedLikeBatches(l) || forwardsTarget(l) || drawsBatchEachPass(l) || forwardsItemsOfBatch(l) ||
           forwardsThroughHelperOnItems(l);
  }
  // Items written in the code (constants, or a name only ever bound to
  // them), a string's pieces, a command-line list option: never batches,
  // whatever the body runs (loop_written_items.cpp).
  bool iteratesWrittenItems(const Loop& l);
  // A call in `body` blocks on the user each pass (a viewer's show, a key wait, input()).
  bool waitsOnUser(ts::Node body);
  // A module's own tensors or submodules (`model.named_parameters()`,
  // `net.state_dict().items()`): weights, not batches (a histogram logger
  // named `log_validation`).
  bool iteratesModuleTensors(const Loop& l);
  bool writtenItems(ts::Node it, int depth);
  bool commandLineList(ts::Node it);
  // Through locals only for items that may be batches: a loop over class
  // names that tokenizes each and embeds it builds a zero-shot head.
  bool forwardsTarget(const Loop& l) {
    return forwardsLoopTarget(m_, l, false) ||
           (!isCollectionOfThings(peelWrappers(l.iterable)) && forwardsLoopTarget(m_, l, true));
  }
  // A per-item loop inside a loader's loop whose items a helper runs the
  // model on (loop_batches.cpp); the helper question, memoised per loop.
  bool forwardsItemsOfBatch(const Loop& l);
  bool forwardsThroughHelper(const Loop& l);
  // The same for a loop of its own over the indexes of a sequence (`for cnt
  // in range(1, len(frames))` handing `frames[cnt]`, read, to
  // `propagate(model, frame, prev)`); a loop over folders or files that
  // hands each to a helper running a whole pass is no batch loop.
  bool forwardsThroughHelperOnItems(const Loop& l) {
    ts::Node it = countedRange(peelWrappers(l.iterable));
    const Call* range = it && it.is("call") ? m_.callAt(it) : nullptr;
    return range && range->method == "range" && !range->receiver && counterIndexes(l) &&
           forwardingHelperCall(m_, l, /*through_locals=*/true);
  }

  ScriptModel& m_;
  std::map<std::pair<const Function*, int>, bool> memo_;
  std::map<const Loop*, bool> helper_forward_;  // forwardsThroughHelper(), once asked per loop
  std::optional<bool> has_training_call_;  // hasTrainingCall(), once asked
  bool input_gradients_train_ = false;       // the loop being classified walks a loader's batches
  std::optional<bool> has_optimizer_step_;  // inputGradientOnly()'s file-wide question, once asked
  std::optional<bool> serves_requests_;     // servesRequests(), once asked
};

}  // namespace gpulint::python
