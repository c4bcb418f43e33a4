// hanging_cloth: a W×H particle grid released horizontally with two corners of one edge pinned, so it
// falls and swings (Small Steps §6.2, Figures 5-6; k = 10⁷ N/m there). Stretch (grid edges), shear
// (diagonals) and bending (edges skipping one particle) are distance constraints of stiffness k [N/m],
// compliance α = 1/k.
#include <algorithm>

#include "scenes/cloth_grid.h"
#include "scenes/scene.h"
#include "scenes/swing_reach.h"

namespace sim {
inline namespace SIM_PRECISION {

SceneDef make_hanging_cloth_scene() {
  SceneDef def;
  def.name = "hanging_cloth";
  def.description = "Cloth grid pinned at two corners, released flat to swing (Small Steps 6.2)";
  def.params = {
      {"width", ParamType::Int, 32, 2, 2048, "", "particles along x (W)"},
      {"height", ParamType::Int, 32, 2, 2048, "", "particles along z (H)"},
      {"size", ParamType::Real, 1.0, 0.01, 100.0, "m", "edge length of the longer side"},
  };
  for (ParamSpec& spec : cloth_material_params()) def.params.push_back(spec);
  def.params.insert(def.params.end(), {
      {"drop_height", ParamType::Real, 1.5, 0.0, 100.0, "m", "height of the cloth above the ground"},
      {"gravity", ParamType::Real, 9.81, 0.0, 1000.0, "m/s^2", "magnitude of gravity (downward)", false},
      {"ground", ParamType::Bool, 1, 0, 1, "", "collide with the ground plane y = 0", false},
      {"friction", ParamType::Real, 0.5, 0.0, 10.0, "", "ground friction coefficient μ (static and dynamic)",
       false},
  });
  def.build = [](const ParamSet& p) {
    const int W = p.get_int("width"), H = p.get_int("height");
    const Real size = Real(p.get("size"));
    const Real y0 = Real(p.get("drop_height"));

    ModelBuilder b;
    b.set_gravity({0.0, -Real(p.get("gravity")), 0.0});
    GroundPlane ground;
    ground.enabled = p.get_bool("ground");
    ground.material.mu_static = ground.material.mu_dynamic = Real(p.get("friction"));
    b.set_ground(ground);
    const Real span = 10.0 * size + y0 + 10.0;
    b.set_bounds({{-span, -span, -span}, {span, span, span}});

    ClothGridSpec spec;
    spec.nx = W;
    spec.nz = H;
    spec.spacing = size / Real(std::max(W, H) - 1);
    spec.origin = {-0.5 * size, y0, 0.0};
    spec.radius = 0.4 * spec.spacing;
    spec.material = cloth_material(p);
    set_cloth_sweep(b, p);
    const ClothGrid cloth = add_cloth_grid(b, spec);
    b.pin(cloth.index(0, 0));
    b.pin(cloth.index(W - 1, 0));
    // released flat, it swings about the pinned edge (x) through the vertical, and on past it
    const Aabb swing = swing_reach({0.0, y0, 0.0}, spec.spacing * Real(H - 1), 0.5 * M_PI, {0.0, 0.0, 1.0});
    b.set_motion({{-0.5 * size, swing.lo.y, swing.lo.z}, {0.5 * size, swing.hi.y, swing.hi.z}});
    b.add_probe("corner_stretch", 0);  // first stretch edge at the pinned corner (0,0)-(1,0)
    b.set_energy_length(size);  // released flat, the cloth swings down by its size
    return b.finalize();
  };
  return def;
}

}  // namespace SIM_PRECISION
}  // namespace sim
