// The frame metrics of metrics/metrics.h as reductions over particles, distance constraints and
// attachments, written once and run by either backend's Exec::reduce: the solver reduces its own arrays
// (host or device) and only MeasuredSums reaches the host; the host-side measure() reduces a State.
#pragma once

#include <cmath>
#include <vector>

#include "constraints/distance.h"
#include "constraints/particle_contact.h"
#include "metrics/metric_sums.h"
#include "model/model.h"
#include "model/state.h"

namespace sim {

// What a reduction needs besides the arrays.
struct MetricFrame {
  Vec3 gravity;          // g times Settings::gravity_scale [m/s²]
  Aabb bounds;           // Model::bounds [m]
  SdfCollider collider;  // its φ on the same side as the arrays
  Real h;                // Δt_s of the last substep, which set the multipliers [s]
};

// One constraint's share: elastic energy from λ, violation ½C²/α, and its Eq. 2 residual |C + α̃λ|.
SIM_HD ConstraintSums constraint_terms(double C, double alpha, double lambda, double h, int kind) {
  ConstraintSums s;
  const double h2 = h * h;
  if (alpha > 0.0 && h2 > 0.0) s.elastic = 0.5 * alpha * (lambda / h2) * (lambda / h2);
  if (alpha > 0.0) s.violation = 0.5 * C * C / alpha;
  const double r = fabs(C + (h2 > 0.0 ? alpha / h2 : 0.0) * lambda);
  s.residual_sq = r * r;
  s.max_residual[kind] = r;
  s.count = 1;
  return s;
}

// Particle i: kinetic and gravitational energy, penetration, and whether it makes the state unfit.
struct MeasureParticle {
  const Vec3* x;
  const Vec3* v;
  const Real* w;
  const Real* radius;
  MetricFrame frame;
  SIM_HD ParticleSums operator()(int i) const {
    ParticleSums s;
    const Vec3 xi = x[i], vi = v[i];
    s.bad_reason = !is_finite(xi)               ? kNonFinitePosition
                   : !is_finite(vi)             ? kNonFiniteVelocity
                   : !frame.bounds.contains(xi) ? kOutOfBounds
                                                : kFinite;
    if (s.bad_reason != kFinite) {
      s.bad = i;
      return s;
    }
    if (frame.collider.enabled) s.deepest = fmax(0.0, double(radius[i] - frame.collider.sample(xi).phi));
    if (w[i] != 0.0) {  // pinned particles carry no energy
      const double mass = 1.0 / double(w[i]);
      s.kinetic = 0.5 * mass * double(length_squared(vi));
      s.gravitational = -mass * double(dot(frame.gravity, xi));
    }
    return s;
  }
};

// Distance constraint k: its energies and residual, its pull past L, a stretch edge's strain and the
// penetration of its midpoint (which touches the collider too, solver/contact_stages.h).
struct MeasureDistance {
  const Int2* particles;
  const Real* rest_length;
  const Real* compliance;
  const DistanceKind* kind;
  const Real* lambda;
  const Vec3* x;
  const Real* radius;
  MetricFrame frame;
  SIM_HD ConstraintSums operator()(int k) const {
    const Int2 p = particles[k];
    const double L = rest_length[k];
    const double C = distance_eval(x[p.a], x[p.b], rest_length[k]).C;
    ConstraintSums s = constraint_terms(C, compliance[k], lambda[k], frame.h, int(kind[k]));
    s.max_extension = fmax(C, 0.0);
    if (kind[k] != DistanceKind::Stretch) return s;
    if (L > 0.0) {
      s.stretch_sum = s.stretch_max = fmax(C / L, 0.0);
      s.stretch_edges = 1;
    }
    if (frame.collider.enabled) {
      s.deepest =
          fmax(0.0, double(edge_radius(radius, p)) - double(frame.collider.sample(edge_midpoint(x, p)).phi));
    }
    return s;
  }
};

// Attachment t: C = |x − p|, a pull in any direction.
struct MeasureAttachment {
  const int* particle;
  const Real* compliance;
  const Real* lambda;
  const Vec3* target;
  const Vec3* x;
  Real h;
  SIM_HD ConstraintSums operator()(int t) const {
    const double C = length(x[particle[t]] - target[t]);
    ConstraintSums s = constraint_terms(C, compliance[t], lambda[t], h, kAttachmentResidual);
    s.max_extension = C;
    return s;
  }
};

// Index i runs over the particles, then the distance constraints, then the attachments.
struct MeasureFrame {
  MeasureParticle particle;
  MeasureDistance distance;
  MeasureAttachment attachment;
  int particles, distances;
  SIM_HD FrameSums operator()(int i) const {
    FrameSums s;
    if (i < particles)
      s.particles = particle(i);
    else if (i < particles + distances)
      s.constraints = distance(i - particles);
    else
      s.constraints = attachment(i - particles - distances);
    return s;
  }
};

// ModelA and StateA: ModelArrays and StateArrays over Exec's buffers.
template <class Exec, class ModelA, class StateA>
MeasuredSums reduce_metrics(const ModelA& model, const StateA& state, const MetricFrame& frame,
                            const std::vector<Probe>& probes,
                            typename Exec::template Buffer<unsigned char>& scratch) {
  const int particles = int(Exec::size(model.particle_inv_mass));
  const int distances = int(Exec::size(model.distance_rest_length));
  const int attachments = int(Exec::size(model.attachment_particle));
  const Vec3* x = Exec::data(state.particle_x);
  const Real* radius = Exec::data(model.particle_radius);
  const MeasureFrame term{
      {x, Exec::data(state.particle_v), Exec::data(model.particle_inv_mass), radius, frame},
      {Exec::data(model.distance_particles), Exec::data(model.distance_rest_length),
       Exec::data(model.distance_compliance), Exec::data(model.distance_kind),
       Exec::data(state.distance_lambda), x, radius, frame},
      {Exec::data(model.attachment_particle), Exec::data(model.attachment_compliance),
       Exec::data(state.attachment_lambda), Exec::data(state.attachment_target), x, frame.h},
      particles,
      distances};
  const FrameSums sums = Exec::template reduce<FrameSums>(particles + distances + attachments, term, scratch);
  MeasuredSums m{sums.particles, sums.constraints, {}, {}};
  for (const Probe& probe : probes)
    m.probe_lambda.push_back(double(Exec::read(state.distance_lambda, size_t(probe.distance_index))));
  if (m.particles.bad_reason != kFinite) m.bad_x = Exec::read(state.particle_x, size_t(m.particles.bad));
  return m;
}

}  // namespace sim
