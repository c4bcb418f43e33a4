// XpbdSolver<Exec>: Small Steps Algorithm 1 written once against an execution policy, and the force-based
// integrators of solver/integrator.h in its place (implicit Euler, solver/newton_pcg.h; the explicit
// schemes, solver/force_integrator.h), sharing its contact handling.
// Included by backend/cpu_backend.cpp (Exec = CpuExec, OpenMP) and backend/cuda_backend.cu
// (Exec = CudaExec, kernel launches); Exec supplies Buffer<T>, parallel_for, copies and synchronize.
// The constraints are the registered families' (families/family_list.h): step() calls each family's
// hooks at their places in the algorithm and names none of them.
#pragma once

#include <algorithm>
#include <cmath>

#include "families/family_stages.h"
#include "metrics/reduce_metrics.h"
#include "model/arrays.h"
#include "solver/force_integrator.h"
#include "solver/newton_pcg.h"
#include "solver/solver.h"
#include "solver/solver_core.h"
#include "solver/stability.h"
#include "solver/stages.h"

namespace sim {

template <class Exec>
class XpbdSolver final : public Solver {
 public:
  void upload_model(const Model& model) override {
    zip_fields(core_.model, model, [](auto& dst, auto& src) { Exec::upload(dst, src); });
    gravity_ = model.gravity;
    bounds_ = model.bounds;
    probes_ = model.probes;
    tracked_body_ = model.tracked_body.body;
    collider_ = model.collider.bound_to(Exec::data(core_.model.collider_phi), Exec::data(core_.model.collider_slope));
    Exec::resize(core_.x_prev, model.particle_inv_mass.size());
    Exec::resize(particle_stiffness_, model.particle_inv_mass.size());
    Exec::resize(particle_damping_, model.particle_inv_mass.size());
    Exec::resize(body_stiffness_, model.body.inv_mass.size());
    Exec::resize(body_damping_, model.body.inv_mass.size());
    each_family([&](auto& f) { f.upload(core_, model); });
    forces_.invalidate();
    lambda_h_ = 0.0;
  }

  void upload_state(const State& state) override {
    zip_fields(core_.state, state, [](auto& dst, auto& src) { Exec::upload(dst, src); });
    each_family([&](auto& f) { f.state_uploaded(core_); });
    forces_.invalidate();
    lambda_h_ = 0.0;  // its multipliers come from no substep this solver knows
  }

  void upload_attachment_targets(const std::vector<Vec3>& targets) override {
    Exec::upload(core_.state.attachment.target, targets);
  }

  void set_grab(const Grab& grab) override {
    std::get<AttachmentFamily::Stages<Exec>>(families_).set_grab(grab);
    std::get<RigidFamily::Stages<Exec>>(families_).set_grab(grab);
  }

  void hold(const GrabHold& hold) override { std::get<AttachmentFamily::Stages<Exec>>(families_).hold(hold); }

  void download_state(State& state) override {
    zip_fields(state, core_.state, [](auto& dst, auto& src) { Exec::download(dst, src); });
  }

  void download_positions(std::vector<Vec3>& x) override { Exec::download(x, core_.state.particle_x); }

