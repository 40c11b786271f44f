// gpulint shim of <cudnn_frontend.h> (NVIDIA's header-only C++ layer over
// cuDNN's graph API). Extensions use it through fluent builders:
// `TensorBuilder().setDim(...).setId(...).build()`. Rather than each
// builder's exact setters, every builder accepts any of the setter names
// below with any arguments (gpulint checks host code for launches, syncs and
// allocations, none of which happen through these), and build() gives the
// built descriptor. Declarations only.
#pragma once
#include <cudnn.h>

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace cudnn_frontend {

class cudnnException : public std::runtime_error {
 public:
  cudnnException(const char* message, cudnnStatus_t status);
  cudnnStatus_t getCudnnStatus() const;
};

// Templates get bodies: one used with a lambda must be defined in the file.
template <typename Condition> void throw_if(Condition, const char*, cudnnStatus_t) {}

// A built descriptor: what every built object offers.
class BackendDescriptor {
 public:
  std::string describe() const;
  cudnnBackendDescriptor_t get_raw_desc() const;
  cudnnStatus_t get_status() const;
  const char* get_error() const;
};

class Tensor_v8 : public BackendDescriptor {
 public:
  int64_t getId() const;
  int64_t getDimCount() const;
  const int64_t* getDimArray() const;
  const int64_t* getStrideArray() const;
  cudnnDataType_t getDataType() const;
  bool isVirtualTensor() const;
};
using Tensor = Tensor_v8;

class Operation_v8 : public BackendDescriptor {
 public:
  std::string const& getTag() const;
  Tensor_v8& getOutputTensor();
};
using Operation = Operation_v8;

class OperationGraph_v8 : public BackendDescriptor {
 public:
  std::string const& getTag() const;
  int64_t getEngineCount() const;
  std::vector<Operation_v8> const& getOps() const;
};
using OperationGraph = OperationGraph_v8;

class Knob : public BackendDescriptor {
 public:
  int64_t getMinValue() const;
  int64_t getMaxValue() const;
  int64_t getStride() const;
  int64_t getKnobType() const;
  void setChoice(int64_t value);
};
class EngineConfig_v8 : public BackendDescriptor {
 public:
  std::string const& getTag() const;
};
using EngineConfig = EngineConfig_v8;
using EngineConfigList = std::vector<std::shared_ptr<EngineConfig_v8>>;
class Engine_v8 : public BackendDescriptor {
 public:
  std::vector<Knob>& getSupportedKnobs();
};
using Engine = Engine_v8;
class EngineHeuristics_v8 : public BackendDescriptor {
 public:
  int64_t getEngineConfigCount() const;
  std::vector<EngineConfig_v8>& getEngineConfig(int64_t count = 1);
};
using EngineHeuristics = EngineHeuristics_v8;
class ExecutionPlan_v8 : public BackendDescriptor {
 public:
  std::string const& getTag() const;
  int64_t getWorkspaceSize() const;
};
using ExecutionPlan = ExecutionPlan_v8;
class VariantPack_v8 : public BackendDescriptor {};
using VariantPack = VariantPack_v8;
class PointWiseDesc_v8 : public BackendDescriptor {};
using PointWiseDesc = PointWiseDesc_v8;
class ConvDesc_v8 : public BackendDescriptor {};
using ConvDesc = ConvDesc_v8;
class ReductionDesc_v8 : public BackendDescriptor {};
using ReductionDesc = ReductionDesc_v8;
class MatMulDesc_v8 : public BackendDescriptor {};
using MatMulDesc = MatMulDesc_v8;

#define GPULINT_CUDNN_SETTERS(X)                                                                                     \
  X(setAlignment) X(setAlpha) X(setAlpha2) X(setAxis) X(setBeta) X(setByValue) X(setComputeType) X(setDataPointers)  \
  X(setDataType) X(setDilation) X(setDim) X(setEngine) X(setEngineConfig) X(setEpsilonTensor)                        \
  X(setExpDecayFactorTensor) X(setGlobalEngineIdx) X(setHandle) X(setHeurMode) X(setId) X(setIntermediates)          \
  X(setMathMode) X(setMathPrecision) X(setMode) X(setNDims) X(setNextRunningMeanAndVar) X(setNormFwdPhase)           \
  X(setNormalizationMode) X(setOperationGraph) X(setPeerStatTensor) X(setPostPadding) X(setPrePadding)               \
  X(setPrevRunningMeanAndVar) X(setReductionOp) X(setSavedMeanAndInvVar) X(setScale) X(setScaleAndBias)              \
  X(setDScaleAndDBias) X(setSpatialDimCount) X(setSpatialStride) X(setStrides) X(setUids) X(setVirtual)              \
  X(setWorkspacePointer) X(setaMatDesc) X(setbMatDesc) X(setcMatDesc) X(setmatmulDesc) X(setbDesc) X(setcDesc)       \
  X(setdwDesc) X(setdxDesc) X(setdyDesc) X(setpwDesc) X(setreductionDesc) X(settDesc) X(setwDesc)        \
  X(setxDesc) X(setyDesc)
#define GPULINT_CUDNN_SETTER(name) \
  template <typename... Args> Self& name(Args&&...) { return static_cast<Self&>(*this); }

// A builder of `Built`: any setter above, then build().
template <typename Self, typename Built> class BuilderOf {
 public:
  GPULINT_CUDNN_SETTERS(GPULINT_CUDNN_SETTER)
  Built build();
};

#define GPULINT_CUDNN_BUILDER(Name, Built)                          \
  class Name##_v8 : public BuilderOf<Name##_v8, Built> {            \
   public:                                                          \
    Name##_v8();                                                    \
    template <typename... Args> explicit Name##_v8(Args&&...) {}     \
  };                                                                \
  using Name = Name##_v8;
GPULINT_CUDNN_BUILDER(TensorBuilder, Tensor_v8)
GPULINT_CUDNN_BUILDER(OperationBuilder, Operation_v8)
GPULINT_CUDNN_BUILDER(OperationGraphBuilder, OperationGraph_v8)
GPULINT_CUDNN_BUILDER(EngineBuilder, Engine_v8)
GPULINT_CUDNN_BUILDER(EngineConfigBuilder, EngineConfig_v8)
GPULINT_CUDNN_BUILDER(EngineHeuristicsBuilder, EngineHeuristics_v8)
GPULINT_CUDNN_BUILDER(ExecutionPlanBuilder, ExecutionPlan_v8)
GPULINT_CUDNN_BUILDER(VariantPackBuilder, VariantPack_v8)
GPULINT_CUDNN_BUILDER(PointWiseDescBuilder, PointWiseDesc_v8)
GPULINT_CUDNN_BUILDER(ConvDescBuilder, ConvDesc_v8)
GPULINT_CUDNN_BUILDER(ReductionDescBuilder, ReductionDesc_v8)
GPULINT_CUDNN_BUILDER(MatMulDescBuilder, MatMulDesc_v8)
#undef GPULINT_CUDNN_BUILDER
#undef GPULINT_CUDNN_SETTER
#undef GPULINT_CUDNN_SETTERS

template <std::size_t N, typename... Args>
cudnnStatus_t get_heuristics_list(std::array<std::string, N>, OperationGraph_v8&, Args&&...) {
  return CUDNN_STATUS_SUCCESS;
}
std::string to_string(cudnnDataType_t type);
std::string to_string(cudnnStatus_t status);

}  // namespace cudnn_frontend
