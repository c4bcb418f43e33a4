// Stabilisation from the geometric stiffness (Giles & Andrews 2024, "Adaptive Sub-stepping"): the stability
// criterion h² K_d,ii / M_ii ≤ 4α of a semi-implicit step (Eq. 5, Andrews et al. 2017) read three ways.
//   substeps  Algorithm 1: r = max_i K_d,ii / M_ii (Eq. 9), h̄ = 2√(α/r) (Eq. 10), N = ⌈h/h̄⌉ (Eq. 11),
//             clamped to [N_min, N_max];
//   damping   Andrews et al. 2017 at the fixed N: every DOF that breaks Eq. 5 at Δt_s gets the damping
//             B_ii = (Δt_s² K_d,ii − 4α M_ii)/Δt_s (Eq. 6), its mass becoming M + Δt_s B;
//   hybrid    the paper's future work (§5): substeps up to N_max, and past it Eq. 6's damping at h/N_max,
//             so a frame never costs more than N_max substeps.
// Here the damping acts on velocities once per substep before the prediction: v⁺ = (M + Δt_s B)⁻¹ M v, the
// implicit step of the damping force −B v that M̃ = M + Δt_s B stands for in Eq. 3 (the projections keep the
// plain masses). The particles' DOFs are their x, y, z (M_ii = m); a family with DOFs of its own reduces
// and damps them in its stages (FamilyHooks::stability and damp).
#pragma once

#include <algorithm>
#include <cmath>

#include "constraints/geometric_stiffness.h"
#include "constraints/stability_criterion.h"
#include "core/hd.h"

namespace sim {
inline namespace SIM_PRECISION {

// The frame's plan: N and what the criterion said.
struct StabilityPlan {
  int substeps = 1;        // N run this frame
  int wanted = 1;          // ⌈h/h̄⌉ before the clamp (N under fixed substeps)
  int target = 1;          // the N the rules asked for, which the slew moves toward
  int residual_substeps = 0;  // N_residual (0: the residual term is off or knows nothing yet)
  double residual = 0.0;      // e the residual term read [-]
  SubstepSource set_by = SubstepSource::Fixed;
  double r = 0.0;          // max K_d,ii / M_ii [1/s²] (Eq. 9)
  double stable_dt = 0.0;  // h̄ = 2√(α/r) [s]; 0 when r = 0 (no load: any step is stable)
  bool clamped = false;    // wanted (or the held N) outside [N_min, N_max]
  bool held = false;       // N above the target, falling by adaptive_release a frame (residual, hybrid)
  Real damping_dt = 0.0;   // Δt_s at which Eq. 6's damping is applied; 0: none
  int damped = 0;          // DOFs Eq. 6 damps this frame
};

// Eqs. 10-11: the substeps a frame of h needs for r at α, at least 1; r = 0 needs 1. A non-finite r (a
// diverged state) or one that asks more than `cap` gives cap + 1.
inline int substeps_needed(double r, double h, double alpha, int cap) {
  if (r == 0.0) return 1;
  if (!(r > 0.0) || !std::isfinite(r)) return cap + 1;
  const double ratio = h / (2.0 * std::sqrt(alpha / r));
  if (!(ratio <= double(cap))) return cap + 1;
  return ratio < 1.0 ? 1 : int(std::ceil(ratio));
}

// Particle i's three DOFs: its ratio, and at damping_dt > 0 Eq. 6's factors per axis.
struct ParticleStabilityTerm {
  const DofStiffness* particle;  // per particle
  const Real* w;                 // 1/m [1/kg]
  StabilityPass pass;
  Vec3* factor;  // written at damping_dt > 0
  SIM_HD StabilitySums operator()(int i) const {
    StabilitySums s;
    Vec3 ratio{0.0, 0.0, 0.0};
    if (w[i] > 0.0) ratio = w[i] * diagonal_stiffness(particle[i]);
    s.r = max_number(ratio.x, max_number(ratio.y, ratio.z));
    if (pass.damping_dt > 0.0) {
      const Vec3 f{damping_factor(ratio.x, pass.damping_dt, pass.alpha),
                   damping_factor(ratio.y, pass.damping_dt, pass.alpha),
                   damping_factor(ratio.z, pass.damping_dt, pass.alpha)};
      s.damped = int(f.x < 1.0) + int(f.y < 1.0) + int(f.z < 1.0);
      factor[i] = f;
    }
    return s;
  }
};

// Eq. 6's damping of one substep, before the prediction: v ← f ∘ v for a particle (a family damps its own
// DOFs, FamilyHooks::damp).
struct DampParticles {
  Vec3* v;
  const Vec3* factor;
  SIM_HD void operator()(int i) const {
    const Vec3 f = factor[i];
    v[i] = {f.x * v[i].x, f.y * v[i].y, f.z * v[i].z};
  }
};

}  // namespace SIM_PRECISION
}  // namespace sim
