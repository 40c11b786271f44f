#pragma once
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

}  // namespace gpulint
