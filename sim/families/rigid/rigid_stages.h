// The rigid-body family's solver part (Müller et al. 2020, "Müller 2020", Algorithm 2, run inside Small
// Steps Algorithm 1's substeps): the bodies' prediction with the gyroscopic term beside the particles'
// (begin_substep), the joints projected every iteration — Gauss-Seidel colour by colour, or Jacobi through
// per-end slots with the inverse masses split n_i/ω ways — and the mouse grab of a body, then the velocity
// update from the pose change and the velocity pass: the joints' damping (end_substep). A host body stepper
// (families/rigid/steppers/body_stepper.h), where the settings name one, moves the bodies instead at the
// substep's start, the particles' joints and contacts following with the bodies held. The contact kinds
// (families/rigid/contact_set.h) run inside these hooks: found at detect, begun before the bodies'
// prediction, projected after the joints every iteration, their velocity pass after the joints'. Data and
// metric term: families/rigid/rigid_family.h.
#pragma once

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <vector>

#include "families/common/frame_multipliers.h"
#include "families/common/grab_energy.h"
#include "families/family.h"
#include "families/rigid/body_ends.h"
#include "families/rigid/body_passes.h"
#include "families/rigid/body_stability.h"
#include "families/rigid/body_stiffness.h"
#include "families/rigid/contact_set.h"
#include "families/rigid/joint_passes.h"
#include "families/rigid/rigid_family.h"
#include "families/rigid/steppers/body_stepper.h"
#include "model/grab.h"
#include "settings/settings.h"

