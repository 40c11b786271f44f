// Builds a ConfigModel from the tree-sitter-yaml tree of a YAML/JSON file.
#include "frontend/config/config_model.h"

#include <charconv>
#include <map>

#include "frontend/input_guard.h"
#include "frontend/ts/tree.h"

namespace gpulint::config {

const ConfigValue::Entry* ConfigValue::entry(std::string_view key) const {
  if (!isMapping()) return nullptr;
  for (const Entry& e : entries)
    if (e.key == key) return &e;
  return nullptr;
}

const ConfigValue* ConfigValue::get(std::string_view key) const {
  const Entry* e = entry(key);
  return e ? e->value : nullptr;
}

const ConfigValue* ConfigValue::path(std::string_view dotted) const {
  const ConfigValue* v = this;
  while (v && !dotted.empty()) {
    size_t dot = dotted.find('.');
    v = v->get(dotted.substr(0, dot));
    dotted = dot == std::string_view::npos ? std::string_view() : dotted.substr(dot + 1);
  }
  return v;
}

std::optional<int64_t> ConfigValue::asInt() const {
  if (!isScalar() || text.empty()) return std::nullopt;
  if (scalar_type != ScalarType::Int && scalar_type != ScalarType::String) return std::nullopt;
  int64_t v = 0;
  auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || p != text.data() + text.size()) return std::nullopt;
  return v;
}

std::pair<uint32_t, uint32_t> ConfigValue::fileRange(uint32_t decoded_begin, uint32_t decoded_end) const {
  return positions.fileRange(decoded_begin, decoded_end);
}

class ConfigBuilder {
 public:
  ConfigBuilder(ConfigModel& model) : model_(model) {}

  void buildStream(ts::Node stream) {
    for (ts::Node doc : stream.namedChildren()) {
      if (!doc.is("document")) continue;
      ts::Node content;
      for (ts::Node c : doc.namedChildren())
        if (c.is("block_node") || c.is("flow_node")) content = c;
      if (!content) continue;
      anchors_.clear();  // anchors are scoped to their document
      model_.documents_.push_back(node(content, 0, 0));
    }
  }

 private:
  ConfigValue& make(ConfigValue::Kind kind, ts::Node n) {
    ConfigValue& v = model_.storage_.emplace_back();
    v.kind = kind;
    v.begin = n.begin();
    v.end = n.end();
    return v;
  }

  const ConfigValue* nullAt(ts::Node n) { return &make(ConfigValue::Kind::Scalar, n); }

  // A block_node/flow_node: optional anchor and tag, then the content.
  const ConfigValue* node(ts::Node n, uint32_t depth, uint32_t parent_indent) {
    if (depth > model_.limits_.max_depth) {
      if (model_.error_.empty())
        model_.error_ = "nesting deeper than " + std::to_string(model_.limits_.max_depth) + " levels; the rest of the file is ignored";
      return nullAt(n);
    }
    std::string anchor;
    ts::Node content;
    for (ts::Node c : n.namedChildren()) {
      if (c.is("anchor")) anchor = anchorName(c);
      else if (c.is("tag") || c.is("comment")) continue;
      else content = c;
    }
    const ConfigValue* v = content ? value(content, depth, parent_indent) : nullAt(n);
    if (!anchor.empty()) anchors_[anchor] = v;
    return v;
  }

  static std::string anchorName(ts::Node anchor) {
    for (ts::Node c : anchor.namedChildren())
      if (c.is("anchor_name") || c.is("alias_name")) return std::string(c.text());
    std::string_view t = anchor.text();
    return std::string(t.empty() ? t : t.substr(1));
  }

  const ConfigValue* value(ts::Node c, uint32_t depth, uint32_t parent_indent) {
    std::string_view type = c.type();
    if (type == "alias") {
      auto it = anchors_.find(anchorName(c));
      return it != anchors_.end() ? it->second : nullAt(c);  // an unknown anchor reads as null
    }
    if (type == "block_mapping" || type == "flow_mapping") return mapping(c, depth);
    if (type == "block_sequence" || type == "flow_sequence") return sequence(c, depth);
    if (type == "flow_pair") {  // `[a: 1]`: a one-entry mapping inside a sequence
      ConfigValue& m = make(ConfigValue::Kind::Mapping, c);
      addPair(m, c, depth);
      return &m;
    }
    return scalar(c, parent_indent);
  }

