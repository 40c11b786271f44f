#pragma once
// What the C++/CUDA front end extracts from one translation unit, in plain
// data (no clang types): the host functions with their role, the loops with
// whether their trip count is data-dependent, the calls and the kernel
// launches. Checkers in checkers/ops/ read only this. Offsets are bytes into
// the analysed file; anything spelled outside it (headers, macro bodies) is
// left out or marked as not editable.
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "frontend/source_file.h"

namespace gpulint::cxx {

struct Range {
  uint32_t begin = 0;
  uint32_t end = 0;
  bool editable = false;  // spelled as-is in the file (not produced by a macro body)
};

enum class FunctionRole {
  PerCall,   // an operator or helper that runs on every call
  OnceOnly,  // constructor, destructor, init/setup/cleanup/free-named, main
  Kernel,    // __global__
  Device,    // __device__ only: runs on the GPU
};

struct Function {
  std::string name;
  Range range;
  FunctionRole role = FunctionRole::PerCall;
  std::string once_reason;  // why it runs once ("a constructor", "named `init_buffers`")
  // GPU code: launches kernels, calls the CUDA API, works on CUDA tensors
  // (is_cuda() checks, kCUDA, .cuda(), CUDA guards), lies in a .cu file, or
  // is called from GPU code of this file / calls it (see markGpuCode).
  bool gpu_code = false;
  // A container's resize/grow/reserve method: its allocations are amortised
  // over many calls (GPU402 only).
  bool grow_path = false;
  // Every caller is in this translation unit (internal linkage or a private
  // method), so its callers here decide how often it runs.
  bool callers_all_here = false;
  // `main`: the file is a program, whose call graph starts here.
  bool program_entry = false;
  // Defined in a header of standalone programs (includedOnlyByPrograms):
  // its callers are in those programs, so how often it runs is unknown here.
  bool callers_elsewhere = false;
  // Defined in a header whose includers name neither it nor a function of
  // the header that calls it (markUncalled): it never runs in this project.
  bool never_called = false;
};

struct Loop {
  Range range;
  Range header;              // `for (...)` up to the closing parenthesis
  bool data_dependent = false;
  std::string bound;         // the bound's source text when data-dependent ("n", "x.size(0)")
  std::string induction;     // the loop variable, when there is one
};

// A variable that holds a CUDA stream (cudaStream_t or c10::cuda::CUDAStream)
// and the byte range in which it is visible.
struct StreamVar {
  std::string name;
  uint32_t declared_at = 0;
  Range scope;
};

struct Call {
  std::string callee;         // qualified name: "cudaMemcpy", "at::Tensor::item", "torch::cuda::synchronize"
  std::string method;         // member calls: the method name
  std::string receiver_type;  // member calls: the object's class ("at::Tensor")
  std::string template_args;  // `item<float>` -> "float"
  Range range;                // the whole call
  Range callee_name;          // the called name's token
  std::vector<Range> args;    // explicit arguments only
  std::vector<std::string> arg_texts;
  int function = -1;          // index into CxxModel::functions, -1 at namespace scope
  std::vector<int> loops;     // enclosing loops, innermost last
  bool once_only_context = false;  // static-local initializer, std::call_once, `if (!buf)` lazy init
  bool leaves_loop = false;   // followed by break/return in its loop body: runs at most once per loop
  int target = -1;            // the called function when it is defined in this file
  // On the CPU side of a device dispatch: the else of `if (x.is_cuda())`,
  // the then of `if (x.is_cpu())`, or after an `if (x.is_cuda()) return ...;`.
  bool cpu_branch = false;
  bool gpu_evidence = false;  // CUDA runtime/library API, is_cuda(), .cuda(), at::cuda::/c10::cuda:: calls
  bool failure_path = false;  // only runs when a check fails (TORCH_CHECK's message, before a throw) or a debug flag is on
  bool amortised = false;     // behind a capacity check on persistent state: runs when a buffer grows
  Range arm;                  // the innermost if/else, ?: or switch arm holding the call; empty when none
  std::string receiver_text;  // member calls: the object expression's text ("x[i]")
  std::string receiver_method;  // member calls on a member call's result: its method ("cpu" in x.cpu().item())
  bool receiver_temporary = false;  // the object is a temporary (`x[i] = v` assigns into a view: a copy)
  bool tensor_arg = false;    // an argument (or index list element) is a tensor: advanced indexing
};

struct LaunchArg {
  Range range;
  std::string text;
  std::optional<int64_t> value;  // product of dim3 components when constant
  std::string origin;            // "`threads` at line 12" when the value came from a variable
};

struct Launch {
  std::string kernel;
  Range range;
  Range kernel_name;
  std::vector<LaunchArg> config;  // explicit <<<...>>> arguments: grid, block, smem, stream
  int function = -1;
  std::vector<int> loops;
  bool leaves_loop = false;
  bool grid_fills_device = false;  // the grid is sized from the SM count (a persistent kernel)
  bool flushes_batch = false;      // launched when a batch accumulated over iterations is full
};

// Something that marks the enclosing function as GPU code other than a call
// or a launch: a kCUDA / DeviceType::CUDA mention, a CUDA guard or stream.
struct GpuMention {
  int function = -1;
  bool cpu_branch = false;
};

struct CxxModel {
  SourceFilePtr source;
  std::vector<Function> functions;
  std::vector<Loop> loops;
  std::vector<Call> calls;
  std::vector<Launch> launches;
  std::vector<StreamVar> streams;
  std::vector<GpuMention> gpu_mentions;
  bool is_cuda = false;
  bool includes_torch = false;  // this file includes torch/ATen/c10 headers
  bool torch_project = false;   // this file or a C++ file beside or above it does
  bool program_header = false;  // a header only standalone programs include (includedOnlyByPrograms)
  // A header: the identifiers its includers write (wordsOfIncluders); unset
  // for a source file or a header nothing beside it includes.
  std::optional<std::set<std::string>> includer_words;
  bool current_stream_declared = false;  // at::cuda::getCurrentCUDAStream is visible
  uint32_t include_insert_at = 0;        // offset after the last #include line (0: file start)
  bool used_compile_database = false;
  int parse_errors = 0;
  std::string first_error;  // "line 12: unknown type name 'foo'"
  // Includes found nowhere ("cub/cub.cuh"): skipped, the rest of the file
  // was still parsed; what they declared may be among the parse errors.
  std::vector<std::string> missing_headers;
  // Files that exist but the sandbox refused (outside the project, not a
  // regular file), by file name only: skipped like missing headers.
  std::vector<std::string> refused_headers;

  [[nodiscard]] Location location(const Range& r) const { return source->location(r.begin, r.end); }
  [[nodiscard]] std::string_view text(const Range& r) const {
    return std::string_view(source->text()).substr(r.begin, r.end - r.begin);
  }
  // The innermost stream variable visible at `offset` inside `function`, or null.
  [[nodiscard]] const StreamVar* streamAt(uint32_t offset) const;
};

// Sets Function::gpu_code from the evidence in calls, launches and mentions
// (not on a CPU branch), the file kind, and the call graph of this file;
// marks functions whose every caller runs once (or grows a buffer) likewise.
void markGpuCode(CxxModel& model);

}  // namespace gpulint::cxx