namespace sim {
inline namespace SIM_PRECISION {

template <class Core>
class RigidFamily::Stages : public FamilyHooks {
 public:
  using Exec = typename Core::Exec;
  using Substep = typename Core::Substep;
  using HostModel = typename Core::HostModel;

  void upload(Core& core, const HostModel& m) {
    core.model.body_contact = m.body_contact;  // the host-side members the metric term reads
    core.model.tracked_body = m.tracked_body;
    gravity_ = m.gravity;
    colours_ = ranges_between(m.joint.colour_offsets);
    bodies_ = int(m.body.inv_mass.size());
    joints_ = int(m.joint.ends.size());
    damped_ = std::any_of(m.joint.damping.begin(), m.joint.damping.end(), [](Real d) { return d > 0.0; });
    particle_joints_ = std::any_of(m.joint.ends.begin(), m.joint.ends.end(),
                                   [](Int2 e) { return is_particle_end(e.a) || is_particle_end(e.b); });
    Exec::upload(no_mass_, std::vector<Real>(size_t(bodies_), 0.0));
    Exec::upload(no_inertia_, std::vector<Vec3>(size_t(bodies_), Vec3{0.0, 0.0, 0.0}));
    if (host_) host_->reset();
    Exec::resize(x_prev_, size_t(bodies_));
    Exec::resize(q_prev_, size_t(bodies_));
    Exec::resize(grab_lambda_, 1);
    Exec::resize(body_stiffness_, size_t(bodies_));
    Exec::resize(body_damping_, size_t(bodies_));
    contacts_.upload(core, m);
  }

  void state_uploaded(Core&) {
    contacts_.state_uploaded();
    if (host_) host_->reset();
  }

  // The one place the body stepper is chosen (steppers/body_stepper.h), once a frame: a host stepper made
  // anew when the setting names another, with its settings; XPBD on poses (none) otherwise, or without
  // bodies.
  template <class Settings>
  void configure(Core&, const Settings& s) {
    if (stepper_ != s.rigid_solver) {
      const BodyStepperEntry& stepper = body_stepper(s.rigid_solver);
      host_ = stepper.on_host() ? stepper.make() : nullptr;
      stepper_ = s.rigid_solver;
    }
    on_host_ = host_ && bodies_ > 0;
    step_settings_ = {s.rigid_iterations, Real(s.baumgarte), s.pivot_steps, s.warm_start};
  }
  void detect(Core& core, Vec3 gravity, Real dt) { contacts_.detect(core, gravity, dt); }
  void add_frame_stats(RigidSums& sums) const {
    contacts_.add_frame_stats(sums.contacts);
    sums.solver_iterations = host_last_.iterations;
    sums.lcp_pivots = host_last_.pivots;
    sums.lcp_fallbacks = host_last_.fallbacks;
    sums.lcp_fallback_reason = host_last_.fallback_reason;
  }

  void set_grab(const Grab& grab) {
    if (grab.body != grab_.body) grab_start_ = grab.target;
    grab_ = grab;
  }

  double grab_energy(Real h) {
    return grabbing() ? sim::grab_energy<Exec, Vec3>(grab_lambda_, grab_.compliance, h) : 0.0;
  }

  void begin_substep(Core& core, const Substep& sub) {
    auto& b = core.state.body;
    contacts_.begin_substep(core, sub);  // reads the poses and velocities before the prediction
    if (on_host_) {
      step_on_host(core, sub);
      return;
    }
    core.launch(
        bodies_,
        PredictBodies{Exec::data(b.x), Exec::data(b.v), Exec::data(b.omega), Exec::data(x_prev_),
                      Exec::data(b.q), Exec::data(q_prev_), Exec::data(core.model.body.inv_mass),
                      Exec::data(core.model.body.inv_inertia), sub.settings.gravity_scale * gravity_, sub.h});
    core.clear(core.state.joint.lambda);
    if (grabbing()) core.clear(grab_lambda_);
  }

  void project(Core& core, const Substep& sub) {
    const int joints = int(Exec::size(core.model.joint.ends));
    JointArgs args = joint_args(core, sub.h);
    if (on_host_) {  // the bodies moved already: the particles' side only
      args.poses = kinematic(args.poses);
      if (particle_joints_) core.sweep(colours_, [&](int first) { return ProjectJointColour{args, first}; });
      contacts_.project(core, sub, args.poses, true);
      return;
    }
    if (joints > 0 && sub.settings.order == SolverOrder::GaussSeidel) {
      core.sweep(colours_, [&](int first) { return ProjectJointColour{args, first}; });
    } else if (joints > 0) {
      project_jacobi(core, args, joints, sub.settings.jacobi_omega);
    }
    if (grabbing())
      core.launch(1, ProjectBodyGrab{args.poses, grab_.body, grab_.local, grab_target(sub), grab_.compliance,
                                     Exec::data(grab_lambda_), sub.h});
    contacts_.project(core, sub, args.poses, false);
  }

  // Joints may end on particles and bodies touch particles: their velocity passes change those particles'.
  bool particles_after_velocity_update() const { return bodies_ > 0 || joints_ > 0; }

  void end_substep(Core& core, const Substep& sub) {
    if (bodies_ == 0 && Exec::size(core.model.joint.ends) == 0) return;
    if (on_host_) {
      contacts_.velocity_pass(core, sub, kinematic(joint_args(core, sub.h).poses),
                              length(sub.settings.gravity_scale * gravity_), true);
      return;
    }
    auto& b = core.state.body;
    core.launch(bodies_,
                UpdateBodyVelocities{Exec::data(b.x), Exec::data(x_prev_), Exec::data(b.q),
                                     Exec::data(q_prev_), Exec::data(b.v), Exec::data(b.omega),
                                     Real(1) / sub.h, Real(std::exp(-sub.settings.damping * sub.h))});
    const JointArgs args = joint_args(core, sub.h);
    if (damped_)
      core.sweep(colours_, [&](int first) {
        return DampJointColour{args, Exec::data(core.model.joint.damping), end_velocities<Exec>(core), first};
      });
    contacts_.velocity_pass(core, sub, args.poses, length(sub.settings.gravity_scale * gravity_), false);
  }

  void end_frame(Core&) {
    grab_start_ = grab_.target;
    host_last_ = host_ ? host_->frame() : BodyStepStats{};
    if (host_) host_->begin_frame();
  }

  DrawCounts draw_counts(const Core&) const { return {bodies_, joints_}; }  // a shape a body, a bead a joint
  // Each body's instance and bounds, and each joint's point (rigid_draw.h).
  DrawSums draw(Core& core, const DrawArrays& out, DrawQuantity quantity) {
    DrawSums sums;
    if (bodies_ > 0 && out.instance)
      sums = Exec::template reduce<DrawSums>(
          bodies_,
          WriteDrawBody{Exec::data(core.state.body.x), Exec::data(core.state.body.q),
                        Exec::data(core.state.body.v), Exec::data(core.model.body.size), quantity,
                        out.instance},
          reduce_scratch_);
    if (joints_ > 0 && out.point)
      Exec::parallel_for(
          joints_, WriteDrawJoint{EndPoses{Exec::data(core.state.body.x), Exec::data(core.state.body.q),
                                           Exec::data(core.model.body.inv_mass),
                                           Exec::data(core.model.body.inv_inertia), core.x(), core.w()},
                                  Exec::data(core.model.joint.ends), Exec::data(core.model.joint.anchor_a),
                                  out.point});
    return sums;
  }

  void end_iterations(Core& core, const Substep& sub) {
    frame_lambda_.add(core, sub, Exec::data(core.state.joint.lambda), int(Exec::size(core.model.joint.ends)));
    contacts_.add_multipliers(core, sub);
  }

  // The bodies' rotational columns of K̃ (body_stiffness.h), in the family's own buffer: no other family
  // writes a body's.
  void add_stiffness(Core& core, const StiffnessPass& pass) {
    if (bodies_ == 0) return;
    core.clear(body_stiffness_);
    const auto& j = core.model.joint;
    const JointLambda* sums = frame_lambda_.sums(int(Exec::size(j.ends)));
    const bool joints = sums && Exec::size(j.incidence_offsets) > size_t(bodies_);
    const JointArgs args = joint_args(core, 0.0);
    core.launch(bodies_, BodyStiffness<ContactSet<Core>::kKinds>{
                             {args.poses.body_x, args.poses.body_q, args.poses.body_w,
                              args.poses.body_inv_inertia, core.x(), core.w()},
                             args.joints.anchor_a,
                             args.joints.anchor_b,
                             sums,
                             frame_lambda_.scale(pass.inv_h2),
                             joints ? Exec::data(j.incidence_offsets) : nullptr,
                             joints ? Exec::data(j.incidence_slots) : nullptr,
                             contacts_.pair_lists(core, pass.inv_h2),
                             grabbing() ? grab_.body : -1,
                             grab_.local,
                             Exec::data(grab_lambda_),
                             Exec::data(body_stiffness_),
                             pass.inv_h2});
  }

  // The bodies' rotations in the stability criterion (body_stability.h), and Eq. 6's damping of them.
  StabilitySums stability(Core& core, const StabilityPass& pass) {
    if (bodies_ == 0) return {};
    ++core.launches;
    const auto& b = core.state.body;
    return Exec::template reduce<StabilitySums>(
        bodies_,
        BodyStabilityTerm{Exec::data(body_stiffness_), Exec::data(b.x), Exec::data(b.q),
                          Exec::data(core.model.body.inv_mass), Exec::data(core.model.body.inv_inertia), pass,
                          Exec::data(body_damping_)},
        reduce_scratch_);
  }
  void damp(Core& core) {
    core.launch(bodies_, DampBodies{Exec::data(core.state.body.omega), Exec::data(body_damping_)});
  }

 private:
  bool grabbing() const { return grab_.body >= 0 && grab_.body < bodies_; }

  // Where the grabbed point is pulled this substep: from where it was at the frame's start to the target,
  // a fraction (s + 1)/n of the way [m].
  Vec3 grab_target(const Substep& sub) const {
    return grab_start_ + sub.fraction * (grab_.target - grab_start_);
  }

  // The same ends with the bodies immovable: the particles' passes after a velocity-level solve.
  EndRefs kinematic(EndRefs poses) const {
    poses.body_w = Exec::data(no_mass_);
    poses.body_inv_inertia = Exec::data(no_inertia_);
    return poses;
  }

  // The host stepper's substep (steppers/body_stepper.h): the CPU backend's buffers are host memory (World
  // refuses host steppers on CUDA: RigidFamily::host_only).
  void step_on_host(Core& core, const Substep& sub) {
    if constexpr (Exec::kHostMemory) {
      RigidHostView view = host_view(core);
      if (grabbing()) {
        view.grab = grab_;
        view.grab_target = grab_target(sub);
        view.grab_lambda = Exec::data(grab_lambda_);
      }
      view.gravity = sub.settings.gravity_scale * gravity_;
      view.h = sub.h;
      view.v_max = core.model.body_contact.max_depenetration_speed;
      host_->substep(view, step_settings_);
      ++core.launches;
    }
  }

  JointArgs joint_args(Core& core, Real h) {
    return {
        joint_table<Exec>(core.model.joint),
        Exec::data(core.state.joint.lambda),
        {Exec::data(core.state.body.x), Exec::data(core.state.body.q), Exec::data(core.model.body.inv_mass),
         Exec::data(core.model.body.inv_inertia), core.x(), core.w()},
        h};
  }

  // Every joint writes its two ends' corrections, then every body, and every particle a joint holds, gathers.
  void project_jacobi(Core& core, const JointArgs& args, int joints, Real omega) {
    const auto& j = core.model.joint;
    const int* offsets = Exec::data(j.incidence_offsets);
    const int* slot_of = Exec::data(j.incidence_slots);
    Exec::resize(slots_, size_t(2 * joints));
    PoseCorrection* slots = Exec::data(slots_);
    core.launch(joints, ProjectJointJacobi{args, {offsets, bodies_, omega}, slots});
    core.launch(bodies_,
                GatherPoseCorrections{offsets, slot_of, slots, args.poses.body_x, args.poses.body_q, 0});
    const int nodes = int(Exec::size(j.incidence_offsets)) - 1;
    if (nodes > bodies_)  // some joint ends on a particle: the incidence covers every particle
      core.launch(nodes - bodies_,
                  GatherPoseCorrections{offsets, slot_of, slots, core.x(), nullptr, bodies_});
  }

  std::vector<IndexRange> colours_;
  int bodies_ = 0;
  int joints_ = 0;
  bool damped_ = false;                              // some joint damps (the velocity pass runs)
  Vec3 gravity_{};                                   // Model::gravity [m/s²]
  typename Exec::template Buffer<Position> x_prev_;  // the bodies' xⁿ [m]
  typename Exec::template Buffer<Quat> q_prev_;      // qⁿ
  typename Exec::template Buffer<PoseCorrection> slots_;
  Grab grab_;
  Vec3 grab_start_{};
  ContactSet<Core> contacts_;
  std::optional<RigidSolver> stepper_;                // the frame's body stepper
  std::unique_ptr<BodyStepper> host_;                 // its host stepper, if it is one
  bool on_host_ = false;                              // the host stepper moves the bodies this frame
  BodyStepSettings step_settings_;                    // its settings this frame
  BodyStepStats host_last_;                           // what it did over the last frame
  bool particle_joints_ = false;                      // some joint ends on a particle
  typename Exec::template Buffer<Real> no_mass_;      // zeros: the bodies seen as immovable
  typename Exec::template Buffer<Vec3> no_inertia_;   // zeros
  typename Exec::template Buffer<Vec3> grab_lambda_;  // [N·s²]
  FrameMultipliers<Core, JointLambda> frame_lambda_;  // the joints' over the frame (geometric stiffness)
  typename Exec::template Buffer<unsigned char> reduce_scratch_;  // the backend's memory for reductions
  typename Exec::template Buffer<DofStiffness> body_stiffness_;   // each body's column of K̃ (adaptive)
  typename Exec::template Buffer<Mat3> body_damping_;             // each body's Eq. 6 factor (adaptive)
};

}  // namespace SIM_PRECISION
}  // namespace sim
