#include "scenes/fluid_lattice.h"

#include <cmath>

namespace sim {

FluidMaterial rest_lattice_material(FluidMaterial f, Real spacing) {
  const Real h = f.kernel_radius;
  const SphKernels kernels(h);
  const int reach = int(std::ceil(h / spacing));
  Real kernel_sum = 0.0, gradient_sq = 0.0;
  for (int i = -reach; i <= reach; ++i)
    for (int j = -reach; j <= reach; ++j)
      for (int k = -reach; k <= reach; ++k) {
        const Vec3 r = spacing * Vec3{Real(i), Real(j), Real(k)};
        kernel_sum += kernels.poly6(length_squared(r));
        gradient_sq += length_squared(kernels.spiky_gradient(r));
      }
  f.mass = f.rest_density / kernel_sum;
  // D₀ = Σ_k w_k |∇_k C|² with w = 1/m: the own gradient cancels on the symmetric lattice.
  const Real s = f.density_scale();
  f.rest_denominator = s * s / f.mass * gradient_sq;
  return f;
}

}  // namespace sim
