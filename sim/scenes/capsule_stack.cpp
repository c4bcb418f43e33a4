// capsule_stack: Small Steps §6.5, Figure 9 — a heavy box resting on a stack of capsules laid crosswise,
// layer on layer (a crib), on the ground. With 1 substep × 100 iterations the stack sinks into itself and
// collapses; with 100 substeps × 1 iteration it stands, with contacts found once per frame in both.
#include <cmath>

#include "core/real_decimal.h"
#include "scenes/body_scene.h"

namespace sim {
inline namespace SIM_PRECISION {

namespace {

constexpr double kPi = 3.14159265358979323846;

struct CapsuleStack {
  int layers = 10;
  int per_layer = 2;        // capsules side by side in a layer
  Real radius = 0.1;        // [m]
  Real length = 1.2;        // end to end [m]
  Real mass = 1.0;          // of a capsule [kg]
  Real mass_ratio = 100.0;  // the box's mass over a capsule's
  Real box_height = 0.5;    // [m]
  Real friction = 0.5;      // μ_s = μ_k of every surface and the ground [-]
  Real rolling = 1e-4;      // rolling resistance ρ_r of the capsules (constraints/body_contact.h) [m]
};

std::vector<ParamSpec> capsule_stack_params(const CapsuleStack& d) {
  return {
      {"layers", ParamType::Int, double(d.layers), 1, 100, "",
       "layers of capsules, each across the one below"},
      {"per_layer", ParamType::Int, double(d.per_layer), 2, 10, "", "capsules side by side in a layer"},
      {"capsule_radius", ParamType::Real, decimal_of(d.radius), 0.01, 1.0, "m", "radius of every capsule"},
      {"capsule_length", ParamType::Real, decimal_of(d.length), 0.1, 10.0, "m",
       "end-to-end length of every capsule (lengthened when the capsules of a layer would not fit across "
       "it)"},
      {"capsule_mass", ParamType::Real, decimal_of(d.mass), 1e-3, 1e4, "kg", "mass of every capsule"},
      {"mass_ratio", ParamType::Real, decimal_of(d.mass_ratio), 1e-3, 1e6, "",
       "mass of the box on top over the mass of a capsule"},
      {"box_height", ParamType::Real, decimal_of(d.box_height), 0.01, 10.0, "m",
       "height of the box on top (it covers the stack's footprint)"},
      {"friction", ParamType::Real, decimal_of(d.friction), 0.0, 2.0, "",
       "Coulomb coefficient of every surface", false},
      {"rolling_resistance", ParamType::Real, decimal_of(d.rolling), 0.0, 0.1, "m",
       "arm of the torque that resists the capsules' rolling, at most this times the normal force (0: they "
       "roll freely and the crib, a mechanism, rolls under any tilt)",
       false},
      {"gravity", ParamType::Real, 9.81, 0.0, 1000.0, "m/s^2", "magnitude of gravity (downward)", false},
  };
}

Built build_capsule_stack(const ParamSet& p) {
  CapsuleStack c;
  c.layers = p.get_int("layers");
  c.per_layer = p.get_int("per_layer");
  c.radius = Real(p.get("capsule_radius"));
  c.length = Real(p.get("capsule_length"));
  c.mass = Real(p.get("capsule_mass"));
  c.mass_ratio = Real(p.get("mass_ratio"));
  c.box_height = Real(p.get("box_height"));
  c.friction = Real(p.get("friction"));
  c.rolling = Real(p.get("rolling_resistance"));
  ModelBuilder b;
  // a layer's capsules a quarter radius apart at least, the outer ones a diameter in from the ends of those
  // they cross
  const Real needed = Real(c.per_layer - 1) * 2.25 * c.radius + 4.0 * c.radius;
  if (c.length < needed) {
    b.add_note("capsule_length " + std::to_string(c.length) + " m cannot cross " +
               std::to_string(c.per_layer) + " capsules of radius " + std::to_string(c.radius) +
               " m: using " + std::to_string(needed) + " m");
    c.length = needed;
  }
  SurfaceMaterial material = set_up_body_scene(b, p, c.length + 2.0 * c.radius * Real(c.layers), c.friction);
  material.rolling = c.rolling;
  // Each layer's capsules lie side by side across the layer below, the outer ones a diameter in from the
  // ends of those they rest on; even layers along x, odd along z.
  const Real half = 0.5 * c.length, reach = half - 2.0 * c.radius;
  const Vec3 size{c.radius, half - c.radius, 0.0};
  for (int layer = 0; layer < c.layers; ++layer) {
    const bool along_x = layer % 2 == 0;
    const Quat q =
        along_x ? quat_axis_angle({0.0, 0.0, 1.0}, 0.5 * kPi) : quat_axis_angle({1.0, 0.0, 0.0}, 0.5 * kPi);
    const Real y = c.radius * Real(2 * layer + 1);
    for (int k = 0; k < c.per_layer; ++k) {
      const Real across = -reach + 2.0 * reach * Real(k) / Real(c.per_layer - 1);
      const Vec3 x = along_x ? Vec3{0.0, y, across} : Vec3{across, y, 0.0};
      b.set_body_material(b.add_body(BodyShape::Capsule, size, c.mass, x, q), material);
    }
  }
  const Vec3 box_half{half, 0.5 * c.box_height, half};
  const int box = b.add_body(BodyShape::Box, box_half, c.mass_ratio * c.mass,
                             {0.0, 2.0 * c.radius * Real(c.layers) + box_half.y, 0.0});
  b.set_body_material(box, material);
  const Real height = 2.0 * c.radius * Real(c.layers) + c.box_height;  // the stack's [m]
  b.track_body(box, "box", 0.1 * height);  // a tenth of the height down: the stack came down
  b.set_energy_length(height);
  return b.finalize();
}

}  // namespace

SceneDef make_capsule_stack_scene() {
  SceneDef def;
  def.name = "capsule_stack";
  def.description = "A heavy box on a crib of capsules (Small Steps 6.5, Figure 9)";
  def.params = capsule_stack_params(CapsuleStack{});
  // Figure 9's standing stack: 100 substeps × 1 iteration. Under an adaptive rule N stays at 50 or more: a
  // fixed 50 stands 60 s and 25 collapses, and no residual sees a crib about to roll (its overlaps stay at
  // 0.3 % of their bound until it goes), so the residual rule, left free, let N fall and the stack came down
  // at 60 s (experiment adaptive_rules, 2-core EPYC).
  def.settings = {{"substeps", 100}, {"min_substeps", 50}};
  def.build = build_capsule_stack;
  def.holds = {{"tracked_body_drop_m", 1e-3, "the box drops at most 1 mm: the stack stands (Figure 9)"}};
  return def;
}

}  // namespace SIM_PRECISION
}  // namespace sim
