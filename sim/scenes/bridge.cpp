// bridge: Giles & Andrews 2024 §4.1.2 (Figure 1 middle, Figure 2 lower row) — thin planks joined edge to
// edge by pairs of ball joints, the end planks joined to the world, crossed by a ball 1000 times as heavy as
// a plank rolling over them with Coulomb friction 0.8. The paper: with one substep the bridge jitters apart
// and cannot carry the ball.
#include <algorithm>
#include <cmath>

#include "core/real_decimal.h"
#include "scenes/body_scene.h"

namespace sim {
inline namespace SIM_PRECISION {

namespace {

struct Bridge {
  int planks = 20;
  Real plank_length = 0.2;      // along the bridge [m]
  Real plank_width = 1.2;       // across it [m]
  Real plank_thickness = 0.05;  // [m]
  Real gap = 0.02;              // between neighbouring planks, where their joints are [m]
  Real plank_mass = 1.0;        // [kg]
  Real mass_ratio = 1000.0;     // the ball's mass over a plank's
  Real ball_radius = 0.4;       // [m]
  Real ball_speed = 4.0;        // rolling onto the bridge [m/s]
  Real friction = 0.8;          // μ_s = μ_k of the ball and the planks [-]
  Real height = 2.0;            // of the deck above the ground [m]
};

std::vector<ParamSpec> bridge_params(const Bridge& d) {
  return {
      {"planks", ParamType::Int, double(d.planks), 2, 200, "", "planks from one anchor to the other"},
      {"plank_length", ParamType::Real, decimal_of(d.plank_length), 0.02, 2.0, "m",
       "length of a plank along the bridge"},
      {"plank_width", ParamType::Real, decimal_of(d.plank_width), 0.1, 10.0, "m", "width of the bridge"},
      {"plank_thickness", ParamType::Real, decimal_of(d.plank_thickness), 0.005, 0.5, "m",
       "thickness of a plank"},
      {"plank_mass", ParamType::Real, decimal_of(d.plank_mass), 1e-3, 1e4, "kg", "mass of every plank"},
      {"mass_ratio", ParamType::Real, decimal_of(d.mass_ratio), 1e-3, 1e6, "",
       "mass of the ball over a plank's (1000)"},
      {"ball_radius", ParamType::Real, decimal_of(d.ball_radius), 0.02, 5.0, "m", "radius of the ball"},
      {"ball_speed", ParamType::Real, decimal_of(d.ball_speed), 0.0, 50.0, "m/s",
       "speed at which the ball rolls onto the bridge"},
      {"friction", ParamType::Real, decimal_of(d.friction), 0.0, 2.0, "",
       "Coulomb coefficient of the ball and the planks (0.8)", false},
      {"gravity", ParamType::Real, 9.81, 0.0, 1000.0, "m/s^2", "magnitude of gravity (downward)", false},
  };
}

Built build_bridge(const ParamSet& p) {
  Bridge d;
  d.planks = p.get_int("planks");
  d.plank_length = Real(p.get("plank_length"));
  d.plank_width = Real(p.get("plank_width"));
  d.plank_thickness = Real(p.get("plank_thickness"));
  d.plank_mass = Real(p.get("plank_mass"));
  d.mass_ratio = Real(p.get("mass_ratio"));
  d.ball_radius = Real(p.get("ball_radius"));
  d.ball_speed = Real(p.get("ball_speed"));
  d.friction = Real(p.get("friction"));
  ModelBuilder b;
  const Real pitch = d.plank_length + d.gap;  // plank centre to plank centre [m]
  const Real span = Real(d.planks) * pitch;
  const Real x0 = -0.5 * span;  // the left anchor [m]
  const SurfaceMaterial material = set_up_body_scene(b, p, span + d.height + d.ball_radius, d.friction);
  const Vec3 half{0.5 * d.plank_length, 0.5 * d.plank_thickness, 0.5 * d.plank_width};
  const Real z = 0.4 * d.plank_width;  // the two joints of an edge, either side of the middle
  int previous = kWorldEnd;
  for (int i = 0; i <= d.planks; ++i) {
    const Real edge = x0 + Real(i) * pitch;  // the joints between plank i − 1 and plank i
    const int plank =
        i < d.planks ? b.add_body(BodyShape::Box, half, d.plank_mass, {edge + 0.5 * pitch, d.height, 0.0})
                     : kWorldEnd;
    if (plank != kWorldEnd) b.set_body_material(plank, material);
    for (const Real side : {-z, z})
      b.add_joint(JointKind::Ball, previous, plank, {edge, d.height, side}, {0.0, 0.0, 1.0});
    previous = plank;
  }
  // The ball starts on the first planks, rolling towards the other end.
  const Vec3 centre{x0 + d.ball_radius, d.height + half.y + d.ball_radius, 0.0};
  const int ball =
      b.add_body(BodyShape::Sphere, {d.ball_radius, 0.0, 0.0}, d.mass_ratio * d.plank_mass, centre,
                 quat_identity(), {d.ball_speed, 0.0, 0.0}, {0.0, 0.0, -d.ball_speed / d.ball_radius});
  b.set_body_material(ball, material);
  b.track_body(ball, "ball");
  // Its path, for the camera: across the bridge, then off the far end in a parabola to the ground,
  // v·√(2 y/g) beyond it (the drop y of its centre to a radius above the ground).
  const Real g = std::max(Real(p.get("gravity")), Real(1e-3));
  const Real flight = d.ball_speed * std::sqrt(2.0 * std::max(centre.y - d.ball_radius, Real(0.0)) / g);
  b.set_motion({{x0 - d.ball_radius, 0.0, -half.z},
                {-x0 + flight + 2.0 * d.ball_radius, centre.y + d.ball_radius, half.z}});
  b.set_energy_length(d.height);  // the deck's height above the ground, where the ball ends
  return b.finalize();
}

}  // namespace

SceneDef make_bridge_scene() {
  SceneDef def;
  def.name = "bridge";
  def.description =
      "A 1000:1 ball rolling over a bridge of planks on ball joints (Giles & Andrews 2024, 4.1.2)";
  def.params = bridge_params(Bridge{});
  def.settings = {{"substeps", 100}};
  def.build = build_bridge;
  return def;
}

}  // namespace SIM_PRECISION
}  // namespace sim
