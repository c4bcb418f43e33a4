// A frame's metric sums as one reduction over the particles, the tracked particles and the constraints of
// every registered family (each family's measure_term, families/family.h), written once and run by either
// backend's Exec::reduce: a solver reduces its own arrays (host or device) and only these sums reach the
// host; registry/frame_metrics.h turns them into FrameMetrics. FamilyList is families/family_set.h's set.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/position.h"
#include "metrics/common_metrics.h"
#include "metrics/metric_sums.h"
#include "metrics/metric_terms.h"
#include "model/particles.h"

namespace sim {
inline namespace SIM_PRECISION {

// Sums of several families side by side, combined member by member.
template <class... S>
struct SumsTuple;

template <>
struct SumsTuple<> {
  SIM_HD static SumsTuple combine(const SumsTuple&, const SumsTuple&) { return {}; }
};

template <class Head, class... Tail>
struct SumsTuple<Head, Tail...> {
  Head head{};
  SumsTuple<Tail...> tail{};
  SIM_HD static SumsTuple combine(const SumsTuple& a, const SumsTuple& b) {
    SumsTuple s;
    s.head = Head::combine(a.head, b.head);
    s.tail = SumsTuple<Tail...>::combine(a.tail, b.tail);
    return s;
  }
};

template <size_t I, class Head, class... Tail>
SIM_HD auto& sums_get(SumsTuple<Head, Tail...>& t) {
  if constexpr (I == 0)
    return t.head;
  else
    return sums_get<I - 1>(t.tail);
}
template <size_t I, class Head, class... Tail>
SIM_HD const auto& sums_get(const SumsTuple<Head, Tail...>& t) {
  if constexpr (I == 0)
    return t.head;
  else
    return sums_get<I - 1>(t.tail);
}

// Terms of several families as one index range: [0, head.count) is the head's, adding into slot I of the
// families' sums, the rest the tail's.
template <size_t I, class... Terms>
struct TermChain;

template <size_t I>
struct TermChain<I> {
  int count = 0;
  template <class FamilySums>
  SIM_HD void operator()(int, ConstraintSums&, FamilySums&) const {}
};

template <size_t I, class Head, class... Tail>
struct TermChain<I, Head, Tail...> {
  Head head;
  TermChain<I + 1, Tail...> tail;
  int count;
  explicit TermChain(const Head& h, const Tail&... t) : head(h), tail(t...), count(h.count + tail.count) {}
  template <class FamilySums>
  SIM_HD void operator()(int i, ConstraintSums& common, FamilySums& own) const {
    if (i < head.count)
      head(i, common, sums_get<I>(own));
    else
      tail(i - head.count, common, own);
  }
};

template <class... Terms>
TermChain<0, Terms...> chain_terms(const Terms&... terms) {
  return TermChain<0, Terms...>(terms...);
}

// Particles, what every family adds into, and each family's own, in one reduction: one copy back per frame.
template <class FamilySums>
struct FrameSums {
  ParticleSums particles;
  ConstraintSums constraints;
  FamilySums families;

  SIM_HD static FrameSums combine(const FrameSums& a, const FrameSums& b) {
    return {ParticleSums::combine(a.particles, b.particles),
            ConstraintSums::combine(a.constraints, b.constraints),
            FamilySums::combine(a.families, b.families)};
  }
};

// A frame's reductions as they reach the host.
template <class FamilySums>
struct MeasuredSumsOf {
  ParticleSums particles;
  ConstraintSums constraints;
  FamilySums families;
  std::vector<double> probe_lambda;  // λ of each Model::probes entry [N·s²]
  std::vector<double> probe_torque;  // a torque probe's |λ| of its angular block [N·m·s²]; 0 otherwise
  std::optional<Divergence> divergence;  // the first item (a particle's before a family's) unfit to continue
};

// Particle i: kinetic and gravitational energy, and whether it makes the state unfit.
struct MeasureParticle {
  const Position* x;
  const Vec3* v;
  const Real* w;
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
    if (w[i] != 0.0) {  // pinned particles carry no energy
      const double mass = 1.0 / double(w[i]);
      s.kinetic = 0.5 * mass * double(length_squared(vi));
      s.gravitational = -mass * double(dot(frame.gravity, xi));
    }
    return s;
  }
};

// Tracked particle t (ParticleArrays::tracked_particles): its displacement from rest.
struct MeasureTracked {
  const int* particle;
  const Position* x;
  const Vec3* rest_x;
  SIM_HD ParticleSums operator()(int t) const {
    ParticleSums s;
    s.tracked_displacement = x[particle[t]] - rest_x[particle[t]];
    s.tracked = 1;
    return s;
  }
};

// Index i runs over the particles, the tracked particles, then the constraints of every family.
template <class Constraints, class FamilySums>
struct MeasureFrame {
  MeasureParticle particle;
  MeasureTracked tracked;
  Constraints constraints;
  int particles, tracked_count;
  // Adds element i's share to s (exec/reduce_element.h).
  SIM_HD void operator()(int i, FrameSums<FamilySums>& s) const {
    if (i < particles)
      s.particles = ParticleSums::combine(s.particles, particle(i));
    else if (i < particles + tracked_count)
      s.particles = ParticleSums::combine(s.particles, tracked(i - particles));
    else
      constraints(i - particles - tracked_count, s.constraints, s.families);
  }
};

// ModelA and StateA: ModelArrays and StateArrays over Exec's buffers.
template <class Exec, class FamilyList, class ModelA, class StateA>
MeasuredSumsOf<typename FamilyList::Sums> measure_frame(
    const ModelA& model, const StateA& state, const MetricFrame& frame, const std::vector<Probe>& probes,
    typename Exec::template Buffer<unsigned char>& scratch) {
  using FamilySums = typename FamilyList::Sums;
  const int particles = int(Exec::size(model.particle_inv_mass));
  const int tracked = int(Exec::size(model.tracked_particles));
  const auto constraints = FamilyList::template measure_terms<Exec>(model, state, frame);
  const Position* x = Exec::data(state.particle_x);
  const MeasureFrame<decltype(constraints), FamilySums> term{
      {x, Exec::data(state.particle_v), Exec::data(model.particle_inv_mass), frame},
      {Exec::data(model.tracked_particles), x, Exec::data(model.particle_rest_x)},
      constraints,
      particles,
      tracked};
  const FrameSums<FamilySums> sums =
      Exec::template reduce<FrameSums<FamilySums>>(particles + tracked + constraints.count, term, scratch);
  MeasuredSumsOf<FamilySums> m{sums.particles, sums.constraints, sums.families, {}, {}, std::nullopt};
  FamilyList::template complete<Exec>(m.families, model, state);
  for (const Probe& probe : probes) {
    const auto reading = FamilyList::template probe<Exec>(probe.family, state, probe.index);
    m.probe_lambda.push_back(reading.lambda);
    m.probe_torque.push_back(reading.torque);
  }
  if (m.particles.bad_reason != kFinite)
    m.divergence = Divergence{"particle " + std::to_string(m.particles.bad), m.particles.bad_reason,
                              Exec::read(state.particle_x, size_t(m.particles.bad))};
  else
    m.divergence = FamilyList::divergence(m.families);
  return m;
}

}  // namespace SIM_PRECISION
}  // namespace sim
