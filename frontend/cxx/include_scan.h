#pragma once
// The `#include` targets of a C/C++ text, scanned by hand: a regex over a
// hostile file (a `#` and 50k spaces) overflows the stack.
#include <cstddef>
#include <string_view>

namespace gpulint::cxx {

// Calls `visit` with each `#include` target in `text` ("x/y.h" or <x/y.h>),
// scanned by hand (a regex over a hostile file can overflow the stack).
template <typename F> void forEachInclude(std::string_view text, F visit) {
  auto skipBlanks = [&](size_t i) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    return i;
  };
  for (size_t hash = text.find('#'); hash != std::string_view::npos; hash = text.find('#', hash + 1)) {
    size_t i = skipBlanks(hash + 1);
    if (text.substr(i, 7) != "include") continue;
    i = skipBlanks(i + 7);
    if (i >= text.size() || (text[i] != '<' && text[i] != '"')) continue;
    size_t end = text.find_first_of(text[i] == '<' ? ">\n" : "\"\n", i + 1);
    if (end == std::string_view::npos) return;
    visit(text.substr(i + 1, end - i - 1));
  }
}

}  // namespace gpulint::cxx
