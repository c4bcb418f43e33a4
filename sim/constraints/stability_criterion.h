// The stability criterion of a semi-implicit step h² K_d,ii / M_ii ≤ 4α (Giles & Andrews 2024 Eq. 5, after
// Andrews et al. 2017) for one degree of freedom: its ratio K_d,ii/M_ii (Eq. 9's terms), Eq. 6's damping
// factor where it fails, and the reduction over every DOF that the adaptive XPBD stepper reads
// (solver/xpbd/stability.h); families with DOFs of their own (rigid bodies) reduce theirs the same way.
#pragma once

#include "core/hd.h"
#include "core/min_max.h"
#include "core/vec3.h"

namespace sim {
inline namespace SIM_PRECISION {

// Eq. 5 at step h for K_d/M = ratio: the velocity factor M/(M + h B) of Eq. 6's damping, 1 where it holds.
SIM_HD Real damping_factor(Real ratio, Real h, Real alpha) {
  const Real excess = h * h * ratio - 4.0 * alpha;  // h B / M
  return excess > 0.0 ? 1.0 / (1.0 + excess) : 1.0;
}

// K_d,ii / M_ii of one degree of freedom, 0 for none (a pinned particle, a locked axis).
SIM_HD double stiffness_ratio(Real kd, Real mass) { return mass > 0.0 ? double(kd) / double(mass) : 0.0; }

// The criterion's reduction over every degree of freedom: r (Eq. 9) and, at a damping step, how many DOFs
// break Eq. 5 there.
struct StabilitySums {
  double r = 0.0;
  int damped = 0;  // DOFs that break Eq. 5 at the damping step
  SIM_HD static StabilitySums combine(const StabilitySums& a, const StabilitySums& b) {
    StabilitySums s;
    s.r = max_number(a.r, b.r);
    s.damped = a.damped + b.damped;
    return s;
  }
};

// What a stability pass asks of every degree of freedom (FamilyHooks::stability): its ratio, and at
// damping_dt > 0 Eq. 6's factors at that step with α.
struct StabilityPass {
  Real alpha;       // [-]
  Real damping_dt;  // [s]; 0: count and write nothing
};

}  // namespace SIM_PRECISION
}  // namespace sim
