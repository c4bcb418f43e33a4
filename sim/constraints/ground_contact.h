// Particle contact with the ground plane y = height and a container's walls: each a half-space
// n·x ≥ offset, whose gap for a particle of radius r is n·x − offset − r, projected by the shared particle
// contact of particle_contact.h (Small Steps Eqs. 9-12).
#pragma once

#include "constraints/particle_contact.h"

namespace sim {
inline namespace SIM_PRECISION {

struct GroundPlane {
  bool enabled = false;
  Real height = 0.0;  // [m]
  Real margin = 0.01;  // contact-detection margin beyond the predicted position [m]
  ContactMaterial material;
};

// The vertical walls of an open box, x in [lo_x, hi_x] and z in [lo_z, hi_z]; the ground is its floor.
// They share the ground's margin and material.
struct ContainerWalls {
  bool enabled = false;
  Real lo_x = 0.0, hi_x = 0.0, lo_z = 0.0, hi_z = 0.0;  // [m]
  Real drawn_height = 0.0;  // how high the viewer draws them above the ground; they have no top [m]
};

// A half-space n·x ≥ offset (n a unit vector).
struct HalfSpace {
  Vec3 n;
  Real offset;  // [m]
};

// The ground and the walls as half-spaces: at most kMaxContactPlanes, in that order.
inline constexpr int kMaxContactPlanes = 5;
struct ContactPlanes {
  int count = 0;
  HalfSpace plane[kMaxContactPlanes] = {};
  Real margin = 0.0;  // [m]
  ContactMaterial material;
};

inline ContactPlanes contact_planes(const GroundPlane& g, const ContainerWalls& walls) {
  ContactPlanes p;
  p.margin = g.margin;
  p.material = g.material;
  if (g.enabled) p.plane[p.count++] = {{0.0, 1.0, 0.0}, g.height};
  if (walls.enabled) {
    p.plane[p.count++] = {{1.0, 0.0, 0.0}, walls.lo_x};
    p.plane[p.count++] = {{-1.0, 0.0, 0.0}, -walls.hi_x};
    p.plane[p.count++] = {{0.0, 0.0, 1.0}, walls.lo_z};
    p.plane[p.count++] = {{0.0, 0.0, -1.0}, -walls.hi_z};
  }
  return p;
}

// The gap between a sphere of radius r at x and half-space s: negative where they overlap [m]. Read on the
// position's hi and lo apart, and less the rounding of its own sum (a half ulp of offset + r, and the dot's
// ε Σ|n_i x_i|, each counted twice): an overlap within it is no overlap. In float a particle laid on a wall
// lay an ulp into it (6e-8 m at 0.575 m), which a substep of 0.1 µs pushed out at 0.6 m/s; in double the
// rounding is about 1e-16 m.
SIM_HD Real plane_gap(const HalfSpace& s, Position x, Real r) {
  const Real reach = s.offset + r;
  const Vec3 n = s.n;
  const Real dot_size = std::fabs(n.x * x.x) + std::fabs(n.y * x.y) + std::fabs(n.z * x.z);
  const Real rounding = Real(2) * kEpsilon * (std::fabs(reach) + dot_size);
  return ((dot(n, Vec3(x)) - reach) + dot(n, low_part(x))) + rounding;
}

// C_n of Eq. 10 for a particle of radius r at x against half-space s, with x_n its position at the start of
// the substep.
SIM_HD Real plane_normal_C(const HalfSpace& s, Position x, Position x_n, Real r, Real v_max, Real h) {
  return plane_gap(s, x, r) + depenetration_allowance(plane_gap(s, x_n, r), v_max, h);
}

SIM_HD void project_plane_contact(const HalfSpace& s, const ContactMaterial& m, Position& x, Position x_n, Real w, Real r,
                                  Real h, ContactMultipliers& lambda) {
  project_particle_contact(plane_normal_C(s, x, x_n, r, m.max_depenetration_speed, h), s.n, x, x_n, w, m, lambda);
}

SIM_HD HalfSpace ground_half_space(const GroundPlane& g) { return {{0.0, 1.0, 0.0}, g.height}; }

SIM_HD Real ground_normal_C(const GroundPlane& g, Position x, Position x_n, Real r, Real h) {
  return plane_normal_C(ground_half_space(g), x, x_n, r, g.material.max_depenetration_speed, h);
}

}  // namespace SIM_PRECISION
}  // namespace sim
