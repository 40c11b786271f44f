// How a file's text uses the plain names it calls (ScriptModel::onlyCalled,
// ScriptModel::mayAssign): one scan of the text, no tree walk, so asking
// costs less than the binding questions it lets a caller skip.
#include <array>

#include "frontend/python/script_model.h"

namespace gpulint::python {

namespace {

enum ByteClass : unsigned char { kOther, kWord, kSpace };

// Bytes of a Python identifier (any non-ASCII byte counts: a word that holds
// one is some other identifier, never a name asked about), and the bytes
// that may stand between a name and what follows it on a logical line (a
// backslash joins lines).
constexpr std::array<unsigned char, 256> kByteClass = [] {
  std::array<unsigned char, 256> table{};
  for (int ch = 0; ch < 256; ++ch) {
    bool word = ch == '_' || (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
                ch >= 0x80;
    bool space = ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\f' || ch == '\\';
    table[static_cast<size_t>(ch)] = word ? kWord : space ? kSpace : kOther;
  }
  return table;
}();

unsigned char classOf(char ch) { return kByteClass[static_cast<unsigned char>(ch)]; }

// A cheap filter before the table lookup: a bit per (first byte, last byte,
// length) of the names asked about; most words of a file match none.
size_t filterBit(std::string_view word) {
  return (static_cast<unsigned char>(word.front()) * 31u + static_cast<unsigned char>(word.back()) * 7u +
          word.size()) & 4095u;
}

// True when the statement holding the byte at `at` starts there: only
// spaces back to a line break, `;` or `:` (`if c: x: int = 1`).
bool startsStatement(std::string_view text, size_t at) {
  while (at > 0 && (text[at - 1] == ' ' || text[at - 1] == '\t')) --at;
  return at == 0 || text[at - 1] == '\n' || text[at - 1] == '\r' || text[at - 1] == ';' || text[at - 1] == ':';
}

}  // namespace

// Every plain name the file calls starts as only called and never assigned;
// each word of the text equal to one and not directly (spaces and line
// breaks aside) followed by `(` marks it used otherwise, and one followed by
// `=` (not `==`), or starting a statement and followed by `:` (an annotated
// assignment), marks it maybe assigned. Words in strings and comments count
// too: they can only mark a name, never hide a use of it.
void ScriptModel::findWordUses() const {
  std::array<uint64_t, 64> filter{};
  for (const Call& c : calls_) {
    if (!c.callee.is("identifier")) continue;
    std::string_view name = c.callee.text();
    if (name.empty()) continue;
    word_uses_.try_emplace(name);
    size_t bit = filterBit(name);
    filter[bit / 64] |= uint64_t{1} << (bit % 64);
  }
  if (word_uses_.empty() || !root().source()) return;
  std::string_view text = *root().source();
  size_t i = 0, n = text.size();
  for (;;) {
    while (i < n && classOf(text[i]) != kWord) ++i;  // to the next word
    if (i == n) break;
    size_t start = i;
    while (++i < n && classOf(text[i]) == kWord) {
    }
    // The word first (most match no name asked about), what follows it after.
    std::string_view word(text.data() + start, i - start);
    size_t bit = filterBit(word);
    if (!((filter[bit / 64] >> (bit % 64)) & 1)) continue;
    auto it = word_uses_.find(word);
    if (it == word_uses_.end()) continue;
    size_t next = i;
    while (next < n && classOf(text[next]) == kSpace) ++next;
    char after = next < n ? text[next] : '\0';
    if (after == '(') continue;
    it->second.other_use = true;
    if ((after == '=' && (next + 1 >= n || text[next + 1] != '=')) || (after == ':' && startsStatement(text, start)))
      it->second.maybe_assigned = true;
  }
}

const ScriptModel::WordUse* ScriptModel::wordUse(std::string_view name) const {
  // Every cache scope on every thread reads the one table, filled once.
  std::call_once(word_uses_once_, [this] { findWordUses(); });
  auto it = word_uses_.find(name);
  return it == word_uses_.end() ? nullptr : &it->second;
}

bool ScriptModel::onlyCalled(std::string_view name) const {
  const WordUse* use = wordUse(name);
  return use && !use->other_use;
}

bool ScriptModel::mayAssign(std::string_view name) const {
  const WordUse* use = wordUse(name);
  return !use || use->maybe_assigned;
}

}  // namespace gpulint::python
