#pragma once
// How a file is parsed without a compile database: in which language, and,
// for a header analysed on its own, which context its includers would have
// given it. Pure text and folder logic (no clang), unit-tested on its own.
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "frontend/source_file.h"

namespace gpulint::cxx {

struct ParseMode {
  // GPU code by its file: a .cu/.cuh file, or a header that defines kernels
  // or launches them. Every function in it counts as GPU code.
  bool cuda_file = false;
  // Parsed as CUDA: a CUDA file, or a header written for CUDA sources —
  // it uses CUDA's qualifiers, includes a .cuh or CUDA toolkit header, or a
  // .cu/.cuh file in its folder includes it. Its host functions are judged
  // like any C++ code (a CUDA source's helper header also serves .cpp files).
  bool cuda_language = false;
  // A header that names at::, c10:: or torch:: (or torch's check macros):
  // the files that include it brought torch in first (often all of it, where
  // the header itself includes only a piece such as c10/macros), so the
  // parse does too.
  bool torch_context = false;
};

[[nodiscard]] ParseMode parseModeOf(const SourceFile& source);

// A header (.h, .hpp, .hh, .cuh), analysed out of the file that includes it.
[[nodiscard]] bool isHeaderPath(std::string_view path);

// A header of standalone programs: the C/C++/CUDA sources of its folder and
// of the folder above that include it (by file name) all define `main`
// (llm.c's dev/cuda/common.h, llmc/cuda_common.h), and at least one does.
// Its functions run when those programs call them, in call graphs a header
// analysed on its own does not see.
[[nodiscard]] bool includedOnlyByPrograms(const SourceFile& header);

// Every identifier written by the C/C++/CUDA sources of the header's folder
// and of the folder above that include it (by file name); nullopt when none
// does (who calls its functions is unknown). A function of the header none
// of them names, nor a function of the header they call, never runs there.
[[nodiscard]] std::optional<std::set<std::string>> wordsOfIncluders(const SourceFile& header);

}  // namespace gpulint::cxx
