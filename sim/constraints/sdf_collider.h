// A static collider given by a signed distance field in its own frame, placed in the world by a uniform
// scale and a translation: x_world = position + scale·x_local, so φ_world(x) = scale·φ_local(x_local)
// and ∇φ keeps its direction. Particles touch it through C = φ(x) − r ≥ 0 (Small Steps §4.3).
#pragma once

#include "constraints/particle_contact.h"
#include "geometry/sdf_grid.h"

namespace sim {
inline namespace SIM_PRECISION {

struct SdfCollider {
  bool enabled = false;
  SdfGridView sdf;     // φ in the collider's frame; phi points at host or device values
  Vec3 position{};     // the collider frame's origin in the world [m]
  Real scale = 1.0;    // world length per collider-frame length [-]
  Real margin = 0.01;  // contact-detection margin beyond the predicted position [m]
  ContactMaterial material;

  SIM_HD SdfSample sample(Vec3 x) const {
    SdfSample s = sample_sdf(sdf, (1.0 / scale) * (x - position));
    s.phi *= scale;
    return s;
  }

  // Whether a sphere of radius r moving from p to p_predicted can come within the margin: φ is
  // 1-Lipschitz, so a path of length |p̃ − p| that starts farther than that from the surface cannot reach
  // it, and the swept test misses no thin feature the sphere could cross.
  SIM_HD bool swept_contact(Vec3 p, Vec3 p_predicted, Real r) const {
    return sample(p).phi - r < length(p_predicted - p) + margin;
  }

  // Eq. 10's allowance max(d₀ − v_max Δt_s, 0) from the overlap d₀ of a sphere of radius r at p_start.
  SIM_HD_COLD Real allowance(Vec3 p_start, Real r, Real h) const {
    return depenetration_allowance(sample(p_start).phi - r, material.max_depenetration_speed, h);
  }

  // The same allowance, given the sample at a point p less than a cell away (the contact's point now):
  // 0 without sampling p_start where the slope bound of p's brick (sdf_slope_bricks) already puts the
  // overlap there under v_max Δt_s, since φ(p_start) ≥ φ(p) − slope·|p − p_start|. The margin is far above
  // the rounding of both sides (about 1e-15 m), so the answer is the allowance's, bit for bit. A contact
  // moves a fraction of v_max Δt_s a substep: most need no second sample.
  SIM_HD Real allowance_near(const SdfSample& at_p, Vec3 p, Vec3 p_start, Real r, Real h) const {
    constexpr Real kMargin = 1e-9;           // [m]
    const Real moved = length(p - p_start);  // not finite, nor below a cell, for a non-finite point
    if (sdf.slope && moved < sdf.cell * scale &&
        at_p.phi - sdf_slope_at(sdf, at_p.cell) * moved - r >= kMargin - material.max_depenetration_speed * h)
      return 0.0;
    return allowance(p_start, r, h);
  }

  // This collider with its field's values and slope bounds at phi and slope (host or device arrays).
  SdfCollider bound_to(const float* phi, const float* slope) const {
    SdfCollider c = *this;
    c.sdf.phi = phi;
    c.sdf.slope = slope;
    return c;
  }

  // ∇φ by central differences over one grid cell: a smoothed gradient for where the interpolant's own
  // vanishes (on the medial axis of a thin part, or inside a cell whose corners agree).
  SIM_HD_COLD Vec3 cell_gradient(Vec3 x) const {
    const Real d = sdf.cell * scale;
    const auto diff = [&](Vec3 e) { return (sample(x + d * e).phi - sample(x - d * e).phi) / (2 * d); };
    return {diff({1.0, 0.0, 0.0}), diff({0.0, 1.0, 0.0}), diff({0.0, 0.0, 1.0})};
  }
};

}  // namespace SIM_PRECISION
}  // namespace sim
