#include "scenes/fluid_lattice.h"

#include <cmath>

namespace sim {
inline namespace SIM_PRECISION {

FluidMaterial rest_lattice_material(FluidMaterial f, Real spacing) {
  // The sums over the neighbours of a lattice particle, with unit inverse masses: m then scales them.
  const SphKernels kernels(f.kernel_radius);
  const int reach = int(std::ceil(f.kernel_radius / spacing));
  DensitySums sums;
  for (int i = -reach; i <= reach; ++i)
    for (int j = -reach; j <= reach; ++j)
      for (int k = -reach; k <= reach; ++k)
        if (i || j || k) sums.add(kernels, spacing * Vec3{Real(i), Real(j), Real(k)}, 1.0);
  f.mass = f.rest_density / (sums.kernel_sum + kernels.poly6(0.0));
  // D₀ = Σ_k w_k |∇_k C|² with w = 1/m: the own gradient cancels on the symmetric lattice.
  const Real s = f.density_scale();
  f.rest_denominator = s * s / f.mass * sums.neighbour_sq;
  return f;
}

}  // namespace SIM_PRECISION
}  // namespace sim
