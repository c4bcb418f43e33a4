#include "scenes/body_scene.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "core/real_decimal.h"
#include "geometry/body_shape.h"
#include "geometry/narrow_phase.h"

namespace sim {
inline namespace SIM_PRECISION {

SurfaceMaterial set_up_body_scene(ModelBuilder& b, const ParamSet& p, Real size, Real friction) {
  b.set_gravity({0.0, -Real(p.get("gravity")), 0.0});
  const Real extent = 100.0 * size + 100.0;
  b.set_bounds({{-extent, -extent, -extent}, {extent, extent, extent}});
  GroundPlane ground;
  ground.enabled = true;
  ground.material.mu_static = ground.material.mu_dynamic = friction;
  b.set_ground(ground);
  return {friction, friction, 0.0};
}

std::vector<ParamSpec> dropped_body_params(const DroppedBody& d) {
  return {
      choice_param("drop", DropKind::None, "a rigid body dropped among the particles", true,
                   {{"none", DropKind::None}, {"box", DropKind::Box}, {"ball", DropKind::Ball}}),
      {"drop_size", ParamType::Real, decimal_of(d.size), 0.01, 5.0, "m", "side of the dropped box, diameter of the ball"},
      {"drop_density", ParamType::Real, decimal_of(d.density), 1.0, 1e5, "kg/m^3", "density of the dropped body"},
      {"drop_x", ParamType::Real, decimal_of(d.x.x), -20.0, 20.0, "m", "the dropped body's centre along x"},
      {"drop_z", ParamType::Real, decimal_of(d.x.z), -20.0, 20.0, "m", "the dropped body's centre along z"},
      {"drop_height", ParamType::Real, decimal_of(d.x.y), 0.0, 50.0, "m", "height of its centre when released"},
  };
}

void add_dropped_body(ModelBuilder& b, const ParamSet& p, const SurfaceMaterial& material) {
  const DropKind kind = p.get_choice<DropKind>("drop");
  if (kind == DropKind::None) return;
  const Real half = 0.5 * Real(p.get("drop_size"));
  const BodyShape shape = kind == DropKind::Box ? BodyShape::Box : BodyShape::Sphere;
  const Vec3 size = shape == BodyShape::Box ? Vec3{half, half, half} : Vec3{half, 0.0, 0.0};
  const Real mass = Real(p.get("drop_density")) * shape_volume(shape, size);
  Vec3 x{Real(p.get("drop_x")), Real(p.get("drop_height")), Real(p.get("drop_z"))};
  // Released among the particles it would start inside them: it starts above the highest it would touch
  // (its bottom, half its size below its centre, just clear of that particle's top).
  const Real start = x.y;
  for (bool raised = true; raised;) {
    raised = false;
    for (int i = 0; i < b.particle_count(); ++i) {
      const Vec3 q = b.position(i);
      const PlacedShape particle{BodyShape::Sphere, {b.radius(i), 0.0, 0.0}, q, quat_identity()};
      if (collide({shape, size, x, quat_identity()}, particle, 0.0).count == 0) continue;
      x.y = q.y + b.radius(i) + half + 1e-6;
      raised = true;
    }
  }
  if (x.y > start)
    b.add_note("drop_height " + p.text("drop_height") +
               " m starts the dropped body inside the particles; using " + std::to_string(x.y) + " m");
  const int body = b.add_body(shape, size, mass, x);
  b.set_body_material(body, material);
  b.track_body(body, kind == DropKind::Box ? "box" : "ball");
  BodyContactSettings contact = b.body_contact();
  contact.particle_material = material;
  b.set_body_contact(contact);
}

Real submerged_fraction(const Model& m, const State& s, int body) {
  const Vec3 c = s.body.x[size_t(body)];
  const Real R = m.body.size[size_t(body)].x;
  std::vector<Real> heights;
  Real r = 0.0;
  for (int i = m.fluid.first; i < m.fluid.first + m.fluid.count; ++i) {
    const Vec3 x = s.particle_x[size_t(i)];
    r = m.particle_radius[size_t(i)];
    if (std::hypot(x.x - c.x, x.z - c.z) > R + 2.0 * r) heights.push_back(x.y);
  }
  const size_t top = heights.size() / 10;
  if (top == 0) return 0.0;
  std::partial_sort(heights.begin(), heights.begin() + std::ptrdiff_t(top), heights.end(),
                    std::greater<Real>());
  Real surface = r;
  for (size_t i = 0; i < top; ++i) surface += heights[i] / Real(top);
  const Real depth = std::clamp(surface - (c.y - R), Real(0.0), Real(2.0) * R);
  return depth * depth * (3.0 * R - depth) / (4.0 * R * R * R);  // the cap's volume over the ball's
}

ParamValues ball_tank_params(double density) {
  return {{"spacing", 0.05},     {"column_width", 0.5},    {"column_height", 0.4},
          {"column_depth", 0.5}, {"container_width", 0.5}, {"container_depth", 0.5},
          {"drop", "ball"},      {"drop_size", 0.25},      {"drop_density", density},
          {"drop_x", 0.25},      {"drop_z", 0.25},         {"drop_height", 0.6}};
}

}  // namespace SIM_PRECISION
}  // namespace sim
