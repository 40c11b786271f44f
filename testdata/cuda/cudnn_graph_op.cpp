// ok: GPU400
// An operator built on cuDNN's graph API through cudnn_frontend's fluent
// builders (and NCCL for the peer exchange), as fused convolution
// extensions write it. The builder chains, the plan cache and the NCCL calls
// must parse (no GPU400); the host read of a result after them is found.
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <ATen/cudnn/Handle.h>
#include <cudnn_frontend.h>
#include <nccl.h>

#include <unordered_map>

static std::unordered_map<std::string, cudnn_frontend::ExecutionPlan> plan_cache;

cudnn_frontend::Tensor describe_tensor(int64_t uid, const int64_t* dims, const int64_t* strides, bool is_virtual) {
  return cudnn_frontend::TensorBuilder()
      .setDim(4, dims)
      .setStrides(4, strides)
      .setId(uid)
      .setAlignment(16)
      .setDataType(CUDNN_DATA_HALF)
      .setVirtual(is_virtual)
      .build();
}

float conv_bias_stats(at::Tensor x, at::Tensor w, at::Tensor y, ncclComm_t comm) {
  cudnnHandle_t handle = at::native::getCudnnHandle();
  const int64_t dims[4] = {1, 2, 3, 4}, strides[4] = {24, 1, 8, 2};
  auto x_desc = describe_tensor('x', dims, strides, false);
  auto y_desc = describe_tensor('y', dims, strides, false);
  auto conv = cudnn_frontend::ConvDescBuilder()
                  .setComputeType(CUDNN_DATA_FLOAT)
                  .setMathMode(CUDNN_CROSS_CORRELATION)
                  .setSpatialDimCount(2)
                  .build();
  auto op = cudnn_frontend::OperationBuilder(CUDNN_BACKEND_OPERATION_CONVOLUTION_FORWARD_DESCRIPTOR)
                .setxDesc(x_desc)
                .setyDesc(y_desc)
                .setcDesc(conv)
                .setAlpha(1.0f)
                .build();
  std::array<cudnn_frontend::Operation const*, 1> ops = {&op};
  auto graph = cudnn_frontend::OperationGraphBuilder().setHandle(handle).setOperationGraph(1, ops.data()).build();
  auto found = plan_cache.find(graph.getTag());
  if (found == plan_cache.end()) {
    auto heuristics = cudnn_frontend::EngineHeuristicsBuilder()
                          .setOperationGraph(graph)
                          .setHeurMode(CUDNN_HEUR_MODE_INSTANT)
                          .build();
    auto& configs = heuristics.getEngineConfig(heuristics.getEngineConfigCount());
    auto plan = cudnn_frontend::ExecutionPlanBuilder().setHandle(handle).setEngineConfig(configs[0], graph.getTag()).build();
    found = plan_cache.emplace(graph.getTag(), std::move(plan)).first;
  }
  at::Tensor workspace = at::empty({found->second.getWorkspaceSize()}, x.options().dtype(at::kByte));
  void* pointers[] = {x.data_ptr(), y.data_ptr()};
  int64_t uids[] = {'x', 'y'};
  auto pack = cudnn_frontend::VariantPackBuilder()
                  .setWorkspacePointer(workspace.data_ptr())
                  .setDataPointers(2, pointers)
                  .setUids(2, uids)
                  .build();
  cudnnStatus_t status = cudnnBackendExecute(handle, found->second.get_raw_desc(), pack.get_raw_desc());
  cudnn_frontend::throw_if([status]() { return status != CUDNN_STATUS_SUCCESS; }, "plan execute failed", status);
  ncclAllReduce(y.data_ptr(), y.data_ptr(), y.numel(), ncclFloat16, ncclSum, comm,
                at::cuda::getCurrentCUDAStream());
  return y.sum().item<float>();  // expect: GPU401
}
