// LoopClassifier's batch loop questions (does a loop iterate batches or things), asked by names and values.
#include <algorithm>

#include "frontend/name_match.h"
#include "frontend/python/loop_classifier.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

namespace {

// The iterable or the variable of a loop is named like batches: `train_loader`,
// `tqdm(dl)`, `for images, labels in ...`.
bool namesBatches(std::string_view iterable, std::string_view target) {
  if (iterable.size() + 1 + target.size() > kMaxMatchedNameLength) return false;  // as one name, joined by a space
  auto hit = [](std::string_view text) {
    names::Lowered lowered(text);
    std::string_view s = lowered.view();
    auto any = [](char) { return true; };
    auto non_word = [](char c) { return !(names::isAsciiLetter(c) || (c >= '0' && c <= '9') || c == '_'); };
    return names::containsAny(s, {"loader", "batch", "data", "iter", "val", "test", "eval", "inputs", "images",
                                  "progress", "pbar", "prefetch"}) ||
           names::occursBetween(s, "dl", true, any, true, non_word);
  };
  return hit(iterable) || hit(target);
}

// The last name of an iterable of things that are not batches: `subsets`,
// `model_names`, `cfg.seeds`.
bool namesThings(std::string_view last) {
  names::Lowered lowered(last);
  if (!lowered.fits()) return false;
  std::string_view s = lowered.view();
  for (std::string_view things :
       {"subsets", "splits", "datasets", "prompts", "texts", "sentences", "names", "models", "folds", "tasks",
        "files", "paths", "fpaths", "filenames", "classnames", "classes", "templates", "mappings", "strs", "types",
        "heads", "classifiers", "checkpoints", "ckpts", "configs", "seeds", "langs", "languages", "phases", "modes",
        "domains", "benchmarks", "meters", "evaluators", "loggers", "writers", "callbacks", "optimizers",
        "schedulers"})
    if (s.ends_with(things) && (s.size() == things.size() || s[s.size() - things.size() - 1] == '_')) return true;
  return false;
}

// The last plain name a for target binds (`name` in `for i, name in ...`).
ts::Node lastTarget(ts::Node target) {
  target = syntax::unwrap(target);
  if (target && (target.is("pattern_list") || target.is("tuple_pattern")) && target.namedChildCount() > 0)
    target = target.namedChild(target.namedChildCount() - 1);
  return target && target.is("identifier") ? target : ts::Node();
}

// Whether a node of the loop's body satisfies `pred(node, item)`, where the
// loop's item is one plain name (`for k in ...`); false for any other target.
template <typename Pred>
bool bodyUsesItem(const Loop& l, Pred pred) {
  ts::Node item = syntax::unwrap(l.target);
  if (!item || !item.is("identifier")) return false;
  std::vector<ts::Node> stack{l.node.field("body")};
  while (!stack.empty()) {
    ts::Node n = stack.back();
    stack.pop_back();
    if (!n) continue;
    if (pred(n, item.text())) return true;
    for (ts::Node child : n.namedChildren()) stack.push_back(child);
  }
  return false;
}

// `dataset_name`, `ckpt_path`, `key`: an item that names something.
bool namesAName(std::string_view item) {
  names::Lowered lowered(item);
  if (!lowered.fits()) return false;
  std::string_view s = lowered.view();
  for (std::string_view word : {"name", "path", "file", "filename", "key", "dir", "url"})
    if (s.ends_with(word) && (s.size() == word.size() || s[s.size() - word.size() - 1] == '_')) return true;
  return false;
}

}  // namespace

// `for _ in range(steps): x, y = next(it)` with `it = iter(loader)`: each
// pass pulls one batch, whatever the count is called. Only a plain
// `next()` of an iterator over data, on every pass (not
// `next(model.parameters())`).
bool LoopClassifier::drawsBatchEachPass(const Loop& l) {
  // `while True: batch = next(it, None); if batch is None: break`: the
  // loop walks the iterator by hand, one batch a pass.
  if (l.node.is("while_statement")) return !batchDrawIn(l.node.field("body")).isNull();
  ts::Node it = peelWrappers(l.iterable);
  const Call* range = it && it.is("call") ? m_.callAt(it) : nullptr;
  if (!range || range->method != "range" || range->receiver) return false;
  return !batchDrawIn(l.node.field("body")).isNull();
}

