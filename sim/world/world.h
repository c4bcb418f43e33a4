// World: a Model and its State on one backend, stepped a frame at a time. The public face of sim/:
// the runner, the benchmark, the tests (and the viewer later) hold a World.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "backend/backend.h"
#include "registry/builder.h"
#include "registry/frame_metrics.h"
#include "registry/settings.h"
#include "solver/step_feedback.h"

namespace sim {
inline namespace SIM_PRECISION {

// Why `integrator` cannot step `model` (a family there has no force form: its force_form_refusal), or nothing.
// World::step throws ParamError with it; callers check first.
std::optional<std::string> integrator_refusal(const Model& model, Integrator integrator);
// Why `settings` cannot step `model` on `backend` (a family's solver there runs on the CPU only,
// families/family.h's host_only), with the setting to change and a value of it that runs there; or nothing.
// World::step throws ParamError with the message; the viewer sets the setting back.
struct BackendRefusal {
  std::string message;
  std::string setting;
  std::string fallback;
};
std::optional<BackendRefusal> backend_refusal(const Model& model, const Settings& settings, BackendKind backend);
// Why --backend auto should step `model` under `settings` on the CPU — a host-only setting (backend_refusal);
// with a usable GPU, a scene below the measured crossover (backend/crossover.h) — or "".
std::string auto_prefers_cpu(const Model& model, const Settings& settings, bool cuda_usable);

class World {
 public:
  // Throws BackendUnavailable when the requested backend cannot run here.
  World(Built built, BackendKind backend);
  // As above, where auto chooses the CPU when `settings` ask for a solver that runs there only.
  World(Built built, BackendKind backend, const Settings& settings);
  // On a solver chosen by the caller (the tests' shuffled execution policy, tests/sim/shuffled_exec.h).
  World(Built built, SelectedBackend backend);

  // One frame: Algorithm 1 with settings.substeps × settings.iterations over settings.frame_dt, or the
  // substeps Settings::adaptive picks (last_plan()), reached through the slew (solver/xpbd/substep_slew.h).
  void step(const Settings& settings);
  // The metrics measured after the last step, which the next step's choice of N reads (solver/step_feedback.h;
  // step_and_measure gives them). A step that needs them and was not given them measures the State itself.
  void observe(const FrameMetrics& metrics);
  // Back to the initial state (the Model is kept).
  void reset();
  // Replace the Model of a running scene (a parameter changed that keeps the topology); the State
  // continues. Throws std::invalid_argument if the particle or constraint counts differ.
  void replace_model(Model model);
  // Changes the running State in place (a target particles are held to, say: they then move there over the
  // next frame's substeps) and continues from it: edit(state) gets the current State.
  template <class Edit>
  void edit_state(Edit&& edit) {
    state();
    edit(state_);
    solver_->continue_state(state_);
    energy_reference_.reset();
  }

  // Hold a particle with the mouse (particle < 0 lets go), and with it every movable particle within
  // Model::grab_radius of it when grabbed (GrabHold), or a point of a family's own item where one holds it
  // (Families::holds_grab); applied from the next step on.
  void set_grab(const Grab& grab);
  const Grab& grab() const { return grab_; }
  // What the grab stores while it holds, ½ α f² at its last substep's force (Solver::grab_energy) [J].
  double grab_energy() { return grab_.holds() ? solver_->grab_energy(last_h_) : 0.0; }

  // The last frame's metric sums and divergence check, reduced on the backend: a few numbers come back,
  // not the State.
  MeasuredSums measure(Real gravity_scale) { return solver_->measure(last_h_, gravity_scale); }

  const Model& model() const { return model_; }
  const State& state();                  // copied back from the backend when it has changed
  const std::vector<Position>& positions();  // only the positions copied back (picking) [m]
  // Only family F's part of the State copied back (the rest may be stale): the poses picking reads.
  template <class F>
  const State& state_part() {
    if (state_stale_) solver_->download_part(state_, Model::family_index<F>());
    return state_;
  }
  // What the viewer draws, written by the backend (Solver::write_draw), and how many instances and points.
  DrawSums write_draw(const DrawArrays& out, DrawQuantity quantity, bool out_on_host) {
    return solver_->write_draw(out, quantity, out_on_host);
  }
  DrawCounts draw_counts() { return solver_->draw_counts(); }
  int frame() const { return frame_; }
  double time() const { return time_; }             // simulated time [s]
  Real last_substep_dt() const { return last_h_; }  // Δt_s of the last frame [s]
  int last_substeps() const { return last_substeps_; }
  double last_step_ms() const { return last_step_ms_; }                  // wall time of the last step [ms]
  double last_detection_ms() const { return last_stats_.detection_ms; }  // its contact detection [ms]
  double last_search_ms() const { return last_stats_.search_ms; }        // its neighbour searches [ms]
  int last_searches() const { return last_stats_.searches; }             // of which builds of the lists
  long long last_launches() const { return last_stats_.launches; }       // its calls onto the device's stream
  long long last_nodes() const { return last_stats_.nodes; }             // its device operations
  CudaLaunch last_launch_mode() const { return last_stats_.launch_mode; }  // how CUDA sent them
  int last_threads() const { return last_stats_.threads; }               // its CPU threads (0 on CUDA)
  double last_cg_residual() const { return last_stats_.cg_residual; }    // implicit Euler's |r|/|r₀|
  long long last_evaluations() const { return last_stats_.evaluations; }  // explicit schemes' force passes
  const StabilityPlan& last_plan() const { return last_stats_.plan; }     // its substep count and why
  // What the scene can release from its initial state: its kinetic energy and its springs' ½C²/α there,
  // plus the work gravity can do taking every particle from the highest initial one down to the bottom of
  // the scene bounds, M |g| gravity_scale (y_top − y_bounds) [J]; independent of where the origin is. A
  // kinetic energy far beyond it is a diverging integrator, not physics (the grab and families that drive
  // particles along targets can do more work: frame_step leaves them out of the check).
  double energy_budget(Real gravity_scale) const;
  // E_s: the moving mass × |g| gravity_scale × Model::energy_length, plus the initial kinetic energy [J]: the
  // scale the energy a change of step may add is held to (solver/xpbd/substep_slew.h) and the soak's and the
  // verdict's energy checks.
  double energy_scale(Real gravity_scale) const;
  // E_ref, the total the verdict's energy line measures the rise from (frame_step.h, issue 52 item 1) [J]:
  // none before the first frame, after a reset, an edit of the State or a new Model, and where gravity_scale
  // differs from the one it was taken under (the gravitational term scales with it); step_and_measure takes
  // it then, and again after each frame something did work on the scene.
  std::optional<double> energy_reference(Real gravity_scale) const {
    if (!energy_reference_ || energy_reference_->gravity_scale != gravity_scale) return std::nullopt;
    return energy_reference_->total;
  }
  void set_energy_reference(double total, Real gravity_scale) { energy_reference_ = {total, gravity_scale}; }
  BackendKind backend() const { return backend_; }
  const std::string& backend_description() const { return backend_description_; }

 private:
  void init(Built built, SelectedBackend selected);
  Model model_;
  State initial_;
  State state_;
  bool state_stale_ = false;
  std::unique_ptr<Solver> solver_;
  BackendKind backend_;
  std::string backend_description_;
  int frame_ = 0;
  double time_ = 0.0;
  Grab grab_;
  Real last_h_ = 0.0;
  int last_substeps_ = 0;
  double last_step_ms_ = 0.0;
  StepStats last_stats_;
  GrabHold grab_hold(int particle);  // what grabbing `particle` holds, from the current positions
  void measure_initial_energy();     // the budget's terms, from the Model and the initial State
  double initial_energy_ = 0.0;      // kinetic + ½C²/α at the start [J]
  double initial_kinetic_ = 0.0;     // [J]
  StepFeedback feedback_;            // of the last frame, once observed
  bool needs_feedback(const Settings& s) const;
  double mass_ = 0.0;                // of the movable particles [kg]
  double drop_ = 0.0;                // from the highest initial particle to the bounds' bottom [m]
  struct EnergyReference {
    double total;  // [J]
    Real gravity_scale;
  };
  std::optional<EnergyReference> energy_reference_;
};

}  // namespace SIM_PRECISION
}  // namespace sim