  const ConfigValue* scalar(ts::Node c, uint32_t parent_indent) {
    ConfigValue& v = make(ConfigValue::Kind::Scalar, c);
    std::string_view type = c.type(), token = c.text();
    v.scalar_type = ScalarType::String;
    if (type == "double_quote_scalar") { v.quoted = true; decodeDoubleQuoted(token, c.begin(), v.text, v.positions); }
    else if (type == "single_quote_scalar") { v.quoted = true; decodeSingleQuoted(token, c.begin(), v.text, v.positions); }
    else if (type == "block_scalar") { v.quoted = true; decodeBlockScalar(keepTail(c), c.begin(), parent_indent, v.text, v.positions); }
    else {
      decodePlain(token, c.begin(), v.text, v.positions);
      ts::Node typed = c.namedChildCount() == 1 ? c.namedChild(0) : ts::Node();
      std::string_view t = typed ? typed.type() : "";
      if (t == "integer_scalar") v.scalar_type = ScalarType::Int;
      else if (t == "float_scalar") v.scalar_type = ScalarType::Float;
      else if (t == "boolean_scalar") v.scalar_type = ScalarType::Bool;
      else if (t == "null_scalar") v.scalar_type = ScalarType::Null;
    }
    return &v;
  }

  // A `|+` block keeps its trailing empty lines, which the token leaves out.
  std::string_view keepTail(ts::Node c) const {
    std::string_view token = c.text(), file = model_.file_->text();
    if (token.substr(0, token.find('\n')).find('+') == std::string_view::npos) return token;
    size_t end = c.end(), q = end;
    while (q < file.size()) {
      while (q < file.size() && (file[q] == ' ' || file[q] == '\t' || file[q] == '\r')) ++q;
      if (q >= file.size() || file[q] != '\n') break;
      end = ++q;
    }
    return file.substr(c.begin(), end - c.begin());
  }

  const ConfigValue* mapping(ts::Node c, uint32_t depth) {
    ConfigValue& m = make(ConfigValue::Kind::Mapping, c);
    std::vector<const ConfigValue*> merges;
    for (ts::Node pair : c.namedChildren()) {
      if (pair.is("block_mapping_pair") || pair.is("flow_pair")) {
        if (const ConfigValue* merged = addPair(m, pair, depth)) merges.push_back(merged);
      } else if (pair.is("flow_node")) {  // `{a}`: a key without a value
        const ConfigValue* key = node(pair, depth + 1, 0);
        m.entries.push_back({key->text, pair.begin(), pair.end(), nullAt(pair)});
      }
    }
    // Merge keys: explicit keys win; earlier merged mappings win over later ones.
    for (const ConfigValue* merged : merges) {
      std::vector<const ConfigValue*> sources;
      if (merged->isMapping()) sources.push_back(merged);
      else if (merged->isSequence()) sources = merged->items;
      for (const ConfigValue* src : sources)
        if (src && src->isMapping())
          for (const auto& e : src->entries)
            if (!m.entry(e.key)) m.entries.push_back(e);
    }
    return &m;
  }

  // Adds one key/value pair to `m`; returns the value of a `<<` merge key instead.
  const ConfigValue* addPair(ConfigValue& m, ts::Node pair, uint32_t depth) {
    ts::Node key = pair.field("key"), val = pair.field("value");
    uint32_t indent = pair.column();
    std::string key_text;
    if (key) {
      const ConfigValue* k = node(key, depth + 1, indent);
      key_text = k->isScalar() ? k->text : std::string(key.text());
    }
    const ConfigValue* v = val ? node(val, depth + 1, indent) : nullAt(key ? key : pair);
    bool plain_key = key && key.text() == "<<";
    if (plain_key) return v;
    m.entries.push_back({key_text, key ? key.begin() : pair.begin(), key ? key.end() : pair.begin(), v});
    return nullptr;
  }