// The expression statement of `body` that makes call `c`, when it runs on
// every pass (outside any branch of `body`); null otherwise.
ts::Node LoopClassifier::unconditionalStatementOf(const Call& c, ts::Node body) {
  ts::Node statement = c.node;
  while (statement && !statement.is("expression_statement") && !(statement == body)) statement = statement.parent();
  return statement && unconditionalIn(statement, body) ? statement : ts::Node();
}

// The statement of `body` that draws a batch on every pass: `next(source)`
// outside any branch, from an iterator named like one (`data_iter`,
// `loader`, `data`) or made by `iter(...)`. Null when there is none.
ts::Node LoopClassifier::batchDrawIn(ts::Node body) {
  for (const Call& c : m_.callsIn(body)) {
    if (!body.contains(c.node)) continue;
    // `x, y = prefetcher.next()`, `feeder.take()`: a method of this file
    // that draws with next() from an iterator it holds (a prefetching wrapper).
    if (c.receiver && c.positional.empty() && c.keywords.empty())
      if (ts::Node statement = wrapperDraw(c, body)) return statement;
    // `next(it)`, or `next(it, None)` whose default ends the data.
    if (c.method != "next" || c.receiver || c.positional.empty() || c.positional.size() > 2) continue;
    ts::Node source = syntax::unwrap(c.positional[0]);
    ts::Node statement = unconditionalStatementOf(c, body);
    if (!source.is("identifier") || !statement) continue;
    names::Lowered lowered(source.text());
    if (lowered.fits() && names::containsAny(lowered.view(), {"iter", "loader", "data", "batch"})) return statement;
    auto binding = m_.lastBinding(source);
    ts::Node made = binding && binding->value ? syntax::unwrap(binding->value) : ts::Node();
    const Call* iter = made && made.is("call") ? m_.callAt(made) : nullptr;
    if (iter && iter->method == "iter" && !iter->receiver) return statement;
  }
  return {};
}

// The statement of `body` that runs `c`, a call of a method of this file
// whose body draws with a builtin next() (a wrapper around a loader's
// iterator), outside any branch of `body`; null otherwise.
ts::Node LoopClassifier::wrapperDraw(const Call& c, ts::Node body) {
  const Function* f = calledFunction(c);
  if (!f || !f->owner || f->node.contains(body)) return {};
  // The draw may sit one method further (`next()` calling `self.preload()`).
  auto draws = [&](const Function& g, int depth, const auto& self) -> bool {
    for (const Call& inner : m_.callsIn(g.body)) {
      if (inner.method == "next" && !inner.receiver && inner.positional.size() == 1) return true;
      const Function* h = depth < 1 && inner.receiver ? calledFunction(inner) : nullptr;
      if (h && h != &g && h->owner == g.owner && self(*h, depth + 1, self)) return true;
    }
    return false;
  };
  return draws(*f, 0, draws) ? unconditionalStatementOf(c, body) : ts::Node();
}

// `while done < n: batch = next(data); out = model(batch.to(device))`: an
// evaluation loop that draws its batches by hand runs the model on what it
// draws (guided-diffusion's likelihood evaluation).
bool LoopClassifier::forwardsDrawnBatch(const Loop& l) {
  ts::Node body = l.node.field("body");
  ts::Node draw = batchDrawIn(body);
  ts::Node assign = draw && draw.namedChildCount() == 1 ? draw.namedChild(0) : ts::Node();
  if (!assign || !assign.is("assignment") || !assign.field("left")) return false;
  std::vector<std::string_view> drawn;  // `batch = next(...)`, `x, y = next(...)`
  ts::Node left = assign.field("left");
  if (left.is("identifier")) drawn.push_back(left.text());
  for (ts::Node c : left.namedChildren())
    if (c.is("identifier")) drawn.push_back(c.text());
  return !drawn.empty() && callsModuleOn(m_, body, drawn, true);
}

