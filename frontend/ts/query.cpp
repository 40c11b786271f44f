#include "frontend/ts/query.h"

#include <algorithm>
#include <regex>
#include <stdexcept>

namespace gpulint::ts {

namespace {

// Captures longer than this never #match? (std::regex recurses per character).
constexpr size_t kMaxMatchedText = 4096;

// One parsed text predicate. Kept as plain data and evaluated by `holds`
// rather than as closures so that a Query stays cheap to move and to inspect
// in a debugger.
struct Predicate {
  enum class Op { Eq, Match, AnyOf };
  Op op = Op::Eq;
  bool positive = true;  // false for the not- forms
  bool all = true;       // false for the any- forms: one node suffices
  uint32_t capture = 0;  // first argument, always a capture
  std::optional<uint32_t> other;        // Eq against a second capture
  std::string value;                    // Eq against a string
  std::optional<std::regex> regex;      // Match, compiled once here
  std::vector<std::string> values;      // AnyOf
};

[[nodiscard]] std::string_view nodeText(TSNode n, const std::string_view* source) {
  if (!source) return {};
  uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
  // A tree that was edited but not re-parsed can point past the text.
  if (b > source->size()) return {};
  return source->substr(b, std::min<size_t>(e, source->size()) - b);
}

// 1-based line and byte column of `offset` in `text`.
void lineColumn(std::string_view text, uint32_t offset, uint32_t& line, uint32_t& column) {
  offset = static_cast<uint32_t>(std::min<size_t>(offset, text.size()));
  line = 1;
  size_t line_start = 0;
  for (size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  }
  column = static_cast<uint32_t>(offset - line_start + 1);
}

[[nodiscard]] bool isIdentChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-' || c == '.' || c == '?' || c == '!';
}

// The name ts_query_new complains about, read from where its error offset
// points: just inside a quoted name ("foo") or at an identifier.
[[nodiscard]] std::string_view tokenAt(std::string_view src, uint32_t offset) {
  if (offset >= src.size()) return {};
  if (offset > 0 && src[offset - 1] == '"') {
    size_t close = src.find('"', offset);
    return src.substr(offset, close == std::string_view::npos ? std::string_view::npos : close - offset);
  }
  size_t e = offset;
  while (e < src.size() && isIdentChar(src[e])) ++e;
  return src.substr(offset, e - offset);
}

// What ts_query_new's error means, worded for a pattern author.
[[nodiscard]] std::string describeTsError(TSQueryError type, std::string_view src, uint32_t offset,
                                          QueryError::Kind& kind) {
  std::string token(tokenAt(src, offset));
  switch (type) {
    case TSQueryErrorNodeType:
      kind = QueryError::Kind::NodeType;
      return "invalid node type '" + token + "'";
    case TSQueryErrorField:
      kind = QueryError::Kind::Field;
      return "invalid field '" + token + "'";
    case TSQueryErrorCapture:
      kind = QueryError::Kind::Capture;
      return "invalid capture '@" + token + "' (not defined in this pattern)";
    case TSQueryErrorStructure:
      kind = QueryError::Kind::Structure;
      return "impossible pattern structure (these nodes can never appear like this)";
    case TSQueryErrorLanguage:
      kind = QueryError::Kind::Language;
      return "grammar ABI version is not supported by the tree-sitter runtime";
    case TSQueryErrorSyntax:
    case TSQueryErrorNone:
      break;
  }
  kind = QueryError::Kind::Syntax;
  if (offset >= src.size()) return "syntax error at end of query (unbalanced parentheses?)";
  // Show the rest of the offending line, clipped, so the reader can spot it.
  std::string_view rest = src.substr(offset);
  rest = rest.substr(0, std::min(rest.find('\n'), size_t{24}));
  return "syntax error near '" + std::string(rest) + "'";
}

}  // namespace

std::string QueryError::describe() const {
  return file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + message;
}

// ---------------------------------------------------------------- Match

Node Match::capture(std::string_view name) const {
  for (const Capture& c : captures_)
    if (c.name == name) return c.node;
  return Node();
}

std::vector<Node> Match::nodes(std::string_view name) const {
  std::vector<Node> out;
  for (const Capture& c : captures_)
    if (c.name == name) out.push_back(c.node);
  return out;
}

// ---------------------------------------------------------------- Query

struct Query::Impl {
  TSQuery* query = nullptr;
  std::string file;
  std::vector<std::vector<Predicate>> predicates;  // per pattern

  Impl() = default;
  Impl(const Impl&) = delete;
  Impl& operator=(const Impl&) = delete;
  ~Impl() {
    if (query) ts_query_delete(query);
  }
};

