// What every family's metric term shares (metrics/measure_frame.h): the frame's context, and one
// constraint's energies and Small Steps Eq. 2 residual added in place to the running sums
// (exec/reduce_element.h).
#pragma once

#include <cmath>

#include "core/aabb.h"
#include "metrics/metric_sums.h"

namespace sim {
inline namespace SIM_PRECISION {

// What a reduction needs besides the arrays.
struct MetricFrame {
  Vec3 gravity;  // g times Settings::gravity_scale [m/s²]
  Aabb bounds;   // Model::bounds [m]
  Real h;        // Δt_s of the last substep, which set the multipliers [s]
};

// One constraint's energies: elastic ½ α (λ/Δt_s²)² from λ and violation ½C²/α.
SIM_HD void add_energies(ConstraintSums& s, double C, double alpha, double lambda, double h) {
  const double h2 = h * h;
  if (alpha > 0.0 && h2 > 0.0) s.elastic += 0.5 * alpha * (lambda / h2) * (lambda / h2);
  if (alpha > 0.0) s.violation += 0.5 * C * C / alpha;
}

// The energy a residual r holds under the force |λ|/Δt_s² that one iteration applied: ½ f r, a spring of the
// solve's effective stiffness f/r holding it (solver/xpbd/substep_slew.h) [J]. λ/Δt_s² times C has the units
// of energy for every XPBD constraint (α̃λ has C's).
SIM_HD void add_residual_energy(ConstraintSums& s, double r, double lambda, double h) {
  if (h > 0.0) s.residual_energy += 0.5 * fabs(lambda) / (h * h) * r;
}

// One constraint's Eq. 2 residual |C + α̃λ|, returned for the family's own maxima, and its residual energy;
// a length (metres, not a strain) goes into the rms and the maximum over lengths too. Counts the constraint.
SIM_HD double add_residual(ConstraintSums& s, double C, double alpha, double lambda, double h, bool length) {
  const double h2 = h * h;
  const double r = fabs(C + (h2 > 0.0 ? alpha / h2 : 0.0) * lambda);
  add_residual_energy(s, r, lambda, h);
  if (length) {
    s.residual_sq += r * r;
    s.residual_count += 1;
    s.max_residual = max_number(s.max_residual, r);
  }
  s.count += 1;
  return r;
}

}  // namespace SIM_PRECISION
}  // namespace sim