// The names part of iteratesBatches (the cheap one, asked first).
bool LoopClassifier::namedLikeBatches(const Loop& l) {
  ts::Node it = peelWrappers(l.iterable);
  if (!it || isCollectionOfThings(it) || indexesOneBatch(it)) return false;
  // `for idx, dataset_name in enumerate(cfg.DATASETS.TEST)`: the item is a
  // name, a path or a key, whatever the list is called.
  if (ts::Node item = lastTarget(l.target); item && namesAName(item.text())) return false;
  bool named = countsRepetitions(it) || countsOnlyIterations(l)
                   ? namesBatches("", l.target.text())
                   : namesBatches(l.iterable.text(), l.target.text());
  // Asked last, of the loops the names leave (it follows values).
  return named && !iteratesDictKeys(it) && !itemComparedWithText(l);
}

// `trange(args.n_iter)`, `enumerate(range(num_iters))`: a count whose
// name says only "iter" says how many rounds run (a sampling script's repeat
// rounds), not that each round takes a batch; `range(eval_iters)` or
// `range(num_batches)` still name batches, a counter that indexes something
// (`shards[i]`) picks an item per pass, and a loop that trains is a step loop
// whatever its names.
bool LoopClassifier::countsOnlyIterations(const Loop& l) {
  // trange is itself a wrapper (peelWrappers takes its count for the items).
  const Call* c = nullptr;
  ts::Node it = countedRange(syntax::unwrap(l.iterable));
  for (int i = 0; i < 3 && it && it.is("call") && !c; ++i) {
    const Call* at = m_.callAt(it);
    if (!at || at->receiver || at->positional.empty()) return false;
    if (at->method == "range" || at->method == "trange") c = at;
    else if (!isWrapperName(at->method)) return false;
    else it = syntax::unwrap(at->positional[0]);
  }
  if (!c) return false;
  std::string count;
  for (ts::Node a : c->positional) (count += a.text()) += ' ';
  if (count.size() > kMaxMatchedNameLength) return false;
  for (char& ch : count) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  if (count.find("iter") == std::string::npos) return false;
  for (size_t at; (at = count.find("iter")) != std::string::npos;) count.erase(at, 4);
  return !namesBatches(count, "") && !counterIndexes(l);
}

// `pbar = range(iterations)`, `pbar = tqdm(pbar) if rank == 0 else pbar`,
// `for _ in pbar:`: the one call a name's bindings hold besides those that
// only wrap the name itself; else the expression as it is.
ts::Node LoopClassifier::countedRange(ts::Node it) {
  if (!it || !it.is("identifier")) return it;
  // `pbar` itself or `tqdm(pbar)`: the same items; the use of the name in it.
  auto sameItems = [&](ts::Node e, ts::Node name) -> ts::Node {
    e = syntax::unwrap(e);
    if (e && e.is("identifier") && e.text() == name.text()) return e;
    const Call* w = e && e.is("call") ? m_.callAt(e) : nullptr;
    if (w && isWrapperName(w->method) && !w->positional.empty()) {
      ts::Node inner = syntax::unwrap(w->positional[0]);
      if (inner.is("identifier") && inner.text() == name.text()) return inner;
    }
    return {};
  };
  ts::Node name = it;
  for (int hop = 0; hop < 4; ++hop) {
    std::vector<NameBinding> bindings = m_.reachingBindings(name);
    if (bindings.size() != 1 || !bindings[0].value) return it;
    ts::Node v = syntax::unwrap(bindings[0].value);
    ts::Node inner;
    if (v.is("conditional_expression")) {
      ts::Node a = sameItems(v.namedChild(0), name), b = sameItems(v.namedChild(2), name);
      inner = a && b ? a : ts::Node();
    } else {
      inner = sameItems(v, name);
    }
    if (!inner) return v.is("call") ? v : it;
    name = inner;  // the items the rewrapping binding started from
  }
  return it;
}

// `for i in range(n): x = shards[i]`: the counter picks an item each pass.
bool LoopClassifier::counterIndexes(const Loop& l) {
  return bodyUsesItem(l, [](ts::Node n, std::string_view item) {
    return n.is("subscript") && syntax::unwrap(n.field("subscript")).text() == item;
  });
}