  DrawSums write_draw(const DrawArrays& out, DrawQuantity quantity, bool out_on_host) override {
    const typename Exec::Team::Span span(team_, false);
    const int n = int(Exec::size(core_.model.particle_inv_mass));
    const int bodies = int(Exec::size(core_.model.body.inv_mass));
    const int joints = int(Exec::size(core_.model.joint.ends));
    const bool staged = out_on_host && !Exec::kHostMemory;  // written here, then copied to the host
    DrawArrays at = out;
    if (staged) {
      Exec::resize(draw_position_, size_t(3 * n));
      Exec::resize(draw_normal_, size_t(3 * n));
      Exec::resize(draw_value_, size_t(n));
      Exec::resize(draw_body_, size_t(8 * bodies));
      Exec::resize(draw_joint_, size_t(3 * joints));
      at = {Exec::data(draw_position_), Exec::data(draw_normal_), Exec::data(draw_value_),
            out.body ? Exec::data(draw_body_) : nullptr, out.joint ? Exec::data(draw_joint_) : nullptr};
    }
    const bool surface = Exec::size(core_.model.particle_triangle_offsets) == size_t(n) + 1;
    // One pass writes each vertex and reduces DrawSums: the written arrays are write-only mappings.
    DrawSums sums = Exec::template reduce<DrawSums>(
        n,
        WriteDrawVertex{
            Exec::data(core_.state.particle_x), Exec::data(core_.state.particle_v),
            Exec::data(core_.model.surface_triangles),
            surface ? Exec::data(core_.model.particle_triangle_offsets) : nullptr,
            surface ? Exec::data(core_.model.particle_triangle_slots) : nullptr,
            Exec::data(core_.model.distance.particles), Exec::data(core_.model.distance.rest_length),
            Exec::data(core_.model.distance.incidence_offsets),
            Exec::data(core_.model.distance.incidence_slots), Exec::data(core_.model.tet.particles),
            Exec::data(core_.model.tet.inv_rest), Exec::data(core_.model.tet.incidence_offsets),
            Exec::data(core_.model.tet.incidence_slots), Exec::data(core_.state.fluid.density),
            core_.model.fluid.first, core_.model.fluid.count, quantity, at},
        reduce_scratch_);
    if (bodies > 0 && at.body)
      sums = DrawSums::combine(
          sums, Exec::template reduce<DrawSums>(
                    bodies,
                    WriteDrawBody{Exec::data(core_.state.body.x), Exec::data(core_.state.body.q),
                                  Exec::data(core_.state.body.v), Exec::data(core_.model.body.size), quantity,
                                  at.body},
                    reduce_scratch_));
    if (joints > 0 && at.joint)
      Exec::parallel_for(joints, WriteDrawJoint{rigid_poses(), Exec::data(core_.model.joint.ends),
                                                Exec::data(core_.model.joint.anchor_a), at.joint});
    if (staged) {
      Exec::copy_to_host(out.position, draw_position_, size_t(3 * n));
      Exec::copy_to_host(out.normal, draw_normal_, size_t(3 * n));
      Exec::copy_to_host(out.value, draw_value_, size_t(n));
      if (out.body) Exec::copy_to_host(out.body, draw_body_, size_t(8 * bodies));
      if (out.joint) Exec::copy_to_host(out.joint, draw_joint_, size_t(3 * joints));
    }
    return sums;
  }

  void download_bodies(std::vector<Vec3>& x, std::vector<Quat>& q) override {
    Exec::download(x, core_.state.body.x);
    Exec::download(q, core_.state.body.q);
  }

  MeasuredSums measure(Real h, Real gravity_scale) override {
    const typename Exec::Team::Span span(team_, false);
    return reduce_metrics<Exec>(core_.model, core_.state,
                                MetricFrame{gravity_scale * gravity_, bounds_, collider_, h}, probes_,
                                tracked_body_, reduce_scratch_);
  }

