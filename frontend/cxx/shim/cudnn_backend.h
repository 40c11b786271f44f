// gpulint shim of <cudnn_backend.h>: cuDNN's graph API, declared with the
// rest of cuDNN in gpulint's <cudnn.h>.
#pragma once
#include <cudnn.h>
