// The SPH smoothing kernels of Position Based Fluids (Macklin & Müller 2013, §3, after Müller et al. 2003):
// poly6 for the density estimate and the spiky kernel's gradient for the constraint gradients, both with
// support radius h (the kernel radius, not the substep).
//   W_poly6(r, h)  = 315 / (64 π h⁹) (h² − |r|²)³            for |r| < h, else 0      [1/m³]
//   ∇W_spiky(r, h) = −45 / (π h⁶) (h − |r|)² r/|r|          for 0 < |r| < h, else 0  [1/m⁴]
// The constants are computed once per particle (SphKernels), not per pair.
#pragma once

#include "core/hd.h"
#include "core/vec3.h"

namespace sim {
inline namespace SIM_PRECISION {

struct SphKernels {
  Real h;           // [m]
  Real h2;          // [m²]
  Real poly6_coef;  // 315 / (64 π h⁹) [1/m⁹]
  Real spiky_coef;  // −45 / (π h⁶) [1/m⁶]

  SIM_HD explicit SphKernels(Real radius) : h(radius), h2(radius * radius) {
    constexpr Real kPi = 3.14159265358979323846;
    const Real h3 = h2 * h;
    poly6_coef = Real(315.0) / (Real(64.0) * kPi * h3 * h3 * h3);
    spiky_coef = Real(-45.0) / (kPi * h3 * h3);
  }

  SIM_HD Real poly6(Real r2) const {
    if (r2 >= h2) return 0.0;
    const Real d = h2 - r2;
    return poly6_coef * d * d * d;
  }

  // ∇ of W_spiky with respect to x_i at r = x_i − x_j, |r|² = r2.
  SIM_HD Vec3 spiky_gradient(Vec3 r, Real r2) const {
    if (r2 >= h2 || r2 <= Real(1e-24) * h2) return {0.0, 0.0, 0.0};
    const Real len = sqrt(r2);
    const Real d = h - len;
    return (spiky_coef * d * d / len) * r;
  }
  SIM_HD Vec3 spiky_gradient(Vec3 r) const { return spiky_gradient(r, length_squared(r)); }
};

}  // namespace SIM_PRECISION
}  // namespace sim