  // Algorithm 1: contacts found along the frame's predicted path (line 1), then n substeps of h (line 2),
  // each predicting (line 4), resetting the multipliers (line 5), running k iterations over every family
  // (lines 6-9) and updating the velocities (line 11). Implicit Euler replaces lines 6-9 by a
  // Newton-PCG solve on the families' energy followed by one projection of the contacts; an explicit
  // scheme replaces lines 4-11 by its step on the families' forces followed by that projection.
  // With Settings::adaptive, the frame's substep count (or its damping) comes first from the geometric
  // stiffness of the last frame's mean forces (solver/stability.h, families/frame_multipliers.h).
  StepStats step(const Settings& settings) override {
    team_.choose(settings.threads);
    const typename Exec::Team::Span span(team_, true);
    detection_watch_.reset();
    core_.search_watch.reset();
    core_.searches = 0;
    core_.launches = 0;
    StepStats stats;
    stats.plan = plan_frame(settings);
    Settings s = settings;
    s.substeps = stats.plan.substeps;
    const int n = core_.particle_count();
    const Real h = s.substep_dt();
    const Vec3 gravity = s.gravity_scale * gravity_;
    const bool per_substep = s.contact_detection == ContactDetection::PerSubstep;
    Vec3* x = core_.x();
    Vec3* x_prev = Exec::data(core_.x_prev);
    Vec3* v = Exec::data(core_.state.particle_v);
    forces_.reset_evaluations();
    if (!explicit_scheme(s.integrator))
      forces_.invalidate();  // a later explicit frame starts its history anew
    if (!per_substep) detect_contacts(gravity, s.frame_dt);
    // Line 11 of a substep and line 4 of the next in one pass when nothing between them touches particles.
    bool fused = !per_substep && !(stats.plan.damping_dt > 0.0);
    each_family([&](auto& f) { fused = fused && !f.particles_after_velocity_update(); });
    const Predict predict{x, x_prev, v, core_.w(), gravity, h};
    const UpdateVelocity update{x, x_prev, v, 1.0 / h, std::exp(-s.damping * h)};
    for (int sub = 0; sub < s.substeps; ++sub) {
      if (per_substep) detect_contacts(gravity, h);
      Substep substep{s, h, Real(sub + 1) / Real(s.substeps), sub};
      if (explicit_scheme(s.integrator)) {
        explicit_step(substep, gravity);
        continue;
      }
      if (stats.plan.damping_dt > 0.0) damp();
      if (!fused || substep.first()) core_.launch(n, predict);
      each_family([&](auto& f) { f.begin_substep(core_, substep); });
      if (s.integrator == Integrator::Xpbd) {
        for (substep.iteration = 0; substep.iteration < s.iterations; ++substep.iteration)
          each_family([&](auto& f) { f.project(core_, substep); });
      } else {
        stats.cg_residual = newton_.step(core_, families_, substep);
        project_contacts(substep);
      }
      each_family([&](auto& f) { f.end_iterations(core_, substep); });
      if (fused && !substep.last())
        core_.launch(n, UpdateVelocityPredict{update, predict});
      else
        core_.launch(n, update);
      each_family([&](auto& f) { f.end_substep(core_, substep); });
    }
    each_family([&](auto& f) { f.end_frame(core_); });
    // the families summed their multipliers over this frame only while the stabilisation was on
    lambda_h_ = active_stabilization(s) != Stabilization::Off ? h : 0.0;
    last_substeps_ = s.substeps;
    Exec::synchronize();  // the frame's one wait for the backend
    stats.detection_ms = detection_watch_.elapsed_ms();
    stats.search_ms = core_.search_watch.elapsed_ms();
    stats.searches = core_.searches;
    stats.launches = core_.launches;
    stats.evaluations = forces_.evaluations();
    stats.contacts_dropped = std::get<RigidFamily::Stages<Exec>>(families_).contacts_dropped();
    stats.threads = team_.size();
    return stats;
  }

 private:
  template <class Fn>
  void each_family(Fn&& f) {
    for_each_family(families_, f);
  }

  // The families without an elastic energy (the contacts) projected once, as hard constraints, after a
  // force-based step.
  void project_contacts(const Substep& substep) {
    each_family([&](auto& f) {
      if (!f.kElastic) f.project(core_, substep);
    });
  }

  // One step of an explicit scheme from xⁿ = x (kept in x_prev for the contacts' friction), then the
  // contacts, whose displacement the velocity takes.
  void explicit_step(const Substep& substep, Vec3 gravity) {
    Exec::copy(core_.x_prev, core_.state.particle_x);
    ++core_.launches;
    each_family([&](auto& f) { f.begin_substep(core_, substep); });
    forces_.step(core_, families_, substep, gravity);
    forces_.save_scheme_positions(core_);
    project_contacts(substep);
    forces_.after_contacts(core_, substep.h);
  }

  // Giles & Andrews 2024 Algorithm 1 lines 1-7 (solver/stability.h): K_d from the mean forces of the last
  // frame (the families' multipliers summed over its substeps), r = max K_d/M, and the frame's N, or Eq. 6's
  // damping at the fixed N (damping) or past N_max (hybrid). Off or under a force-based integrator (no
  // multipliers): the fixed n. The first frame after a reset, whose loads are unknown, runs N_max: a
  // one-iteration solve that starts coarse leaves an error that later frames turn into motion (the swinging
  // box started at 20 substeps gained 6 times its energy over 200 s; started at 100 or 200 it kept it like a
  // fixed N).
  StabilityPlan plan_frame(const Settings& s) {
    StabilityPlan plan;
    plan.substeps = plan.wanted = s.substeps;
    if (active_stabilization(s) == Stabilization::Off) return plan;
    const int n_max = std::max(s.max_substeps, s.min_substeps);
    if (!(lambda_h_ > 0.0)) {  // no multipliers yet (a reset): N_max, the safe count (damping: n)
      if (s.adaptive != Stabilization::Damping) plan.substeps = plan.wanted = n_max;
      return plan;
    }
    plan.r = stability(0.0).r;
    plan.stable_dt = plan.r > 0.0 ? 2.0 * std::sqrt(s.adaptive_alpha / plan.r) : 0.0;
    plan.wanted = substeps_needed(plan.r, s.frame_dt, s.adaptive_alpha, std::max(n_max, s.substeps));
    if (s.adaptive == Stabilization::Damping) {
      if (plan.wanted > s.substeps) plan.damping_dt = s.frame_dt / Real(s.substeps);
    } else {
      // N may fall by at most the fraction adaptive_release a frame (solver/stability.h, held_substeps)
      const int held = held_substeps(plan.wanted, last_substeps_, s.adaptive_release);
      plan.substeps = std::min(std::max(held, s.min_substeps), n_max);
      plan.clamped = plan.substeps != held;
      plan.held = held > plan.wanted;
      if (s.adaptive == Stabilization::Hybrid && plan.wanted > n_max)
        plan.damping_dt = s.frame_dt / Real(n_max);
    }
    if (plan.damping_dt > 0.0) plan.damped = stability(plan.damping_dt, s.adaptive_alpha).damped;
    return plan;
  }

