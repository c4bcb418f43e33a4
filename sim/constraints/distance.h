// Distance constraint C = |x_a − x_b| − L (Müller et al. 2007; XPBD form in Small Steps Eqs. 4-8).
// ∇_a C = n, ∇_b C = −n with n = (x_a − x_b)/|x_a − x_b|. Compliance α = 0 is inextensible.
#pragma once

#include "constraints/xpbd.h"
#include "core/vec3.h"

namespace sim {

struct DistanceEval {
  float C;  // [m]
  Vec3 n;   // unit gradient with respect to x_a [-]; zero when the points coincide
};

SIM_HD DistanceEval distance_eval(Vec3 xa, Vec3 xb, float rest_length) {
  const Vec3 d = xa - xb;
  const float len = length(d);
  if (len <= 1e-12f) return {-rest_length, {0.0f, 0.0f, 0.0f}};
  return {len - rest_length, (1.0f / len) * d};
}

struct DistanceCorrection {
  Vec3 dxa, dxb;     // position corrections [m]
  float dlambda;     // multiplier increment [N·s²]
};

// One projection of Eq. 8. relative_motion = (x_a − x_aⁿ) − (x_b − x_bⁿ), the motion since the substep
// began; only damping (β > 0) reads it.
SIM_HD DistanceCorrection project_distance(Vec3 xa, Vec3 xb, float wa, float wb, float rest_length,
                                           float alpha, float beta, float lambda, float h,
                                           Vec3 relative_motion) {
  const DistanceEval e = distance_eval(xa, xb, rest_length);
  if (e.n.x == 0.0f && e.n.y == 0.0f && e.n.z == 0.0f) return {{0.0f, 0.0f, 0.0f}, {0.0f, 0.0f, 0.0f}, 0.0f};
  const float dl = xpbd_delta_lambda({e.C, wa + wb, dot(e.n, relative_motion)}, alpha, beta, lambda, h);
  return {(wa * dl) * e.n, (-wb * dl) * e.n, dl};
}

}  // namespace sim