// `range(args.images_per_prompt)`: every name of the count that sounds
// like batches is a rate (`x_per_y`), which counts repetitions of one
// item, not batches.
bool LoopClassifier::countsRepetitions(ts::Node it) {
  const Call* c = it.is("call") ? m_.callAt(it) : nullptr;
  if (!c || c->method != "range" || c->receiver) return false;
  bool rate = false;
  std::vector<ts::Node> stack(c->positional.begin(), c->positional.end());
  while (!stack.empty()) {
    ts::Node n = stack.back();
    stack.pop_back();
    if (n.is("identifier") && namesBatches(n.text(), "")) {
      if (n.text().find("_per_") == std::string_view::npos) return false;
      rate = true;
    }
    for (ts::Node child : n.namedChildren()) stack.push_back(child);
  }
  return rate;
}

// `enumerate(x)`, `tqdm(x, ...)`, `iter(x)`, `sorted(x)`, `metric_logger.log_every(x, freq, header)` -> x;
// also `iter_wrap(x)` where the local `iter_wrap` holds one of them (`tqdm.tqdm if use_tqdm else iter`).
ts::Node LoopClassifier::peelWrappers(ts::Node it) {
  it = syntax::unwrap(it);
  for (int i = 0; i < 3 && it && it.is("call"); ++i) {
    const Call* c = m_.callAt(it);
    if (!c || c->positional.empty() || !(isWrapperName(c->method) || holdsWrapper(c->callee))) break;
    it = syntax::unwrap(c->positional[0]);
  }
  return it;
}

bool LoopClassifier::isWrapperName(std::string_view name) {
  return syntax::oneOf(name, {"enumerate", "tqdm", "iter", "log_every", "trange", "track", "sorted", "reversed",
                              "list", "tuple"});
}

// A local name every binding of which is a wrapper function itself, not a
// call of one: `iter_wrap = tqdm.tqdm` on one branch, `iter_wrap = iter` on
// the other, or `tqdm.tqdm if verbose else iter`.
bool LoopClassifier::holdsWrapper(ts::Node callee) {
  if (!callee.is("identifier") || isWrapperName(callee.text())) return false;
  std::vector<NameBinding> bindings = m_.reachingBindings(callee);
  for (const NameBinding& b : bindings)
    if (b.parameter || b.index >= 0 || !namesWrapper(b.value)) return false;
  return !bindings.empty();
}

bool LoopClassifier::namesWrapper(ts::Node value) {
  value = value ? syntax::unwrap(value) : ts::Node();
  if (value && value.is("conditional_expression"))
    return namesWrapper(value.namedChild(0)) && namesWrapper(value.namedChild(2));
  return value && (value.is("identifier") || value.is("attribute")) && isWrapperName(syntax::lastName(value));
}

// `range(batch_size)`, `range(bsz)`, `range(len(batch))`: the items of one
// batch, visited inside whatever loop runs per batch.
bool LoopClassifier::indexesOneBatch(ts::Node it) {
  const Call* c = it.is("call") ? m_.callAt(it) : nullptr;
  if (!c || c->method != "range" || c->receiver || c->positional.size() != 1) return false;
  ts::Node n = syntax::unwrap(c->positional[0]);
  // Also a copy or a part of one (`inputs_clone`, `images_aug`).
  auto oneBatch = [](ts::Node t) {
    // `len(inputs[0])`: the parts of one part of the batch.
    for (t = syntax::unwrap(t); t && t.is("subscript");) t = syntax::unwrap(t.field("value"));
    std::string_view name = syntax::lastName(t);
    for (std::string_view b : {"batch", "x", "inputs", "images", "imgs", "samples", "outputs", "preds", "predictions",
                               "logits", "latents"})
      if (name == b || (b.size() > 1 && name.size() > b.size() + 1 && name.starts_with(b) && name[b.size()] == '_'))
        return true;
    return false;
  };
  if (const Call* len = n.is("call") ? m_.callAt(n) : nullptr; len && len->method == "len" && len->positional.size() == 1)
    return oneBatch(len->positional[0]);
  // `range(images.shape[0])`, `range(outputs.size(0))`: the items of one batch.
  if (n.is("subscript") && n.field("subscript").text() == "0") {
    ts::Node shape = syntax::unwrap(n.field("value"));
    if (shape.is("attribute") && shape.field("attribute").text() == "shape") return oneBatch(shape.field("object"));
  }
  if (const Call* size = n.is("call") ? m_.callAt(n) : nullptr;
      size && size->method == "size" && size->receiver && size->positional.size() == 1 &&
      size->positional[0].text() == "0")
    return oneBatch(size->receiver);
  std::string_view name = syntax::lastName(n);
  return syntax::oneOf(name, {"batch_size", "bsz", "bs", "local_batch_size", "micro_batch_size"}) ||
         (name.size() > 11 && name.substr(name.size() - 11) == "_batch_size");
}