  const ConfigValue* sequence(ts::Node c, uint32_t depth) {
    ConfigValue& s = make(ConfigValue::Kind::Sequence, c);
    for (ts::Node item : c.namedChildren()) {
      if (item.is("comment")) continue;
      if (item.is("block_sequence_item")) {
        ts::Node inner = item.namedChildCount() ? item.namedChild(0) : ts::Node();
        while (inner && inner.is("comment")) inner = inner.nextNamedSibling();
        uint32_t indent = item.column();
        s.items.push_back(inner ? node(inner, depth + 1, indent) : nullAt(item));
      } else if (item.is("flow_pair")) {
        s.items.push_back(value(item, depth + 1, 0));
      } else {
        s.items.push_back(node(item, depth + 1, 0));
      }
    }
    return &s;
  }

  ConfigModel& model_;
  std::map<std::string, const ConfigValue*> anchors_;
};

std::vector<FlatEntry> ConfigModel::flatten(const ConfigValue& document, bool* truncated) const {
  std::vector<FlatEntry> out;
  struct Item { std::string path; const ConfigValue* value; uint32_t depth; };
  std::vector<Item> stack{{"", &document, 0}};
  size_t visited = 0;
  if (truncated) *truncated = false;
  while (!stack.empty()) {
    Item it = std::move(stack.back());
    stack.pop_back();
    // Aliases share nodes, so the walk is bounded by visits, not storage.
    if (++visited > limits_.max_flat_entries || it.depth > limits_.max_depth) {
      if (truncated) *truncated = true;
      break;
    }
    const ConfigValue& v = *it.value;
    if (v.isScalar()) { out.push_back({it.path, &v}); continue; }
    std::string prefix = it.path.empty() ? "" : it.path + ".";
    if (v.isMapping())
      for (auto e = v.entries.rbegin(); e != v.entries.rend(); ++e)
        stack.push_back({prefix + e->key, e->value, it.depth + 1});
    else
      for (size_t i = v.items.size(); i-- > 0;)
        stack.push_back({it.path + "[" + std::to_string(i) + "]", v.items[i], it.depth + 1});
  }
  return out;
}

std::unique_ptr<ConfigModel> buildConfigModel(SourceFilePtr file, ConfigLimits limits) {
  auto model = std::make_unique<ConfigModel>();
  model->file_ = file;
  model->limits_ = limits;
  if (std::string why = yamlInputProblem(file->text()); !why.empty()) {
    model->error_ = why;
    return model;
  }
  ts::Parser parser(tree_sitter_yaml());
  ts::Tree tree = parser.parse(sharedText(file));
  if (!tree.valid()) {
    model->error_ = "could not parse YAML";
    return model;
  }
  if (std::string why = treeDepthProblem(tree); !why.empty()) {
    model->error_ = why;
    return model;
  }
  ts::Node root = tree.root();
  ConfigBuilder(*model).buildStream(root);
  if (root.hasError() && model->error_.empty()) {
    // Report the first broken spot; what parsed around it is still modelled.
    ts::Node n = root;
    while (true) {
      ts::Node next;
      for (uint32_t i = 0; i < n.childCount() && !next; ++i)
        if (n.child(i).hasError() || n.child(i).isError() || n.child(i).isMissing()) next = n.child(i);
      if (!next) break;
      n = next;
    }
    bool json = file->kind() == FileKind::Json;
    size_t tab_line = json ? 0 : firstTabIndentedLine(file->text());
    if (tab_line)
      model->error_ = "YAML syntax error at line " + std::to_string(tab_line) +
                      ": a tab in the indentation (YAML indents with spaces only); the file is not analysed";
    else
      model->error_ = std::string(json ? "JSON" : "YAML") + " syntax error at line " + std::to_string(n.line()) +
                      "; the file is not analysed";
    model->documents_.clear();
  }
  return model;
}

}  // namespace gpulint::config
