// Solver: a backend's own copy of a Model and State, stepped one frame at a time (Algorithm 1).
// The interface carries no CUDA syntax; xpbd_solver.inl implements it once for every backend.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "draw/draw_stages.h"
#include "metrics/metric_sums.h"
#include "model/model.h"
#include "model/state.h"
#include "solver/settings.h"
#include "solver/stability.h"

namespace sim {

// What one step measured besides its total wall time.
struct StepStats {
  // Contact detection (ground, collider, self-collision) [ms], on the backend's clock (CUDA events), so
  // timing it never waits for the device inside the frame.
  double detection_ms = 0.0;
  double search_ms = 0.0;  // the fluids' neighbour searches [ms], on the same clock
  int searches = 0;        // the neighbour lists built (sorted and searched) this step
  // Backend operations the step issued: kernel launches, memsets, scans and copies on CUDA (each pays
  // launch latency), the same loops on the CPU.
  long long launches = 0;
  int threads = 0;  // CPU worker threads the step ran on (backend/cpu_team.h); 0 on CUDA
  // Implicit Euler: |r|/|r₀| of the frame's last linear solve [-]; 0 otherwise
  double cg_residual = 0.0;
  // Explicit force-based schemes: acceleration passes over the frame (steps × evaluations, plus the
  // multi-step schemes' start); 0 otherwise
  long long evaluations = 0;
  // Body contact pairs the last detection found beyond a body's kBodyContactSlots, and so left out
  int contacts_dropped = 0;
  // The frame's substep count and what the stability criterion said (Settings::adaptive; solver/stability.h)
  StabilityPlan plan;
};

class Solver {
 public:
  virtual ~Solver() = default;
  virtual void upload_model(const Model& model) = 0;
  virtual void upload_state(const State& state) = 0;
  // Targets the attachments reach at the end of the next frame; they move there linearly over its substeps.
  virtual void upload_attachment_targets(const std::vector<Vec3>& targets) = 0;
  // A new particle starts its target where it is given; the same particle's target moves over the frame.
  virtual void set_grab(const Grab& grab) = 0;
  // The particles the grab holds from now on (World::set_grab gives them when a new particle is grabbed).
  virtual void hold(const GrabHold& hold) = 0;
  virtual void download_state(State& state) = 0;
  virtual void download_positions(std::vector<Vec3>& x) = 0;  // only the particles' positions [m]
  // Only the rigid bodies' poses: centres [m] and orientations (picking).
  virtual void download_bodies(std::vector<Vec3>& x, std::vector<Quat>& q) = 0;
  // Writes what the viewer draws of the current State into `out` (draw/draw_stages.h) and reduces its
  // bounds (of the particles and the bodies). `out` is this backend's memory (on CUDA: device memory, such as
  // an OpenGL buffer mapped for CUDA), or host memory when out_on_host: a CUDA backend then writes its own
  // buffers and copies them over, 28 bytes a particle, 32 a body and 12 a joint.
  virtual DrawSums write_draw(const DrawArrays& out, DrawQuantity quantity, bool out_on_host) = 0;
  // The frame's metric sums and divergence check reduced on the backend (metrics/reduce_metrics.h); h: the
  // last substep's Δt_s [s], gravity_scale as in Settings. Only these few numbers are copied back.
  virtual MeasuredSums measure(Real h, Real gravity_scale) = 0;
  // Advances one frame of settings.frame_dt; returns when the backend has finished.
  virtual StepStats step(const Settings& settings) = 0;
};

}  // namespace sim
