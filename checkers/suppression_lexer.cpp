#include "checkers/suppression_lexer.h"

#include "checkers/comments/lexer_base.h"

namespace gpulint {

LexedComments lexComments(std::string_view text, FileKind kind) {
  switch (kind) {
    case FileKind::Python: return comments::lexPython(text);
    case FileKind::Yaml: return comments::lexYaml(text);
    case FileKind::Cxx: return comments::lexCxx(text);
    case FileKind::Shell: return comments::lexShell(text);
    case FileKind::Json:
    case FileKind::Unknown: break;
  }
  return {};
}

}  // namespace gpulint
