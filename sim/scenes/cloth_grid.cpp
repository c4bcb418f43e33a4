#include "scenes/cloth_grid.h"

#include "constraints/xpbd.h"

namespace sim {
inline namespace SIM_PRECISION {

ClothGrid add_cloth_grid(ModelBuilder& b, const ClothGridSpec& spec) {
  const int W = spec.nx, H = spec.nz;
  const Real h = spec.spacing;
  const Real particle_mass = spec.material.areal_density * Real(W - 1) * Real(H - 1) * h * h / Real(W * H);  // [kg]
  ClothGrid grid{b.particle_count(), W};
  for (int j = 0; j < H; ++j)
    for (int i = 0; i < W; ++i)
      b.add_particle(spec.origin + Vec3{Real(i) * h, 0.0, Real(j) * h}, particle_mass, spec.radius);

  const ClothMaterial& m = spec.material;
  const Real stretch = compliance_from_stiffness(m.stretch_stiffness);
  const Real shear = m.shear_stiffness > 0.0 ? compliance_from_stiffness(m.shear_stiffness) : 0.0;
  const Real bend = m.bend_stiffness > 0.0 ? compliance_from_stiffness(m.bend_stiffness) : 0.0;
  auto edge = [&](int a, int c, Real alpha, DistanceKind kind) { b.add_distance(a, c, alpha, 0.0, -1.0, kind); };
  auto id = [&grid](int i, int j) { return grid.index(i, j); };
  for (int j = 0; j < H; ++j)
    for (int i = 0; i < W; ++i) {
      if (i + 1 < W) edge(id(i, j), id(i + 1, j), stretch, DistanceKind::Stretch);
      if (j + 1 < H) edge(id(i, j), id(i, j + 1), stretch, DistanceKind::Stretch);
      if (m.shear_stiffness > 0.0 && i + 1 < W && j + 1 < H) {
        edge(id(i, j), id(i + 1, j + 1), shear, DistanceKind::Shear);
        edge(id(i + 1, j), id(i, j + 1), shear, DistanceKind::Shear);
      }
      if (m.bend_stiffness > 0.0 && i + 2 < W) edge(id(i, j), id(i + 2, j), bend, DistanceKind::Bend);
      if (m.bend_stiffness > 0.0 && j + 2 < H) edge(id(i, j), id(i, j + 2), bend, DistanceKind::Bend);
      if (i + 1 < W && j + 1 < H) {
        b.add_triangle(id(i, j), id(i, j + 1), id(i + 1, j));
        b.add_triangle(id(i + 1, j), id(i, j + 1), id(i + 1, j + 1));
      }
    }
  return grid;
}

std::vector<ParamSpec> cloth_material_params() {
  return {
      {"areal_density", ParamType::Real, 0.2, 1e-4, 100.0, "kg/m^2", "mass per area"},
      {"stretch_stiffness", ParamType::Real, 1e7, 1e-3, 1e12, "N/m", "grid edges", false},
      {"shear_stiffness", ParamType::Real, 1e7, 0.0, 1e12, "N/m", "diagonals; 0 leaves them out"},
      {"bend_stiffness", ParamType::Real, 10.0, 0.0, 1e12, "N/m",
       "edges skipping one particle; 0 leaves them out"},
      {"sweep_tiles", ParamType::Bool, 0, 0, 1, "",
       "Gauss-Seidel in tiles of rows on a cloth of 32 stripes or more (model/tiling.h): each colour split by "
       "tile, a phase's tiles swept together, a CUDA block a tile; twice the colours, which made the CPU (a "
       "colour at a time, the same bits) 1.1-1.2 times slower at 387 x 387",
       false},
  };
}

void set_cloth_sweep(ModelBuilder& b, const ParamSet& p) { b.set_sweep_tiles(p.get_bool("sweep_tiles")); }

ClothMaterial cloth_material(const ParamSet& p) {
  return {Real(p.get("areal_density")), Real(p.get("stretch_stiffness")), Real(p.get("shear_stiffness")),
          Real(p.get("bend_stiffness"))};
}

}  // namespace SIM_PRECISION
}  // namespace sim
