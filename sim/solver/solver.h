// Solver: a backend's own copy of a Model and State, stepped one frame at a time. The interface carries no
// CUDA syntax; solver/backend_solver.h implements it once for every backend, stepping a frame with Small
// Steps Algorithm 1 (solver/xpbd/) or a force-based integrator (solver/force/), as Settings::integrator says.
#pragma once

#include <vector>

#include "draw/draw_arrays.h"
#include "model/grab.h"
#include "registry/frame_metrics.h"
#include "registry/model.h"
#include "registry/settings.h"
#include "registry/state.h"
#include "solver/step_feedback.h"
#include "solver/xpbd/stability.h"

namespace sim {
inline namespace SIM_PRECISION {

// What one step measured besides its total wall time.
struct StepStats {
  // Contact detection (every family's detect hook) [ms], on the backend's clock (CUDA events),
  // so timing it never waits for the device inside the frame.
  double detection_ms = 0.0;
  double search_ms = 0.0;  // neighbour searches [ms], on the same clock
  int searches = 0;        // the neighbour lists built (sorted and searched) this step
  // Device operations the stages issued (kernel nodes on CUDA: launches, memsets, copies, a sweep's grids
  // or colours; the same loops on the CPU), and the calls that put them on the device's stream (with CUDA
  // graphs a frame is one or a few; on the CPU each loop is one).
  long long nodes = 0;
  long long launches = 0;
  CudaLaunch launch_mode = CudaLaunch::Plain;  // how CUDA sent them (Settings::cuda_launch resolved)
  int threads = 0;  // CPU worker threads the step ran on (exec/cpu_team.h); 0 on CUDA
  // Implicit Euler: |r|/|r₀| of the frame's last linear solve [-]; 0 otherwise
  double cg_residual = 0.0;
  // Explicit force-based schemes: acceleration passes over the frame (steps × evaluations, plus the
  // multi-step schemes' start); 0 otherwise
  long long evaluations = 0;
  // The frame's substep count and what the stability criterion said (Settings::adaptive;
  // solver/xpbd/stability.h)
  StabilityPlan plan;
};

class Solver {
 public:
  virtual ~Solver() = default;
  virtual void upload_model(const Model& model) = 0;
  // A State to start from: whatever the families and steppers derive from the last one (targets' motion,
  // multiplier sums, integrator histories) starts anew.
  virtual void upload_state(const State& state) = 0;
  // A State the running frames continue from, as edited (World::edit_state): nothing starts anew.
  virtual void continue_state(const State& state) = 0;
  // The mouse grab: a new particle starts its target where it is given; the same particle's target moves
  // over the frame. hold(): the particles the grab holds from now on (World::set_grab gives them when a new
  // particle is grabbed).
  virtual void set_grab(const Grab& grab) = 0;
  virtual void hold(const GrabHold& hold) = 0;
  // The grab's elastic energy, ½ α (λ/Δt_s²)² over what it holds, λ from the last substep (as every
  // family's elastic energy is counted, metrics/common_metrics.h); h: that substep's Δt_s [s]. 0 when
  // nothing is held. The energy line counts it while the grab holds (world/frame_step.h).
  virtual double grab_energy(Real h) = 0;
  virtual void download_state(State& state) = 0;
  virtual void download_positions(std::vector<Position>& x) = 0;  // only the particles' positions [m]
  // Only the part of the State that family `family` (its index in registry/family_list.h) holds.
  virtual void download_part(State& state, int family) = 0;
  // Writes what the viewer draws of the current State into `out` (draw/draw_arrays.h) and reduces its
  // bounds. `out` is this backend's memory (on CUDA: device memory, such as an OpenGL buffer mapped for
  // CUDA), or host memory when out_on_host: a CUDA backend then writes its own buffers and copies them
  // over, 28 bytes a particle, 32 an instance and 12 a point.
  virtual DrawSums write_draw(const DrawArrays& out, DrawQuantity quantity, bool out_on_host) = 0;
  // How many instances and points write_draw writes (DrawArrays::instance, point).
  virtual DrawCounts draw_counts() = 0;
  // The frame's metric sums and divergence check reduced on the backend (metrics/measure_frame.h); h: the
  // last substep's Δt_s [s], gravity_scale as in Settings. Only these few numbers are copied back.
  virtual MeasuredSums measure(Real h, Real gravity_scale) = 0;
  // Advances one frame of settings.frame_dt after the frame `feedback` measured; returns when the backend has
  // finished.
  virtual StepStats step(const Settings& settings, const StepFeedback& feedback) = 0;
};

}  // namespace SIM_PRECISION
}  // namespace sim
