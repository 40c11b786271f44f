// Options declared from a dict of defaults (OpenAI's diffusion scripts:
// `defaults = dict(lr=1e-4, batch_size=1, ...)`, then
// `add_dict_to_argparser(parser, defaults)` with a helper that loops
// `for k, v in d.items(): parser.add_argument(f"--{k}", default=v, ...)`):
// the file that hands the helper its parser parses one option per entry,
// whose default is the entry's value.
#include <algorithm>
#include <map>
#include <set>

#include "frontend/python/project_model.h"
#include "frontend/python/syntax.h"

namespace gpulint::python {

namespace {

// The helper's loop that declares an option per entry: which parameter is
// the parser, which the dict, and the add_argument call.
struct DictOptionLoop {
  std::string parser, dict;
  ts::Node add;
};

bool isParameter(const Function& f, std::string_view name) {
  return std::find(f.parameters.begin(), f.parameters.end(), name) != f.parameters.end();
}

// `for k, v in d.items(): p.add_argument(f"--{k}", default=v, ...)` in `f`
// with `d` and `p` its parameters; nullopt when f has no such loop.
std::optional<DictOptionLoop> dictOptionLoop(const ScriptModel& owner, const Function& f) {
  for (const Loop& l : owner.loops()) {
    if (!f.node.contains(l.node) || !l.iterable || !l.target || !l.target.is("pattern_list") ||
        l.target.namedChildCount() != 2)
      continue;
    const Call* items = l.iterable.is("call") ? owner.callAt(l.iterable) : nullptr;
    if (!items || items->method != "items" || !items->receiver || !items->receiver.is("identifier") ||
        !isParameter(f, items->receiver.text()))
      continue;
    std::string_view key = l.target.namedChild(0).text(), value = l.target.namedChild(1).text();
    for (const Call& c : owner.callsIn(l.node.field("body"))) {
      if (c.method != "add_argument" || !c.receiver || !c.receiver.is("identifier") || !isParameter(f, c.receiver.text()) ||
          c.positional.size() != 1)
        continue;
      std::string_view flag = c.positional[0].text();
      ts::Node dflt = c.keyword("default");
      if (!flag.starts_with("f") || flag.find("--{" + std::string(key) + "}") == std::string_view::npos || !dflt ||
          dflt.text() != value || c.keyword("action") || c.keyword("dest"))
        continue;
      return DictOptionLoop{std::string(c.receiver.text()), std::string(items->receiver.text()), c.node};
    }
  }
  return std::nullopt;
}

}  // namespace

void ProjectModel::importDictOptions() { importDictOptions(models_); }

void ProjectModel::importDictOptions(const std::vector<ScriptModel*>& models) {
  // Every file is read before any gains options, so the answers do not depend on the order.
  std::vector<std::vector<ArgparseOption>> found(models.size());
  // The helpers first, from the add_argument calls with a formatted flag:
  // most projects have none, and then no call needs resolving.
  std::map<const Function*, DictOptionLoop> helpers;
  std::set<std::string, std::less<>> names;
  for (const ScriptModel* m : models)
    for (const Call& c : m->calls())
      if (c.method == "add_argument" && c.function && !c.positional.empty() && c.positional[0].text().starts_with("f"))
        if (auto loop = dictOptionLoop(*m, *c.function)) {
          helpers.emplace(c.function, *loop);
          names.insert(c.function->name);
        }
  if (helpers.empty()) return;
  {
    CacheScope scope;
    for (size_t i = 0; i < models.size(); ++i) {
      ScriptModel& m = *models[i];
      for (const Call& c : m.calls()) {
        if (c.receiver && c.receiver.text() != "self") continue;  // a plain call of the helper (or a module's)
        if (!names.count(c.method)) continue;
        auto [owner, f] = m.callTarget(c);
        auto it = f ? helpers.find(f) : helpers.end();
        if (it == helpers.end()) continue;
        const DictOptionLoop* loop = &it->second;
        ts::Node dict = m.argumentFor(c, *f, loop->dict);
        std::vector<std::pair<std::string, ts::Node>> entries;
        if (!m.argumentFor(c, *f, loop->parser) || !dict || !dictEntries(m, dict, entries)) continue;
        for (const auto& [key, value] : entries) {
          auto& out = found[i];
          if (m.argparseOption(key) ||
              std::any_of(out.begin(), out.end(), [&](const ArgparseOption& o) { return o.dest == key; }))
            continue;
          ArgparseOption o;
          o.dest = key;
          o.flags = {"--" + key};
          o.call = loop->add;
          o.default_value = m.resolve(value);
          if (o.default_value.known())
            o.default_value.chain.push_back(
                {m.location(value), "default of --" + key + ", an entry of the dict handed to " + f->name + "()"});
          out.push_back(std::move(o));
        }
      }
    }
  }
  for (size_t i = 0; i < models.size(); ++i)
    models[i]->argparse_.insert(models[i]->argparse_.end(), found[i].begin(), found[i].end());
}

}  // namespace gpulint::python
