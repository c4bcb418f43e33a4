// The stages of one frame of Small Steps Algorithm 1, each a functor over one index, written once and
// run by either backend's parallel_for (OpenMP loop or CUDA launch). Members are raw pointers into the
// backend's arrays; units as in model/model.h and model/state.h.
#pragma once

#include "constraints/attachment.h"
#include "constraints/distance.h"
#include "constraints/particle_contact.h"
#include "model/model.h"

namespace sim {

// Algorithm 1 line 4 (Eq. 3): xⁿ ← x; x̃ = xⁿ + Δt_s vⁿ + Δt_s² M⁻¹ f_ext with f_ext = m g.
struct Predict {
  Vec3* x;
  Vec3* x_prev;
  const Vec3* v;
  const Real* w;
  Vec3 gravity;
  Real h;
  SIM_HD void operator()(int i) const {
    const Vec3 xi = x[i];
    x_prev[i] = xi;
    if (w[i] != 0.0) x[i] = predict_position(xi, v[i], gravity, h);
  }
};

// Common pointers of the distance projections.
struct DistanceArgs {
  const Int2* particles;
  const Real* rest_length;
  const Real* compliance;
  const Real* damping;
  Real* lambda;
  const Vec3* x_prev;
  const Real* w;
  Real h;

  // Projects constraint k against positions x and adds Δλ to its multiplier. split_a, split_b: the mass
  // splitting of project_distance (1 for Gauss-Seidel).
  SIM_HD DistanceCorrection project(int k, const Vec3* x, Real split_a = 1.0, Real split_b = 1.0) const {
    const Int2 p = particles[k];
    const Vec3 xa = x[p.a], xb = x[p.b];
    const Real beta = damping[k];
    const Vec3 motion = beta > 0.0 ? (xa - x_prev[p.a]) - (xb - x_prev[p.b]) : Vec3{0.0, 0.0, 0.0};
    const DistanceCorrection c = project_distance(xa, xb, w[p.a], w[p.b], rest_length[k], compliance[k], beta,
                                                  lambda[k], h, motion, split_a, split_b);
    lambda[k] += c.dlambda;
    return c;
  }
};

// Algorithm 1 lines 5-9 for one colour: constraints [begin, begin + count) share no particle.
struct ProjectDistanceColour {
  DistanceArgs args;
  Vec3* x;
  int begin;
  SIM_HD void operator()(int t) const {
    const int k = begin + t;
    const DistanceCorrection c = args.project(k, x);
    const Int2 p = args.particles[k];
    x[p.a] += c.dxa;
    x[p.b] += c.dxb;
  }
};

// Jacobi (Small Steps §6): every constraint reads the same x and writes its correction into its own
// slots (2k for end a, 2k + 1 for end b); GatherCorrections then moves each particle by their sum. Each
// end's mass is split n/ω ways, n the number of constraints on the particle (project_distance), so that
// the summed corrections of a particle are about ω times their mean (the averaging of Macklin et al.
// 2014 §4.2) while λ stays the force estimate and a compliant constraint keeps its stiffness: scaling
// Δλ and Δx by ω/max(n_a, n_b) instead made it max(n)/ω times softer at every substep count.
struct ProjectDistanceJacobi {
  DistanceArgs args;
  const Vec3* x;
  Vec3* correction;             // 2 slots per constraint [m]
  const int* incidence_offsets;  // Model::particle_distance_offsets
  Real omega;
  SIM_HD void operator()(int k) const {
    const Int2 p = args.particles[k];
    const int na = incidence_offsets[p.a + 1] - incidence_offsets[p.a];
    const int nb = incidence_offsets[p.b + 1] - incidence_offsets[p.b];
    const DistanceCorrection c = args.project(k, x, Real(na) / omega, Real(nb) / omega);
    correction[2 * k] = c.dxa;
    correction[2 * k + 1] = c.dxb;
  }
};

// Ends a Jacobi pass: each particle adds the corrections of its own slots in ascending order (a fixed
// order, so the sum has the same bits on any thread count or device; no atomics).
struct GatherCorrections {
  const int* offsets;  // particle i owns slots[offsets[i] .. offsets[i + 1])
  const int* slots;
  const Vec3* correction;  // [m]
  Vec3* x;
  SIM_HD void operator()(int i) const {
    Vec3 sum{0.0, 0.0, 0.0};
    for (int s = offsets[i]; s < offsets[i + 1]; ++s) sum += correction[slots[s]];
    x[i] += sum;
  }
};

// Ends a per-particle Jacobi pass (self-contacts, where each particle wrote its own averaged Δx).
struct ApplyJacobiDeltas {
  Vec3* x;
  const Vec3* delta;  // [m]
  SIM_HD void operator()(int i) const { x[i] += delta[i]; }
};

// One attachment to a target that moves linearly from `start` to `end` over the frame's substeps.
SIM_HD void project_moving_attachment(Vec3& x, Real w, Vec3 start, Vec3 end, Real fraction, Real compliance,
                                      Real& lambda, Real h) {
  const Vec3 target = start + fraction * (end - start);
  const AttachmentCorrection c = project_attachment(x, target, w, compliance, lambda, h);
  x += c.dx;
  lambda += c.dlambda;
}

// Attachments to targets that move during the frame: within substep s of n the target is at
// p_start + (s + 1)/n (p_end − p_start), so a dragged particle moves smoothly instead of jumping once
// per frame.
struct ProjectAttachments {
  const int* particle;
  const Real* compliance;
  const Vec3* target_start;
  const Vec3* target_end;
  Real fraction;  // (s + 1) / n [-]
  Real* lambda;
  Vec3* x;
  const Real* w;
  Real h;
  SIM_HD void operator()(int t) const {
    const int i = particle[t];
    project_moving_attachment(x[i], w[i], target_start[t], target_end[t], fraction, compliance[t], lambda[t], h);
  }
};

// The mouse grab: one attachment of a chosen particle to the cursor's target, which moves from
// `start` to `end` over the frame's substeps like ProjectAttachments' targets.
struct ProjectGrab {
  int particle;
  Vec3 start, end;  // [m]
  Real compliance;  // α [m/N]
  Real fraction;    // (s + 1) / n [-]
  Real* lambda;     // one multiplier [N·s²]
  Vec3* x;
  const Real* w;
  Real h;
  SIM_HD void operator()(int) const {
    project_moving_attachment(x[particle], w[particle], start, end, fraction, compliance, *lambda, h);
  }
};

// Algorithm 1 line 11: v = (x − xⁿ) / Δt_s, scaled by e^{−d Δt_s} for velocity damping d, so that |v|
// decays as e^{−d t} whatever the substep count.
struct UpdateVelocity {
  const Vec3* x;
  const Vec3* x_prev;
  Vec3* v;
  Real inv_h;
  Real damping_factor;  // e^{−d Δt_s} [-]
  SIM_HD void operator()(int i) const { v[i] = (damping_factor * inv_h) * (x[i] - x_prev[i]); }
};

}  // namespace sim
