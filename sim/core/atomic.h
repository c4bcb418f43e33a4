// The one atomic a stage uses: atomic_fetch_add on ints, for the hash grid's counting sort (bucket
// sizes and slots; hash_grid.h then sorts each bucket, so no result depends on the order threads
// arrive). atomicAdd on the device, an OpenMP atomic capture on the host: the only place the two backends
// need different code in a stage. There are deliberately no floating-point atomics: their sums depend on
// thread timing, and Jacobi-style passes gather instead (model/incidence.h).
#pragma once

#include "core/hd.h"

namespace sim {
inline namespace SIM_PRECISION {

// Adds value to *target and returns the previous value.
SIM_HD int atomic_fetch_add(int* target, int value) {
#if defined(__CUDA_ARCH__)
  return atomicAdd(target, value);
#else
  int previous;
  _Pragma("omp atomic capture") {
    previous = *target;
    *target += value;
  }
  return previous;
#endif
}

}  // namespace SIM_PRECISION
}  // namespace sim
