#include "core/allocator.h"

#include <cstdint>
#include <cstdlib>

#include <sys/mman.h>

#ifdef GPULINT_HAVE_MIMALLOC
#include <mimalloc.h>
#endif

namespace gpulint {

namespace {
bool huge_pages_chosen = false;  // set once by tuneAllocator, before any thread starts
}  // namespace

void adviseHugePages(void* p, size_t n) {
  constexpr std::uintptr_t kHugePage = std::uintptr_t{2} << 20;
  if (!huge_pages_chosen || n < 2 * kHugePage) return;  // no whole block worth a call
  auto begin = (reinterpret_cast<std::uintptr_t>(p) + kHugePage - 1) & ~(kHugePage - 1);
  auto end = (reinterpret_cast<std::uintptr_t>(p) + n) & ~(kHugePage - 1);
  if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
}

void tuneAllocator() {
#ifdef GPULINT_HAVE_MIMALLOC
  // mimalloc reads its environment when the process starts, before main():
  // setting an option now would override the user's choice, so only when
  // there is none.
  //
  // A thread's first segment is committed on demand by default (eager commit
  // delay 1, for programs with many short-lived threads): on 4 KiB pages, so
  // every worker thread of --jobs N faults its first 32 MiB in one small page
  // at a time (Lightning, --jobs 2: 4,600 minor faults instead of 800, a
  // quarter more CPU time than --jobs 1). gpulint's threads each fill
  // megabytes: commit at once, on the huge pages below.
  if (!std::getenv("MIMALLOC_EAGER_COMMIT_DELAY")) mi_option_set(mi_option_eager_commit_delay, 0);
  if (std::getenv("MIMALLOC_LARGE_OS_PAGES")) return;
  mi_option_enable(mi_option_large_os_pages);
  huge_pages_chosen = true;
  // The segment mimalloc took before main() for the C++ runtime's own
  // allocations is still on small pages, and gpulint would fill it first:
  // ask for huge pages on the rest of it. mimalloc aligns a segment to its
  // size (32 MiB in mimalloc 2); advice on a range partly unmapped only
  // applies to what is mapped, so a wrong guess costs nothing.
  constexpr std::uintptr_t kSegment = std::uintptr_t{32} << 20;
  void* probe = mi_malloc(16);
  auto start = reinterpret_cast<std::uintptr_t>(probe) & ~(kSegment - 1);
  madvise(reinterpret_cast<void*>(start), kSegment, MADV_HUGEPAGE);
  mi_free(probe);
#endif
}

#ifdef GPULINT_HAVE_MIMALLOC
namespace {

// The thread's scratch heap, or the innermost ScratchArena's.
thread_local mi_heap_t* arena_heap = nullptr;

mi_heap_t* threadScratch() {
  if (arena_heap) return arena_heap;
  thread_local mi_heap_t* heap = mi_heap_new();
  return heap;
}
void* scratchMalloc(size_t n) { return mi_heap_malloc(threadScratch(), n); }
void* scratchCalloc(size_t count, size_t n) { return mi_heap_calloc(threadScratch(), count, n); }
void* scratchRealloc(void* p, size_t n) { return mi_heap_realloc(threadScratch(), p, n); }

}  // namespace

ScratchHeap scratchHeap() { return {scratchMalloc, scratchCalloc, scratchRealloc, mi_free}; }

ScratchArena::ScratchArena() : heap_(mi_heap_new()), outer_(arena_heap) { arena_heap = static_cast<mi_heap_t*>(heap_); }

ScratchArena::~ScratchArena() {
  arena_heap = static_cast<mi_heap_t*>(outer_);
  mi_heap_destroy(static_cast<mi_heap_t*>(heap_));
}

bool ScratchArena::reclaims() { return true; }
#else
ScratchHeap scratchHeap() { return {std::malloc, std::calloc, std::realloc, std::free}; }

ScratchArena::ScratchArena() = default;
ScratchArena::~ScratchArena() = default;
bool ScratchArena::reclaims() { return false; }
#endif

}  // namespace gpulint
