// The stages of one frame of Small Steps Algorithm 1, each a functor over one index, written once and
// run by either backend's parallel_for (OpenMP loop or CUDA launch). Members are raw pointers into the
// backend's arrays; units as in model/model.h and model/state.h.
#pragma once

#include "constraints/attachment.h"
#include "constraints/distance.h"
#include "constraints/ground_contact.h"
#include "core/atomic.h"
#include "model/model.h"

namespace sim {

// Algorithm 1 line 1 and §4.2: once per frame, predict with the whole frame step and keep a contact
// for every particle whose path comes within the margin of the ground; reused by every substep.
struct DetectGroundContacts {
  const Vec3* x;
  const Vec3* v;
  const float* w;
  const float* radius;
  unsigned char* active;
  GroundPlane ground;
  Vec3 gravity;
  float frame_dt;
  SIM_HD void operator()(int i) const {
    if (w[i] == 0.0f) { active[i] = 0; return; }
    const Vec3 predicted = x[i] + frame_dt * v[i] + (frame_dt * frame_dt) * gravity;
    const float lowest = fminf(x[i].y, predicted.y);
    active[i] = lowest - radius[i] - ground.height < ground.margin ? 1 : 0;
  }
};

// Algorithm 1 line 4 (Eq. 3): xⁿ ← x; x̃ = xⁿ + Δt_s vⁿ + Δt_s² M⁻¹ f_ext with f_ext = m g.
struct Predict {
  Vec3* x;
  Vec3* x_prev;
  const Vec3* v;
  const float* w;
  Vec3 gravity;
  float h;
  SIM_HD void operator()(int i) const {
    const Vec3 xi = x[i];
    x_prev[i] = xi;
    if (w[i] != 0.0f) x[i] = xi + h * v[i] + (h * h) * gravity;
  }
};

// Common pointers of the distance projections.
struct DistanceArgs {
  const Int2* particles;
  const float* rest_length;
  const float* compliance;
  const float* damping;
  float* lambda;
  const Vec3* x_prev;
  const float* w;
  float h;

  SIM_HD DistanceCorrection project(int k, const Vec3* x) const {
    const Int2 p = particles[k];
    const Vec3 xa = x[p.a], xb = x[p.b];
    const float beta = damping[k];
    const Vec3 motion = beta > 0.0f ? (xa - x_prev[p.a]) - (xb - x_prev[p.b]) : Vec3{0.0f, 0.0f, 0.0f};
    const DistanceCorrection c =
        project_distance(xa, xb, w[p.a], w[p.b], rest_length[k], compliance[k], beta, lambda[k], h, motion);
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

// Jacobi: every constraint reads the same x and accumulates its correction (Small Steps §6).
struct ProjectDistanceJacobi {
  DistanceArgs args;
  const Vec3* x;
  Vec3* delta;
  SIM_HD void operator()(int k) const {
    const DistanceCorrection c = args.project(k, x);
    const Int2 p = args.particles[k];
    atomic_add(&delta[p.a], c.dxa);
    atomic_add(&delta[p.b], c.dxb);
  }
};

// Jacobi averaging with relaxation (Macklin et al. 2014 §4.2): x += ω/nᵢ Σ Δxᵢ.
struct ApplyJacobiDeltas {
  Vec3* x;
  Vec3* delta;
  const int* constraint_count;
  float omega;
  SIM_HD void operator()(int i) const {
    const int n = constraint_count[i];
    if (n > 0) x[i] += (omega / float(n)) * delta[i];
    delta[i] = {0.0f, 0.0f, 0.0f};
  }
};

struct ProjectAttachments {
  const int* particle;
  const float* compliance;
  const Vec3* target;
  float* lambda;
  Vec3* x;
  const float* w;
  float h;
  SIM_HD void operator()(int t) const {
    const int i = particle[t];
    const AttachmentCorrection c = project_attachment(x[i], target[t], w[i], compliance[t], lambda[t], h);
    x[i] += c.dx;
    lambda[t] += c.dlambda;
  }
};

struct ProjectGroundContacts {
  const unsigned char* active;
  Vec3* x;
  const Vec3* x_prev;
  const float* w;
  const float* radius;
  ContactMultipliers* lambda;
  GroundPlane ground;
  float h;
  SIM_HD void operator()(int i) const {
    if (!active[i]) return;
    Vec3 xi = x[i];
    project_ground_contact(ground, xi, x_prev[i], w[i], radius[i], h, lambda[i]);
    x[i] = xi;
  }
};

// Algorithm 1 line 11: v = (x − xⁿ) / Δt_s.
struct UpdateVelocity {
  const Vec3* x;
  const Vec3* x_prev;
  Vec3* v;
  float inv_h;
  SIM_HD void operator()(int i) const { v[i] = inv_h * (x[i] - x_prev[i]); }
};

}  // namespace sim
