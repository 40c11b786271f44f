// Another accelerator's header of the same name: setup.py names this folder
// only for the MLU build, so the CUDA source must not find it (if it did,
// roi_pool_forward_kernel would be undeclared there).
#pragma once
void roi_pool_forward_mlu(const float* input, float* output, int n);
