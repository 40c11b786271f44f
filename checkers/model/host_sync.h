#pragma once
// Where GPU201 looks for host syncs: calls and formatting that make the host
// wait for the GPU (a read like `.item()`, a conversion, a log call, an
// f-string, torch.cuda.synchronize(), a data-dependent shape), before asking
// whether they run per step.
#include <optional>
#include <string>
#include <vector>

#include "frontend/python/script_model.h"

namespace gpulint::checks::host_sync {

// One place that makes the host wait: `at` is reported; `tensor` is the GPU
// value it reads (null for torch.cuda.synchronize()).
struct Sync {
  // ScaleRead: a GradScaler's get_scale()/state_dict(), which read its scale
  // tensor with .item() inside torch (`tensor` is the scaler).
  // EachTruth: builtin all()/any() over a generator of GPU tests, one host
  // bool per element (`at` is the all()/any() call, `tensor` the element).
  // Store: `losses[k] = loss`, a GPU tensor written into an element of a
  // tensor made on the host (`at` is the target, `tensor` the value, `buffer`
  // the host tensor's constructor).
  // SliceBound: `x[i, :, start:start + n]` with `start` a GPU tensor: Python
  // reads each slice bound as an int through Tensor.__index__ (`at` is the
  // bound, `tensor` the GPU value in it).
  // Upload: `torch.randperm(n).cuda()`, a tensor a torch factory makes on
  // the host, copied to the GPU without non_blocking: PyTorch waits for the
  // stream after a blocking host-to-device copy (`at` is the copy, `buffer`
  // the factory call). Also host data made into a CUDA tensor in one call
  // (`torch.tensor(rows, device=dev)`, `torch.cuda.FloatTensor(arr)`: `at`
  // and `buffer` are that call).
  // EachElement: `torch.tensor([torch.norm(p.grad) for p in params])`, a
  // tensor built from a sequence of GPU tensors: each element is read to the
  // host as a Python number (`tensor` is the element).
  enum Kind {
    Read, Convert, Log, Format, Synchronize, Nonzero, Branch, ScaleRead, EachTruth, EachElement, Store, SliceBound, Upload
  } kind;
  ts::Node at, tensor;
  ts::Node origin;  // where the tensor was put on the GPU (ScriptModel::deviceOrigin)
  ts::Node buffer;  // Store, Upload: the call that made the host tensor
  // Upload: the tensor carries host data (a list, a numpy array: `torch.
  // tensor(rows).to(dev)`, `torch.cuda.FloatTensor(np.random.rand(n))`), not
  // values a factory generates, so `device=` would copy it just the same.
  bool host_data = false;
};

// The sync a call performs, if any (before asking whether it runs per step).
[[nodiscard]] std::optional<Sync> syncOfCall(const python::ScriptModel& m, const python::Call& c);
// Cheap shape test before the per-step and device questions: could this call sync?
[[nodiscard]] bool maySync(const python::ScriptModel& m, const python::Call& c);
// A barrier across ranks: `torch.distributed.barrier()`, accelerate's
// `accelerator.wait_for_everyone()`, Fabric's `fabric.barrier()` (the last two
// call the first when launched on several processes, and do nothing in one).
[[nodiscard]] bool isRankBarrier(const python::ScriptModel& m, const python::Call& c);
// Spots outside calls, in one walk of the tree: strings that may format a
// tensor (`msg = f"loss {loss}"`: f-strings with interpolations, `"..." % x`),
// conditions Python must turn into a host bool (`if`/`elif`/`while`
// conditions, a conditional expression's test, an `assert`) and assignments
// to an element (`losses[k] = loss`).
struct NonCallSpots {
  std::vector<ts::Node> formats, conditions, element_stores;
  // Subscripts read with what may be a boolean mask (`pred[keep]`,
  // `t[t[:, 4] > thres]`): not assignment targets.
  std::vector<ts::Node> mask_indexes;
  // Bounds of slices that are names, elements or arithmetic (`a:b + n`,
  // not literals): each may be a 0-d GPU tensor Python turns into an int.
  std::vector<ts::Node> slice_bounds;
};
void collectNonCallSpots(ts::Node n, NonCallSpots& spots);
// The sync of `buffer[i] = value` when `value` is a GPU tensor and `buffer`
// a tensor made on the host (`torch.zeros(n)` with no device, outside any
// `with` that may set the default device): torch copies the value to the
// host, synchronously, to store it.
[[nodiscard]] std::optional<Sync> syncOfElementStore(const python::ScriptModel& m, ts::Node assignment);
// The sync of a condition whose truth value is a GPU tensor's: a comparison
// with one (`if loss < best:`), `.any()`/`.all()`/`torch.isnan(...)` of one,
// also under `not`/`and`/`or`, or a name bound once to such a test. A bare
// tensor name is not enough: it may hold a list, whose truth costs nothing.
[[nodiscard]] std::optional<Sync> syncOfCondition(const python::ScriptModel& m, ts::Node condition);
// The sync of `x[mask]` when `mask` is a boolean GPU tensor (a comparison of
// one, `~`, `&`, `|` of such masks, torch.isnan & co., or a name bound once
// to one): the result's size is the mask's count of True, which the host
// must read (a nonzero) before it can allocate it.
[[nodiscard]] std::optional<Sync> syncOfMaskIndex(const python::ScriptModel& m, ts::Node subscript);
// The sync of a slice bound that is a GPU tensor (`start` of
// `x[:, start:start + n]` with `start = ids[i]`, `ids` on the GPU): the
// slice needs a host int, which Tensor.__index__ reads from the device.
[[nodiscard]] std::optional<Sync> syncOfSliceBound(const python::ScriptModel& m, ts::Node bound);
// A list, tuple, set, dict or comprehension written in the code.
[[nodiscard]] bool isContainer(ts::Node e);
// A comparison's operators as written (`<`, `==`, `not in`, `< <=`).
[[nodiscard]] std::string comparisonOperators(ts::Node comparison);
// The statement of a block that holds `n`: one finding per statement.
[[nodiscard]] ts::Node statementOf(ts::Node n);
// True when the read at `at` is the stop test of the `while` loop `loop`:
// it sits in the loop's condition, or its statement assigns a name the
// condition tests (`value = -out.item()` under `while value < 0.99:`). The
// loop needs the value on the host to decide whether it runs again: no
// guard or device-side rewrite removes that read.
[[nodiscard]] bool decidesWhileLoopEnd(ts::Node loop, ts::Node at);
// True when the read at `at` decides an early exit of the `for` loop `loop`:
// it sits in the condition of an `if` of the loop's own body that breaks out
// (or returns), or its statement assigns a name such a condition tests
// (`done = finished.all().item()` then `if done: break`). In a decoding loop
// (one forward pass per generated position) that is the stop test at the end
// of a sequence: collecting the value and reading it after the loop would
// remove the early stop and decode every position.
[[nodiscard]] bool decidesLoopExit(ts::Node loop, ts::Node at);
// True when the value read at `at` is the action handed to an environment's
// step on the host (`envs.step(q.argmax(1).cpu().numpy())`, or `actions =
// ...cpu().numpy()` then `env.step(actions)` later in the pass of `loop`): a
// simulator on the CPU needs it every step, so no guard or device-side
// rewrite removes that read.
[[nodiscard]] bool feedsEnvironmentStep(const python::ScriptModel& m, ts::Node loop, ts::Node at);

// The factory call that made the tensor of the name `name` on the host
// (`torch.zeros(n)`, `torch.randint(0, n, (b,))`; no device given, or
// "cpu", and no default device or device context that moves it); null when
// it may live elsewhere or we cannot tell.
[[nodiscard]] ts::Node hostFactory(const python::ScriptModel& m, ts::Node name);
// The size a torch factory reads as a Python int: the steps of
// `torch.linspace(a, b, steps)`, the one size of `torch.zeros(n)` or
// `torch.arange(n)`; null for other calls. A 0-d GPU tensor there is read
// to the host.
[[nodiscard]] ts::Node sizeArgument(const python::Call& c);
// Python's own max()/min() of two or more values (`max(count, 1)`): it
// compares them with `>`/`<` and takes the truth value of the result, so a
// GPU tensor among them is read to the host.
[[nodiscard]] bool isBuiltinMinMax(const python::ScriptModel& m, const python::Call& c);
// The same test of one value: `torch.zeros(n)` made on the host (no device,
// or device="cpu", outside a device context); null otherwise.
[[nodiscard]] ts::Node hostFactoryCall(const python::ScriptModel& m, ts::Node value);
// True when `n` sits in the arguments of a logging call of its statement.
[[nodiscard]] bool insideLogCall(const python::ScriptModel& m, ts::Node n);

}  // namespace gpulint::checks::host_sync
