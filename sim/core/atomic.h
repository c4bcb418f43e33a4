// atomic_add for the Jacobi solver's position-delta accumulation: atomicAdd on the device,
// an OpenMP atomic on the host. The only place the two backends need different code in a stage.
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

SIM_HD void atomic_add(Vec3* target, Vec3 value) {
  atomic_add(&target->x, value.x);
  atomic_add(&target->y, value.y);
  atomic_add(&target->z, value.z);
}

}  // namespace sim
