// The rigid family's contact kinds (families/rigid/contact_kinds.h) in its solver: what they share — the
// scene's contact settings, each body's reach over the detection step and one hash grid over the bodies,
// its cells as large as the largest kind asks — and each kind's hooks in registration order, at the rigid
// family's places in Small Steps Algorithm 1 (families/rigid/rigid_stages.h):
//   detect         the bodies' reach (detect/body_detection.h), the grid, then each kind's narrow phase;
//   begin_substep  each kind's λ = 0, Eq. 10's allowance, the points' start and v̄_n, before the bodies'
//                  prediction;
//   project        each kind's projections, after the joints;
//   end_substep    each kind's velocity pass, after the joints' damping.
// Where a host body stepper moved the bodies, the kinds it solves as rows (kStepperRows) sit those out and
// the others run with the bodies held.
#pragma once

#include <array>
#include <tuple>

#include "detect/body_detection.h"
#include "detect/hash_grid_builder.h"
#include "families/rigid/body_ends.h"
#include "families/rigid/contact_kinds.h"

namespace sim {
inline namespace SIM_PRECISION {

template <class Core>
class ContactSet {
 public:
  using Exec = typename Core::Exec;
  using Substep = typename Core::Substep;
  using HostModel = typename Core::HostModel;
  using Kinds = RigidContactKinds;
  static constexpr int kKinds = int(Kinds::kCount);

  void upload(Core& core, const HostModel& m) {
    settings_ = m.body_contact;
    bodies_ = settings_.enabled ? int(m.body.inv_mass.size()) : 0;
    Exec::resize(reach_, size_t(bodies_));
    grid_.reserve(size_t(bodies_));
    each([&](auto& kind) { kind.upload(core, m, bodies_); });
  }
  void state_uploaded() {
    each([](auto& kind) { kind.state_uploaded(); });
  }

  // The bodies' reach over dt and the grid of cells that hold what every kind needs (plus the margin), then
  // each kind's pairs.
  void detect(Core& core, Vec3 gravity, Real dt) {
    if (bodies_ == 0) return;
    auto& m = core.model;
    auto& b = core.state.body;
    Real* reach = Exec::data(reach_);
    const LargestReach largest = Exec::template reduce<LargestReach>(
        bodies_,
        BodyReach{Exec::data(b.x), Exec::data(b.v), Exec::data(b.omega), Exec::data(m.body.inv_mass),
                  Exec::data(m.body.shape), Exec::data(m.body.size), gravity, dt, reach},
        scratch_);
    ++core.launches;
    Real cell = 0.0;
    bool first = true;
    each([&](auto& kind) {
      const Real need = kind.cell_size(core, largest.value, gravity, dt);
      cell = first ? need : max_number(cell, need);
      first = false;
    });
    grid_.build(core, Exec::data(b.x), bodies_, cell + settings_.margin);
    const bool joints = Exec::size(m.joint.incidence_offsets) > 0;
    const DetectionBodies bodies{Exec::data(b.x),
                                 Exec::data(b.q),
                                 Exec::data(m.body.inv_mass),
                                 Exec::data(m.body.inv_inertia),
                                 Exec::data(m.body.shape),
                                 Exec::data(m.body.size),
                                 Exec::data(m.body.material),
                                 reach,
                                 joints ? Exec::data(m.joint.ends) : nullptr,
                                 joints ? Exec::data(m.joint.incidence_offsets) : nullptr,
                                 joints ? Exec::data(m.joint.incidence_slots) : nullptr};
    each([&](auto& kind) { kind.detect(core, grid_.view(), bodies, gravity, dt, settings_.margin); });
  }

  // Before the bodies' prediction: it reads the poses and velocities of the substep's start.
  void begin_substep(Core& core, const Substep& sub) {
    if (bodies_ == 0) return;
    auto& b = core.state.body;
    const auto& m = core.model;
    const BeginContactSubstep begin{nullptr,
                                    {Exec::data(b.x), Exec::data(b.q), Exec::data(m.body.inv_mass),
                                     Exec::data(m.body.inv_inertia), core.xn(), core.w()},
                                    end_velocities<Exec>(core),
                                    settings_.max_depenetration_speed,
                                    sub.h};
    each([&](auto& kind) { kind.begin_substep(core, begin); });
  }

  // host_stepped: a host body stepper moved the bodies this substep (poses: the bodies held).
  void project(Core& core, const Substep& sub, const EndRefs& poses, bool host_stepped) {
    each([&](auto& kind) {
      if (!(host_stepped && kind.kStepperRows)) kind.project(core, sub, poses);
    });
  }
  void velocity_pass(Core& core, const Substep& sub, const EndRefs& poses, Real g, bool host_stepped) {
    each([&](auto& kind) {
      if (!(host_stepped && kind.kStepperRows)) kind.velocity_pass(core, sub, poses, g);
    });
  }

  // After a substep's iterations: each kind's λ_n added to the frame's sums.
  void add_multipliers(Core& core, const Substep& sub) {
    each([&](auto& kind) { kind.add_multipliers(core, sub); });
  }
  // Each kind's pairs of each body with the frame's sums (families/rigid/body_stiffness.h).
  std::array<BodyPairLists, kKinds> pair_lists(Core& core, Real inv_h2) {
    std::array<BodyPairLists, kKinds> lists{};
    size_t k = 0;
    each([&](auto& kind) { lists[k++] = kind.pair_lists(core, inv_h2); });
    return lists;
  }
  void add_frame_stats(typename Kinds::Sums& sums) const {
    for_each_family_sums(kinds_, sums, [](const auto& kind, ContactSums& s) { kind.add_frame_stats(s); });
  }

 private:
  template <class Fn>
  void each(Fn&& fn) {
    for_each_family(kinds_, fn);
  }

  BodyContactSettings settings_;
  int bodies_ = 0;  // 0 when contacts are off
  HashGrid<Exec> grid_;
  typename Exec::template Buffer<Real> reach_;  // [m]
  typename Exec::template Buffer<unsigned char> scratch_;
  typename Kinds::template Stages<Core> kinds_;
};

}  // namespace SIM_PRECISION
}  // namespace sim