  // The families' geometric stiffness summed per DOF and reduced to r; at damping_dt > 0 the damping
  // factors of Eq. 6 at that step are written too.
  StabilitySums stability(Real damping_dt, Real alpha = 0.0) {
    const int n = core_.particle_count();
    const int bodies = int(Exec::size(core_.model.body.inv_mass));
    if (!(lambda_h_ > 0.0) || n + bodies == 0) return {};
    if (damping_dt == 0.0) {
      core_.clear(particle_stiffness_);
      core_.clear(body_stiffness_);
      const StiffnessPass pass{Exec::data(particle_stiffness_), Exec::data(body_stiffness_),
                               1.0 / (lambda_h_ * lambda_h_)};
      each_family([&](auto& f) { f.add_stiffness(core_, pass); });
    }
    ++core_.launches;
    const auto& b = core_.state.body;
    const auto& m = core_.model.body;
    return Exec::template reduce<StabilitySums>(
        n + bodies,
        StabilityTerm{Exec::data(particle_stiffness_), Exec::data(body_stiffness_), core_.w(), Exec::data(b.x),
                      Exec::data(b.q), Exec::data(m.inv_mass), Exec::data(m.inv_inertia), n, alpha, damping_dt,
                      Exec::data(particle_damping_), Exec::data(body_damping_)},
        reduce_scratch_);
  }

  // Eq. 6's damping of one substep, on the velocities before the prediction.
  void damp() {
    core_.launch(core_.particle_count(),
                 DampParticles{Exec::data(core_.state.particle_v), Exec::data(particle_damping_)});
    core_.launch(int(Exec::size(core_.state.body.omega)),
                 DampBodies{Exec::data(core_.state.body.omega), Exec::data(body_damping_)});
  }

  // Algorithm 1 line 1 (§4.2): every family's contacts along the path predicted over dt, timed by
  // detection_watch_.
  void detect_contacts(Vec3 gravity, Real dt) {
    detection_watch_.start();
    each_family([&](auto& f) { f.detect(core_, gravity, dt); });
    detection_watch_.stop();
  }

  EndPoses rigid_poses() {
    return {Exec::data(core_.state.body.x),
            Exec::data(core_.state.body.q),
            Exec::data(core_.model.body.inv_mass),
            Exec::data(core_.model.body.inv_inertia),
            core_.x(),
            core_.w()};
  }

  SolverCore<Exec> core_;
  typename Families::template Stages<Exec> families_;
  NewtonPcg<Exec> newton_;
  ForceIntegrator<Exec> forces_;
  Vec3 gravity_{};
  Aabb bounds_{};
  SdfCollider collider_;  // for the penetration metric; its field is core_.model's
  std::vector<Probe> probes_;
  int tracked_body_ = -1;  // Model::tracked_body
  typename Exec::template Buffer<unsigned char>
      reduce_scratch_;  // the backend's working memory for reductions
  // write_draw's arrays when the host wants them
  typename Exec::template Buffer<float> draw_position_, draw_normal_, draw_value_, draw_body_, draw_joint_;
  typename Exec::Stopwatch detection_watch_;  // contact detection within the frame
  typename Exec::Team team_;                  // the CPU threads the frames run on
  // Adaptive substepping (solver/stability.h): each DOF's geometric stiffness column and Eq. 6's factors
  typename Exec::template Buffer<DofStiffness> particle_stiffness_, body_stiffness_;
  typename Exec::template Buffer<Vec3> particle_damping_;
  typename Exec::template Buffer<Mat3> body_damping_;
  Real lambda_h_ = 0.0;  // Δt_s of the frame whose multipliers the families summed [s]; 0: none (K̃ = 0)
  int last_substeps_ = 0;  // N of the last frame
};

}  // namespace sim
