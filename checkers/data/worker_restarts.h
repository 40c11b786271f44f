#pragma once
// What GPU105's notes about one loader's worker processes share: the loader
// is built once, has workers, and does not keep them between passes; each
// new pass (an epoch, a periodic evaluation, a fresh `iter(loader)`) shuts
// them down and starts new ones. The note points at the loader (or its
// written persistent_workers) and carries the persistent_workers fix.
#include <optional>
#include <string>
#include <vector>

#include "checkers/checker.h"
#include "frontend/python/script_model.h"

namespace gpulint::checks {

inline constexpr int kNumWorkersIndex = 5;  // DataLoader(dataset, batch_size, shuffle, sampler, batch_sampler, num_workers)

// "1 worker", "8 workers" ("1 worker process", "8 worker processes").
[[nodiscard]] std::string workerCount(const std::string& n, std::string_view noun = "worker");
// "its worker process", "its 8 worker processes".
[[nodiscard]] std::string itsWorkers(const std::string& n);

// Sets persistent_workers=True on `loader` (unsafe: a dataset the main
// process changes per epoch would go unseen by persistent workers); `arg` is
// the written persistent_workers value, null when omitted.
void addPersistentFix(const python::ScriptModel& model, const python::Call& loader,
                      const python::ResolvedValue& workers, ts::Node arg, Diagnostic& d);

struct RestartNote {
  const python::ScriptModel& model;  // the loader's file
  const python::Call& loader;
  python::ResolvedValue workers;     // a known count > 0
  ts::Node arg;                      // the written persistent_workers; null when omitted
  python::ResolvedValue persistent;  // known false

  [[nodiscard]] std::string count() const { return std::to_string(workers.int_value); }
  // "with persistent_workers=False (...)", or "without persistent_workers=True".
  [[nodiscard]] std::string persistentPhrase() const;
  // A note at the loader (or its persistent_workers), with `related` first,
  // then where persistent_workers comes from, and the fix.
  [[nodiscard]] Diagnostic diagnostic(std::string message, std::vector<RelatedLocation> related) const;
  void report(std::string message, std::vector<RelatedLocation> related, DiagnosticSink& sink) const {
    sink.report(diagnostic(std::move(message), std::move(related)));
  }
};

// True when `loader` keeps no workers between passes: persistent_workers
// omitted or resolved false (`*arg` the written value, null when omitted;
// `*persistent` its value), neither possibly passed through **kwargs, and a
// loader class that iterates the torch way.
[[nodiscard]] bool keepsNoWorkers(const python::ScriptModel& model, const python::Call& loader, ts::Node* arg,
                                  python::ResolvedValue* persistent);

// The worker count of a loader a project factory builds from its parameter
// (`def make_loader(ds, n_proc): DataLoader(ds, num_workers=n_proc)`), as
// the calls of the factory in `home` beside the epoch loop `epoch` (in the
// function around it, not inside it) pass it: the loader those calls make is
// the one the loop runs, whatever other callers pass. The smallest of their
// known values; unknown when there is no such call or one passes an unknown.
[[nodiscard]] python::ResolvedValue workersPassedBeside(const python::ScriptModel& model, const python::Call& loader,
                                                       const python::ScriptModel& home, const python::Loop& epoch);

// The note's facts when `loader` has a known worker count above zero
// (`workers`, already resolved by the caller) and keeps no workers between
// passes: persistent_workers omitted or resolved false, neither possibly
// passed through **kwargs, and a loader class that iterates the torch way.
[[nodiscard]] std::optional<RestartNote> restartingWorkers(const python::ScriptModel& model,
                                                           const python::Call& loader,
                                                           const python::ResolvedValue& workers);

}  // namespace gpulint::checks
