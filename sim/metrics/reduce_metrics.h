// The frame metrics of metrics/metrics.h as reductions over particles and the constraints of every
// family (each family's measure_term, families/family.h), written once and run by either backend's
// Exec::reduce: the solver reduces its own arrays (host or device) and only MeasuredSums reaches the host;
// the host-side measure() reduces a State.
#pragma once

#include <cmath>
#include <vector>

#include "constraints/particle_contact.h"
#include "metrics/metric_sums.h"
#include "metrics/metric_terms.h"
#include "model/model.h"
#include "model/state.h"

namespace sim {

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
    if (frame.collider.enabled)
      s.deepest = max_number(0.0, double(radius[i] - frame.collider.sample(xi).phi));
    if (w[i] != 0.0) {  // pinned particles carry no energy
      const double mass = 1.0 / double(w[i]);
      s.kinetic = 0.5 * mass * double(length_squared(vi));
      s.gravitational = -mass * double(dot(frame.gravity, xi));
    }
    return s;
  }
};

// Tracked particle t (Model::tracked_particles): its displacement from rest.
struct MeasureTracked {
  const int* particle;
  const Vec3* x;
  const Vec3* rest_x;
  SIM_HD ParticleSums operator()(int t) const {
    ParticleSums s;
    s.tracked_displacement = x[particle[t]] - rest_x[particle[t]];
    s.tracked = 1;
    return s;
  }
};

// Index i runs over the particles, the tracked particles, then the constraints of every family
// (TermChain).
template <class Constraints>
struct MeasureFrame {
  MeasureParticle particle;
  MeasureTracked tracked;
  Constraints constraints;
  int particles, tracked_count;
  // Adds element i's share to s (backend/reduce_element.h).
  SIM_HD void operator()(int i, FrameSums& s) const {
    if (i < particles)
      s.particles = ParticleSums::combine(s.particles, particle(i));
    else if (i < particles + tracked_count)
      s.particles = ParticleSums::combine(s.particles, tracked(i - particles));
    else
      constraints(i - particles - tracked_count, s.constraints);
  }
};

// ModelA and StateA: ModelArrays and StateArrays over Exec's buffers.
template <class Exec, class ModelA, class StateA>
MeasuredSums reduce_metrics(const ModelA& model, const StateA& state, const MetricFrame& frame,
                            const std::vector<Probe>& probes, int tracked_body,
                            typename Exec::template Buffer<unsigned char>& scratch) {
  const int particles = int(Exec::size(model.particle_inv_mass));
  const int tracked = int(Exec::size(model.tracked_particles));
  const auto constraints = Families::measure_terms<Exec>(model, state, frame);
  const Vec3* x = Exec::data(state.particle_x);
  const MeasureFrame<decltype(constraints)> term{
      {x, Exec::data(state.particle_v), Exec::data(model.particle_inv_mass),
       Exec::data(model.particle_radius), frame},
      {Exec::data(model.tracked_particles), x, Exec::data(model.particle_rest_x)},
      constraints,
      particles,
      tracked};
  const FrameSums sums =
      Exec::template reduce<FrameSums>(particles + tracked + constraints.count, term, scratch);
  MeasuredSums m{sums.particles, sums.constraints, {}, {}};
  for (const Probe& probe :
       probes) {  // a joint's as −|λ| of its positional block: tension positive, as a distance constraint's
    if (probe.joint_index >= 0) {
      const JointLambda joint = Exec::read(state.joint.lambda, size_t(probe.joint_index));
      m.probe_lambda.push_back(-double(length(joint.force)));
      m.probe_torque.push_back(double(length(joint.torque)));
    } else {
      m.probe_lambda.push_back(double(Exec::read(state.distance.lambda, size_t(probe.distance_index))));
      m.probe_torque.push_back(0.0);
    }
  }
  if (tracked_body >= 0) m.tracked_body_x = Exec::read(state.body.x, size_t(tracked_body));
  if (m.particles.bad_reason != kFinite) m.bad_x = Exec::read(state.particle_x, size_t(m.particles.bad));
  else if (m.constraints.body_bad_reason != kFinite)
    m.bad_x = Exec::read(state.body.x, size_t(m.constraints.body_bad));
  return m;
}

}  // namespace sim
