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
// plain masses). The particles' DOFs are their x, y, z (M_ii = m); a body's are its rotations about the
// world axes (M_ii = (R I Rᵀ)_ii): its joints' and contacts' geometric stiffness has no translational part.
#pragma once

#include <cmath>

#include "constraints/geometric_stiffness.h"
#include "constraints/rigid_body.h"
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
// u and so rescales h u by h₂/h₁, which, alternated, pumps it (README, "Why"; converging C away before a
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

// Eq. 5 at step h for K_d/M = ratio: the velocity factor M/(M + h B) of Eq. 6's damping, 1 where it holds.
SIM_HD Real damping_factor(Real ratio, Real h, Real alpha) {
  const Real excess = h * h * ratio - 4.0 * alpha;  // h B / M
  return excess > 0.0 ? 1.0 / (1.0 + excess) : 1.0;
}

// The world inertia's diagonal (R I Rᵀ)_ii of a body that turns freely about every axis [kg·m²], or zeros.
SIM_HD Vec3 world_inertia_diagonal(const BodyPose& b) {
  const Vec3 k = b.inv_inertia;
  if (!(k.x > 0.0 && k.y > 0.0 && k.z > 0.0)) return {0.0, 0.0, 0.0};
  const Vec3 I{1.0 / k.x, 1.0 / k.y, 1.0 / k.z};
  Vec3 d{};
  const Vec3 e[3] = {{1.0, 0.0, 0.0}, {0.0, 1.0, 0.0}, {0.0, 0.0, 1.0}};
  Real* out[3] = {&d.x, &d.y, &d.z};
  for (int i = 0; i < 3; ++i) {
    const Vec3 l = rotate_inverse(b.q, e[i]);
    *out[i] = I.x * l.x * l.x + I.y * l.y * l.y + I.z * l.z * l.z;
  }
  return d;
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

// Index i < particles: particle i's three DOFs; then body i − particles' three rotations. At damping_dt > 0
// it also writes each DOF's Eq. 6 factors: a particle's per axis, a body's as the matrix (I + Δt_s B)⁻¹ I
// on ω in world coordinates.
struct StabilityTerm {
  const DofStiffness* particle;  // per particle
  const DofStiffness* body;      // per body
  const Real* w;                 // the particles' 1/m [1/kg]
  const Vec3* body_x;
  const Quat* body_q;
  const Real* body_w;
  const Vec3* body_inv_inertia;
  int particles;
  Real alpha;
  Real damping_dt;        // [s]; 0: count and write nothing
  Vec3* particle_factor;  // per particle, written at damping_dt > 0
  Mat3* body_factor;      // per body, written at damping_dt > 0
  SIM_HD StabilitySums operator()(int i) const {
    StabilitySums s;
    Vec3 ratio{0.0, 0.0, 0.0};
    if (i < particles) {
      if (w[i] > 0.0) ratio = w[i] * diagonal_stiffness(particle[i]);
    } else {
      const int b = i - particles;
      const BodyPose pose{body_x[b], body_q[b], body_w[b], body_inv_inertia[b]};
      const Vec3 M = world_inertia_diagonal(pose);
      const Vec3 kd = diagonal_stiffness(body[b]);
      ratio = {Real(stiffness_ratio(kd.x, M.x)), Real(stiffness_ratio(kd.y, M.y)),
               Real(stiffness_ratio(kd.z, M.z))};
    }
    s.r = max_number(ratio.x, max_number(ratio.y, ratio.z));
    if (damping_dt > 0.0) {
      const Vec3 f{damping_factor(ratio.x, damping_dt, alpha), damping_factor(ratio.y, damping_dt, alpha),
                   damping_factor(ratio.z, damping_dt, alpha)};
      s.damped = int(f.x < 1.0) + int(f.y < 1.0) + int(f.z < 1.0);
      if (i < particles) {
        particle_factor[i] = f;
      } else {
        const int b = i - particles;
        body_factor[b] = body_damping(BodyPose{body_x[b], body_q[b], body_w[b], body_inv_inertia[b]}, f);
      }
    }
    return s;
  }

  // (I + Δt_s B)⁻¹ I with Δt_s B = diag(M_ii (1/f_i − 1)) in world axes, I = R diag(I_k) Rᵀ.
  SIM_HD static Mat3 body_damping(const BodyPose& b, Vec3 f) {
    const Mat3 identity = mat3_identity();
    if (f.x == 1.0 && f.y == 1.0 && f.z == 1.0) return identity;
    const Vec3 M = world_inertia_diagonal(b);
    const Mat3 I = inverse(inv_inertia_matrix(b));
    const Vec3 hB{M.x * (1.0 / f.x - 1.0), M.y * (1.0 / f.y - 1.0), M.z * (1.0 / f.z - 1.0)};
    const Mat3 damped = I + Mat3{{hB.x, 0.0, 0.0}, {0.0, hB.y, 0.0}, {0.0, 0.0, hB.z}};
    return inverse(damped) * I;
  }
};

// Eq. 6's damping of one substep, before the prediction: v ← f ∘ v for a particle, ω ← D ω for a body.
struct DampParticles {
  Vec3* v;
  const Vec3* factor;
  SIM_HD void operator()(int i) const {
    const Vec3 f = factor[i];
    v[i] = {f.x * v[i].x, f.y * v[i].y, f.z * v[i].z};
  }
};

struct DampBodies {
  Vec3* omega;
  const Mat3* factor;
  SIM_HD void operator()(int b) const { omega[b] = factor[b] * omega[b]; }
};

}  // namespace sim
