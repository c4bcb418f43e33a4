// hanging_cloth: a W×H particle grid released horizontally with two corners of one edge pinned, so it
// falls and swings (Small Steps §6.2, Figures 5-6; k = 10⁷ N/m there). Stretch (grid edges), shear
// (diagonals) and bending (edges skipping one particle) are distance constraints of stiffness k [N/m],
// compliance α = 1/k.
#include <algorithm>

#include "constraints/xpbd.h"
#include "scenes/scene.h"

namespace sim {

SceneDef make_hanging_cloth_scene() {
  SceneDef def;
  def.name = "hanging_cloth";
  def.description = "Cloth grid pinned at two corners, released flat to swing (Small Steps 6.2)";
  def.params = {
      {"width", ParamType::Int, 32, 2, 2048, "", "particles along x (W)"},
      {"height", ParamType::Int, 32, 2, 2048, "", "particles along z (H)"},
      {"size", ParamType::Real, 1.0, 0.01, 100.0, "m", "edge length of the square cloth"},
      {"areal_density", ParamType::Real, 0.2, 1e-4, 100.0, "kg/m^2", "mass per area"},
      {"stretch_stiffness", ParamType::Real, 1e7, 1e-3, 1e12, "N/m", "grid edges", false},
      {"shear_stiffness", ParamType::Real, 1e7, 0.0, 1e12, "N/m", "diagonals; 0 leaves them out"},
      {"bend_stiffness", ParamType::Real, 10.0, 0.0, 1e12, "N/m",
       "edges skipping one particle; 0 leaves them out"},
      {"drop_height", ParamType::Real, 1.5, 0.0, 100.0, "m", "height of the cloth above the ground"},
      {"gravity", ParamType::Real, 9.81, 0.0, 1000.0, "m/s^2", "magnitude of gravity (downward)", false},
      {"ground", ParamType::Bool, 1, 0, 1, "", "collide with the ground plane y = 0", false},
      {"friction", ParamType::Real, 0.5, 0.0, 10.0, "", "ground friction coefficient μ (static and dynamic)",
       false},
  };
  def.build = [](const ParamSet& p) {
    const int W = p.get_int("width"), H = p.get_int("height");
    const Real size = Real(p.get("size"));
    const Real y0 = Real(p.get("drop_height"));
    const Real spacing = size / Real(std::max(W, H) - 1);                                 // [m]
    const Real particle_mass = Real(p.get("areal_density")) * size * size / Real(W * H);  // [kg]

    ModelBuilder b;
    b.set_gravity({0.0, -Real(p.get("gravity")), 0.0});
    GroundPlane ground;
    ground.enabled = p.get_bool("ground");
    ground.material.mu_static = ground.material.mu_dynamic = Real(p.get("friction"));
    b.set_ground(ground);
    const Real span = 10.0 * size + y0 + 10.0;
    b.set_bounds({{-span, -span, -span}, {span, span, span}});

    auto id = [W](int i, int j) { return j * W + i; };
    for (int j = 0; j < H; ++j)
      for (int i = 0; i < W; ++i) {
        const bool pinned = j == 0 && (i == 0 || i == W - 1);
        b.add_particle({Real(i) * spacing - 0.5 * size, y0, Real(j) * spacing}, pinned ? 0.0 : particle_mass,
                       0.4 * spacing);
      }
    const Real stretch = compliance_from_stiffness(p.get("stretch_stiffness"));
    const double k_shear = p.get("shear_stiffness"), k_bend = p.get("bend_stiffness");
    const Real shear = k_shear > 0.0 ? compliance_from_stiffness(k_shear) : 0.0;
    const Real bend = k_bend > 0.0 ? compliance_from_stiffness(k_bend) : 0.0;
    for (int j = 0; j < H; ++j)
      for (int i = 0; i < W; ++i) {
        if (i + 1 < W) b.add_distance(id(i, j), id(i + 1, j), stretch);
        if (j + 1 < H) b.add_distance(id(i, j), id(i, j + 1), stretch);
        if (k_shear > 0.0 && i + 1 < W && j + 1 < H) {
          b.add_distance(id(i, j), id(i + 1, j + 1), shear);
          b.add_distance(id(i + 1, j), id(i, j + 1), shear);
        }
        if (k_bend > 0.0 && i + 2 < W) b.add_distance(id(i, j), id(i + 2, j), bend);
        if (k_bend > 0.0 && j + 2 < H) b.add_distance(id(i, j), id(i, j + 2), bend);
        if (i + 1 < W && j + 1 < H) {
          b.add_triangle(id(i, j), id(i, j + 1), id(i + 1, j));
          b.add_triangle(id(i + 1, j), id(i, j + 1), id(i + 1, j + 1));
        }
      }
    b.add_probe("corner_stretch", 0);  // first stretch edge at the pinned corner (0,0)-(1,0)
    return b.finalize();
  };
  return def;
}

}  // namespace sim
