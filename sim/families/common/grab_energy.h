// The mouse grab's elastic energy, ½ α f² with f = λ/Δt_s² the force the last substep applied (the measure
// of every compliant constraint, metrics/common_metrics.h), summed over what the grab holds: the families
// that hold a grab (attachment: particles; rigid: a body's point) give it to the energy line
// (Solver::grab_energy), which counts it while the grab holds, so that what it stores is not taken for
// energy from nowhere when it lets go.
#pragma once

#include <vector>

#include "core/vec3.h"

namespace sim {
inline namespace SIM_PRECISION {

inline double squared(Real lambda) { return double(lambda) * lambda; }
inline double squared(Vec3 lambda) { return double(length_squared(lambda)); }  // a point's three components

// λ: the grab's multipliers of the last substep, one per held particle or a body point's vector [N·s²];
// α [m/N]; h: that substep's Δt_s [s].
template <class Exec, class T>
double grab_energy(typename Exec::template Buffer<T>& lambda, Real compliance, Real h) {
  if (!(h > 0.0) || Exec::size(lambda) == 0) return 0.0;
  std::vector<T> host;
  Exec::download(host, lambda);
  const double h2 = double(h) * h;
  double energy = 0.0;
  for (const T& l : host) energy += 0.5 * double(compliance) * squared(l) / (h2 * h2);  // ½ α |λ/h²|²
  return energy;
}

}  // namespace SIM_PRECISION
}  // namespace sim
