// yacs / fvcore config trees of a project (see yacs_binding.h).
#include "frontend/project/yacs_binding.h"

#include <memory>
#include <string>

#include "frontend/config/config_model.h"
#include "frontend/project/config_binding.h"
#include "frontend/python/yacs_config.h"

namespace gpulint::project {

namespace {

using python::ResolvedValue;
using python::YacsTree;
using python::YacsTrees;

// A cheap test before parsing: a line of the text starts with `KEY:` for a
// top-level key of some tree.
bool mayFit(const std::string& text, const YacsTrees& trees) {
  auto names = [&](const std::string& k) {
    return k.find('.') == std::string::npos &&
           (text.starts_with(k + ":") || text.find("\n" + k + ":") != std::string::npos);
  };
  for (const YacsTree& t : trees.trees) {
    for (const std::string& k : t.subtrees)
      if (names(k)) return true;
    for (const auto& [k, values] : t.keys)
      if (names(k)) return true;
  }
  return false;
}

// Every key the YAML mapping sets under `prefix`, as a candidate of the
// tree's key of that path; keys the defaults do not define are left alone
// (a run merging them would fail, or adds a key no default reads). A list
// or an unparseable scalar is an unknown candidate.
void addKeys(const config::ConfigModel& model, const config::ConfigValue& map, const std::string& prefix,
             YacsTree& tree) {
  for (const config::ConfigValue::Entry& e : map.entries) {
    if (!e.value) continue;
    std::string path = prefix.empty() ? e.key : prefix + "." + e.key;
    auto leaf = tree.keys.find(path);
    if (e.value->isMapping()) {
      if (leaf != tree.keys.end()) leaf->second.push_back(ResolvedValue{});  // a mapping where a value was
      addKeys(model, *e.value, path, tree);
      continue;
    }
    if (leaf == tree.keys.end()) continue;
    ResolvedValue v = e.value->isScalar() ? scalarValue(*e.value) : ResolvedValue{};
    if (v.known())
      v.chain.push_back({model.location(e.key_begin, e.value->end),
                         "YAML config key " + path});
    leaf->second.push_back(std::move(v));
  }
}

// True when some top-level key of the document is one of the tree's: a
// YAML the run may merge into it (`_BASE_` chains are covered, the base
// being a project YAML too).
bool fits(const config::ConfigValue& doc, const YacsTree& tree) {
  for (const config::ConfigValue::Entry& e : doc.entries)
    if (tree.hasTopLevel(e.key)) return true;
  return false;
}

// A project that merges a config file into its trees but holds no YAML that
// fits one of them reads its configs from elsewhere: that tree's keys may
// take any value.
bool mergesFiles(const python::ProjectModel& project) {
  for (const python::ScriptModel* m : project.models())
    for (const python::Call& c : m->calls())
      if (c.method == "merge_from_file") return true;
  return false;
}

}  // namespace

void bindYacsConfigs(python::ProjectModel& project, const std::vector<SourceFilePtr>& yamls) {
  auto trees = std::make_shared<YacsTrees>();
  for (const python::ScriptModel* m : project.models())
    for (YacsTree& t : python::yacsDefaults(*m)) trees->trees.push_back(std::move(t));
  if (trees->trees.empty()) return;
  for (const python::ScriptModel* m : project.models()) python::addYacsAssignments(*m, *trees);
  std::vector<bool> fitted(trees->trees.size(), false);
  for (const SourceFilePtr& source : yamls) {
    if (!source || !mayFit(source->text(), *trees)) continue;
    auto model = config::buildConfigModel(source);
    if (!model->error().empty()) continue;
    for (const config::ConfigValue* doc : model->documents()) {
      if (!doc || !doc->isMapping()) continue;
      for (size_t i = 0; i < trees->trees.size(); ++i)
        if (fits(*doc, trees->trees[i])) {
          addKeys(*model, *doc, "", trees->trees[i]);
          fitted[i] = true;
        }
    }
  }
  if (mergesFiles(project))
    for (size_t i = 0; i < trees->trees.size(); ++i)
      if (!fitted[i])
        for (auto& [key, values] : trees->trees[i].keys) values.push_back(ResolvedValue{});
  project.setYacsTrees(std::move(trees));
}

}  // namespace gpulint::project
