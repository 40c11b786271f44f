// expect: GPU400 "min"
// A header no CUDA source includes, with nothing of CUDA in it, stays C++:
// CUDA's global min is not there, and the unresolved call is reported.
#pragma once

inline int clamp_threads(int work_size) { return min(work_size, 1024); }
