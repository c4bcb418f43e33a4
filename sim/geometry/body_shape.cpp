#include "geometry/body_shape.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace sim {
inline namespace SIM_PRECISION {

namespace {

constexpr Real kPi = 3.14159265358979323846;

// The nearest t ≥ 0 where |o + t d| = r (d unit), if any.
std::optional<Real> sphere_hit(Vec3 o, Vec3 d, Real r) {
  const Real b = dot(o, d), c = dot(o, o) - r * r;
  const Real disc = b * b - c;
  if (disc < 0.0) return std::nullopt;
  const Real s = std::sqrt(disc);
  if (-b - s >= 0.0) return -b - s;
  if (-b + s >= 0.0) return 0.0;  // the origin is inside
  return std::nullopt;
}

// Slab test against the box |p_k| ≤ half_k.
std::optional<Real> box_hit(Vec3 o, Vec3 d, Vec3 half) {
  Real t0 = 0.0, t1 = 1e300;
  const Real os[3] = {o.x, o.y, o.z}, ds[3] = {d.x, d.y, d.z}, hs[3] = {half.x, half.y, half.z};
  for (int k = 0; k < 3; ++k) {
    if (std::fabs(ds[k]) < 1e-300) {
      if (std::fabs(os[k]) > hs[k]) return std::nullopt;
      continue;
    }
    Real a = (-hs[k] - os[k]) / ds[k], b = (hs[k] - os[k]) / ds[k];
    if (a > b) std::swap(a, b);
    t0 = std::max(t0, a);
    t1 = std::min(t1, b);
    if (t0 > t1) return std::nullopt;
  }
  return t0;
}

// Capsule of radius r around the segment y ∈ [−l, l]: the nearest of its cylinder and its two caps.
std::optional<Real> capsule_hit(Vec3 o, Vec3 d, Real r, Real l) {
  std::optional<Real> best;
  const auto keep = [&](std::optional<Real> t) {
    if (t && (!best || *t < *best)) best = t;
  };
  keep(sphere_hit(o - Vec3{0.0, l, 0.0}, d, r));
  keep(sphere_hit(o + Vec3{0.0, l, 0.0}, d, r));
  const Real a = d.x * d.x + d.z * d.z, b = o.x * d.x + o.z * d.z, c = o.x * o.x + o.z * o.z - r * r;
  if (a > 0.0 && b * b - a * c >= 0.0) {
    const Real t = (-b - std::sqrt(b * b - a * c)) / a;
    if (t >= 0.0 && std::fabs(o.y + t * d.y) <= l) keep(t);
  }
  return best;
}

}  // namespace

Real shape_volume(BodyShape shape, Vec3 size) {
  switch (shape) {
    case BodyShape::Box:
      return 8.0 * size.x * size.y * size.z;
    case BodyShape::Capsule:
      return kPi * size.x * size.x * (2.0 * size.y) + 4.0 / 3.0 * kPi * size.x * size.x * size.x;
    case BodyShape::Sphere:
      return 4.0 / 3.0 * kPi * size.x * size.x * size.x;
  }
  return 0.0;
}

Real shape_length(BodyShape shape, Vec3 size) {
  switch (shape) {
    case BodyShape::Box:
      return 2.0 * std::max({size.x, size.y, size.z});
    case BodyShape::Capsule:
      return 2.0 * (size.y + size.x);
    case BodyShape::Sphere:
      return 2.0 * size.x;
  }
  return 0.0;
}

Real shape_thickness(BodyShape shape, Vec3 size) {
  return shape == BodyShape::Box ? 2.0 * std::min({size.x, size.y, size.z}) : 2.0 * size.x;
}

Vec3 shape_inertia(BodyShape shape, Vec3 size, Real mass) {
  switch (shape) {
    case BodyShape::Box: {
      const Real x2 = size.x * size.x, y2 = size.y * size.y, z2 = size.z * size.z;
      return (mass / 3.0) * Vec3{y2 + z2, x2 + z2, x2 + y2};
    }
    case BodyShape::Capsule: {
      // the cylinder (length 2l) and the two hemispheres, their masses in proportion to their volumes; a
      // hemisphere's centre of mass lies 3r/8 from its flat face
      const Real r = size.x, l = size.y;
      const Real cylinder = 2.0 * l * r * r, caps = 4.0 / 3.0 * r * r * r;
      const Real mc = mass * cylinder / (cylinder + caps), ms = mass - mc;
      const Real axial = mc * r * r / 2.0 + ms * 2.0 * r * r / 5.0;
      const Real across =
          mc * (r * r / 4.0 + l * l / 3.0) + ms * (2.0 * r * r / 5.0 + l * l + 3.0 * l * r / 4.0);
      return {across, axial, across};
    }
    case BodyShape::Sphere: {
      const Real i = 0.4 * mass * size.x * size.x;
      return {i, i, i};
    }
  }
  return {0.0, 0.0, 0.0};
}

std::optional<std::string> shape_problem(BodyShape shape, Vec3 size) {
  const bool box = shape == BodyShape::Box;
  const bool ok =
      std::isfinite(size.x) && size.x > 0.0 &&
      (shape == BodyShape::Sphere || (std::isfinite(size.y) && (box ? size.y > 0.0 : size.y >= 0.0))) &&
      (!box || (std::isfinite(size.z) && size.z > 0.0));
  if (ok) return std::nullopt;
  return std::string(box                           ? "a box needs three positive half extents"
                     : shape == BodyShape::Capsule ? "a capsule needs a positive radius and a half length ≥ 0"
                                                   : "a sphere needs a positive radius");
}

std::optional<Real> ray_hit(BodyShape shape, Vec3 size, Vec3 x, Quat q, Vec3 origin, Vec3 dir) {
  const Vec3 o = rotate_inverse(q, origin - x), d = rotate_inverse(q, dir);
  switch (shape) {
    case BodyShape::Box:
      return box_hit(o, d, size);
    case BodyShape::Capsule:
      return capsule_hit(o, d, size.x, size.y);
    case BodyShape::Sphere:
      return sphere_hit(o, d, size.x);
  }
  return std::nullopt;
}

}  // namespace SIM_PRECISION
}  // namespace sim
