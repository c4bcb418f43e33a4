// Finding the contacts of rigid bodies (constraints/body_contact.h), once per frame along the motion the
// frame predicts (Small Steps §4.2) or before every substep: a broad phase over the hashed grid of
// geometry/hash_grid.h — each body a sphere about its centre of mass, which holds it in any orientation,
// grown by how far any of its points can move over the detection step — then the narrow phase
// (geometry/narrow_phase.h) on the candidate pairs and against the world's planes, with the margin grown by
// the same reach, so that a manifold point kept at the current poses covers the frame's motion. Bodies
// joined by a joint do not collide (a chain's links overlap at their joints). Written once for host and
// device; families/rigid/body_contacts/body_contact_stages.h orders what these find. Particles against
// bodies: detect/particle_body_detection.h, over the same grid.
#pragma once

#include <cmath>

#include "constraints/body_contact.h"
#include "constraints/ground_contact.h"
#include "core/position.h"
#include "geometry/hash_grid.h"

namespace sim {
inline namespace SIM_PRECISION {

// The contacts a body keeps with bodies of higher index (more are dropped and counted), and the slots of a
// body's contacts: the world's planes first, then those pairs.
inline constexpr int kMaxBodyPairs = 16;
inline constexpr int kBodyContactSlots = kMaxContactPlanes + kMaxBodyPairs;

// The round part of a body's surface: a sphere's or capsule's radius, none for a box [m].
SIM_HD Real round_radius(BodyShape shape, Vec3 size) { return shape == BodyShape::Box ? 0.0 : size.x; }

// The radius of the sphere about a body's centre that holds it in every orientation [m].
SIM_HD Real bounding_radius(BodyShape shape, Vec3 size) {
  return shape == BodyShape::Box ? length(size) : shape == BodyShape::Capsule ? size.x + size.y : size.x;
}

// The largest bounding radius plus reach over the bodies, for the grid's cell (Exec::reduce).
struct LargestReach {
  double value = 0.0;  // [m]
  SIM_HD static LargestReach combine(LargestReach a, LargestReach b) {
    return {max_number(a.value, b.value)};
  }
};

// How far any point of body i can move over the detection step dt: the centre's move to x + dt v + dt² g,
// plus the arc R·min(dt|ω|, 2) of its farthest point [m]; a body that does not move has none.
struct BodyReach {
  const Position* x;
  const Vec3 *v, *omega;
  const Real* w;
  const BodyShape* shape;
  const Vec3* size;
  Vec3 gravity;  // [m/s²]
  Real dt;       // Δt_f, or Δt_s when detecting per substep [s]
  Real* reach;   // [m]
  SIM_HD LargestReach operator()(int i) const {
    const Real R = bounding_radius(shape[i], size[i]);
    reach[i] = w[i] == 0.0 ? 0.0
                           : length(predict_position(x[i], v[i], gravity, dt) - x[i]) +
                                 R * min_number(dt * length(omega[i]), Real(2));
    return {R + reach[i]};
  }
};

// The bodies as detection reads them: poses, shapes, materials, BodyReach's reach, and the joints' ends with
// their incidence over bodies (JointArrays; null without joints), since jointed ends do not collide.
struct DetectionBodies {
  const Position* x;
  const Quat* q;
  const Real* w;
  const Vec3* inv_inertia;
  const BodyShape* shape;
  const Vec3* size;
  const SurfaceMaterial* material;
  const Real* reach;  // [m]
  const Int2* joint_ends;
  const int* joint_offsets;
  const int* joint_slots;

  SIM_HD BodyPose pose(int i) const { return {x[i], q[i], w[i], inv_inertia[i]}; }
  SIM_HD PlacedShape placed(int i) const { return {shape[i], size[i], x[i], q[i]}; }
  SIM_HD Real radius(int i) const { return bounding_radius(shape[i], size[i]); }
  SIM_HD Real round(int i) const { return round_radius(shape[i], size[i]); }
  // Whether a joint joins body i and end e (a body or a particle end).
  SIM_HD bool jointed(int i, int e) const {
    if (!joint_offsets) return false;
    for (int s = joint_offsets[i]; s < joint_offsets[i + 1]; ++s) {
      const Int2 ends = joint_ends[joint_slots[s] / 2];
      if (ends.a == e || ends.b == e) return true;
    }
    return false;
  }
};

// Body i's contacts: with each of the world's planes, then with the bodies j > i whose spheres come within
// the margin of its own (at most kMaxBodyPairs kept, in the grid's fixed order); count[i] says how many
// were found, those beyond the slots included.
struct FindBodyContacts {
  HashGridView grid;  // the bodies' centres
  DetectionBodies body;
  ContactPlanes planes;
  SurfaceMaterial plane_material;
  Real margin;         // [m]
  ContactPair* pairs;  // kBodyContactSlots per body
  int* count;

  SIM_HD void operator()(int i) const {
    ContactPair* slot = pairs + size_t(i) * kBodyContactSlots;
    int n = 0;
    if (body.w[i] != 0.0) {
      const BodyPose world{{0.0, 0.0, 0.0}, quat_identity(), 0.0, {0.0, 0.0, 0.0}};
      for (int k = 0; k < planes.count; ++k) {
        const HalfSpace& s = planes.plane[k];
        const Manifold m = collide_plane(s.n, s.offset, body.placed(i), margin + body.reach[i]);
        if (m.count > 0)
          slot[n++] = contact_pair(m, {kWorldEnd, i}, world, body.pose(i), 0.0, body.round(i),
                                   mix_materials(plane_material, body.material[i]));
      }
    }
    const Real R = body.radius(i);
    grid.for_each_near(body.x[i], [&](int j) {
      if (j <= i || body.w[i] + body.w[j] == 0.0) return;
      const Real swept = body.reach[i] + body.reach[j] + margin;
      if (length(body.x[j] - body.x[i]) >= R + body.radius(j) + swept || body.jointed(i, j)) return;
      const Manifold m = collide(body.placed(i), body.placed(j), swept);
      if (m.count == 0) return;
      if (n < kBodyContactSlots)
        slot[n] = contact_pair(m, {i, j}, body.pose(i), body.pose(j), body.round(i), body.round(j),
                               mix_materials(body.material[i], body.material[j]));
      ++n;
    });
    count[i] = n;
  }
};

}  // namespace SIM_PRECISION
}  // namespace sim