Query::Query(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Query::Query(Query&&) noexcept = default;
Query& Query::operator=(Query&&) noexcept = default;
Query::~Query() = default;

namespace {

// Parses the predicate steps of one pattern. Returns an error message and
// the predicate's name (to locate it) on failure.
struct StepError {
  std::string message;
  std::string predicate;  // e.g. "#eq?", "" when unknown
};

[[nodiscard]] std::optional<StepError> parsePredicates(const TSQuery* q, uint32_t pattern,
                                                       std::vector<Predicate>& out) {
  uint32_t count = 0;
  const TSQueryPredicateStep* steps = ts_query_predicates_for_pattern(q, pattern, &count);
  auto str = [&](const TSQueryPredicateStep& s) {
    uint32_t len = 0;
    const char* p = s.type == TSQueryPredicateStepTypeCapture
                        ? ts_query_capture_name_for_id(q, s.value_id, &len)
                        : ts_query_string_value_for_id(q, s.value_id, &len);
    return std::string(p, len);
  };

  uint32_t i = 0;
  while (i < count) {
    // Collect one predicate: steps up to the Done sentinel.
    uint32_t end = i;
    while (end < count && steps[end].type != TSQueryPredicateStepTypeDone) ++end;
    const TSQueryPredicateStep* args = steps + i + 1;
    const uint32_t nargs = end > i ? end - i - 1 : 0;
    if (end == i || steps[i].type != TSQueryPredicateStepTypeString)
      return StepError{"a predicate must start with its name, e.g. (#eq? @a \"x\")", ""};
    const std::string name = str(steps[i]);
    const std::string hashed = "#" + name;
    i = end + 1;

    Predicate p;
    std::string_view op = name;
    if (op.starts_with("any-") && op != "any-of?") {
      p.all = false;
      op.remove_prefix(4);
    }
    if (op.starts_with("not-")) {
      p.positive = false;
      op.remove_prefix(4);
    }
    auto needCapture = [&]() -> std::optional<StepError> {
      if (nargs == 0 || args[0].type != TSQueryPredicateStepTypeCapture)
        return StepError{"first argument of '" + hashed + "' must be a capture", hashed};
      p.capture = args[0].value_id;
      return std::nullopt;
    };

    if (op == "eq?") {
      p.op = Predicate::Op::Eq;
      if (nargs != 2)
        return StepError{"'" + hashed + "' takes 2 arguments, got " + std::to_string(nargs), hashed};
      if (auto e = needCapture()) return e;
      if (args[1].type == TSQueryPredicateStepTypeCapture)
        p.other = args[1].value_id;
      else
        p.value = str(args[1]);
    } else if (op == "match?") {
      p.op = Predicate::Op::Match;
      if (nargs != 2)
        return StepError{"'" + hashed + "' takes 2 arguments, got " + std::to_string(nargs), hashed};
      if (auto e = needCapture()) return e;
      if (args[1].type != TSQueryPredicateStepTypeString)
        return StepError{"second argument of '" + hashed + "' must be a string", hashed};
      const std::string re = str(args[1]);
      try {
        p.regex.emplace(re, std::regex::ECMAScript | std::regex::optimize);
      } catch (const std::regex_error& e) {
        return StepError{"invalid regex '" + re + "' in '" + hashed + "': " + e.what(), hashed};
      }
    } else if (op == "any-of?") {
      // "not-any-of?" got its "not-" stripped above; "any-any-of?" etc. are
      // not predicates.
      p.op = Predicate::Op::AnyOf;
      if (!p.all) return StepError{"unknown predicate '" + hashed + "'", hashed};
      if (nargs < 2)
        return StepError{"'" + hashed + "' takes a capture and at least one string", hashed};
      if (auto e = needCapture()) return e;
      for (uint32_t k = 1; k < nargs; ++k) {
        if (args[k].type != TSQueryPredicateStepTypeString)
          return StepError{"arguments after the capture of '" + hashed + "' must be strings", hashed};
        p.values.push_back(str(args[k]));
      }
    } else {
      // Includes #set!/#is?: nothing here consumes properties, so accepting
      // them would only hide typos.
      return StepError{"unknown predicate '" + hashed + "'", hashed};
    }
    out.push_back(std::move(p));
  }
  return std::nullopt;
}

// Byte offset of the first occurrence of `needle` as a whole word within
// [begin, end) of `src`, or `begin` when not found.
[[nodiscard]] uint32_t locate(std::string_view src, uint32_t begin, uint32_t end,
                              std::string_view needle) {
  if (needle.empty()) return begin;
  end = static_cast<uint32_t>(std::min<size_t>(end, src.size()));
  size_t pos = begin;
  while ((pos = src.find(needle, pos)) != std::string_view::npos && pos < end) {
    size_t after = pos + needle.size();
    if (after >= src.size() || !isIdentChar(src[after])) return static_cast<uint32_t>(pos);
    pos = after;
  }
  return begin;
}

}  // namespace

std::variant<Query, QueryError> Query::compile(const TSLanguage* language, std::string_view source,
                                               std::string_view file_name) {
  QueryError err;
  err.file = std::string(file_name);
  auto fail = [&](uint32_t offset, std::string message, QueryError::Kind kind) {
    err.offset = offset;
    err.kind = kind;
    err.message = std::move(message);
    lineColumn(source, offset, err.line, err.column);
    return err;
  };

  uint32_t error_offset = 0;
  TSQueryError error_type = TSQueryErrorNone;
  TSQuery* q = ts_query_new(language, source.data(), static_cast<uint32_t>(source.size()),
                            &error_offset, &error_type);
  if (!q) {
    QueryError::Kind kind = QueryError::Kind::Syntax;
    std::string message = describeTsError(error_type, source, error_offset, kind);
    return fail(error_offset, std::move(message), kind);
  }

  auto impl = std::make_unique<Impl>();
  impl->query = q;
  impl->file = std::string(file_name);
  const uint32_t patterns = ts_query_pattern_count(q);
  impl->predicates.resize(patterns);
  for (uint32_t p = 0; p < patterns; ++p) {
    if (auto e = parsePredicates(q, p, impl->predicates[p])) {
      // The C API gives no offsets for predicates: point at the predicate's
      // name inside its pattern when we can find it, else at the pattern.
      // For a repeated predicate this finds the first one, which is close
      // enough for a human to spot the problem.
      uint32_t at = locate(source, ts_query_start_byte_for_pattern(q, p),
                           ts_query_end_byte_for_pattern(q, p), e->predicate);
      return fail(at, std::move(e->message), QueryError::Kind::Predicate);
    }
  }
  return Query(std::move(impl));
}

Query Query::compileOrThrow(const TSLanguage* language, std::string_view source,
                            std::string_view file_name) {
  auto r = compile(language, source, file_name);
  if (auto* e = std::get_if<QueryError>(&r)) throw std::runtime_error(e->describe());
  return std::move(std::get<Query>(r));
}

uint32_t Query::patternCount() const { return ts_query_pattern_count(impl_->query); }
uint32_t Query::captureCount() const { return ts_query_capture_count(impl_->query); }

std::string_view Query::captureName(uint32_t index) const {
  if (index >= captureCount()) return {};
  uint32_t len = 0;
  const char* n = ts_query_capture_name_for_id(impl_->query, index, &len);
  return std::string_view(n, len);
}

std::optional<uint32_t> Query::captureIndex(std::string_view name) const {
  for (uint32_t i = 0, n = captureCount(); i < n; ++i)
    if (captureName(i) == name) return i;
  return std::nullopt;
}

uint32_t Query::patternStartByte(uint32_t index) const {
  return ts_query_start_byte_for_pattern(impl_->query, index);
}

const std::string& Query::fileName() const { return impl_->file; }
const TSQuery* Query::raw() const { return impl_->query; }

bool Query::accepts(const TSQueryMatch& m, const std::string_view* source) const {
  if (m.pattern_index >= impl_->predicates.size()) return true;
  const std::vector<Predicate>& preds = impl_->predicates[m.pattern_index];
  if (preds.empty()) return true;

  // Nodes captured under `id`, in capture order.
  auto texts = [&](uint32_t id) {
    std::vector<std::string_view> out;
    for (uint16_t i = 0; i < m.capture_count; ++i)
      if (m.captures[i].index == id) out.push_back(nodeText(m.captures[i].node, source));
    return out;
  };
  // Plain forms: every node passes (vacuous when none); any- forms: one does.
  auto quantify = [](const Predicate& p, const std::vector<std::string_view>& ts, auto&& test) {
    if (p.all) return std::all_of(ts.begin(), ts.end(), test);
    return std::any_of(ts.begin(), ts.end(), test);
  };

  for (const Predicate& p : preds) {
    const std::vector<std::string_view> a = texts(p.capture);
    bool ok = true;
    switch (p.op) {
      case Predicate::Op::Eq:
        if (p.other) {
          // Pairwise: i-th node of the first capture vs i-th of the second.
          const std::vector<std::string_view> b = texts(*p.other);
          const size_t n = std::min(a.size(), b.size());
          if (p.all) {
            ok = a.size() == b.size();
            for (size_t i = 0; ok && i < n; ++i) ok = (a[i] == b[i]) == p.positive;
          } else {
            ok = false;
            for (size_t i = 0; !ok && i < n; ++i) ok = (a[i] == b[i]) == p.positive;
          }
        } else {
          ok = quantify(p, a, [&](std::string_view t) { return (t == p.value) == p.positive; });
        }
        break;
      case Predicate::Op::Match:
        ok = quantify(p, a, [&](std::string_view t) {
          // Past the bound std::regex could overflow the stack: no match.
          bool matched = t.size() <= kMaxMatchedText && std::regex_search(t.begin(), t.end(), *p.regex);
          return matched == p.positive;
        });
        break;
      case Predicate::Op::AnyOf:
        ok = quantify(p, a, [&](std::string_view t) {
          bool in = std::find(p.values.begin(), p.values.end(), t) != p.values.end();
          return in == p.positive;
        });
        break;
    }
    if (!ok) return false;
  }
  return true;
}

// ---------------------------------------------------------------- QueryCursor

QueryCursor::QueryCursor() : cursor_(ts_query_cursor_new()) {}

QueryCursor::QueryCursor(QueryCursor&& o) noexcept
    : cursor_(o.cursor_), query_(o.query_), source_(o.source_), root_(o.root_) {
  o.cursor_ = nullptr;
  o.query_ = nullptr;
}

QueryCursor& QueryCursor::operator=(QueryCursor&& o) noexcept {
  if (this != &o) {
    if (cursor_) ts_query_cursor_delete(cursor_);
    cursor_ = o.cursor_;
    query_ = o.query_;
    source_ = o.source_;
    root_ = o.root_;
    o.cursor_ = nullptr;
    o.query_ = nullptr;
  }
  return *this;
}

QueryCursor::~QueryCursor() {
  if (cursor_) ts_query_cursor_delete(cursor_);
}

void QueryCursor::setByteRange(uint32_t begin, uint32_t end) {
  // Returns false only when begin > end; treat that as "nothing".
  if (!ts_query_cursor_set_byte_range(cursor_, begin, end))
    (void)ts_query_cursor_set_byte_range(cursor_, begin, begin);
}

void QueryCursor::clearByteRange() { (void)ts_query_cursor_set_byte_range(cursor_, 0, UINT32_MAX); }

void QueryCursor::exec(const Query& query, Node root) {
  query_ = &query;
  source_ = root.source();
  root_ = root;
  ts_query_cursor_exec(cursor_, query.raw(), root.raw());
}

Match QueryCursor::copyMatch(const TSQueryMatch& m) const {
  std::vector<Capture> caps;
  caps.reserve(m.capture_count);
  for (uint16_t i = 0; i < m.capture_count; ++i) {
    const TSQueryCapture& c = m.captures[i];
    caps.push_back(Capture{root_.sameTree(c.node), c.index, query_->captureName(c.index)});
  }
  return Match(query_, m.pattern_index, std::move(caps));
}

std::optional<Match> QueryCursor::nextMatch() {
  if (!query_) return std::nullopt;
  TSQueryMatch m;
  while (ts_query_cursor_next_match(cursor_, &m)) {
    if (query_->accepts(m, source_)) return copyMatch(m);
  }
  return std::nullopt;
}

std::optional<Capture> QueryCursor::nextCapture() {
  if (!query_) return std::nullopt;
  TSQueryMatch m;
  uint32_t ci = 0;
  while (ts_query_cursor_next_capture(cursor_, &m, &ci)) {
    if (!query_->accepts(m, source_)) {
      // Drop the whole match so its other captures are not offered again.
      ts_query_cursor_remove_match(cursor_, m.id);
      continue;
    }
    const TSQueryCapture& c = m.captures[ci];
    return Capture{root_.sameTree(c.node), c.index, query_->captureName(c.index)};
  }
  return std::nullopt;
}

MatchRange QueryCursor::matches(const Query& query, Node root) {
  exec(query, root);
  return MatchRange(this);
}

CaptureRange QueryCursor::captures(const Query& query, Node root) {
  exec(query, root);
  return CaptureRange(this);
}

bool QueryCursor::exceededMatchLimit() const { return ts_query_cursor_did_exceed_match_limit(cursor_); }

void MatchRange::advance() { current_ = cursor_->nextMatch(); }
void CaptureRange::advance() { current_ = cursor_->nextCapture(); }

}  // namespace gpulint::ts
