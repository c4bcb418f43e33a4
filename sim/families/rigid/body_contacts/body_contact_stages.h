// The bodies' contacts with each other and with the world's planes in the solver (constraints/body_contact.h,
// Müller et al. 2020 §3.5), a contact kind the rigid family runs (families/rigid/contact_set.h) at its places
// in Small Steps Algorithm 1:
//   detect         the narrow phase on the backend over the bodies' grid (detect/body_detection.h), then on
//                  the host the found pairs in a fixed order, coloured over their ends (no two pairs of a
//                  colour share a body or a particle) with each end's slot list for the Jacobi gather, given
//                  the static-friction anchors of the pairs found again
//                  (families/rigid/body_contacts/contact_anchors.h), and sent back as
//                  state.body_contact.pairs (the one host round trip of a detection);
//   begin_substep  λ = 0, Eq. 10's allowance, the points' start and v̄_n, before the bodies' prediction;
//   project        every iteration after the joints: Gauss-Seidel colour by colour, or Jacobi with each end's
//                  inverse masses split n/ω ways and the corrections gathered per end;
//   end_substep    the velocity pass (dynamic friction, restitution) colour by colour, after the joints'.
// A host body stepper (families/rigid/steppers/body_stepper.h) solves these pairs as rows in their place.
#pragma once

#include <algorithm>
#include <vector>

#include "detect/body_detection.h"
#include "families/rigid/body_contacts/contact_anchors.h"
#include "families/rigid/body_ends.h"
#include "families/rigid/contact_metrics.h"
#include "families/rigid/pair_multipliers.h"
#include "model/colouring.h"
#include "model/incidence.h"
#include "settings/settings.h"

