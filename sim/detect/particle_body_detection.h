// Finding the contacts of particles (cloth, fluid, chains) with rigid bodies, as the pairs of
// constraints/body_contact.h with the body as end a and the particle, a sphere of its contact radius, as end
// b: the same narrow phase (geometry/narrow_phase.h) and the same projection as two bodies. Each particle
// looks for bodies in the bodies' hashed grid (detect/body_detection.h), whose cells are grown to cover the
// farthest particle's reach too, with the margin grown by both ends' motion over the detection step (Small
// Steps §4.2). Run twice: once to count each particle's pairs, then, at the exclusive scan of the counts, to
// write them, so that the pairs lie particle by particle in a fixed order and none is dropped. A particle
// jointed to a body does not collide with it. A pair found again keeps its friction anchors. Written once
// for host and device.
#pragma once

#include "core/position.h"
#include "detect/body_detection.h"

namespace sim {
inline namespace SIM_PRECISION {

// How far particle x, v can move over dt under gravity: none when it is pinned [m].
SIM_HD Real particle_reach(Vec3 x, Vec3 v, Real w, Vec3 gravity, Real dt) {
  return w == 0.0 ? 0.0 : length(predict_position(x, v, gravity, dt) - x);
}

// The largest radius plus reach over the particles (Exec::reduce), for the grid's cell.
struct ParticleReach {
  const Position* x;
  const Vec3* v;
  const Real *w, *radius;
  Vec3 gravity;  // [m/s²]
  Real dt;       // [s]
  SIM_HD LargestReach operator()(int i) const {
    return {radius[i] + particle_reach(x[i], v[i], w[i], gravity, dt)};
  }
};

// Particle i's contacts with the bodies near it, in the grid's order: counted into count[i] when `pairs` is
// null, else written from offset[i] on, each with its ends in `ends` too (the host orders by them).
struct FindParticleContacts {
  HashGridView grid;  // the bodies' centres, cells at least the largest body and particle reach apart
  DetectionBodies body;
  const Position* x;
  const Vec3* v;
  const Real *w, *radius;
  Vec3 gravity;              // [m/s²]
  Real dt;                   // the detection step [s]
  Real margin;               // [m]
  SurfaceMaterial material;  // the particles' surface
  int* count;                // count pass
  const int* offset;         // write pass: the exclusive scan of count
  ContactPair* pairs;
  Int2* ends;
  // the last detection's pairs and its offsets per particle (null at the first): a pair found again keeps
  // its points (their core points in each end's coordinates) and their static-friction anchors, which
  // begin_contact_substep keeps while a point went on pushing (constraints/body_contact.h); with the core
  // points found anew, the slip since the anchor would be lost at every detection
  const ContactPair* previous;
  const int* previous_offset;

  SIM_HD void carry_anchors(int i, ContactPair& c) const {
    if (!previous) return;
    for (int k = previous_offset[i]; k < previous_offset[i + 1]; ++k) {
      const ContactPair& old = previous[k];
      if (old.ends.a != c.ends.a || old.count != c.count) continue;
      for (int m = 0; m < c.count; ++m) {  // the same points, with the anchors they have kept
        c.point[m].r_a = old.point[m].r_a;
        c.point[m].r_b = old.point[m].r_b;
        c.point[m].start_a = old.point[m].start_a;
        c.point[m].start_b = old.point[m].start_b;
        c.point[m].held_a = old.point[m].held_a;
        c.point[m].held_b = old.point[m].held_b;
        c.point[m].lambda_n = old.point[m].lambda_n;
      }
      return;
    }
  }

  SIM_HD void operator()(int i) const {
    const Real r = radius[i], reach = particle_reach(x[i], v[i], w[i], gravity, dt);
    const BodyPose particle{x[i], quat_identity(), w[i], {0.0, 0.0, 0.0}};
    const PlacedShape sphere{BodyShape::Sphere, {r, 0.0, 0.0}, x[i], quat_identity()};
    const int e = particle_end(i);
    int n = 0;
    grid.for_each_near(x[i], [&](int j) {
      if (w[i] + body.w[j] == 0.0) return;
      const Real swept = reach + body.reach[j] + margin;
      if (length(body.x[j] - x[i]) >= body.radius(j) + r + swept || body.jointed(j, e)) return;
      const Manifold m = collide(body.placed(j), sphere, swept);
      if (m.count == 0) return;
      if (pairs) {
        const int k = offset[i] + n;
        pairs[k] = contact_pair(m, {j, e}, body.pose(j), particle, body.round(j), r,
                                mix_materials(body.material[j], material));
        carry_anchors(i, pairs[k]);
        ends[k] = {j, e};
      }
      ++n;
    });
    if (!pairs) count[i] = n;
  }
};

}  // namespace SIM_PRECISION
}  // namespace sim
