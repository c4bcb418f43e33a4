// heavy_stack: Giles & Andrews 2024 §4.1.3 (Figure 1 left, Figure 4) — a frictionless tower of spheres and
// thin plates, every body 1 kg, under a box 10,000 times as heavy (the taller version: 20,000). Each level is
// four spheres at the corners of a square with a plate on them; the lowest spheres stand on the ground.
// The paper: only its direct solver with adaptive substeps keeps the tower standing for 10 s.
#include "core/real_decimal.h"
#include "scenes/body_scene.h"

namespace sim {
inline namespace SIM_PRECISION {

namespace {

struct HeavyStack {
  int levels = 4;               // spheres-and-plate levels under the box
  Real radius = 0.1;            // of every sphere [m]
  Real plate_half = 0.35;       // half the side of a (square) plate [m]
  Real plate_thickness = 0.04;  // [m]
  Real mass = 1.0;              // of every sphere and plate [kg]
  Real mass_ratio = 1e4;        // the box's mass over a sphere's
  Real box_half = 0.3;          // half the box's side [m]
  Real friction = 0.0;          // μ of every surface (the paper: none) [-]
};

std::vector<ParamSpec> heavy_stack_params(const HeavyStack& d) {
  return {
      {"levels", ParamType::Int, double(d.levels), 1, 50, "",
       "levels of four spheres and a plate under the box"},
      {"sphere_radius", ParamType::Real, decimal_of(d.radius), 0.01, 1.0, "m", "radius of every sphere"},
      {"plate_size", ParamType::Real, decimal_of(2 * d.plate_half), 0.05, 10.0, "m",
       "side of every square plate (at least two sphere diameters)"},
      {"plate_thickness", ParamType::Real, decimal_of(d.plate_thickness), 0.005, 1.0, "m", "thickness of every plate"},
      {"body_mass", ParamType::Real, decimal_of(d.mass), 1e-3, 1e4, "kg", "mass of every sphere and plate"},
      {"mass_ratio", ParamType::Real, decimal_of(d.mass_ratio), 1e-3, 1e6, "",
       "mass of the box on top over a sphere's (the paper: 10,000; its taller version 20,000)"},
      {"box_size", ParamType::Real, decimal_of(2 * d.box_half), 0.02, 10.0, "m", "side of the cubic box on top"},
      {"friction", ParamType::Real, decimal_of(d.friction), 0.0, 2.0, "",
       "Coulomb coefficient of every surface (the paper: 0)", false},
      {"gravity", ParamType::Real, 9.81, 0.0, 1000.0, "m/s^2", "magnitude of gravity (downward)", false},
  };
}

Built build_heavy_stack(const ParamSet& p) {
  HeavyStack s;
  s.levels = p.get_int("levels");
  s.radius = Real(p.get("sphere_radius"));
  s.plate_half = 0.5 * Real(p.get("plate_size"));
  s.plate_thickness = Real(p.get("plate_thickness"));
  s.mass = Real(p.get("body_mass"));
  s.mass_ratio = Real(p.get("mass_ratio"));
  s.box_half = 0.5 * Real(p.get("box_size"));
  s.friction = Real(p.get("friction"));
  ModelBuilder b;
  if (s.plate_half < 2.0 * s.radius) {
    b.add_note("plate_size " + std::to_string(2.0 * s.plate_half) +
               " m is under two sphere diameters: using " + std::to_string(4.0 * s.radius) +
               " m, so that four spheres fit under a plate");
    s.plate_half = 2.0 * s.radius;
  }
  const Real height = Real(s.levels) * (2.0 * s.radius + s.plate_thickness) + 2.0 * s.box_half;
  const SurfaceMaterial material = set_up_body_scene(b, p, height + s.plate_half, s.friction);
  const Real corner = s.plate_half - s.radius;  // the spheres' centres, in from the plate's edges
  Real y = 0.0;                                 // the top of what was built so far [m]
  for (int level = 0; level < s.levels; ++level) {
    for (const Real sx : {-corner, corner})
      for (const Real sz : {-corner, corner})
        b.set_body_material(
            b.add_body(BodyShape::Sphere, {s.radius, 0.0, 0.0}, s.mass, {sx, y + s.radius, sz}), material);
    y += 2.0 * s.radius;
    b.set_body_material(b.add_body(BodyShape::Box, {s.plate_half, 0.5 * s.plate_thickness, s.plate_half},
                                   s.mass, {0.0, y + 0.5 * s.plate_thickness, 0.0}),
                        material);
    y += s.plate_thickness;
  }
  const int box = b.add_body(BodyShape::Box, {s.box_half, s.box_half, s.box_half}, s.mass_ratio * s.mass,
                             {0.0, y + s.box_half, 0.0});
  b.set_body_material(box, material);
  b.track_body(box, "box", 0.1 * height);  // a tenth of the height down: the stack came down
  b.set_energy_length(height);              // the stack's height
  return b.finalize();
}

}  // namespace

SceneDef make_heavy_stack_scene() {
  SceneDef def;
  def.name = "heavy_stack";
  def.description =
      "A 10,000:1 box on a frictionless tower of spheres and plates (Giles & Andrews 2024, 4.1.3)";
  def.params = heavy_stack_params(HeavyStack{});
  // The paper's result by default (§4.1.3, Figure 4): the direct solver under Algorithm 1 at α = 0.1
  def.settings = {{"substeps", 100}, {"rigid_solver", "direct"}, {"adaptive", "substeps"}, {"adaptive_alpha", 0.1}};
  def.build = build_heavy_stack;
  def.holds = {{"tracked_body_drop_m", 1e-3, "the box drops at most 1 mm: the tower stands (Figure 4)"}};
  return def;
}

}  // namespace SIM_PRECISION
}  // namespace sim
