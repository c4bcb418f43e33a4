// Viewer: the interactive window (and its hidden form for recording from the command line). Owns the
// panes, the shared orbit camera, the renderer, the recorder and the UI. The panes' frames are simulated
// on a thread of their own (sim_thread.h); each loop iteration collects a frame that has finished, draws
// the panes side by side with captions into an offscreen target (again only when a frame, the camera or
// the draw options changed), hands each new frame to the recorder, copies the target to the window and
// draws the panels over it. Headless, each iteration simulates one frame and waits for it.
#pragma once

#include <chrono>
#include <utility>
#include <cstdint>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "render/camera.h"
#include "render/render_target.h"
#include "render/renderer.h"
#include "run/metrics_writer.h"
#include "run/view_options.h"
#include "viewer/experiments_panel.h"
#include "viewer/frame_times.h"
#include "viewer/mouse_grab.h"
#include "viewer/pane.h"
#include "viewer/real_time_split.h"
#include "viewer/recording.h"
#include "viewer/sim_thread.h"
#include "viewer/window.h"

namespace app {

// What a drawn target shows besides the buffers: a change of any of it draws the target again.
struct DrawnView {
  render::OrbitCamera camera;
  render::DrawOptions draw;
  int width = 0, height = 0;
  render::GrabMark mark;
  bool operator==(const DrawnView& o) const;
};

class Viewer final : public InputSink {
 public:
  static constexpr double kUiHz =
      90.0;  // at most this many loop iterations a second, where swap does not wait

  // Throws WindowError (no display, no GL 4.5), sim::ParamError (bad --compare) or
  // sim::BackendUnavailable.
  explicit Viewer(ViewOptions options);
  ~Viewer() override;

  // Runs until the window closes (interactive) or run.frames frames are done; returns the exit status.
  int run();
  // One loop iteration; false when the viewer should stop.
  bool frame();
  // Waits for the frame under way on the simulation thread and takes it in (so the Worlds may be changed).
  void settle();
  // Every pane back (or on) to frame `frame` of its history (Pane::seek), the frame under way taken in first;
  // the mouse lets go. The arrow keys and the History slider call it while paused.
  void seek(int frame);
  int frames_simulated() const { return frames_simulated_; }
  int frames_drawn() const { return frames_drawn_; }  // of the scene; the panels are drawn every iteration

  // Input as the window delivers it; tests call these directly to script a session.
  void mouse_button(int button, bool pressed, glm::vec2 cursor_px) override;
  void cursor_moved(glm::vec2 cursor_px) override;
  void scrolled(float steps) override;
  void key_pressed(int key) override;

  int pane_count() const { return int(panes_.size()); }
  const Pane& pane(int i) const { return *panes_[size_t(i)]; }
  ExperimentsPanel& experiments() { return experiments_; }
  render::OrbitCamera& camera() { return camera_; }
  render::DrawOptions& draw_options() { return draw_; }  // what the Scene panel sets
  int grabbed_particle() const { return grab_.particle(); }
  int grabbed_body() const { return grab_.body(); }
  const MouseGrab& grab() const { return grab_; }
  const std::string& status() const { return status_; }  // the last message shown to the user
  const RealTimeSplit& real_time_split() const { return real_time_split_; }
  // Pane i's caption as drawn over it (pane_caption.h): in full, or compact where that would wrap.
  std::vector<std::string> caption(int pane) const;
  // The last drawn frame, rows top to bottom, RGB.
  const std::vector<std::uint8_t>& frame_pixels();
  int frame_width() const { return target_.width(); }
  int frame_height() const { return target_.height(); }
  render::Viewport pane_viewport(int i) const;  // in the frame, GL coordinates
  // The box the camera frames for pane i: its drawn bounds, the scene's motion (sim::Model::motion; without
  // one, room below what hangs) and where the tracked body went beyond them, down to the ground.
  std::pair<glm::vec3, glm::vec3> framed_bounds(int pane) const;
  // The heights at the top and bottom of pane i the framing keeps clear: the caption's, the legend's [px].
  std::pair<float, float> free_band(int pane) const;

