#pragma once
// A batch loop's own inner loops: `for si, pred in enumerate(preds):` inside
// an evaluation loop runs its body once per image of every batch, so a sync
// there costs that many waits per batch, not one. Messages name the loop so
// the reader looks at the right body.
#include <optional>
#include <string>

#include "core/diagnostic.h"
#include "frontend/python/script_model.h"

namespace gpulint::checks {

struct PerItemLoop {
  ts::Node node;      // the for/while statement inside the batch loop
  std::string items;   // "preds"; empty when no short name says what it walks
  std::string phrase;  // "once per element of `preds` (loop at line 25)"
};

// The loop nearest the batch loop, inside its body, that `spot` repeats in
// (through the first call on the way to it when the spot is in a helper);
// nullopt when the spot runs once per batch.
[[nodiscard]] std::optional<PerItemLoop> perItemLoop(const python::ScriptModel& model, ts::Node spot,
                                                     const python::BatchContext& context);

// "on every batch of <context>", preceded by the per-item loop's phrase when
// there is one; `every` is the caller's "on every step of " / "on every batch of ".
[[nodiscard]] std::string frequencyPhrase(const python::ScriptModel& model, ts::Node spot,
                                          const python::BatchContext& context, const std::string& every);

// The per-item loop's header as a related location ("repeats once per ...").
void addPerItemNote(const python::ScriptModel& model, ts::Node spot, const python::BatchContext& context,
                    std::vector<RelatedLocation>& related);

}  // namespace gpulint::checks