// Literal collections, dict views, string splits and plurals of things
// that are not batches: each iteration is a dataset, a prompt, a model.
bool LoopClassifier::isCollectionOfThings(ts::Node it) {
  if (syntax::oneOf(it.type(), {"list", "tuple", "set", "dictionary", "string", "concatenated_string"})) return true;
  if (const Call* c = it.is("call") ? m_.callAt(it) : nullptr) {
    if (c->receiver && syntax::oneOf(c->method, {"items", "keys", "values", "split", "iterrows", "itertuples"}))
      return true;  // a dict's entries, a table's rows
    // `zip(dataset_names, metric_types)`: things in step, when every list
    // is; `zip(cfg.TEST.NUM_CLIPS, test_meters)` too, one list of things
    // walked with settings, when no list is named like a loader.
    if (c->method == "zip" && !c->receiver && !c->positional.empty()) {
      bool any_things = false, all_things = true, loader = false;
      for (ts::Node arg : c->positional) {
        bool things = isCollectionOfThings(syntax::unwrap(arg));
        any_things = any_things || things;
        all_things = all_things && things;
        loader = loader || syntax::containsWord(syntax::lastName(syntax::unwrap(arg)), {"loader", "dataloader", "iter",
                                                                                       "iterator", "batches", "data"});
      }
      return all_things || (any_things && !loader);
    }
  }
  return namesThings(syntax::lastName(it));
}

// `for k in batch_keys: if k == "mask": ...`: an item the body compares
// with a string literal (`k == "a"`, `k != "a"`, `k in ("a", "b")`) is a key
// or a name, whatever the list is called; a batch is never equal to text.
bool LoopClassifier::itemComparedWithText(const Loop& l) {
  auto text = [](ts::Node t) {
    if (t.is("tuple") || t.is("list") || t.is("set")) t = t.namedChildCount() > 0 ? t.namedChild(0) : ts::Node();
    return t && (t.is("string") || t.is("concatenated_string"));
  };
  return bodyUsesItem(l, [&](ts::Node n, std::string_view item) {
    if (!n.is("comparison_operator") || n.namedChildCount() != 2) return false;
    // The item on the left: `"mask" in batch` tests a dict batch for a key.
    ts::Node left = syntax::unwrap(n.namedChild(0));
    return left.is("identifier") && left.text() == item && text(syntax::unwrap(n.namedChild(1)));
  });
}

// `for name in test_stats:` where every value of the name is a dict
// literal: its keys (results, settings), not batches.
bool LoopClassifier::iteratesDictKeys(ts::Node it) {
  if (!it.is("identifier")) return false;
  std::vector<ts::Node> sources = m_.valueSources(it, /*all_paths=*/true);
  return !sources.empty() && std::all_of(sources.begin(), sources.end(), [](ts::Node v) {
    return v.is("dictionary") || v.is("dictionary_comprehension");
  });
}

// `for b in range(images.shape[0]): score(model, images[b], chunks)` inside
// a loop over a loader: a helper runs the model on each item of the batch
// (helper_forward.cpp). Only inside a loader's loop: a loop over class
// names or prompts that embeds each once (set-up), or one that runs a
// helper on a fixed input, walks no batches.
bool LoopClassifier::forwardsItemsOfBatch(const Loop& l) {
  ts::Node it = peelWrappers(l.iterable);
  if (!it || isCollectionOfThings(it)) return false;
  bool in_batch_loop = false;
  for (ts::Node p = l.node.parent(); p && !syntax::isScope(p) && !in_batch_loop; p = p.parent())
    if (const Loop* outer = p.is("for_statement") ? m_.loopFor(p) : nullptr)
      in_batch_loop = namedLikeBatches(*outer);
  return in_batch_loop && forwardsThroughHelper(l);
}

bool LoopClassifier::forwardsThroughHelper(const Loop& l) {
  auto [it, fresh] = helper_forward_.try_emplace(&l, false);
  if (fresh) it->second = forwardingHelperCall(m_, l) != nullptr;
  return it->second;
}

}  // namespace gpulint::python
