// What a constraint family is: the pieces the Model, the State, the metrics and XpbdSolver take from it.
// A family (distance constraints, tetrahedra, contacts against the ground, ...) is a struct that names
//   ModelPart<Array>  its Model arrays as one member (model.distance.rest_length), with fields();
//   StatePart<Array>  its State arrays (state.distance.lambda), with fields();
//   Stages<Exec>      its solver part (families/<name>_stages.h): the hooks of FamilyHooks below, called
//                     by XpbdSolver<Exec>::step at their places in Small Steps Algorithm 1;
//   measure_term<Exec>(model, state, frame)  a SIM_HD functor over its constraints giving ConstraintSums
//                     (metrics/reduce_metrics.h), or NoTerms;
// and registers itself in families/family_list.h. docs/ARCHITECTURE.md, "Adding a constraint family".
#pragma once

#include <tuple>
#include <type_traits>

#include "core/hd.h"
#include "metrics/metric_sums.h"

namespace sim {

// The model or state part of a family without arrays of its own; Owner makes each one a distinct base.
template <class Owner>
struct NoArrays {
  std::tuple<> fields() const { return {}; }
};

// The metric term of a family whose constraints report nothing (contacts: their depth is measured per
// particle).
struct NoTerms {
  int count = 0;
  SIM_HD void operator()(int, ConstraintSums&) const {}
};

// The measure_term of a family without one.
struct NoMeasureTerm {
  template <class Exec, class ModelA, class StateA, class Frame>
  static NoTerms measure_term(const ModelA&, const StateA&, const Frame&) {
    return {};
  }
};

// Terms of several families as one index range: [0, head.count) is the head's, the rest the tail's.
template <class... Terms>
struct TermChain;

template <>
struct TermChain<> {
  int count = 0;
  SIM_HD void operator()(int, ConstraintSums&) const {}
};

template <class Head, class... Tail>
struct TermChain<Head, Tail...> {
  Head head;
  TermChain<Tail...> tail;
  int count;
  TermChain(const Head& h, const Tail&... t) : head(h), tail{t...}, count(h.count + tail.count) {}
  // Adds constraint i's share to s.
  SIM_HD void operator()(int i, ConstraintSums& s) const {
    if (i < head.count)
      head(i, s);
    else
      tail(i - head.count, s);
  }
};

// The registered families in projection order; ModelArrays and StateArrays inherit their parts, and
// XpbdSolver holds one Stages<Exec> of each.
template <class... F>
struct FamilyList {
  template <template <class> class Array>
  struct ModelParts : F::template ModelPart<Array>... {
    template <class Self>
    static auto tie_parts(Self& self) {
      return std::tuple_cat(
          static_cast<match_const_t<Self, typename F::template ModelPart<Array>>&>(self).fields()...);
    }
  };
  template <template <class> class Array>
  struct StateParts : F::template StatePart<Array>... {
    template <class Self>
    static auto tie_parts(Self& self) {
      return std::tuple_cat(
          static_cast<match_const_t<Self, typename F::template StatePart<Array>>&>(self).fields()...);
    }
  };
  template <class Exec>
  using Stages = std::tuple<typename F::template Stages<Exec>...>;

  // The metric terms of every family over the arrays model and state, chained into one range.
  template <class Exec, class ModelA, class StateA, class Frame>
  static auto measure_terms(const ModelA& model, const StateA& state, const Frame& frame) {
    return TermChain<decltype(F::template measure_term<Exec>(model, state, frame))...>(
        F::template measure_term<Exec>(model, state, frame)...);
  }

 private:
  template <class Self, class Part>
  using match_const_t = std::conditional_t<std::is_const<Self>::value, const Part, Part>;
};

// Calls f(stages) for every family's Stages in list order.
template <class Tuple, class Fn>
void for_each_family(Tuple& stages, Fn&& f) {
  std::apply([&](auto&... each) { (f(each), ...); }, stages);
}

// The hooks of a family's Stages<Exec>, with nothing to do by default. Core: SolverCore<Exec>
// (solver/solver_core.h), the arrays every family shares; Sub: the substep (h, the frame fraction).
struct FamilyHooks {
  // The Model was uploaded into core: read its host-side settings, size the family's own buffers.
  template <class Core, class HostModel>
  void upload(Core&, const HostModel&) {}
  // A State was uploaded into core.
  template <class Core>
  void state_uploaded(Core&) {}
  // Algorithm 1 line 1 (§4.2): find this frame's contacts along x + dt v + dt² g.
  template <class Core>
  void detect(Core&, Vec3 /*gravity*/, Real /*dt*/) {}
  // The start of a substep, after the prediction: reset the multipliers (line 5's λ = 0).
  template <class Core, class Sub>
  void begin_substep(Core&, const Sub&) {}
  // One solver iteration (lines 6-9): project every constraint of the family once.
  template <class Core, class Sub>
  void project(Core&, const Sub&) {}
  // After the iterations of a substep (line 9), before the velocity update.
  template <class Core, class Sub>
  void end_iterations(Core&, const Sub&) {}
  // After the velocity update (line 11).
  template <class Core, class Sub>
  void end_substep(Core&, const Sub&) {}
  // Whether end_substep reads or writes particles' x or v: where none does, the solver runs one substep's
  // velocity update and the next one's prediction as one pass (solver/stages.h, UpdateVelocityPredict).
  bool particles_after_velocity_update() const { return false; }
  // After the frame's last substep.
  template <class Core>
  void end_frame(Core&) {}
  // Adaptive substepping (solver/stability.h): add the geometric stiffness of the family's constraints
  // from the frame's mean forces (its multipliers summed over the substeps in end_iterations,
  // families/frame_multipliers.h; pass.inv_h2 = 1/Δt_s²) to each degree of freedom's column,
  // pass.particle[i] or pass.body[b], each particle or body adding its own (no two threads write one entry).
  // A family whose constraints have none adds nothing.
  template <class Core, class Pass>
  void add_stiffness(Core&, const Pass&) {}
  // Force-based integrators (solver/newton_pcg.h): a family with an elastic energy (kElastic) adds its
  // gradient, stiffness product or stiffness diagonal at the current x to pass.out; a family without one
  // (contacts) is projected once after the solve instead.
  static constexpr bool kElastic = false;
  template <class Core, class Pass>
  void add_energy(Core&, const Pass&) {}
};

}  // namespace sim
