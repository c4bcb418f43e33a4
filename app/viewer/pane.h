// Pane: one simulated copy of the scene under its own solver Settings — the World, its GPU buffers,
// the last metrics and a few seconds of history for the plots. The viewer shows one pane, or two side by
// side in A/B mode (same scene and parameters, different Settings).
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "backend/backend.h"
#include "metrics/error_watch.h"
#include "params/param.h"
#include "registry/frame_metrics.h"
#include "render/scene_buffers.h"
#include "run/frame_loop.h"
#include "run/scripted_setting.h"
#include "scenes/scene.h"
#include "viewer/frame_history.h"
#include "world/frame_step.h"
#include "world/world.h"

namespace app {

// The last kHistory frames of one quantity, oldest first once full.
class History {
 public:
  static constexpr int kHistory = 300;  // 5 s at 60 Hz
  void push(float v);
  void clear() { count_ = next_ = 0; }
  // Copies the samples in time order; returns how many.
  int ordered(std::array<float, kHistory>& out) const;

 private:
  std::array<float, kHistory> values_{};
  int count_ = 0, next_ = 0;
};

// A FrameLoop (run/frame_loop.h: its World, settings, measures and failure watch) that is drawn.
class Pane : public FrameLoop {
 public:
  // `script`: the run's setting changes at simulated times (--at), played on this pane's settings.
  Pane(std::string label, sim::ParamSet settings, sim::BackendKind backend,
       std::vector<ScriptedSetting> script = {});

  // Builds a new World from the scene (a rebuild: the state starts over).
  void build(const sim::SceneDef& scene, const sim::ParamSet& scene_params);
  // A parameter that keeps the topology changed: new Model, running State kept.
  void replace_model(const sim::SceneDef& scene, const sim::ParamSet& scene_params);
  // One frame in FrameLoop's three parts, the middle one (advance) on the simulation thread (sim_thread.h):
  // begin_frame also notes the frame's input in the history; finish_frame also takes the result into the
  // plots and the history.
  void begin_frame();
  bool finish_frame(const std::optional<sim::FrameResult>& result);
  void reset();

  // The frames since the last build or reset, as their inputs (frame_history.h).
  const FrameHistory& history() const { return history_; }
  // Returns the World to frame `frame` (0 .. history().frames()) by simulating its inputs again, forward from
  // here when it lies ahead, else from the start; the settings return to that frame's too.
  void seek(int frame);
  // Uploads the current State for drawing, when it (or the Model, or colour_by) changed since the last
  // upload.
  bool refresh_buffers(render::ColourBy colour_by);  // true when it uploaded

  const std::string label;
  std::unique_ptr<render::SceneBuffers> buffers;
  // Why the integrator or solver asked for could not step this scene here (a fluid under a force-based
  // scheme, a host-only solver on CUDA); the pane runs a fallback instead, and the Solver panel says so
  // while that setting keeps the fallback's value (issue 53 item 6: not after the user chose another).
  std::optional<std::string> integrator_note;
  // Switches a force-based integrator that cannot step the scene back to xpbd, or a solver the backend does
  // not run to one it does, noting why; true if it did.
  bool keep_integrator_usable();
  std::pair<std::string, std::string> note_holds;  // the setting integrator_note's fallback set, and its value
  History energy, error, substeps, step_ms;  // error: the first residual part's (sim::residual_parts)
  std::string error_label;                    // "max distance error [m]"; empty: no constraint

 private:
  void restart_measurements();  // metrics of the current state, empty plots
  sim::BackendKind backend_;
  FrameHistory history_;
  // begin_frame's, or with `replayed` one frame of the history begun again: its settings and grab, the
  // script moved on as it was then (its values are in replayed->settings), the history kept as it is.
  void begin(const FrameHistory::Input* replayed);
  bool dirty_ = true;             // the World changed since the buffers were last filled
  render::ColourBy uploaded_colour_by_ = render::ColourBy::Flat;
};

}  // namespace app