namespace sim {
inline namespace SIM_PRECISION {

// Gauss-Seidel: pair first + i of one colour.
struct ProjectContactColour {
  ContactPair* pairs;
  EndRefs poses;
  int first;
  SIM_HD void operator()(int i) const {
    ContactPair& c = pairs[first + i];
    BodyPose a = poses.load(c.ends.a), b = poses.load(c.ends.b);
    project_contact_pair(c, a, b, 1.0, 1.0);
    poses.store(c.ends.a, a);
    poses.store(c.ends.b, b);
  }
};

// Jacobi: pair c projected on copies of its ends, each end's inverse masses split n/ω ways (n: the pairs at
// that end), its corrections written to slots 2c, 2c + 1 (GatherPoseCorrections moves the ends).
struct ProjectContactJacobi {
  ContactPair* pairs;
  EndRefs poses;
  JacobiSplit split;  // over the pairs' incidence
  PoseCorrection* slots;
  SIM_HD void operator()(int c) const {
    ContactPair& p = pairs[c];
    const BodyPose a0 = poses.load(p.ends.a), b0 = poses.load(p.ends.b);
    BodyPose a = a0, b = b0;
    project_contact_pair(p, a, b, split(p.ends.a), split(p.ends.b));
    slots[2 * c] = pose_change(a0, a);
    slots[2 * c + 1] = pose_change(b0, b);
  }
};

// The velocity pass of pair first + i of one colour over its points that pushed this substep.
struct ContactVelocityColour {
  ContactPair* pairs;
  EndRefs poses;
  EndVelocities vel;
  Real g;  // |gravity| [m/s²]
  Real h;  // [s]
  int first;
  SIM_HD void operator()(int i) const {
    ContactPair& c = pairs[first + i];
    const BodyPose a = poses.load(c.ends.a), b = poses.load(c.ends.b);
    Vec3 va, wa, vb, wb;
    vel.load(c.ends.a, va, wa);
    vel.load(c.ends.b, vb, wb);
    const int touching = contact_velocity_pass(c, a, b, va, wa, vb, wb, g, h);
    c.touching = touching;
    vel.store(c.ends.a, va, wa);
    vel.store(c.ends.b, vb, wb);
  }
};

template <class Core>
class BodyContacts {
 public:
  using Exec = typename Core::Exec;
  using Substep = typename Core::Substep;
  using HostModel = typename Core::HostModel;
  // A host body stepper solves the pairs as rows (RigidHostView::pair): project and the velocity pass are
  // then its.
  static constexpr bool kStepperRows = true;

  // bodies: those the contacts see (0 when they are off).
  void upload(Core& core, const HostModel& m, int bodies) {
    planes_ = contact_planes(m.ground, m.container);
    plane_material_ = {m.ground.material.mu_static, m.ground.material.mu_dynamic, 0.0};
    bodies_ = bodies;
    Exec::resize(found_, size_t(bodies_) * kBodyContactSlots);
    Exec::resize(count_, size_t(bodies_));
    Exec::resize(core.state.body_contact.pairs, 0);
    colours_.clear();
  }
  void state_uploaded() {}

  // The grid's cells must hold two bodies' reach (largest: the largest body's over the frame) [m].
  Real cell_size(Core&, Real largest, Vec3, Real) { return 2.0 * largest; }

  // The narrow phase over the bodies' grid, then the pairs ordered on the host.
  void detect(Core& core, const HashGridView& grid, const DetectionBodies& bodies, Vec3, Real, Real margin) {
    core.launch(bodies_, FindBodyContacts{grid, bodies, planes_, plane_material_, margin, Exec::data(found_),
                                          Exec::data(count_)});
    order_pairs(core);
  }

  void begin_substep(Core& core, const BeginContactSubstep& begin) {
    BeginContactSubstep b = begin;
    b.pairs = Exec::data(core.state.body_contact.pairs);
    core.launch(pair_count(core), b);
  }

  // Gauss-Seidel colour by colour, or Jacobi.
  void project(Core& core, const Substep& sub, const EndRefs& poses) {
    const int n = pair_count(core);
    if (n == 0) return;
    ContactPair* pairs = Exec::data(core.state.body_contact.pairs);
    if (sub.settings.order == SolverOrder::GaussSeidel) {
      sweep(core, [&](int c) { return ProjectContactColour{pairs, poses, colours_[size_t(c)]}; });
      return;
    }
    const int* offsets = Exec::data(incidence_offsets_);
    const int* slot_of = Exec::data(incidence_slots_);
    Exec::resize(slots_, size_t(2 * n));
    PoseCorrection* slots = Exec::data(slots_);
    core.launch(
        n, ProjectContactJacobi{pairs, poses, {offsets, bodies_, Real(sub.settings.jacobi_omega)}, slots});
    core.launch(bodies_, GatherPoseCorrections{offsets, slot_of, slots, poses.body_x, poses.body_q, 0});
  }

  void velocity_pass(Core& core, const Substep& sub, const EndRefs& poses, Real g) {
    ContactPair* pairs = Exec::data(core.state.body_contact.pairs);
    sweep(core, [&](int c) {
      return ContactVelocityColour{pairs, poses, end_velocities<Exec>(core), g, sub.h, colours_[size_t(c)]};
    });
  }

  // After a substep's iterations: its λ_n added to the frame's sums (families/common/frame_multipliers.h).
  void add_multipliers(Core& core, const Substep& sub) {
    frame_lambda_.add(core, sub, core.state.body_contact.pairs);
  }

  // The last detection's pairs of each body (families/rigid/body_stiffness.h).
  BodyPairLists pair_lists(Core& core, Real inv_h2) {
    const bool listed = bodies_ > 0 && Exec::size(incidence_offsets_) == size_t(bodies_) + 1;
    return frame_lambda_.lists(core.state.body_contact.pairs,
                               listed ? Exec::data(incidence_offsets_) : nullptr,
                               listed ? Exec::data(incidence_slots_) : nullptr, true, inv_h2);
  }

  // The pairs found beyond a body's kBodyContactSlots at the last detection (dropped).
  void add_frame_stats(ContactSums& sums) const { sums.dropped = dropped_; }

 private:
  int pair_count(Core& core) const { return int(Exec::size(core.state.body_contact.pairs)); }

  // Gauss-Seidel over the pairs' colours: pass(c) the functor over colour c (Core::sweep).
  template <class ColourPass>
  void sweep(Core& core, const ColourPass& pass) {
    const int colours = std::max(0, int(colours_.size()) - 1);
    core.sweep(
        colours, [&](int c) { return colours_[size_t(c) + 1] - colours_[size_t(c)]; }, pass);
  }

  // The found pairs body by body, slot by slot; coloured over the bodies (first fit, in that order) and
  // sorted by colour; each body's slot list for the Jacobi gather.
  void order_pairs(Core& core) {
    Exec::download(host_count_, count_);
    Exec::download(host_found_, found_);
    Exec::download(host_previous_, core.state.body_contact.pairs);
    host_pairs_.clear();
    dropped_ = 0;
    for (int i = 0; i < bodies_; ++i) {
      const int n = host_count_[size_t(i)];
      dropped_ += std::max(n - kBodyContactSlots, 0);
      for (int s = 0; s < std::min(n, kBodyContactSlots); ++s)
        host_pairs_.push_back(host_found_[size_t(i) * kBodyContactSlots + size_t(s)]);
    }
    carry_contact_anchors(host_pairs_, host_previous_);
    std::vector<Int2> nodes(host_pairs_.size());
    for (size_t c = 0; c < host_pairs_.size(); ++c)
      nodes[c] = {end_node(host_pairs_[c].ends.a, bodies_), end_node(host_pairs_[c].ends.b, bodies_)};
    const Colouring colouring = colour_pairs(nodes, bodies_);
    colours_ = colouring.offsets;
    std::vector<ContactPair> sorted(host_pairs_.size());
    std::vector<Int2> sorted_nodes(nodes.size());
    for (size_t k = 0; k < colouring.order.size(); ++k) {
      sorted[k] = host_pairs_[size_t(colouring.order[k])];
      sorted_nodes[k] = nodes[size_t(colouring.order[k])];
    }
    const Incidence incidence = pair_incidence(sorted_nodes, bodies_);
    Exec::upload(core.state.body_contact.pairs, sorted);
    Exec::upload(incidence_offsets_, incidence.offsets);
    Exec::upload(incidence_slots_, incidence.slots);
  }

  template <class T>
  using Buffer = typename Exec::template Buffer<T>;
  ContactPlanes planes_;
  SurfaceMaterial plane_material_;
  int bodies_ = 0;             // 0 when contacts are off
  Buffer<ContactPair> found_;  // kBodyContactSlots per body
  Buffer<int> count_;
  Buffer<int> incidence_offsets_, incidence_slots_;
  Buffer<PoseCorrection> slots_;
  std::vector<int> colours_;  // colour c owns pairs [colours_[c], colours_[c+1])
  std::vector<int> host_count_;
  std::vector<ContactPair> host_found_, host_pairs_, host_previous_;
  int dropped_ = 0;
  PairMultipliers<Core> frame_lambda_;  // λ_n of each pair's points over the frame
};

}  // namespace SIM_PRECISION
}  // namespace sim
