#pragma once
#include <cstddef>
// Process-wide allocator set-up, called first thing in main().
//
// gpulint keeps every file's syntax tree and model alive until the project
// pass has linked them: tens of megabytes of small objects, each page touched
// once. With the default 4 KiB pages a Lightning-sized run spends a sixth of
// its CPU time in page faults and TLB misses. When the build links mimalloc
// (Debian's libmimalloc-dev), it is told to back its segments with 2 MiB
// transparent huge pages; an explicit MIMALLOC_LARGE_OS_PAGES in the
// environment still decides. Worker threads commit their first segment at
// once too (allocator.cpp says why). Without mimalloc this does nothing.
namespace gpulint {

void tuneAllocator();

// Asks for transparent huge pages on the whole 2 MiB blocks of [p, p + n),
// memory just allocated and not yet written, when tuneAllocator chose huge
// pages. For single arrays of many megabytes (a 100k-line file's flat tree):
// mimalloc gives those a mapping of their own, outside the segments it
// advises, so they would fault in one 4 KiB page at a time (88% of the page
// faults of such a run, and a growing share of its time per line).
void adviseHugePages(void* p, size_t n);

}  // namespace gpulint

namespace gpulint {

// Allocation functions for a C library's short-lived bulk memory (tree-sitter's
// parse trees): each thread allocates from a heap of its own, apart from the
// long-lived models, so a freed tree's pages are what the next parse reuses
// while they are still in cache. Any thread may free. Without mimalloc these
// are the C library's.
struct ScratchHeap {
  void* (*malloc)(size_t);
  void* (*calloc)(size_t, size_t);
  void* (*realloc)(void*, size_t);
  void (*free)(void*);
};
[[nodiscard]] ScratchHeap scratchHeap();

// While one lives, what this thread allocates through scratchHeap() comes
// from a heap of the arena's own, and its end frees all of that at once,
// without the library walking its structures: ts_tree_delete visits every
// node of a parse tree to release it, a twentieth of a whole run's time. The
// owner of a tree made inside must then not free it (ts::Tree::
// abandonParserTree) -- only when reclaims() says so. Arenas nest. Without
// mimalloc an arena does nothing and reclaims() is false.
class ScratchArena {
 public:
  ScratchArena();
  ~ScratchArena();
  ScratchArena(const ScratchArena&) = delete;
  ScratchArena& operator=(const ScratchArena&) = delete;
  [[nodiscard]] static bool reclaims();

 private:
  void* heap_ = nullptr;
  void* outer_ = nullptr;
};

}  // namespace gpulint
