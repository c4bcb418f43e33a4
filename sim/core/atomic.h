// Atomics used by stages: atomic_add for the Jacobi solver's position-delta accumulation and
// atomic_fetch_add for the hash grid's counting sort. atomicAdd on the device, OpenMP atomics on the
// host: the only place the two backends need different code in a stage.
#pragma once

#include "core/hd.h"
#include "core/vec3.h"

namespace sim {

SIM_HD void atomic_add(Real* target, Real value) {
#if defined(__CUDA_ARCH__)
  atomicAdd(target, value);
#else
  _Pragma("omp atomic")* target += value;
#endif
}

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

SIM_HD void atomic_add(Vec3* target, Vec3 value) {
  atomic_add(&target->x, value.x);
  atomic_add(&target->y, value.y);
  atomic_add(&target->z, value.z);
}

}  // namespace sim
