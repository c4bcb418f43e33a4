// What every family's metric term shares (metrics/reduce_metrics.h): the frame's context and one
// constraint's energies and Small Steps Eq. 2 residual, added in place to the running sums
// (backend/reduce_element.h).
#pragma once

#include <cmath>

#include "collide/sdf_collider.h"
#include "core/aabb.h"
#include "metrics/metric_sums.h"

namespace sim {

// What a reduction needs besides the arrays.
struct MetricFrame {
  Vec3 gravity;          // g times Settings::gravity_scale [m/s²]
  Aabb bounds;           // Model::bounds [m]
  SdfCollider collider;  // its φ on the same side as the arrays
  Real h;                // Δt_s of the last substep, which set the multipliers [s]
};

// One constraint's energies: elastic ½ α (λ/Δt_s²)² from λ and violation ½C²/α.
SIM_HD void add_energies(ConstraintSums& s, double C, double alpha, double lambda, double h) {
  const double h2 = h * h;
  if (alpha > 0.0 && h2 > 0.0) s.elastic += 0.5 * alpha * (lambda / h2) * (lambda / h2);
  if (alpha > 0.0) s.violation += 0.5 * C * C / alpha;
}

// One constraint of `kind`: its Eq. 2 residual |C + α̃λ| into the kind's maximum (and a length's into the
// metres' rms), and the count.
SIM_HD void add_residual(ConstraintSums& s, double C, double alpha, double lambda, double h, int kind) {
  const double h2 = h * h;
  const double r = fabs(C + (h2 > 0.0 ? alpha / h2 : 0.0) * lambda);
  if (kind < kFirstStrainResidual) {  // a length: into the metres' rms
    s.residual_sq += r * r;
    s.residual_count += 1;
  }
  s.max_residual[kind] = max_number(s.max_residual[kind], r);
  s.count += 1;
}

}  // namespace sim
