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

// The frame's plan: N and what the criterion said.
struct StabilityPlan {
  int substeps = 1;        // N run this frame
  int wanted = 1;          // ⌈h/h̄⌉ before the clamp (N under fixed substeps)
  double r = 0.0;          // max K_d,ii / M_ii [1/s²] (Eq. 9)
  double stable_dt = 0.0;  // h̄ = 2√(α/r) [s]; 0 when r = 0 (no load: any step is stable)
  bool clamped = false;    // wanted (or the held N) outside [N_min, N_max]
  bool held = false;       // N held above wanted by Settings::adaptive_release
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

// The N a frame runs when Eq. 11 asks `wanted` after a frame of `last`: N rises at once and falls by at most
// the fraction `release` of `last`, rounded up, so that below 1/release substeps (50 at the default 2 %) it
// does not fall at all (release 1: free both ways, Algorithm 1 as printed). Beyond the paper: with one
// iteration a substep, frames whose N changes gain energy. The residual few iterations leave evolves as
// (C, h u) ← A (C, h u) with A fixed by the mass ratio, a lightly damped oscillation; a new N keeps C and
// u and so rescales h u by h₂/h₁, which, alternated, pumps it (docs/SCENES.md, "why N is held"; converging C away before a
// frame at more substeps stopped it). And an unconverged pass's multipliers lag the load, so Eq. 11 asks
// too few substeps after a fall. Measured on the swinging box (mean forces over the frame):
//   N alternating 40 and 80 each frame: +70 % energy in 18 s (40 throughout: −4 %);
//   N free to follow Eq. 11 (17 to 200 from frame to frame): 26 times its energy in 10 s;
//   N falling 2 % a frame without the rounding (a real-valued hold), or its rise limited to 3 % a frame:
//   still 3 to 10 times in 60 s, and so did one substep at rest (no velocity, no gravity, its motion
//   discarded) before each frame at more substeps than the last: 60 times in 60 s (one sweep does not
//   converge a 1000:1 chain; 1000 do);
//   held (the default, from N_max on the first frame): N settles at 49 and the box loses 17 % in 200 s,
//   as fixed 40 substeps do (18 %).
// So with one iteration, N follows a load that rises past 50 substeps and holds; Algorithm 1's fall is there
// with release 1.
inline int held_substeps(int wanted, int last, double release) {
  if (last <= 0 || release >= 1.0) return wanted;
  return std::max(wanted, int(std::ceil((1.0 - release) * double(last))));
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

}  // namespace sim
