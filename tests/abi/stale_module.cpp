// A stand-in for a gpulint-cxx.so built from other gpulint sources: its ABI
// stamp differs from the program's, and its entry points are unusable (the
// loader must refuse it before calling them).
extern "C" __attribute__((visibility("default"))) const char* gpulint_clang_abi_stamp() { return "stale-sources"; }
extern "C" __attribute__((visibility("default"))) const void* gpulint_clang_entry_points() { return nullptr; }
