// One drained queue, one finding: a host-side suppression reads a mask back
// with a blocking copy (the host waits there), loops over it on the host, and
// uploads what it kept with more blocking copies. Nothing was queued since
// the read, so those copies, and the synchronize a checking macro adds, wait
// for nothing new. A copy after a kernel launched in between waits again.
// Nothing here runs on another stream (no PyTorch, no stream of its own),
// so every wait empties the one queue.
#include <cuda_runtime.h>
#include <vector>

#define CHECKED_SYNC(call) \
  do { if ((call) != cudaSuccess) return; cudaDeviceSynchronize(); } while (0)

__global__ void score_mask(int n, float thr, const float* boxes, unsigned char* mask) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) mask[i] = boxes[i * 5 + 4] > thr;
}

void suppress(int* keep_dev, int* count_dev, unsigned char* mask_dev, const float* boxes_dev, int n, float thr) {
  score_mask<<<(n + 63) / 64, 64>>>(n, thr, boxes_dev, mask_dev);
  std::vector<unsigned char> mask(n);
  cudaMemcpy(mask.data(), mask_dev, n, cudaMemcpyDeviceToHost);  // expect: GPU403 "is blocking"
  std::vector<int> keep;
  for (int i = 0; i < n; ++i)
    if (mask[i]) keep.push_back(i);
  int kept = static_cast<int>(keep.size());
  CHECKED_SYNC(cudaMemcpy(keep_dev, keep.data(), kept * sizeof(int), cudaMemcpyHostToDevice));  // ok: the queue was drained by the read above, nothing queued since
  CHECKED_SYNC(cudaMemcpy(count_dev, &kept, sizeof(int), cudaMemcpyHostToDevice));  // ok: the same drained queue
  score_mask<<<(n + 63) / 64, 64>>>(n, thr, boxes_dev, mask_dev);
  cudaMemcpy(mask.data(), mask_dev, n, cudaMemcpyDeviceToHost);  // expect: GPU403 "is blocking"
}
