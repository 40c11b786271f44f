// gpulint shim of libcu++'s cuda::std: the standard library for host and
// device code. Here it is the host's std, which has the same names.
#pragma once
namespace cuda {
namespace std {
using namespace ::std;
}  // namespace std
}  // namespace cuda
