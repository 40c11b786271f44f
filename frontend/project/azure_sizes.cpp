// GPUs per Azure GPU VM size, for Azure ML computes (see job_kinds.h).
//
// Counts from Microsoft's public size documentation, "Sizes for virtual
// machines in Azure", GPU-accelerated families
// (https://learn.microsoft.com/azure/virtual-machines/sizes/overview, the
// NC, ND and NV family pages). Sizes that give a fraction of a GPU (NVv4,
// the small NVadsA10 v5 sizes) are left out: their count is not a whole GPU.
#include <array>
#include <cctype>
#include <utility>

#include "frontend/project/job_kinds.h"

namespace gpulint::project {

namespace {

using Size = std::pair<std::string_view, int64_t>;

constexpr std::array kAzureGpuSizes = {
    // NC (K80), NCv2 (P100), NCv3 (V100)
    Size{"NC6", 1}, Size{"NC12", 2}, Size{"NC24", 4}, Size{"NC24r", 4},
    Size{"NC6s_v2", 1}, Size{"NC12s_v2", 2}, Size{"NC24s_v2", 4}, Size{"NC24rs_v2", 4},
    Size{"NC6s_v3", 1}, Size{"NC12s_v3", 2}, Size{"NC24s_v3", 4}, Size{"NC24rs_v3", 4},
    // NCasT4_v3 (T4), NC A100 v4, NCads H100 v5
    Size{"NC4as_T4_v3", 1}, Size{"NC8as_T4_v3", 1}, Size{"NC16as_T4_v3", 1}, Size{"NC64as_T4_v3", 4},
    Size{"NC24ads_A100_v4", 1}, Size{"NC48ads_A100_v4", 2}, Size{"NC96ads_A100_v4", 4},
    Size{"NC40ads_H100_v5", 1}, Size{"NC80adis_H100_v5", 2},
    // ND (P40), NDv2 (V100), ND A100 v4, NDm A100 v4, ND H100 v5, ND MI300X v5
    Size{"ND6s", 1}, Size{"ND12s", 2}, Size{"ND24s", 4}, Size{"ND24rs", 4},
    Size{"ND40rs_v2", 8}, Size{"ND96asr_v4", 8}, Size{"ND96amsr_A100_v4", 8},
    Size{"ND96isr_H100_v5", 8}, Size{"ND96isr_MI300X_v5", 8},
    // NV (M60), NVv3 (M60), NVadsA10 v5 (whole-GPU sizes only)
    Size{"NV6", 1}, Size{"NV12", 2}, Size{"NV24", 4},
    Size{"NV12s_v3", 1}, Size{"NV24s_v3", 2}, Size{"NV48s_v3", 4},
    Size{"NV36ads_A10_v5", 1}, Size{"NV36adms_A10_v5", 1}, Size{"NV72ads_A10_v5", 2},
};

bool equalNoCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  return true;
}

// An AML compute named in a job: `azureml:gpu-cluster`, `azureml:gpu-cluster@latest`, `gpu-cluster`.
std::string_view computeName(std::string_view v) {
  if (v.starts_with("azureml:")) v.remove_prefix(8);
  return v.substr(0, v.find('@'));
}

}  // namespace

std::optional<int64_t> azureVmGpus(std::string_view size) {
  if (size.size() > 9 && equalNoCase(size.substr(0, 9), "Standard_")) size.remove_prefix(9);
  for (const auto& [name, gpus] : kAzureGpuSizes)
    if (equalNoCase(size, name)) return gpus;
  return std::nullopt;
}

void readAzureMlGpus(const config::ConfigValue& doc, const JobLookup& lookup, JobRole& role) {
  // Serverless and Kubernetes computes: `resources.instance_type` names the size.
  if (const config::ConfigValue* type = doc.path("resources.instance_type"); type && type->isScalar()) {
    if (std::optional<int64_t> gpus = azureVmGpus(type->text)) {
      role.gpus = gpus;
      role.gpus_at = type;
      role.gpus_key = "instance_type " + type->text;
    }
    return;
  }
  const config::ConfigValue* compute = doc.get("compute");
  if (!compute || !compute->isScalar() || !lookup) return;
  const config::ConfigValue* cluster = lookup("amlcompute", computeName(compute->text)).doc;
  const config::ConfigValue* size = cluster ? cluster->get("size") : nullptr;
  if (!size || !size->isScalar()) return;
  if (std::optional<int64_t> gpus = azureVmGpus(size->text)) {
    role.gpus = gpus;
    role.gpus_at = compute;  // the compute is defined elsewhere: point at the job's reference to it
    role.gpus_key = "compute " + compute->text + " of size " + size->text;
  }
}

}  // namespace gpulint::project
