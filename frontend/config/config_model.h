#pragma once
// ConfigModel: a YAML or JSON file (JSON is YAML flow syntax for the
// tree-sitter-yaml grammar) as a tree of values that remember the exact bytes
// they were written at. Scalars are decoded (quotes, escapes, block scalars)
// and keep a map from positions in the decoded text back to file bytes, so a
// finding can point at the `0` in `--num-workers 0` inside a `command: |`
// block. Anchors/aliases/merge keys are resolved by sharing nodes; walks are
// bounded so alias bombs and very deep nesting give a per-file error.
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "frontend/source_file.h"

namespace gpulint::config {

// One run of decoded characters and the file bytes it came from. A verbatim
// segment maps character i to file byte file_begin + i; a non-verbatim one
// (an escape sequence, a folded line break) maps every character to the whole
// [file_begin, file_end) range.
struct Segment {
  uint32_t decoded_begin = 0;
  uint32_t decoded_end = 0;
  uint32_t file_begin = 0;
  uint32_t file_end = 0;
  bool verbatim = true;
};

class PositionMap {
 public:
  void append(Segment s) { segments_.push_back(s); }
  [[nodiscard]] bool empty() const { return segments_.empty(); }
  // File byte range of decoded characters [begin, end); {0, 0} when outside.
  [[nodiscard]] std::pair<uint32_t, uint32_t> fileRange(uint32_t begin, uint32_t end) const;

 private:
  [[nodiscard]] const Segment* segmentAt(uint32_t decoded) const;
  std::vector<Segment> segments_;
};

enum class ScalarType { String, Int, Float, Bool, Null };

struct ConfigValue {
  enum class Kind { Scalar, Mapping, Sequence };
  Kind kind = Kind::Scalar;
  ScalarType scalar_type = ScalarType::Null;  // scalars only
  bool quoted = false;                        // '...', "...", or a block scalar
  std::string text;                           // decoded scalar text
  uint32_t begin = 0;                         // the value token's file bytes
  uint32_t end = 0;
  PositionMap positions;                      // decoded text -> file bytes (scalars)
  struct Entry {
    std::string key;
    uint32_t key_begin = 0;
    uint32_t key_end = 0;
    const ConfigValue* value = nullptr;
  };
  std::vector<Entry> entries;               // mappings, in file order (merged keys appended)
  std::vector<const ConfigValue*> items;    // sequences

  [[nodiscard]] bool isScalar() const { return kind == Kind::Scalar; }
  [[nodiscard]] bool isMapping() const { return kind == Kind::Mapping; }
  [[nodiscard]] bool isSequence() const { return kind == Kind::Sequence; }
  [[nodiscard]] bool isNull() const { return isScalar() && scalar_type == ScalarType::Null; }
  // The mapping entry for `key`; null when absent or not a mapping.
  [[nodiscard]] const Entry* entry(std::string_view key) const;
  [[nodiscard]] const ConfigValue* get(std::string_view key) const;
  // Follows a dotted path of mapping keys ("spec.template.spec").
  [[nodiscard]] const ConfigValue* path(std::string_view dotted) const;
  // Integer value of a scalar (plain or quoted "4"); nullopt otherwise.
  [[nodiscard]] std::optional<int64_t> asInt() const;
  [[nodiscard]] std::pair<uint32_t, uint32_t> fileRange(uint32_t decoded_begin, uint32_t decoded_end) const;
};

// A scalar reached by a key path: "spec.containers[0].command[1]".
struct FlatEntry {
  std::string path;
  const ConfigValue* value = nullptr;
};

struct ConfigLimits {
  uint32_t max_depth = 200;          // nesting levels of mappings/sequences
  uint32_t max_flat_entries = 200000;  // scalars reached by flatten(), aliases expanded
};

class ConfigModel {
 public:
  [[nodiscard]] const SourceFile& file() const { return *file_; }
  [[nodiscard]] SourceFilePtr filePtr() const { return file_; }
  [[nodiscard]] const std::vector<const ConfigValue*>& documents() const { return documents_; }
  // Non-empty when the file could not be modelled completely (syntax error,
  // nesting over the limits). A syntax error leaves no documents; a limit
  // keeps what was read before it.
  [[nodiscard]] const std::string& error() const { return error_; }
  [[nodiscard]] Location location(uint32_t begin, uint32_t end) const { return file_->location(begin, end); }
  [[nodiscard]] Location location(const ConfigValue& v) const { return location(v.begin, v.end); }
  // Every scalar of a document with its key path, aliases expanded; stops
  // (and sets `truncated`) at the limit.
  [[nodiscard]] std::vector<FlatEntry> flatten(const ConfigValue& document, bool* truncated = nullptr) const;

 private:
  friend class ConfigBuilder;
  friend std::unique_ptr<ConfigModel> buildConfigModel(SourceFilePtr file, ConfigLimits limits);
  SourceFilePtr file_;
  std::deque<ConfigValue> storage_;
  std::vector<const ConfigValue*> documents_;
  std::string error_;
  ConfigLimits limits_;
};

// Parses a .yaml/.yml/.json file. Never throws; problems land in error().
[[nodiscard]] std::unique_ptr<ConfigModel> buildConfigModel(SourceFilePtr file, ConfigLimits limits = {});

// Scalar decoding (scalar_decode.cpp). `token` is the scalar's source text
// starting at file byte `base`.
void decodeDoubleQuoted(std::string_view token, uint32_t base, std::string& out, PositionMap& map);
void decodeSingleQuoted(std::string_view token, uint32_t base, std::string& out, PositionMap& map);
void decodePlain(std::string_view token, uint32_t base, std::string& out, PositionMap& map);
// `token` starts at the `|`/`>` indicator; `parent_indent` is the column of
// the key that owns the block (content must be indented deeper).
void decodeBlockScalar(std::string_view token, uint32_t base, uint32_t parent_indent, std::string& out,
                       PositionMap& map);

}  // namespace gpulint::config
