#include "frontend/cxx/source_ranges.h"

#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>

namespace gpulint::cxx {

using namespace clang;

bool SourceRanges::inMainFile(SourceLocation loc) const {
  return loc.isValid() && sm_.isInMainFile(sm_.getExpansionLoc(loc));
}

bool SourceRanges::spelledInFile(SourceLocation loc) const {
  while (loc.isMacroID()) {
    if (!sm_.isMacroArgExpansion(loc)) return false;
    loc = sm_.getImmediateSpellingLoc(loc);
  }
  return sm_.isInMainFile(loc);
}

uint32_t SourceRanges::offsetOf(SourceLocation loc) const { return sm_.getFileOffset(sm_.getExpansionLoc(loc)); }

Range SourceRanges::rangeOf(SourceRange r) const {
  Range out;
  if (r.isInvalid()) return out;
  const LangOptions& lang = ctx_.getLangOpts();
  if (spelledInFile(r.getBegin()) && spelledInFile(r.getEnd())) {
    SourceLocation b = sm_.getFileLoc(r.getBegin());
    SourceLocation e = Lexer::getLocForEndOfToken(sm_.getFileLoc(r.getEnd()), 0, sm_, lang);
    out = {sm_.getFileOffset(b), sm_.getFileOffset(e), true};
    if (out.end >= out.begin) return out;
  }
  SourceLocation b = sm_.getExpansionLoc(r.getBegin());
  SourceLocation e = Lexer::getLocForEndOfToken(sm_.getExpansionRange(r.getEnd()).getEnd(), 0, sm_, lang);
  out = {sm_.getFileOffset(b), e.isValid() ? sm_.getFileOffset(e) : sm_.getFileOffset(b), false};
  if (out.end < out.begin) out.end = out.begin;
  return out;
}

std::string SourceRanges::textOf(const Expr* e) const {
  Range r = rangeOf(e->getSourceRange());
  return std::string(model_.text(r));
}

std::string SourceRanges::lineOf(SourceLocation loc) const { return std::to_string(sm_.getExpansionLineNumber(loc)); }

}  // namespace gpulint::cxx
