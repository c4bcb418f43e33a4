#include "world/world.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>

#include "backend/crossover.h"
#include "params/flag.h"
#include "registry/frame_metrics.h"

namespace sim {
inline namespace SIM_PRECISION {

World::World(Built built, BackendKind backend) : World(std::move(built), select_backend(backend)) {}

std::string auto_prefers_cpu(const Model& model, const Settings& settings, bool cuda_usable) {
  if (const auto host_only = backend_refusal(model, settings, BackendKind::Cuda)) return host_only->message;
  if (!cuda_usable) return "";  // the summary names why there is no GPU instead
  return below_crossover(model_sizes(model));
}

World::World(Built built, BackendKind backend, const Settings& settings) {
  if (backend == BackendKind::Cpu) {
    init(std::move(built), select_backend(backend));
    return;
  }
  const CudaAvailability cuda = cuda_availability();  // asked once
  const std::string prefer_cpu = auto_prefers_cpu(built.model, settings, cuda.available);
  init(std::move(built), select_backend(backend, prefer_cpu, cuda));
}

World::World(Built built, SelectedBackend selected) { init(std::move(built), std::move(selected)); }

void World::init(Built built, SelectedBackend selected) {
  model_ = std::move(built.model);
  initial_ = built.state;
  state_ = std::move(built.state);
  solver_ = std::move(selected.solver);
  backend_ = selected.kind;
  backend_description_ = std::move(selected.description);
  solver_->upload_model(model_);
  solver_->upload_state(state_);
  measure_initial_energy();
}

void World::measure_initial_energy() {
  const MeasuredSums e0 = measure_sums(model_, initial_, 0.0);
  initial_kinetic_ = e0.particles.kinetic + e0.constraints.kinetic;
  initial_energy_ = initial_kinetic_ + e0.constraints.violation;
  mass_ = 0.0;
  double top = model_.bounds.lo.y;
  for (size_t i = 0; i < model_.particle_inv_mass.size(); ++i)
    if (model_.particle_inv_mass[i] > 0.0) {
      mass_ += 1.0 / model_.particle_inv_mass[i];
      top = std::max(top, double(initial_.particle_x[i].y));
    }
  Families::add_mass(model_, initial_, mass_, top);
  drop_ = top - model_.bounds.lo.y;
}

double World::energy_budget(Real gravity_scale) const {
  return initial_energy_ + mass_ * length(gravity_scale * model_.gravity) * drop_;
}

double World::energy_scale(Real gravity_scale) const {
  const double L = model_.energy_length > 0.0 ? double(model_.energy_length) : drop_;  // L_s [m]
  return initial_kinetic_ + mass_ * length(gravity_scale * model_.gravity) * L;
}

std::optional<std::string> integrator_refusal(const Model& model, Integrator integrator) {
  if (!force_based(integrator)) return std::nullopt;
  if (const char* why = Families::force_form_refusal(model))
    return std::string("integrator ") + info(integrator).name + " cannot step this scene: " + why +
           "; this scene runs under xpbd only";
  return std::nullopt;
}

std::optional<BackendRefusal> backend_refusal(const Model& model, const Settings& settings, BackendKind backend) {
  if (backend != BackendKind::Cuda) return std::nullopt;
  const std::optional<HostOnly> host = Families::host_only(model, settings);
  if (!host) return std::nullopt;
  return BackendRefusal{host->setting + " " + host->value + " runs on the CPU only (" + host->why +
                            "); use --backend cpu, or " + flag_of(host->setting) + " " + host->fallback +
                            " on CUDA",
                        host->setting, host->fallback};
}

void World::step(const Settings& settings) {
  if (const auto why = integrator_refusal(model_, settings.integrator)) throw ParamError(*why);
  if (const auto refusal = backend_refusal(model_, settings, backend_)) throw ParamError(refusal->message);
  if (!feedback_.valid && needs_feedback(settings))
    observe(metrics_from_sums(model_, measure(settings.gravity_scale), last_h_));
  feedback_.energy_scale = energy_scale(settings.gravity_scale);
  const auto start = std::chrono::steady_clock::now();
  last_stats_ = solver_->step(settings, feedback_);
  feedback_.valid = false;
  last_step_ms_ = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  state_stale_ = true;
  ++frame_;
  time_ += settings.frame_dt;
  last_substeps_ = last_stats_.plan.substeps;
  last_h_ = settings.frame_dt / Real(last_substeps_);
}

// The slew and the residual term read the last frame's residual: every adaptive frame, and a fixed one whose
// N is not yet the one asked for.
bool World::needs_feedback(const Settings& s) const {
  if (frame_ == 0 || s.integrator != Integrator::Xpbd) return false;
  return active_stabilization(s) != Stabilization::Off || s.substeps != last_substeps_;
}

void World::observe(const FrameMetrics& metrics) {
  const WorstResidual worst = worst_residual(failure_checks(model_, metrics));
  feedback_.valid = true;
  feedback_.residual = worst.residual;
  feedback_.order = worst.order;
  feedback_.residual_energy = metrics.residual_energy;
}

void World::reset() {
  feedback_ = StepFeedback{};
  state_ = initial_;
  state_stale_ = false;
  solver_->upload_state(state_);
  frame_ = 0;
  time_ = 0.0;
  set_grab(Grab{});
  energy_reference_.reset();
}

void World::replace_model(Model model) {
  bool same_topology = true;  // every array (particles, each family's constraints) keeps its size
  zip_fields(model, model_,
             [&](const auto& a, const auto& b) { same_topology = same_topology && a.size() == b.size(); });
  same_topology = same_topology && Families::same_shape(model, model_);
  if (!same_topology)
    throw std::invalid_argument("replace_model: the new model has a different topology; rebuild the scene");
  model_ = std::move(model);
  feedback_ = StepFeedback{};
  solver_->upload_model(model_);
  measure_initial_energy();
  energy_reference_.reset();
}

void World::set_grab(const Grab& grab) {
  Grab next = grab.particle >= 0 && grab.particle < model_.particle_count() ? grab : Grab{};
  if (grab.particle < 0 && Families::holds_grab(model_, grab)) next = grab;
  if (next.particle != grab_.particle) solver_->hold(grab_hold(next.particle));
  grab_ = next;
  solver_->set_grab(grab_);
}

GrabHold World::grab_hold(int particle) {
  GrabHold hold;
  if (particle < 0) return hold;
  const std::vector<Position>& x = positions();
  const Position anchor = x[size_t(particle)];
  const Real r = model_.grab_radius;
  for (int i = 0; i < model_.particle_count(); ++i) {
    const Vec3 offset = x[size_t(i)] - anchor;
    const bool movable = model_.particle_inv_mass[size_t(i)] > 0.0;
    if (i == particle || (movable && dot(offset, offset) <= r * r)) {
      hold.particle.push_back(i);
      hold.offset.push_back(i == particle ? Vec3{0.0, 0.0, 0.0} : offset);
    }
  }
  return hold;
}

const std::vector<Position>& World::positions() {
  if (state_stale_) solver_->download_positions(state_.particle_x);  // the rest stays stale
  return state_.particle_x;
}

const State& World::state() {
  if (state_stale_) {
    solver_->download_state(state_);
    state_stale_ = false;
  }
  return state_;
}

}  // namespace SIM_PRECISION
}  // namespace sim
