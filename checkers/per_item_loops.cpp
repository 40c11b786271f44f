#include "checkers/per_item_loops.h"

#include "checkers/python_common.h"
#include "frontend/python/syntax.h"

namespace gpulint::checks {

namespace syntax = python::syntax;

namespace {

// What the loop walks, as the reader would name it: `preds` for
// `enumerate(preds)` or `range(len(preds))`; empty when no short name says it.
std::string itemsOf(ts::Node loop) {
  if (!loop.is("for_statement")) return "";
  ts::Node items = syntax::unwrap(loop.field("right"));
  for (int depth = 0; depth < 3 && items && items.is("call"); ++depth) {
    std::string_view f = syntax::lastName(items.field("function"));
    ts::Node args = items.field("arguments");
    if (!args || args.namedChildCount() == 0) break;
    // zip(preds, protos) walks preds (and protos beside it).
    if (f == "zip") {
      items = syntax::unwrap(args.namedChild(0));
      continue;
    }
    if (!(f == "enumerate" || f == "range" || f == "len") || args.namedChildCount() != 1) break;
    if (f == "range" && !syntax::unwrap(args.namedChild(0)).is("call")) return "";  // range(n): no items
    items = syntax::unwrap(args.namedChild(0));
  }
  std::string_view text = items ? items.text() : std::string_view();
  if (text.empty() || text.size() > 40 || text.find('\n') != std::string_view::npos) return "";
  return std::string(text);
}

}  // namespace

std::optional<PerItemLoop> perItemLoop(const python::ScriptModel& model, ts::Node spot,
                                       const python::BatchContext& context) {
  // A Lightning hook has no batch loop of its own to be inside of.
  if (!context.loop) return std::nullopt;
  ts::Node anchor = context.via_calls.empty() ? spot : context.via_calls.front();
  const python::ScriptModel& owner = model.ownerOf(anchor);
  if (&owner != &model.ownerOf(context.loop->node)) return std::nullopt;
  ts::Node body = context.loop->node.field("body");
  if (!body || !body.contains(anchor)) return std::nullopt;
  const python::Loop* nearest = nullptr;
  for (const python::Loop* l = owner.enclosingLoop(anchor); l && !(l->node == context.loop->node);
       l = owner.enclosingLoop(l->node)) {
    // The spot must run in the loop's body, not in its `else:` clause.
    if (ts::Node b = l->node.field("body"); !b || !b.contains(anchor)) return std::nullopt;
    nearest = l;
  }
  if (!nearest || !body.contains(nearest->node)) return std::nullopt;
  std::string items = itemsOf(nearest->node);
  std::string line = lineRef(model, nearest->node);
  std::string phrase = items.empty() ? "once per iteration of the loop at " + line
                                     : "once per element of `" + items + "` (loop at " + line + ")";
  return PerItemLoop{nearest->node, std::move(items), std::move(phrase)};
}

std::string frequencyPhrase(const python::ScriptModel& model, ts::Node spot, const python::BatchContext& context,
                            const std::string& every) {
  std::string base = every + describeContext(model, context);
  if (auto inner = perItemLoop(model, spot, context)) return inner->phrase + ", " + base;
  return base;
}

void addPerItemNote(const python::ScriptModel& model, ts::Node spot, const python::BatchContext& context,
                    std::vector<RelatedLocation>& related) {
  auto inner = perItemLoop(model, spot, context);
  if (!inner) return;
  // After the batch loop's own note, before the call chain.
  auto at = related.empty() ? related.end() : related.begin() + 1;
  std::string note = inner->items.empty() ? "repeats on every iteration of this loop, within each batch"
                                          : "repeats for every element of `" + inner->items + "`, within each batch";
  related.insert(at, {headerLocation(model, inner->node), std::move(note)});
  // The call the loop makes is made per element too, not once per batch.
  if (context.via_calls.empty()) return;
  Location call = model.location(context.via_calls.front());
  for (RelatedLocation& r : related)
    if (r.location == call && r.message == "called from here on every batch")
      r.message = inner->items.empty() ? "called from here on every iteration of that loop"
                                       : "called from here for every element of `" + inner->items + "`";
}

}  // namespace gpulint::checks
