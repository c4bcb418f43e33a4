#include "scenes/fluid_lattice.h"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

namespace sim {
inline namespace SIM_PRECISION {

namespace {
// Calls f(r) for every offset r ≠ 0 of the cubic lattice of spacing d within the kernel's cube of reach h.
template <class F>
void for_each_lattice_offset(Real kernel_radius, Real spacing, F&& f) {
  const int reach = int(std::ceil(kernel_radius / spacing));
  for (int i = -reach; i <= reach; ++i)
    for (int j = -reach; j <= reach; ++j)
      for (int k = -reach; k <= reach; ++k)
        if (i || j || k) f(spacing * Vec3{Real(i), Real(j), Real(k)});
}
}  // namespace

Real lattice_pass_eigenvalue(Real kernel_radius, Real spacing) {
  const SphKernels kernels(kernel_radius);
  std::vector<std::pair<Vec3, Vec3>> neighbours;  // r and g(r)
  double diagonal = 0.0;
  for_each_lattice_offset(kernel_radius, spacing, [&](Vec3 r) {
    const Real r2 = length_squared(r);
    if (r2 >= kernels.h2) return;
    const Vec3 g = kernels.spiky_gradient(r, r2);
    neighbours.push_back({r, g});
    diagonal += double(length_squared(g));
  });
  constexpr int kWaves = 17;  // per axis over [0, π/d]: μ_max to 1 % at h = 2d
  const double step = 3.14159265358979323846 / spacing / (kWaves - 1);
  double largest = 0.0;
  for (int a = 0; a < kWaves; ++a)
    for (int b = 0; b < kWaves; ++b)
      for (int c = 0; c < kWaves; ++c) {
        double sx = 0.0, sy = 0.0, sz = 0.0;
        for (const auto& [r, g] : neighbours) {
          const double phase = step * (a * double(r.x) + b * double(r.y) + c * double(r.z));
          const double sine = std::sin(phase);
          sx += double(g.x) * sine;
          sy += double(g.y) * sine;
          sz += double(g.z) * sine;
        }
        largest = std::max(largest, (sx * sx + sy * sy + sz * sz) / diagonal);
      }
  return Real(largest);
}

FluidMaterial rest_lattice_material(FluidMaterial f, Real spacing) {
  // The sums over the neighbours of a lattice particle, with unit inverse masses: m then scales them.
  const SphKernels kernels(f.kernel_radius);
  DensitySums sums;
  for_each_lattice_offset(f.kernel_radius, spacing, [&](Vec3 r) { sums.add(kernels, r, 1.0); });
  f.mass = f.rest_density / (sums.kernel_sum + kernels.poly6(0.0));
  // D₀ = Σ_k w_k |∇_k C|² with w = 1/m: the own gradient cancels on the symmetric lattice.
  const Real s = f.density_scale();
  f.rest_denominator = s * s / f.mass * sums.neighbour_sq;
  f.pass_eigenvalue = lattice_pass_eigenvalue(f.kernel_radius, Real(0.95) * spacing);
  return f;
}

}  // namespace SIM_PRECISION
}  // namespace sim
