// Solver: a backend's own copy of a Model and State, stepped one frame at a time (Algorithm 1).
// The interface carries no CUDA syntax; xpbd_solver.inl implements it once for every backend.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "model/model.h"
#include "model/state.h"
#include "solver/settings.h"

namespace sim {

// A particle held by the mouse: an attachment (Small Steps Eq. 8 with compliance α) to a target that the
// viewer moves with the cursor. particle < 0 holds nothing.
struct Grab {
  int particle = -1;
  Vec3 target{};            // where the particle is pulled at the end of the next frame [m]
  Real compliance = 1e-6;   // α [m/N]
};

// What one step measured besides its total wall time.
struct StepStats {
  double detection_ms = 0.0;  // contact detection (ground, collider, self-collision), synchronised [ms]
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
  virtual void download_state(State& state) = 0;
  // Advances one frame of settings.frame_dt; returns when the backend has finished.
  virtual StepStats step(const Settings& settings) = 0;
};

}  // namespace sim
