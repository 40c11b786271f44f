// How a file's text uses the plain names it calls (ScriptModel::onlyCalled,
// ScriptModel::mayAssign): one scan of the text, no tree walk, so asking
// costs less than the binding questions it lets a caller skip.
#include <algorithm>
#include <array>
#include <cstdint>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

// A bit per byte of text[base, base + 64) that is a word byte (classOf);
// bytes past the end count as none.
inline __attribute__((always_inline)) uint64_t wordBits(std::string_view text, size_t base) {
  const size_t n = std::min<size_t>(64, text.size() - base);
  const char* p = text.data() + base;
#if defined(__SSE2__)
  if (n == 64) {
    uint64_t bits = 0;
    for (int k = 0; k < 4; ++k) {
      __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * k));
      // Unsigned x <= limit is min(x, limit) == x.
      __m128i letter = _mm_sub_epi8(_mm_or_si128(v, _mm_set1_epi8(0x20)), _mm_set1_epi8('a'));
      letter = _mm_cmpeq_epi8(_mm_min_epu8(letter, _mm_set1_epi8(25)), letter);
      __m128i digit = _mm_sub_epi8(v, _mm_set1_epi8('0'));
      digit = _mm_cmpeq_epi8(_mm_min_epu8(digit, _mm_set1_epi8(9)), digit);
      __m128i underscore = _mm_cmpeq_epi8(v, _mm_set1_epi8('_'));
      // A byte >= 0x80 has its top bit set, which movemask reads as is.
      __m128i word = _mm_or_si128(_mm_or_si128(letter, digit), _mm_or_si128(underscore, v));
      bits |= static_cast<uint64_t>(static_cast<uint32_t>(_mm_movemask_epi8(word))) << (16 * k);
    }
    return bits;
  }
#endif
  uint64_t bits = 0;
  for (size_t k = 0; k < n; ++k)
    if (classOf(p[k]) == kWord) bits |= uint64_t{1} << k;
  return bits;
}

// Calls visit(start, end) for each maximal run of word bytes, in order: 64
// bytes are classified at a time, a run starts at each word bit whose
// previous bit is clear, and ends at the next clear bit (in a later block
// when it reaches this one's end).
template <typename Visit>
void forEachWord(std::string_view text, Visit&& visit) {
  const size_t n = text.size();
  uint64_t carry = 0;  // the byte before this block is a word byte
  for (size_t base = 0; base < n; base += 64) {
    uint64_t word = wordBits(text, base);
    uint64_t starts = word & ~((word << 1) | carry);
    carry = word >> 63;
    while (starts) {
      int k = __builtin_ctzll(starts);
      starts &= starts - 1;
      uint64_t rest = ~(word >> k);  // bit j: byte base + k + j is no word byte
      size_t end = base + static_cast<size_t>(k) + (rest ? static_cast<size_t>(__builtin_ctzll(rest)) : 64);
      if (end >= base + 64)  // the run goes on into the next blocks
        for (end = base + 64; end < n;) {
          uint64_t next = ~wordBits(text, end);
          if (next) {
            end += static_cast<size_t>(__builtin_ctzll(next));
            break;
          }
          end += 64;
        }
      visit(base + static_cast<size_t>(k), std::min(end, n));
    }
  }
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
    // A plain name called, or a class whose loader it calls (`Net.from_pretrained(path)`).
    ts::Node named = c.callee.is("identifier") ? c.callee : ts::Node();
    if (!named && c.receiver && c.receiver.is("identifier") &&
        (c.method == "from_pretrained" || c.method == "from_config" || c.method == "_from_config"))
      named = c.receiver;
    if (!named) continue;
    std::string_view name = named.text();
    if (name.empty()) continue;
    word_uses_.try_emplace(name);
    size_t bit = filterBit(name);
    filter[bit / 64] |= uint64_t{1} << (bit % 64);
  }
  if (word_uses_.empty() || !root().source()) return;
  std::string_view text = *root().source();
  forEachWord(text, [&](size_t start, size_t end) {
    // The word first (most match no name asked about), what follows it after.
    std::string_view word(text.data() + start, end - start);
    size_t bit = filterBit(word);
    if (!((filter[bit / 64] >> (bit % 64)) & 1)) return;
    auto it = word_uses_.find(word);
    if (it == word_uses_.end()) return;
    size_t n = text.size(), next = end;
    while (next < n && classOf(text[next]) == kSpace) ++next;
    char after = next < n ? text[next] : '\0';
    if (after == '(') return;
    it->second.other_use = true;
    if ((after == '=' && (next + 1 >= n || text[next + 1] != '=')) || (after == ':' && startsStatement(text, start)))
      it->second.maybe_assigned = true;
  });
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
