// The rigid bodies' contacts in the solver (constraints/body_contact.h, Müller et al. 2020 §3.5), run by
// the rigid family's stages (families/rigid/rigid_stages.h) at their places in Small Steps Algorithm 1:
//   detect         the broad and narrow phase on the backend (detect/body_detection.h), then on the host
//                  the found pairs in a fixed order, coloured over their ends (no two pairs of a colour
//                  share a body or a particle) with each end's slot list for the Jacobi gather, given the
//                  static-friction anchors of the pairs found again (families/rigid/contact_anchors.h), and
//                  sent back as state.contact.pairs (the one host round trip of a detection);
//   begin_substep  λ = 0, Eq. 10's allowance, the points' start and v̄_n, before the bodies' prediction;
//   project        every iteration after the joints: Gauss-Seidel colour by colour, or Jacobi with each end's
//                  inverse masses split n/ω ways and the corrections gathered per end;
//   end_substep    the velocity pass (dynamic friction, restitution) colour by colour, after the joints'.
// Particles against bodies go through the same hooks (families/rigid/particle_body_contact_stages.h), after the
// bodies' own pairs, over the same grid.
#pragma once

#include <algorithm>
#include <vector>

#include "detect/body_detection.h"
#include "detect/hash_grid_builder.h"
#include "families/family.h"
#include "families/rigid/body_ends.h"
#include "families/rigid/body_stiffness.h"
#include "families/rigid/contact_anchors.h"
#include "families/rigid/particle_body_contact_stages.h"
#include "model/colouring.h"
#include "model/incidence.h"
#include "settings/settings.h"

namespace sim {

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

  void upload(Core& core, const HostModel& m) {
    settings_ = m.body_contact;
    planes_ = contact_planes(m.ground, m.container);
    plane_material_ = {m.ground.material.mu_static, m.ground.material.mu_dynamic, 0.0};
    bodies_ = settings_.enabled ? int(m.body.inv_mass.size()) : 0;
    Exec::resize(reach_, size_t(bodies_));
    Exec::resize(found_, size_t(bodies_) * kBodyContactSlots);
    Exec::resize(count_, size_t(bodies_));
    grid_.reserve(size_t(bodies_));
    Exec::resize(core.state.contact.pairs, 0);
    colours_.clear();
    particles_.upload(core, m, bodies_);
  }

