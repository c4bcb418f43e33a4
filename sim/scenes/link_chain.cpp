#include "scenes/link_chain.h"

#include <cmath>
#include <string>

#include "core/real_decimal.h"
#include "scenes/swing_reach.h"

namespace sim {
inline namespace SIM_PRECISION {

namespace {

constexpr double kPi = 3.14159265358979323846;

// A link's size along its body y axis, joint to joint: a box's half extents, a capsule's radius and cylinder
// half length (its caps reach the joints), a sphere's radius.
Vec3 link_size(const LinkChain& c) {
  const Real half = 0.5 * c.link_length;
  switch (c.shape) {
    case BodyShape::Box:
      return {c.link_radius, half, c.link_radius};
    case BodyShape::Capsule:
      return {c.link_radius, std::fmax(half - c.link_radius, 0.0), 0.0};
    case BodyShape::Sphere:
      return {half, 0.0, 0.0};
  }
  return {};
}

}  // namespace

int add_link_chain(ModelBuilder& b, const LinkChain& c) {
  const Quat q = quat_axis_angle({0.0, 0.0, 1.0}, c.angle);
  const Vec3 down = rotate(q, {0.0, -1.0, 0.0});
  const Vec3 axis{0.0, 0.0, 1.0};
  int above = kWorldEnd;
  int top_joint = -1;
  for (int i = 0; i < c.links; ++i) {
    const Vec3 joint = c.top + (c.link_length * Real(i)) * down;
    const int link = b.add_body(c.shape, link_size(c), c.link_mass, joint + (0.5 * c.link_length) * down, q);
    const int id = b.add_joint(c.joint, above, link, joint, axis, c.options);
    if (i == 0) top_joint = id;
    above = link;
  }
  const Vec3 end = c.top + (c.link_length * Real(c.links)) * down;
  const int weight = b.add_body(BodyShape::Box, {c.weight_half, c.weight_half, c.weight_half}, c.weight_mass,
                                end + c.weight_half * down, q);
  b.add_joint(c.joint, above, weight, end, axis, c.options);
  return top_joint;
}

static std::vector<ParamSpec> link_chain_params(const LinkChain& d) {
  return {
      {"links", ParamType::Int, double(d.links), 1, 500, "",
       "number of links between the world and the weight"},
      choice_param("link_shape", d.shape, "shape of each link", true,
                   {{"box", BodyShape::Box}, {"capsule", BodyShape::Capsule}, {"sphere", BodyShape::Sphere}}),
      {"link_length", ParamType::Real, decimal_of(d.link_length), 0.01, 10.0, "m", "joint-to-joint length of a link"},
      {"link_radius", ParamType::Real, decimal_of(d.link_radius), 0.001, 1.0, "m",
       "half width of a box link, radius of a capsule (a sphere's radius is half the link length)"},
      {"link_mass", ParamType::Real, decimal_of(d.link_mass), 1e-3, 1e4, "kg", "mass of each link"},
      {"mass_ratio", ParamType::Real, decimal_of(d.weight_mass / d.link_mass), 1e-3, 1e6, "",
       "mass of the weight over the mass of a link (Figure 8: 1000)"},
      {"weight_size", ParamType::Real, decimal_of(d.weight_half), 0.01, 10.0, "m", "half extent of the box at the end"},
      {"angle", ParamType::Real, decimal_of(Real(d.angle * 180.0 / kPi)), 0.0, 180.0, "deg",
       "initial angle of the straight chain from the vertical"},
      {"joint_compliance", ParamType::Real, decimal_of(d.options.compliance), 0.0, 1.0, "m/N",
       "compliance α of every joint's positional block; 0 is rigid", false},
      {"joint_damping", ParamType::Real, decimal_of(d.options.damping), 0.0, 1e4, "1/s",
       "joint damping μ: each joint's relative velocities shrink by min(μ h, 1) every substep", false},
      {"gravity", ParamType::Real, 9.81, 0.0, 1000.0, "m/s^2", "magnitude of gravity (downward)", false},
  };
}

static LinkChain link_chain_from(const ParamSet& p, LinkChain c) {
  c.links = p.get_int("links");
  c.shape = p.get_choice<BodyShape>("link_shape");
  c.link_length = Real(p.get("link_length"));
  c.link_radius = std::fmin(Real(p.get("link_radius")), 0.5 * c.link_length);
  c.link_mass = Real(p.get("link_mass"));
  c.weight_mass = Real(p.get("mass_ratio")) * c.link_mass;
  c.weight_half = Real(p.get("weight_size"));
  c.angle = Real(p.get("angle") * kPi / 180.0);
  c.options.compliance = Real(p.get("joint_compliance"));
  c.options.damping = Real(p.get("joint_damping"));
  return c;
}

SceneDef link_chain_scene(std::string name, std::string description, const LinkChain& defaults) {
  SceneDef def;
  def.name = std::move(name);
  def.description = std::move(description);
  def.params = link_chain_params(defaults);
  def.settings = {{"substeps", 100}};  // Figure 8's stiff chain: 100 substeps × 1 iteration
  def.build = [defaults](const ParamSet& p) {
    LinkChain chain = link_chain_from(p, defaults);
    // A chain longer than its default pivot's height would start with its weight through the ground, and the
    // ground would throw a weight of 1000 links up the chain (50 links: 250 kJ within half a second): the
    // pivot rises until the chain hanging straight down, the lowest any swing reaches, clears the ground
    // by a weight's size.
    const Real reach = chain.link_length * Real(chain.links) + 2.0 * chain.weight_half;
    chain.top.y = std::fmax(chain.top.y, reach + 2.0 * chain.weight_half);
    ModelBuilder b;
    if (Real(p.get("link_radius")) > chain.link_radius)
      b.add_note("link_radius " + std::to_string(p.get("link_radius")) +
                 " m is more than half the link length: " + "using " + std::to_string(chain.link_radius) +
                 " m, so that the links fit between their joints");
    b.set_gravity({0.0, -Real(p.get("gravity")), 0.0});
    const Real span = 10.0 * chain.link_length * Real(chain.links) + 100.0;
    b.set_bounds({{-span, -span, -span}, {span, span, span}});
    GroundPlane ground;  // drawn, shadowed on, and what a falling link lands on
    ground.enabled = true;
    b.set_ground(ground);
    b.add_joint_probe("top_joint", add_link_chain(b, chain));
    b.set_motion(swing_reach(chain.top, reach,
                             chain.angle, {1.0, 0.0, 0.0}));
    b.set_energy_length(chain.link_length * Real(chain.links));  // the chain's length
    return b.finalize();
  };
  return def;
}

}  // namespace SIM_PRECISION
}  // namespace sim
