#include "report/text_reporter.h"

#include "frontend/notebook/notebook.h"

#include <algorithm>
#include <sstream>

namespace gpulint {
namespace {

constexpr const char* kReset = "\x1b[0m";
constexpr const char* kBold = "\x1b[1m";
constexpr const char* kBoldBlue = "\x1b[1;34m";
constexpr const char* kBoldCyan = "\x1b[1;36m";
constexpr const char* kBoldGreen = "\x1b[1;32m";
constexpr const char* kBoldRed = "\x1b[1;31m";
constexpr const char* kBoldYellow = "\x1b[1;33m";
constexpr const char* kDim = "\x1b[2m";

const char* levelColor(Level level) {
  switch (level) {
    case Level::Error: return kBoldRed;
    case Level::Warning: return kBoldYellow;
    case Level::Note: return kBoldCyan;
  }
  return kBold;
}

struct Paint {
  bool on;
  std::string operator()(const char* style, std::string_view text) const {
    if (!on) return std::string(text);
    return std::string(style) + std::string(text) + kReset;
  }
};


const char* fixLabel(Applicability a) {
  switch (a) {
    case Applicability::Safe: return "safe fix";
    case Applicability::Unsafe: return "unsafe fix";
    case Applicability::Display: return "suggestion";
  }
  return "suggestion";
}

// Decodes one UTF-8 sequence at s[i]; returns its length (1 for a bad byte,
// with *cp = U+FFFD).
size_t decode(std::string_view s, size_t i, uint32_t* cp) {
  auto c = static_cast<unsigned char>(s[i]);
  size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
  if (len == 0 || i + len > s.size()) {
    *cp = 0xFFFD;
    return 1;
  }
  uint32_t v = len == 1 ? c : len == 2 ? (c & 0x1F) : len == 3 ? (c & 0x0F) : (c & 0x07);
  for (size_t k = 1; k < len; ++k) {
    auto cc = static_cast<unsigned char>(s[i + k]);
    if ((cc & 0xC0) != 0x80) {
      *cp = 0xFFFD;
      return 1;
    }
    v = (v << 6) | (cc & 0x3F);
  }
  *cp = v;
  return len;
}

// Terminal cells of a code point: 0 for combining marks, 2 for wide
// East Asian characters and emoji, else 1.
unsigned width(uint32_t cp) {
  if ((cp >= 0x0300 && cp <= 0x036F) || (cp >= 0x200B && cp <= 0x200F) || (cp >= 0xFE00 && cp <= 0xFE0F))
    return 0;
  if ((cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF) || (cp >= 0xAC00 && cp <= 0xD7A3) ||
      (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
      (cp >= 0xFFE0 && cp <= 0xFFE6) || (cp >= 0x1F300 && cp <= 0x1F64F) || (cp >= 0x1F900 && cp <= 0x1F9FF) ||
      (cp >= 0x20000 && cp <= 0x3FFFD))
    return 2;
  return 1;
}

// Renders a source line for a terminal and records, for every byte offset
// 0..line.size(), the display column where that byte starts.
std::string renderLine(std::string_view line, unsigned tab_width, std::vector<unsigned>* column_at) {
  std::string out;
  column_at->assign(line.size() + 1, 0);
  unsigned col = 0;
  size_t i = 0;
  if (tab_width == 0) tab_width = 1;
  while (i < line.size()) {
    uint32_t cp = 0;
    size_t len = decode(line, i, &cp);
    for (size_t k = 0; k < len; ++k) (*column_at)[i + k] = col;
    if (cp == '\t') {
      unsigned next = (col / tab_width + 1) * tab_width;
      out.append(next - col, ' ');
      col = next;
    } else if (cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp < 0xA0) || cp == 0xFFFD) {
      out += "\xEF\xBF\xBD";  // never echo control characters to a terminal
      col += 1;
    } else {
      out.append(line.substr(i, len));
      col += width(cp);
    }
    i += len;
  }
  (*column_at)[line.size()] = col;
  return out;
}

std::string pluralize(size_t n, const char* word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

}  // namespace

std::string codeFrame(const SourceFile& source, const Location& loc, const TextOptions& options, Level level) {
  if (!loc.valid() || loc.start.line > source.lineCount()) return "";
  std::string_view line = source.line(loc.start.line);
  size_t begin = std::min<size_t>(loc.start.column ? loc.start.column - 1 : 0, line.size());
  size_t end = line.size();
  if (loc.stop.line == loc.start.line && loc.stop.column > 0)
    end = std::min<size_t>(loc.stop.column - 1, line.size());
  if (end < begin) end = begin;

  std::vector<unsigned> column_at;
  std::string rendered = renderLine(line, options.tab_width, &column_at);
  unsigned from = column_at[begin];
  unsigned to = column_at[end];
  unsigned span = to > from ? to - from : 1;
  std::string caret = "^" + std::string(span - 1, '~');

  Paint paint{options.color};
  std::string number = std::to_string(loc.start.line);
  if (source.notebook())  // the line inside its cell, as the header says
    if (auto cell = source.notebook()->cellPosition(loc.start)) number = std::to_string(cell->line);
  std::string gutter_blank(number.size(), ' ');
  std::string out;
  out += paint(kBoldBlue, " " + number + " |") + " " + rendered + "\n";
  out += paint(kBoldBlue, " " + gutter_blank + " |") + " " + std::string(from, ' ') +
         paint(levelColor(level), caret) + "\n";
  return out;
}

void writeTextDiagnostic(std::ostream& out, const Diagnostic& d, const SourceFile* source,
                         const TextOptions& options) {
  Paint paint{options.color};
  out << paint(kBold, displayPosition(d.location, source) + ":") << " " << paint(levelColor(d.level), std::string(levelName(d.level)) + ":")
      << " " << paint(kBold, d.message) << " " << paint(kDim, "[" + d.rule + "]") << "\n";
  if (options.show_source && source) out << codeFrame(*source, d.location, options, d.level);
  for (const auto& r : d.related)
    out << "  " << paint(kBold, displayPosition(r.location, source) + ":") << " " << paint(kBoldCyan, "note:") << " " << r.message
        << "\n";
  for (const auto& f : d.fixes)
    out << "  " << paint(kBoldGreen, "help:") << " " << f.title << " (" << fixLabel(f.applicability) << ")\n";
}

std::string summaryLine(const std::vector<Diagnostic>& diagnostics) {
  if (diagnostics.empty()) return "No findings.";
  size_t counts[3] = {0, 0, 0};
  for (const auto& d : diagnostics) ++counts[static_cast<int>(d.level)];
  std::ostringstream s;
  s << "Found " << pluralize(diagnostics.size(), "finding") << " ("
    << pluralize(counts[static_cast<int>(Level::Error)], "error") << ", "
    << pluralize(counts[static_cast<int>(Level::Warning)], "warning") << ", "
    << pluralize(counts[static_cast<int>(Level::Note)], "note") << ").";
  return s.str();
}

void writeText(std::ostream& out, const std::vector<Diagnostic>& diagnostics, const SourceLookup& sources,
               const TextOptions& options) {
  writeText(out, diagnostics, {}, sources, options);
}

void writeText(std::ostream& out, const std::vector<Diagnostic>& diagnostics,
               const std::vector<FileError>& file_errors, const SourceLookup& sources, const TextOptions& options) {
  writeText(out, diagnostics, file_errors, {}, sources, options);
}

void writeText(std::ostream& out, const std::vector<Diagnostic>& diagnostics,
               const std::vector<FileError>& file_errors, const std::vector<ParseGap>& parse_gaps,
               const SourceLookup& sources, const TextOptions& options) {
  Paint paint{options.color};
  for (const auto& d : diagnostics) {
    const SourceFile* source = sources ? sources(d.location.file) : nullptr;
    writeTextDiagnostic(out, d, source, options);
    if (options.show_source) out << "\n";
  }
  for (const auto& e : file_errors)
    out << paint(kBold, e.path + ":") << " " << paint(kBoldRed, "error:") << " " << e.message << "\n";
  if (options.parse_gap_detail)
    for (const auto& g : parse_gaps)
      out << paint(kBold, g.file + ":") << " " << paint(kBoldCyan, "note:") << " " << g.message << " "
          << paint(kDim, std::string("[") + kParseGapRule + "]") << "\n";
  if (options.show_summary) {
    out << paint(kBold, summaryLine(diagnostics)) << "\n";
    if (!file_errors.empty())
      out << pluralize(file_errors.size(), "file") << (file_errors.size() == 1 ? " was" : " were")
          << " not analysed because of errors.\n";
  }
  if (!parse_gaps.empty()) out << paint(kBoldCyan, "note:") << " " << parseGapSummary(parse_gaps) << "\n";
}

}  // namespace gpulint