  // The broad and narrow phase over the bodies' motion along dt, then the pairs ordered on the host; then
  // the particles' pairs with the bodies, over the same grid, its cells grown to the farthest particle reach.
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
    const Real particle_reach = particles_.largest_reach(core, gravity, dt);
    grid_.build(core, Exec::data(b.x), bodies_,
                max_number(2.0 * largest.value, largest.value + particle_reach) + settings_.margin);
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
    core.launch(bodies_, FindBodyContacts{grid_.view(), bodies, planes_, plane_material_, settings_.margin,
                                          Exec::data(found_), Exec::data(count_)});
    order_pairs(core);
    particles_.detect(core, grid_.view(), bodies, gravity, dt, settings_.margin);
  }

  void begin_substep(Core& core, const Substep& sub) {
    if (bodies_ == 0) return;
    auto& b = core.state.body;
    const auto& m = core.model;
    const BeginContactSubstep begin{Exec::data(core.state.contact.pairs),
                                    {Exec::data(b.x), Exec::data(b.q), Exec::data(m.body.inv_mass),
                                     Exec::data(m.body.inv_inertia), core.xn(), core.w()},
                                    end_velocities<Exec>(core),
                                    settings_.max_depenetration_speed,
                                    sub.h};
    core.launch(pair_count(core), begin);
    particles_.begin_substep(core, begin);
  }

  void project(Core& core, const Substep& sub, const EndRefs& poses) {
    project_bodies(core, sub, poses);
    particles_.project(core, sub, poses);
  }

  // The particles' pairs alone, the bodies already moved by a velocity-level solve (poses: immovable).
  void project_particles(Core& core, const Substep& sub, const EndRefs& poses) {
    particles_.project(core, sub, poses);
  }
  void particle_velocity_pass(Core& core, const Substep& sub, const EndRefs& poses, Real g) {
    particles_.velocity_pass(core, sub, poses, g);
  }

  void velocity_pass(Core& core, const Substep& sub, const EndRefs& poses, Real g) {
    ContactPair* pairs = Exec::data(core.state.contact.pairs);
    sweep(core, [&](int c) {
      return ContactVelocityColour{pairs, poses, end_velocities<Exec>(core), g, sub.h, colours_[size_t(c)]};
    });
    particles_.velocity_pass(core, sub, poses, g);
  }

  void state_uploaded() { particles_.state_uploaded(); }

  // After a substep's iterations: its λ_n added to the frame's sums (families/common/frame_multipliers.h).
  void add_multipliers(Core& core, const Substep& sub) {
    frame_lambda_.add(core, sub, core.state.contact.pairs);
    particles_.add_multipliers(core, sub);
  }

  // The last detection's pairs of each body, with bodies and with particles (families/rigid/body_stiffness.h).
  BodyPairLists body_pair_lists(Core& core, Real inv_h2) {
    const bool listed = bodies_ > 0 && Exec::size(incidence_offsets_) == size_t(bodies_) + 1;
    return frame_lambda_.lists(core.state.contact.pairs, listed ? Exec::data(incidence_offsets_) : nullptr,
                               listed ? Exec::data(incidence_slots_) : nullptr, true, inv_h2);
  }
  BodyPairLists particle_pair_lists(Core& core, Real inv_h2) {
    return particles_.body_pair_lists(core, inv_h2);
  }

  // Pairs found beyond a body's kBodyContactSlots at the last detection (dropped).
  int dropped() const { return dropped_; }

 private:
  int pair_count(Core& core) const { return int(Exec::size(core.state.contact.pairs)); }

  // Gauss-Seidel over the pairs' colours: pass(c) the functor over colour c (Core::sweep).
  template <class ColourPass>
  void sweep(Core& core, const ColourPass& pass) {
    const int colours = std::max(0, int(colours_.size()) - 1);
    core.sweep(
        colours, [&](int c) { return colours_[size_t(c) + 1] - colours_[size_t(c)]; }, pass);
  }

  // The bodies' own pairs: Gauss-Seidel colour by colour, or Jacobi.
  void project_bodies(Core& core, const Substep& sub, const EndRefs& poses) {
    const int n = pair_count(core);
    if (n == 0) return;
    ContactPair* pairs = Exec::data(core.state.contact.pairs);
    if (sub.settings.order == SolverOrder::GaussSeidel) {
      sweep(core, [&](int c) { return ProjectContactColour{pairs, poses, colours_[size_t(c)]}; });
      return;
    }
    const int* offsets = Exec::data(incidence_offsets_);
    const int* slot_of = Exec::data(incidence_slots_);
    Exec::resize(slots_, size_t(2 * n));
    PoseCorrection* slots = Exec::data(slots_);
    core.launch(n, ProjectContactJacobi{pairs, poses, {offsets, bodies_, sub.settings.jacobi_omega}, slots});
    core.launch(bodies_, GatherPoseCorrections{offsets, slot_of, slots, poses.body_x, poses.body_q, 0});
  }

  // The found pairs body by body, slot by slot; coloured over the bodies (first fit, in that order) and
  // sorted by colour; each body's slot list for the Jacobi gather.
  void order_pairs(Core& core) {
    Exec::download(host_count_, count_);
    Exec::download(host_found_, found_);
    Exec::download(host_previous_, core.state.contact.pairs);
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
    Exec::upload(core.state.contact.pairs, sorted);
    Exec::upload(incidence_offsets_, incidence.offsets);
    Exec::upload(incidence_slots_, incidence.slots);
  }

  template <class T>
  using Buffer = typename Exec::template Buffer<T>;
  BodyContactSettings settings_;
  ContactPlanes planes_;
  SurfaceMaterial plane_material_;
  int bodies_ = 0;  // 0 when contacts are off
  HashGrid<Exec> grid_;
  Buffer<Real> reach_;         // [m]
  Buffer<ContactPair> found_;  // kBodyContactSlots per body
  Buffer<int> count_;
  Buffer<unsigned char> scratch_;
  Buffer<int> incidence_offsets_, incidence_slots_;
  Buffer<PoseCorrection> slots_;
  std::vector<int> colours_;  // colour c owns pairs [colours_[c], colours_[c+1])
  std::vector<int> host_count_;
  std::vector<ContactPair> host_found_, host_pairs_, host_previous_;
  int dropped_ = 0;
  ParticleBodyContacts<Core> particles_;
  PairMultipliers<Core> frame_lambda_;  // λ_n of each pair's points over the frame
};

}  // namespace sim
