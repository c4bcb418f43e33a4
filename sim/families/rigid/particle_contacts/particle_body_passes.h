// The passes of particles against rigid bodies that move particles and bodies along the normals
// (families/rigid/particle_contacts/particle_contact_stages.h runs them): which pairs act, each run's normals
// projected in turn on its particle with each body's mass split over its acting pairs (mass splitting, Tonge
// et al. 2012), the restitution of the velocity pass, and the gathers of the particles' shifts and of the
// bodies' corrections, chunk by chunk in order (families/rigid/particle_contacts/pair_chunks.h). No atomics.
#pragma once

#include "constraints/particle_patch.h"
#include "core/position.h"
#include "detect/particle_body_detection.h"
#include "families/rigid/body_ends.h"
#include "families/rigid/particle_contacts/pair_chunks.h"

namespace sim {
inline namespace SIM_PRECISION {

// A body's end of a particle pair after the velocity pass, at its share of the mass: Δv, Δω.
struct VelocityCorrection {
  Vec3 dv;      // [m/s]
  Vec3 domega;  // [rad/s]
  SIM_HD VelocityCorrection& operator+=(const VelocityCorrection& o) {
    dv += o.dv;
    domega += o.domega;
    return *this;
  }
};

// The velocity of particle end e; zero where the pass has none (vel.particle_v null: the static pass).
SIM_HD Vec3 particle_velocity(const EndVelocities& vel, int e) {
  Vec3 v{}, omega{};
  if (vel.particle_v) vel.load(e, v, omega);
  return v;
}

// Body pose b as one of the n/ω pieces its mass is split into: inverse mass and inertia times `split`.
SIM_HD BodyPose split_pose(const BodyPose& b, Real split) {
  return {b.x, b.q, split * b.w, split * b.inv_inertia};
}

// The pairs of a run (one particle's, end b) and of a body's list, as the passes below read them.
struct ParticlePairs {
  ContactPair* pairs;
  const int* run_start;  // run r: pairs [run_start[r], run_start[r + 1])
  const int* slot_of;    // the bodies' lists of pairs, cut into chunks (PairChunks)
  EndRefs poses;
  ParticleSupport support;

  // Pair c's particle as its body's patch friction sees it (ParticleSupport::friction_pose).
  SIM_HD BodyPose particle(const ContactPair& c) const {
    return support.friction_pose(c, poses.load(c.ends.b));
  }
};

// A body's share of the pairs of a pass: its inverse masses split n/ω ways, n the pairs that act on it in
// this pass (ActivePairs), at least one. Split over all its pairs, the few a landing box touches among the
// hundreds within the margin would each move it by a few percent of their overlap.
struct ActiveSplit {
  const int* active;  // per body
  Real omega;         // ω [-]
  SIM_HD Real operator()(int body) const { return Real(active[body] > 1 ? active[body] : 1) / omega; }
};

// Chunk j's pairs that act in the coming pass: those with a point overlapping now (the normals), or those
// that pushed in this substep (restitution); its body sums them (PairChunks::fold).
struct ActivePairs {
  ParticlePairs p;
  PairChunks chunks;
  bool pushed;  // count the pairs that pushed, not those that overlap
  int* count;   // per chunk
  SIM_HD void operator()(int j) const {
    int n = 0;
    const BodyPose a = p.poses.load(chunks.body[j]);
    for (int s = chunks.begin[j]; s < chunks.begin[j + 1]; ++s) {
      const ContactPair& c = p.pairs[p.slot_of[s]];
      const BodyPose b = p.poses.load(c.ends.b);
      bool acts = false;
      for (int k = 0; k < c.count; ++k)
        acts = acts || (pushed ? c.point[k].lambda_n > 0.0
                               : contact_separation(c, c.point[k], a, b) + c.point[k].allowance < 0.0);
      n += acts ? 1 : 0;
    }
    count[j] = n;
  }
};

struct SumActivePairs {
  PairChunks chunks;
  const int* count;
  int* active;
  SIM_HD void operator()(int i) const { active[i] = chunks.fold(count, i); }
};

// Run r's normals, in turn on the particle (as its supports leave it free, ParticleSupport::normal_pose);
// each pair's body correction, at the body's split, to slot k.
struct ProjectParticleNormals {
  ParticlePairs p;
  ActiveSplit split;
  PoseCorrection* slots;
  SIM_HD void operator()(int r) const {
    const int first = p.run_start[r], end = p.run_start[r + 1];
    const int e = p.pairs[first].ends.b;
    const BodyPose free = p.poses.load(e);
    Vec3 x = free.x;
    for (int k = first; k < end; ++k) {
      ContactPair& c = p.pairs[k];
      const BodyPose a0 = p.poses.load(c.ends.a);
      BodyPose a = a0, particle = free;
      particle.x = x;
      particle = p.support.normal_pose(c, particle);
      for (int i = 0; i < c.count; ++i)
        project_contact_normal(c, c.point[i], a, particle, split(c.ends.a), 1.0);
      x = particle.x;
      slots[k] = pose_change(a0, a);
    }
    p.poses.store(e, {x, free.q, free.w, free.inv_inertia});
  }
};

// Run r's restitution, in turn on the particle's velocity (as its supports leave it free, like its normals);
// each body's change at its share of the mass (split_pose), scaled back to the whole body (÷ split), to
// slot k.
struct ParticleRestitution {
  ParticlePairs p;
  EndVelocities vel;
  ActiveSplit split;
  VelocityCorrection* slots;
  Real g;  // |gravity| [m/s²]
  Real h;  // [s]
  SIM_HD void operator()(int r) const {
    const int first = p.run_start[r], end = p.run_start[r + 1];
    const int e = p.pairs[first].ends.b;
    const BodyPose free = p.poses.load(e);
    Vec3 vp, wp;
    vel.load(e, vp, wp);
    for (int k = first; k < end; ++k) {
      ContactPair& c = p.pairs[k];
      const Real s = split(c.ends.a);
      Vec3 va0, wa0;
      vel.load(c.ends.a, va0, wa0);
      Vec3 va = va0, wa = wa0;
      contact_restitution(c, split_pose(p.poses.load(c.ends.a), s), p.support.normal_pose(c, free), va, wa,
                          vp, wp, g, h);
      c.touching = 0;
      for (int i = 0; i < c.count; ++i) c.touching += c.point[i].lambda_n > 0.0 ? 1 : 0;
      slots[k] = {(1.0 / s) * (va - va0), (1.0 / s) * (wa - wa0)};
    }
    vel.store(e, vp, wp);
  }
};

// Run r's particle adds its pairs' slots, in order, to x (positions or velocities).
template <class Target>
struct GatherParticleShifts {
  const int* run_start;
  const ContactPair* pairs;
  const Vec3* slots;
  Target* x;
  SIM_HD void operator()(int r) const {
    Vec3 d{0.0, 0.0, 0.0};
    for (int k = run_start[r]; k < run_start[r + 1]; ++k) d += slots[k];
    x[end_particle(pairs[run_start[r]].ends.b)] += d;
  }
};

// Body i moves by its chunks' pose corrections (SumChunkSlots) summed in order.
struct GatherChunkPoseCorrections {
  PairChunks chunks;
  const PoseCorrection* partial;
  Position* x;
  Quat* q;
  SIM_HD void operator()(int i) const { apply_pose_correction(chunks.fold(partial, i), x, q, i); }
};

// Body i adds its chunks' velocity corrections (SumChunkSlots) in order.
struct GatherVelocityCorrections {
  PairChunks chunks;
  const VelocityCorrection* partial;
  Vec3 *v, *omega;
  SIM_HD void operator()(int i) const {
    const VelocityCorrection d = chunks.fold(partial, i);
    v[i] += d.dv;
    omega[i] += d.domega;
  }
};

}  // namespace SIM_PRECISION
}  // namespace sim
