// fluid_column: a dam break (Small Steps §6.4, Figure 2): a column of water (ρ₀ = 1000 kg/m³) in one corner
// of an open box collapses under gravity. Position Based Fluids (families/fluid/fluid_family.h) on a cubic lattice
// of spacing d, particle radius d/2, kernel radius h = ratio · d; the mass calibrated so the lattice's
// interior sits at ρ₀ (scenes/fluid_lattice.h). The paper's scene has 936k particles: the CUDA default
// spacing gives about that (78 × 156 × 78); the CPU default (12 × 24 × 12 = 3,456) stays interactive on two
// cores. The CFL limit keeps a particle within 0.3 of its radius per substep (§6.4). A ball or box may be
// dropped into it (drop=ball|box): lighter than ρ₀ it floats, heavier it sinks, pushed only by the particles'
// contacts.
#include <algorithm>
#include <cmath>
#include <string>

#include "scenes/body_scene.h"
#include "scenes/fluid_lattice.h"
#include "scenes/scene.h"

namespace sim {
inline namespace SIM_PRECISION {

// When the fluid's neighbours are searched again: every substep, or as Verlet lists.
enum class NeighbourRebuild { Substep, Verlet };

SceneDef make_fluid_column_scene() {
  SceneDef def;
  def.name = "fluid_column";
  def.description = "Dam break: a water column collapsing in a box, position-based fluids (Small Steps 6.4)";
  ParamSpec spacing{"spacing", ParamType::Real, 0.05, 0.002, 1.0, "m",
                    "particle spacing d of the initial lattice (radius d/2); the particle count follows"};
  spacing.cuda_default = 0.0077;  // 78 × 156 × 78 = 949k particles, the paper's 936k scale
  ParamSpec walk = choice_param("neighbour_walk", NeighbourWalk::List,
                                 "neighbours from lists built with the grid, or walked in the 27 cells in every "
                                 "pass (the default on CUDA)",
                                 false, {{"list", NeighbourWalk::List}, {"cells", NeighbourWalk::Cells}});
  // The walk on CUDA: on an H100 (2026-11-25) a 10 x 1 frame took 6.4 ms with it against 15.2 with lists at
  // 101k particles, 75 against 132 ms at 949k; lists won only at one substep (2.7 against 4.3 ms).
  walk.cuda_default = int(NeighbourWalk::Cells);
  def.params = {
      {"column_width", ParamType::Real, 0.6, 0.01, 20.0, "m", "column extent along x"},
      {"column_height", ParamType::Real, 1.2, 0.01, 20.0, "m", "column height"},
      {"column_depth", ParamType::Real, 0.6, 0.01, 20.0, "m", "column extent along z"},
      spacing,
      {"container_width", ParamType::Real, 1.8, 0.01, 50.0, "m",
       "box extent along x (the column stands at its x = 0 end)"},
      {"container_depth", ParamType::Real, 0.6, 0.01, 50.0, "m", "box extent along z"},
      {"kernel_ratio", ParamType::Real, 2.0, 1.2, 2.5, "", "kernel radius h over spacing d"},
      {"rest_density", ParamType::Real, 1000.0, 1.0, 1e5, "kg/m^3", "rest density ρ₀"},
      {"relaxation", ParamType::Real, 0.01, 0.0, 10.0, "",
       "PBF's ε, in units of an interior particle's denominator at rest", false},
      {"scorr_k", ParamType::Real, 0.1, 0.0, 1.0, "",
       "artificial pressure k (PBF Eq. 13), in units of the multiplier of a unit density error; 0: none (a "
       "15-layer column then never settled)",
       false},
      {"scorr_n", ParamType::Int, 8, 1, 16, "",
       "artificial pressure exponent n (PBF: 4, which pushed the free surface off, +15% energy; 8 acts only "
       "on pairs closer than the lattice)",
       false},
      {"scorr_dq", ParamType::Real, 0.2, 0.05, 0.9, "", "artificial pressure |Δq| over h", false},
      {"unilateral", ParamType::Bool, 1, 0, 1, "",
       "resist compression only; false: the bilateral C = 0, which pulls the thinned surface together",
       false},
      {"viscosity", ParamType::Real, 0.6, 0.0, 60.0, "1/s",
       "XSPH viscosity as a rate: c = rate x substep (PBF Eq. 17; its c = 0.01 at 60 Hz is 0.6/s); 0: none",
       false},
      {"vorticity", ParamType::Real, 0.0, 0.0, 100.0, "m/s", "vorticity confinement ε (PBF Eq. 16); 0: none",
       false},
      {"bulk_modulus", ParamType::Real, 1e-9 * FluidMaterial{}.bulk_modulus, 0.0, 1000.0, "GPa",
       "bulk modulus K: each particle's compliance 1/(K V) (Small Steps Eq. 5), which holds back the "
       "correction of a substep shorter than sound takes to cross a particle (water: 2.2 GPa); 0: "
       "incompressible (PBF)",
       false},
      {"cfl", ParamType::Real, 0.3, 0.0, 10.0, "",
       "largest displacement per substep over the particle radius (Small Steps 6.4); 0: no limit", false},
      walk,
      choice_param("neighbour_rebuild", NeighbourRebuild::Substep,
                   "sort and search every substep, or only once a particle has moved half the margin since the "
                   "last build (Verlet lists)",
                   false, {{"substep", NeighbourRebuild::Substep}, {"verlet", NeighbourRebuild::Verlet}}),
      {"search_margin", ParamType::Real, 0.0, 0.0, 0.5, "", "search radius beyond h, over h", false},
      {"wall_friction", ParamType::Real, 0.0, 0.0, 2.0, "", "friction μ of the floor and walls", false},
      {"gravity", ParamType::Real, 9.81, 0.0, 1000.0, "m/s^2", "magnitude of gravity (downward)", false},
      {"grab_radius", ParamType::Real, 0.1, 0.0, 10.0, "m",
       "the mouse holds the particles within this distance of the grabbed one, to stir the fluid; 0: one",
       false},
  };
  for (ParamSpec& spec : dropped_body_params({0.3, 500.0, {1.2, 0.8, 0.3}})) def.params.push_back(spec);
  def.build = [](const ParamSet& p) {
    const Real d = Real(p.get("spacing"));
    const Real width = Real(p.get("container_width")), depth = Real(p.get("container_depth"));
    // Particles per axis; the column never pokes through the walls.
    const auto layers = [&](Real extent, Real room) {
      return std::max(1, int(std::floor(std::min(extent, room) / d + 1e-9)));
    };
    if (width < d || depth < d)
      throw ParamError("fluid_column: the container (" + std::to_string(width) + " x " +
                       std::to_string(depth) + " m) is narrower than one particle (spacing " +
                       std::to_string(d) + " m)");
    const int nx = layers(Real(p.get("column_width")), width);
    const int ny = layers(Real(p.get("column_height")), 1e9);
    const int nz = layers(Real(p.get("column_depth")), depth);
    const long long count = (long long)nx * ny * nz;
    if (count > 20000000)
      throw ParamError("fluid_column: " + std::to_string(count) +
                       " particles (more than 20,000,000); give a larger spacing or a smaller column");

    FluidBlock fluid;
    fluid.material.rest_density = Real(p.get("rest_density"));
    fluid.material.kernel_radius = Real(p.get("kernel_ratio")) * d;
    fluid.material.relaxation = Real(p.get("relaxation"));
    fluid.material.scorr_k = Real(p.get("scorr_k"));
    fluid.material.scorr_n = p.get_int("scorr_n");
    fluid.material.scorr_dq = Real(p.get("scorr_dq"));
    fluid.material.unilateral = p.get_bool("unilateral");
    fluid.material.xsph_rate = Real(p.get("viscosity"));
    fluid.material.vorticity = Real(p.get("vorticity"));
    fluid.material.cfl = Real(p.get("cfl"));
    fluid.material.bulk_modulus = Real(1e9 * p.get("bulk_modulus"));  // [Pa]
    fluid.material = rest_lattice_material(fluid.material, d);
    fluid.walk = p.get_choice<NeighbourWalk>("neighbour_walk");
    fluid.rebuild_per_substep = p.get_choice<NeighbourRebuild>("neighbour_rebuild") == NeighbourRebuild::Substep;
    fluid.margin = Real(p.get("search_margin")) * fluid.material.kernel_radius;
    fluid.first = 0;
    fluid.count = int(count);
    // The neighbour grid covers the box up to twice the column's height; a splash above it only crowds
    // the top cells.
    fluid.domain = {{0.0, 0.0, 0.0}, {width, 2 * Real(ny) * d, depth}};

    ModelBuilder b;
    b.set_gravity({0.0, -Real(p.get("gravity")), 0.0});
    const Real span = 10.0 * (width + depth + Real(ny) * d) + 10.0;
    // Every particle is tested against the floor and walls in every iteration (a few dot products): the
    // margin spans the scene, so no push of the pressure, which the once-per-frame prediction cannot see,
    // carries a particle through a wall undetected.
    GroundPlane ground;
    ground.enabled = true;
    ground.margin = span;
    ground.material.mu_static = ground.material.mu_dynamic = Real(p.get("wall_friction"));
    b.set_ground(ground);
    b.set_container({true, 0.0, width, 0.0, depth, 1.25 * Real(ny) * d});
    b.set_bounds({{-span, -1.0, -span}, {span, span, span}});
    const Real r = 0.5 * d;
    for (int j = 0; j < ny; ++j)
      for (int k = 0; k < nz; ++k)
        for (int i = 0; i < nx; ++i)
          b.add_particle({r + d * Real(i), r + d * Real(j), r + d * Real(k)}, fluid.material.mass, r);
    b.set_fluid(fluid);
    b.set_grab_radius(Real(p.get("grab_radius")));
    const Real mu = Real(p.get("wall_friction"));
    add_dropped_body(b, p, {mu, mu, 0.0});
    b.set_energy_length(Real(p.get("column_height")));  // the column's height
    return b.finalize();
  };
  return def;
}

}  // namespace SIM_PRECISION
}  // namespace sim
