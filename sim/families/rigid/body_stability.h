// The rigid bodies' part of adaptive substepping (Giles & Andrews 2024; solver/xpbd/stability.h has the
// particles' and the plan): a body's degrees of freedom are its rotations about the world axes — its joints'
// and contacts' geometric stiffness has no translational part (families/rigid/body_stiffness.h) — with
// M_ii = (R I Rᵀ)_ii; their ratios K_d,ii/M_ii reduced beside the particles', and Eq. 6's damping of ω.
#pragma once

#include "constraints/geometric_stiffness.h"
#include "constraints/rigid_body.h"
#include "constraints/stability_criterion.h"
#include "core/position.h"

namespace sim {
inline namespace SIM_PRECISION {

// The world inertia's diagonal (R I Rᵀ)_ii of a body that turns freely about every axis [kg·m²], or zeros.
SIM_HD Vec3 world_inertia_diagonal(const BodyPose& b) {
  const Vec3 k = b.inv_inertia;
  if (!(k.x > 0.0 && k.y > 0.0 && k.z > 0.0)) return {0.0, 0.0, 0.0};
  const Vec3 I{Real(1) / k.x, Real(1) / k.y, Real(1) / k.z};
  Vec3 d{};
  const Vec3 e[3] = {{1.0, 0.0, 0.0}, {0.0, 1.0, 0.0}, {0.0, 0.0, 1.0}};
  Real* out[3] = {&d.x, &d.y, &d.z};
  for (int i = 0; i < 3; ++i) {
    const Vec3 l = rotate_inverse(b.q, e[i]);
    *out[i] = I.x * l.x * l.x + I.y * l.y * l.y + I.z * l.z * l.z;
  }
  return d;
}

// Body b's three rotations about the world axes (M_ii = (R I Rᵀ)_ii): its ratios, and at damping_dt > 0 Eq.
// 6's factors as the matrix (I + Δt_s B)⁻¹ I on ω in world coordinates.
struct BodyStabilityTerm {
  const DofStiffness* body;  // per body
  const Position* body_x;
  const Quat* body_q;
  const Real* body_w;
  const Vec3* body_inv_inertia;
  StabilityPass pass;
  Mat3* factor;  // per body, written at damping_dt > 0
  SIM_HD StabilitySums operator()(int b) const {
    StabilitySums s;
    const BodyPose pose{body_x[b], body_q[b], body_w[b], body_inv_inertia[b]};
    const Vec3 M = world_inertia_diagonal(pose);
    const Vec3 kd = diagonal_stiffness(body[b]);
    const Vec3 ratio{Real(stiffness_ratio(kd.x, M.x)), Real(stiffness_ratio(kd.y, M.y)),
                     Real(stiffness_ratio(kd.z, M.z))};
    s.r = max_number(ratio.x, max_number(ratio.y, ratio.z));
    if (pass.damping_dt > 0.0) {
      const Vec3 f{damping_factor(ratio.x, pass.damping_dt, pass.alpha),
                   damping_factor(ratio.y, pass.damping_dt, pass.alpha),
                   damping_factor(ratio.z, pass.damping_dt, pass.alpha)};
      s.damped = int(f.x < 1.0) + int(f.y < 1.0) + int(f.z < 1.0);
      factor[b] = body_damping(pose, f);
    }
    return s;
  }

  // (I + Δt_s B)⁻¹ I with Δt_s B = diag(M_ii (1/f_i − 1)) in world axes, I = R diag(I_k) Rᵀ.
  SIM_HD static Mat3 body_damping(const BodyPose& b, Vec3 f) {
    const Mat3 identity = mat3_identity();
    if (f.x == 1.0 && f.y == 1.0 && f.z == 1.0) return identity;
    const Vec3 M = world_inertia_diagonal(b);
    const Mat3 I = inverse(inv_inertia_matrix(b));
    const Vec3 hB{M.x * (Real(1) / f.x - 1), M.y * (Real(1) / f.y - 1), M.z * (Real(1) / f.z - 1)};
    const Mat3 damped = I + Mat3{{hB.x, 0.0, 0.0}, {0.0, hB.y, 0.0}, {0.0, 0.0, hB.z}};
    return inverse(damped) * I;
  }
};

struct DampBodies {
  Vec3* omega;
  const Mat3* factor;
  SIM_HD void operator()(int b) const { omega[b] = factor[b] * omega[b]; }
};

}  // namespace SIM_PRECISION
}  // namespace sim
