# Writes OUT: a C++ file defining NAMESPACE::FUNCTION() (default
# gpulint::embeddedFiles()), a list of {path relative to ROOT, contents} for
# every file in FILES ('|'-separated).
if(NOT NAMESPACE)
  set(NAMESPACE gpulint)
endif()
if(NOT FUNCTION)
  set(FUNCTION embeddedFiles)
endif()
set(body "#include <string_view>\n#include <utility>\n#include <vector>\nnamespace ${NAMESPACE} {\nconst std::vector<std::pair<std::string_view, std::string_view>>& ${FUNCTION}() {\n  static const std::vector<std::pair<std::string_view, std::string_view>> files = {\n")
string(REPLACE "|" ";" FILES "${FILES}")
foreach(f IN LISTS FILES)
  if(f STREQUAL "")
    continue()
  endif()
  file(RELATIVE_PATH rel ${ROOT} ${f})
  file(READ ${f} content HEX)
  # Emit as a char array of hex bytes so any content (quotes, raw-string
  # delimiters) embeds safely.
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "'\\\\x\\1'," bytes "${content}")
  string(APPEND body "    {\"${rel}\", [] { static const char d[] = {${bytes} 0}; return std::string_view(d, sizeof(d) - 1); }()},\n")
endforeach()
string(APPEND body "  };\n  return files;\n}\n}  // namespace ${NAMESPACE}\n")
file(WRITE ${OUT} "${body}")
