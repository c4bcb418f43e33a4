// The friction of particles against rigid bodies as one patch per body (constraints/particle_patch.h):
// each chunk's part of its body's patch, the body's static, dynamic and torsional friction, and each pair's
// share of it for its particle (families/rigid/particle_contacts/particle_contact_stages.h runs them).
#pragma once

#include "families/rigid/particle_contacts/particle_body_passes.h"

namespace sim {
inline namespace SIM_PRECISION {

// A body's patch friction as its pairs read it: the patch (its λ_n shares), and the static Δλ_t along t
// or the dynamic impulse P and the torsional turn L/J.
struct BodyPatch {
  ParticlePatch patch;
  Real dl = 0.0;    // static Δλ_t; −1: it slides [N·s²]
  Vec3 t{};         // static friction's direction
  Vec3 P{};         // dynamic friction's impulse on the particles [N·s]
  Real turn = 0.0;  // torsional: L/J [kg·m/s per m of offset]
};

// Chunk j's part of its body's patch (constraints/particle_patch.h), the particles moving at their
// velocities, or at rest (vel.particle_v null: the static pass).
struct ChunkPatches {
  ParticlePairs p;
  PairChunks chunks;
  EndVelocities vel;
  ParticlePatch* partial;
  SIM_HD void operator()(int j) const {
    const BodyPose a = p.poses.load(chunks.body[j]);
    ParticlePatch patch;
    for (int s = chunks.begin[j]; s < chunks.begin[j + 1]; ++s) {
      const ContactPair& c = p.pairs[p.slot_of[s]];
      patch.add(c, a, p.particle(c), particle_velocity(vel, c.ends.b));
    }
    partial[j] = patch;
  }
};

// Body i's patch static friction: the body moved; its Δλ_t and t kept for its pairs.
struct PatchStaticFriction {
  EndRefs poses;
  PairChunks chunks;
  const ParticlePatch* partial;
  BodyPatch* out;
  SIM_HD void operator()(int i) const {
    if (chunks.empty(i)) return;
    BodyPose a = poses.load(i);
    BodyPatch r;
    r.patch = chunks.fold(partial, i);
    r.dl = patch_static_friction(r.patch, a, r.t);
    poses.store(i, a);
    out[i] = r;
  }
};

// Pair k's share of its body's static friction: its particle's move to its slot (zero where none), its
// anchors moved where the patch slides.
struct PatchStaticShares {
  ParticlePairs p;
  const BodyPatch* body;
  Vec3* shift;  // per pair: its particle's move [m]
  SIM_HD void operator()(int k) const {
    ContactPair& c = p.pairs[k];
    const BodyPatch& r = body[c.ends.a];
    if (r.dl < 0.0) {  // it slides
      const BodyPose a = p.poses.load(c.ends.a), b = p.poses.load(c.ends.b);
      for (int i = 0; i < c.count; ++i) anchor_contact_point(c, c.point[i], a, b);
    }
    const Real share = r.dl > 0.0 ? r.patch.share(c) : 0.0;
    c.lambda_t += share * r.dl;
    shift[k] = (-share * r.dl * p.particle(c).w) * r.t;
  }
};

// The tangential offset of pair c's particle point from the patch's centre [m].
SIM_HD Vec3 patch_offset(const ParticlePairs& p, const ContactPair& c, const ParticlePatch& patch, Vec3 n) {
  const BodyPose a = p.poses.load(c.ends.a), b = p.poses.load(c.ends.b);
  return tangential(((b.x + (c.point[0].r_b - c.radius_b * c.n)) - a.x) - patch.centre_from_body(), n);
}

// Body i's patch dynamic friction: the body's velocity changed; the patch and its impulse kept.
struct PatchDynamicFriction {
  EndRefs poses;
  EndVelocities vel;
  PairChunks chunks;
  const ParticlePatch* partial;
  BodyPatch* out;
  Real h;  // [s]
  SIM_HD void operator()(int i) const {
    if (chunks.empty(i)) return;
    Vec3 va, wa;
    vel.load(i, va, wa);
    BodyPatch r;
    r.patch = chunks.fold(partial, i);
    r.P = patch_dynamic_friction(r.patch, poses.load(i), va, wa, h);
    vel.store(i, va, wa);
    out[i] = r;
  }
};

// Chunk j's part of its body's patch spin (PatchSpin) about the patch's normal.
struct ChunkSpins {
  ParticlePairs p;
  PairChunks chunks;
  EndVelocities vel;
  const BodyPatch* body;
  PatchSpin* partial;
  SIM_HD void operator()(int j) const {
    const ParticlePatch& patch = body[chunks.body[j]].patch;
    PatchSpin spin;
    const Vec3 n = patch.normal();
    for (int s = chunks.begin[j]; s < chunks.begin[j + 1] && !patch.empty(); ++s) {
      const ContactPair& c = p.pairs[p.slot_of[s]];
      spin.add(patch.share(c), patch_offset(p, c, patch, n), particle_velocity(vel, c.ends.b), n,
               p.particle(c).w);
    }
    partial[j] = spin;
  }
};

// Body i's patch torsional friction: the body's spin changed; L/J kept for its pairs.
struct PatchTorsionalFriction {
  EndRefs poses;
  EndVelocities vel;
  PairChunks chunks;
  const PatchSpin* partial;
  BodyPatch* body;
  Real h;  // [s]
  SIM_HD void operator()(int i) const {
    if (chunks.empty(i)) return;
    const PatchSpin spin = chunks.fold(partial, i);
    Vec3 va, wa;
    vel.load(i, va, wa);
    const Real L = patch_torsional_friction(body[i].patch, spin, poses.load(i), wa, h);
    vel.store(i, va, wa);
    body[i].turn = L != 0.0 ? L / spin.J : 0.0;
  }
};

// Pair k's share of its body's dynamic and torsional friction: its particle's change of velocity to its
// slot.
struct PatchKineticShares {
  ParticlePairs p;
  const BodyPatch* body;
  Vec3* kick;  // per pair [m/s]
  SIM_HD void operator()(int k) const {
    const ContactPair& c = p.pairs[k];
    const BodyPatch& r = body[c.ends.a];
    const Real share = r.patch.empty() ? 0.0 : r.patch.share(c), w = p.particle(c).w;
    const Vec3 n = r.patch.normal();
    kick[k] = share > 0.0 ? (w * share) * (r.P + r.turn * cross(n, patch_offset(p, c, r.patch, n)))
                          : Vec3{0.0, 0.0, 0.0};
  }
};

}  // namespace SIM_PRECISION
}  // namespace sim
