#pragma once
// yacs / fvcore `CfgNode` configs (Swin-Transformer, SlowFast, detectron2):
// a defaults module builds a tree (`_C = CN()`, `_C.DATA = CN()`,
// `_C.DATA.NUM_WORKERS = 8`), `get_config()` returns `_C.clone()` merged
// with a YAML named on the command line, and the training code reads
// `config.DATA.NUM_WORKERS` in other modules.
//
// The value of a key is its set of candidates: the default, the value each
// project YAML that fits the tree gives the key, and each value code assigns
// to it (`cfg.SOLVER.IMS_PER_BATCH = 2`). One unknown candidate makes the key
// unknown; a single value is known only when every candidate agrees (so a
// threshold fires only when every candidate is bad), and the extremes
// (smallestCandidate/largestCandidate) serve bounds such as an epoch count.
#include <map>
#include <memory>
#include <mutex>
#include <tuple>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "frontend/python/resolved_value.h"
#include "frontend/python/script_model.h"

namespace gpulint::python {

// One defaults tree of the project.
struct YacsTree {
  const ScriptModel* model = nullptr;  // the defaults module
  std::string root;                    // the module variable: "_C"
  ts::Node root_value;                 // its `CN()` call
  std::set<std::string> subtrees;      // "DATA", "TRAIN.OPTIMIZER"
  // Leaf keys ("DATA.NUM_WORKERS") -> their candidates, the default first.
  std::map<std::string, std::vector<ResolvedValue>> keys;
  [[nodiscard]] bool hasTopLevel(const std::string& key) const {
    return subtrees.count(key) > 0 || keys.count(key) > 0;
  }
};

// Every defaults tree of a project, built once before the checks run and
// read-only afterwards (checks ask it from several threads).
struct YacsTrees {
  std::vector<YacsTree> trees;
  // Which tree the object of a read is, by file and object (yacs_reads.cpp):
  // checks resolve the same reads, and reads of one parameter, many times.
  // The project is fixed once the trees are bound, so an answer never changes.
  struct ObjectKey {
    const ScriptModel* model;
    uint32_t scope;  // the function of a parameter, else the object node
    std::string name;
    bool operator<(const ObjectKey& o) const {
      return std::tie(model, scope, name) < std::tie(o.model, o.scope, o.name);
    }
  };
  mutable std::mutex memo_mutex;
  mutable std::map<ObjectKey, const YacsTree*> memo;
};

// yacs keys are upper case by convention (`DATA`, `NUM_WORKERS`, `TRAIN2`):
// a lower-case member is an attribute of something else.
[[nodiscard]] bool isKeyName(std::string_view s);

// The defaults trees a module builds at module level (none for most files).
[[nodiscard]] std::vector<YacsTree> yacsDefaults(const ScriptModel& m);
// Adds what code in `m` assigns to keys of the trees (`cfg.TRAIN.EPOCHS = 5`)
// as candidates, outside the module-level statements that build them.
void addYacsAssignments(const ScriptModel& m, YacsTrees& trees);

// The candidates of the key `expr` reads (`config.DATA.NUM_WORKERS`); nullopt
// when it reads no key of a project tree (see yacs_config.cpp for how the
// config is tied to a tree).
[[nodiscard]] std::optional<std::vector<ResolvedValue>> yacsCandidates(const ScriptModel& m, ts::Node expr);
// The key's single value when every candidate agrees (the default's chain);
// unknown when they differ; nullopt when `expr` reads no key.
[[nodiscard]] std::optional<ResolvedValue> yacsValue(const ScriptModel& m, ts::Node expr);
// The smallest (largest) int candidate when every candidate is an int, with
// its chain; otherwise what model.resolve(expr) gives.
[[nodiscard]] ResolvedValue smallestCandidate(const ScriptModel& m, ts::Node expr);
[[nodiscard]] ResolvedValue largestCandidate(const ScriptModel& m, ts::Node expr);

}  // namespace gpulint::python
