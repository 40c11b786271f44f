#include "checkers/checker.h"
#include "checkers/data/GPU101_sync_data_loading.h"
#include "checkers/data/GPU102_no_prefetch.h"
#include "checkers/data/GPU103_pageable_memory.h"
#include "checkers/data/GPU104_blocking_h2d_copy.h"
#include "checkers/data/GPU105_loader_rebuilt_per_epoch.h"
#include "checkers/data/GPU106_cpu_preprocess_in_step.h"
#include "checkers/data/GPU107_remote_read_in_step.h"
#include "checkers/model/GPU201_host_sync_in_step.h"
#include "checkers/model/GPU202_per_step_eval.h"
#include "checkers/model/GPU203_per_step_checkpoint.h"
#include "checkers/model/GPU204_tiny_batch.h"
#include "checkers/model/GPU205_eval_without_no_grad.h"
#include "checkers/model/GPU206_per_step_logging.h"
#include "checkers/model/GPU207_data_parallel.h"
#include "checkers/model/GPU208_empty_cache_in_step.h"
#include "checkers/job/GPU207_trainer_data_parallel.h"
#include "checkers/job/GPU301_unused_gpus.h"
#include "checkers/job/GPU302_gpu_never_used.h"
#include "checkers/job/GPU303_small_shm.h"
#include "checkers/job/GPU304_cpu_starved.h"
#include "checkers/ops/GPU400_parse_incomplete.h"
#include "checkers/ops/GPU401_sync_in_op.h"
#include "checkers/ops/GPU402_alloc_per_call.h"
#include "checkers/ops/GPU403_blocking_memcpy.h"
#include "checkers/ops/GPU404_default_stream_launch.h"
#include "checkers/ops/GPU405_tiny_launch.h"
#include "checkers/ops/GPU406_launch_in_host_loop.h"

namespace gpulint {

const std::vector<std::unique_ptr<Checker>>& allCheckers() {
  static const std::vector<std::unique_ptr<Checker>> checkers = [] {
    std::vector<std::unique_ptr<Checker>> list;
    list.push_back(std::make_unique<checks::SyncDataLoading>());
    list.push_back(std::make_unique<checks::NoPrefetch>());
    list.push_back(std::make_unique<checks::PageableMemory>());
    list.push_back(std::make_unique<checks::BlockingH2DCopy>());
    list.push_back(std::make_unique<checks::LoaderRebuiltPerEpoch>());
    list.push_back(std::make_unique<checks::CpuPreprocessInStep>());
    list.push_back(std::make_unique<checks::RemoteReadInStep>());
    list.push_back(std::make_unique<checks::HostSyncInStep>());
    list.push_back(std::make_unique<checks::PerStepEval>());
    list.push_back(std::make_unique<checks::PerStepCheckpoint>());
    list.push_back(std::make_unique<checks::TinyBatch>());
    list.push_back(std::make_unique<checks::EvalWithoutNoGrad>());
    list.push_back(std::make_unique<checks::PerStepLogging>());
    list.push_back(std::make_unique<checks::DataParallelUse>());
    list.push_back(std::make_unique<checks::EmptyCacheInStep>());
    list.push_back(std::make_unique<checks::TrainerDataParallel>());
    list.push_back(std::make_unique<checks::UnusedGpus>());
    list.push_back(std::make_unique<checks::GpuNeverUsed>());
    list.push_back(std::make_unique<checks::SmallShm>());
    list.push_back(std::make_unique<checks::CpuStarved>());
    list.push_back(std::make_unique<checks::ParseIncomplete>());
    list.push_back(std::make_unique<checks::SyncInOp>());
    list.push_back(std::make_unique<checks::AllocPerCall>());
    list.push_back(std::make_unique<checks::BlockingMemcpy>());
    list.push_back(std::make_unique<checks::DefaultStreamLaunch>());
    list.push_back(std::make_unique<checks::TinyLaunch>());
    list.push_back(std::make_unique<checks::LaunchInHostLoop>());
    return list;
  }();
  return checkers;
}

}  // namespace gpulint