 private:
  void build_panes();
  std::chrono::steady_clock::time_point now() const {  // ViewOptions::hooks.now, else the steady clock
    return options_.hooks.now ? options_.hooks.now() : std::chrono::steady_clock::now();
  }
  void start_frame();  // a frame of every pane on the simulation thread, unless one is under way or paused
  void time_iteration();  // the loop iteration that just ended, into real_time_split_
  void end_drawing(std::chrono::steady_clock::time_point since);  // the iteration drew from `since` (now())
  bool collect_frame(bool wait);  // takes in a finished frame; true when one was simulated
  void rebuild_scene();
  void replace_models();
  void refresh_panes();  // the buffers from the Worlds' current State where it or the colouring changed
  void frame_camera();  // frames framed_bounds(0)
  // While the camera is as frame_camera left it, reframes when the scene's tracked body (the bridge's ball
  // rolling on, a stack's box) leaves the band (sim::Model::motion cannot bound a ball that rolls on).
  void keep_tracked_in_view();
  void draw_frame();
  void draw_ui();
  void draw_solver_panel();
  void draw_scene_panel();
  void draw_stats_panel();
  void draw_history_panel();
  void draw_record_panel();
  void draw_help_overlay();
  void report(const std::string& message, bool error = false);
  void report(const Report& r) {
    if (!r.text.empty()) report(r.text, r.error);
  }
  void toggle_recording();
  void start_recording(const std::string& path);
  void stop_recording();
  void save_screenshot();
  void save_preset();  // the scene, its parameters and each pane's settings, as a preset that reopens them
  void reset();
  int pane_at(glm::vec2 cursor_px) const;
  glm::vec2 local_cursor(int pane, glm::vec2 cursor_px) const;
  void update_grab(glm::vec2 cursor_px);
  void release_grab();
  // The run's scripted drags (RunOptions::drags) at the last collected frame's time: pressed, moved, released.
  void play_drags();
  // Grips what a named drag names (run/scripted_drag.h) at its press; why it could not, or "".
  std::string press_named(const ScriptedDrag& d);
  // Each named drag's particle or body exists in the scene and can move; throws sim::ParamError naming it.
  void check_drags() const;
  int headless_exit_status() const;
  bool all_diverged() const;  // every pane waits for a reset

  ViewOptions options_;
  Window window_;
  std::unique_ptr<render::Renderer> renderer_;
  render::RenderTarget target_;
  render::OrbitCamera camera_;
  render::OrbitCamera framed_camera_;  // as frame_camera left it: the user has not moved it since
  std::optional<std::pair<glm::vec3, glm::vec3>> followed_;  // where the tracked body went since the build
  render::DrawOptions draw_;
  const sim::SceneDef* scene_;
  sim::ParamSet scene_params_;
  std::vector<std::unique_ptr<Pane>> panes_;
  std::vector<std::unique_ptr<MetricsWriter>> metrics_;
  Recording recording_;
  ExperimentsPanel experiments_;
  std::vector<std::uint8_t> pixels_;
  bool pixels_current_ = false;

  bool paused_ = false, step_once_ = false, show_help_ = false;
  std::string scene_error_;  // why the last scene parameter change was refused
  int frames_simulated_ = 0, frames_drawn_ = 0;
  bool scene_changed_ = true;  // the buffers changed since the target was drawn
  std::exception_ptr failure_;  // what a frame collected inside an input callback threw
  DrawnView drawn_;            // what the target shows
  std::vector<std::vector<std::string>> captions_;  // each pane's as last drawn (caption(i) chose its form)
  double draw_ms_ = 0.0;  // the last draw: to issue (interactive), or to glFinish (headless) [ms]
  render::GpuTimer gpu_draw_;  // the draws on the GPU (Stats; the headless summary)
  RealTimeSplit real_time_split_;  // the rate against the wall clock, and what holds it (Stats, caption)
  std::chrono::steady_clock::time_point iteration_start_;  // of the loop iteration under way (now())
  double iteration_drawing_ms_ = 0.0;  // of the loop iteration under way [ms]
  int collected_ = 0;                  // frames taken in since the last iteration's start
  double collected_sim_ms_ = 0.0;      // their jobs' time on the simulation thread [ms]
  double job_ms_ = 0.0;  // the last job's time [ms]: written by the job, read once it is done
  std::vector<int> drag_phase_;  // per scripted drag: 0 waiting, 1 held, 2 done
  bool real_time_;  // pace the simulation to the wall clock (start_frame; ViewOptions::real_time)
  bool panel_open_ = true;      // the control panel at the window's right (Tab hides it)
  float panel_width_ = 440.0f;  // its width as the user left it [px]
  std::chrono::steady_clock::time_point next_frame_due_{};  // when real time lets the next frame start
  std::string status_;
  bool status_is_error_ = false;

  enum class MouseMode { None, Orbit, Pan, Grab };
  MouseMode mouse_ = MouseMode::None;
  glm::vec2 last_cursor_{0.0f};
  MouseGrab grab_;  // what the mouse or a scripted drag holds

  std::vector<std::optional<sim::FrameResult>> results_;  // of the frame under way, one per pane
  bool frame_under_way_ = false;
  SimThread sim_;  // last: destroyed first, once its job (which uses the panes) is done
};

}  // namespace app
