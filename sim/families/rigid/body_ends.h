// What the projections between two ends — bodies, particles or the world (constraints/joint.h's end
// encoding) — read and write of them: their poses (EndRefs), their velocities (EndVelocities), a contact
// pair's start of the substep, and the Jacobi gather of pose corrections through per-node slot lists. Shared
// by the joints (families/rigid/rigid_stages.h) and the contacts
// (families/rigid/body_contacts/body_contact_stages.h,
// families/rigid/particle_contacts/particle_contact_stages.h).
#pragma once

#include "core/position.h"
#include "families/rigid/rigid_data.h"

namespace sim {
inline namespace SIM_PRECISION {

// The poses a joint projection reads and writes: its ends' bodies or particles.
struct EndRefs {
  Position* body_x;
  Quat* body_q;
  const Real* body_w;
  const Vec3* body_inv_inertia;
  Position* particle_x;
  const Real* particle_w;
  SIM_HD BodyPose load(int e) const {
    return EndPoses{body_x, body_q, body_w, body_inv_inertia, particle_x, particle_w}(e);
  }
  SIM_HD void store(int e, const BodyPose& p) const {
    if (is_body_end(e)) {
      body_x[e] = p.x;
      body_q[e] = p.q;
    } else if (is_particle_end(e)) {
      particle_x[end_particle(e)] = p.x;
    }
  }
};

// The velocities a velocity pass reads and writes of an end: a body's v and ω, a particle's v (ω stays 0);
// the world's are 0 and never written.
struct EndVelocities {
  Vec3 *body_v, *body_omega, *particle_v;
  SIM_HD void load(int e, Vec3& v, Vec3& omega) const {
    const Vec3 zero{0.0, 0.0, 0.0};
    v = is_body_end(e) ? body_v[e] : is_particle_end(e) ? particle_v[end_particle(e)] : zero;
    omega = is_body_end(e) ? body_omega[e] : zero;
  }
  SIM_HD void store(int e, Vec3 v, Vec3 omega) const {
    if (is_body_end(e)) {
      body_v[e] = v;
      body_omega[e] = omega;
    } else if (is_particle_end(e)) {
      particle_v[end_particle(e)] = v;
    }
  }
};

// The velocities of a solver's bodies and particles (Core: Core).
template <class Exec, class Core>
EndVelocities end_velocities(Core& core) {
  return {Exec::data(core.state.body.v), Exec::data(core.state.body.omega),
          Exec::data(core.state.particle_v)};
}

// Algorithm 1 line 5 for contact pair c (the bodies' own or a particle's with a body).
struct BeginContactSubstep {
  ContactPair* pairs;
  EndPoses pose;  // at the start of the substep: the bodies before their prediction, the particles' xⁿ
  EndVelocities vel;
  Real v_max;  // [m/s]
  Real h;      // [s]
  SIM_HD void operator()(int c) const {
    ContactPair& p = pairs[c];
    Vec3 va, wa, vb, wb;
    vel.load(p.ends.a, va, wa);
    vel.load(p.ends.b, vb, wb);
    begin_contact_substep(p, pose(p.ends.a), pose(p.ends.b), va, wa, vb, wb, v_max, h);
  }
};

// A Jacobi correction of one end of a joint or contact: the move of its centre and the rotation vector of its
// turn.
struct PoseCorrection {
  Vec3 dx;    // [m]
  Vec3 dphi;  // [rad]
  SIM_HD PoseCorrection& operator+=(const PoseCorrection& o) {
    dx += o.dx;
    dphi += o.dphi;
    return *this;
  }
};

SIM_HD PoseCorrection pose_change(const BodyPose& before, const BodyPose& after) {
  return {after.x - before.x, rotation_between(after.q, before.q)};
}

// Jacobi's mass splitting: an end's inverse masses are divided by n/ω, n the constraints at that end (its
// node's incidence: bodies, then particles); the world's stay.
struct JacobiSplit {
  const int* offsets;  // the incidence over nodes
  int bodies;
  Real omega;  // ω [-]
  SIM_HD Real operator()(int e) const {
    const int node = end_node(e, bodies);
    return node < 0 ? 1.0 : Real(offsets[node + 1] - offsets[node]) / omega;
  }
};

// Moves node i by its summed correction d (a body also turns: q non-null).
SIM_HD void apply_pose_correction(const PoseCorrection& d, Position* x, Quat* q, int i) {
  x[i] += d.dx;
  if (q) q[i] = rotated_by(q[i], d.dphi);
}

// Ends a Jacobi pass: node first + i sums its own slots in ascending order and moves (a body also turns).
struct GatherPoseCorrections {
  const int* offsets;
  const int* slot_of;
  const PoseCorrection* slots;
  Position* x;  // the bodies' or the particles' positions
  Quat* q;      // the bodies' orientations; null for particles
  int first;
  SIM_HD void operator()(int i) const {
    const int node = first + i;
    PoseCorrection sum{};
    for (int s = offsets[node]; s < offsets[node + 1]; ++s) sum += slots[slot_of[s]];
    apply_pose_correction(sum, x, q, i);
  }
};

}  // namespace SIM_PRECISION
}  // namespace sim
