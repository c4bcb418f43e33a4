#include "viewer/viewer.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

#include "registry/settings.h"
#include "run/error_verdict.h"
#include "run/exit_codes.h"
#include "run/runner.h"

namespace app {
namespace {

std::string with_suffix(const std::string& path, const std::string& suffix) {
  const size_t dot = path.find_last_of('.');
  const size_t slash = path.find_last_of('/');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return path + suffix;
  return path.substr(0, dot) + suffix + path.substr(dot);
}

// Prints a diverged pane's reason to stderr ("smallsteps: A: diverged at …"); false when it has none.
// The path the Record panel starts with: --record's, else the suggestion, else one named for the scene.
std::string initial_record_path(const ViewOptions& o) {
  if (!o.run.record.empty()) return o.run.record;
  return !o.record_suggestion.empty() ? o.record_suggestion : "smallsteps-" + o.run.scene->name + ".mp4";
}

bool report_divergence(const Pane& p) {
  if (!p.divergence) return false;
  std::fprintf(stderr, "smallsteps: %s%s\n", p.label.empty() ? "" : (p.label + ": ").c_str(),
               p.divergence->c_str());
  return true;
}

}  // namespace

Viewer::Viewer(ViewOptions options)
    : options_(std::move(options)),
      window_(options_.width, options_.height, "smallsteps", options_.interactive),
      renderer_(std::make_unique<render::Renderer>()),
      scene_(options_.run.scene),
      scene_params_(options_.run.scene_params),
      recording_(initial_record_path(options_)),
      real_time_(options_.real_time) {
  window_.set_input(this);
  iteration_start_ = now();
  const int scene_w = options_.width - (options_.interactive ? int(panel_width_) : 0);
  target_.resize(std::max(2, scene_w & ~1), std::max(2, options_.height & ~1));  // the camera frames this
  // --colour-by, before the framing, which leaves room for the legend
  for (int q = 0; q < IM_ARRAYSIZE(render::kColourByFlags); ++q)
    if (options_.colour_by == render::kColourByFlags[q]) draw_.colour_by = render::ColourBy(q);
  build_panes();
  check_drags();
  for (const auto& p : panes_)  // asked for on the command line or in a preset: a usage error
    if (p->integrator_note) throw sim::ParamError(*p->integrator_note);
  if (!options_.interactive) {
    const bool two = panes_.size() == 2;
    if (!options_.run.metrics_path.empty())
      for (const auto& p : panes_) {
        RunOptions described = options_.run;
        described.settings = p->settings;
        const std::string path = two ? with_suffix(options_.run.metrics_path, "." + p->label) : options_.run.metrics_path;
        metrics_.push_back(std::make_unique<MetricsWriter>(path, described, p->world->model(),
                                                           p->world->backend_description()));
      }
  }
  if (!options_.run.record.empty()) start_recording(options_.run.record);
}

Viewer::~Viewer() { stop_recording(); }

void Viewer::build_panes() {
  panes_.clear();
  captions_.clear();
  const std::vector<std::string>& compare = options_.run.compare;
  if (compare.empty()) {
    panes_.push_back(std::make_unique<Pane>("", options_.run.settings, options_.run.backend, options_.run.at));
  } else {
    const char* labels[] = {"A", "B"};
    for (size_t k = 0; k < compare.size(); ++k)
      panes_.push_back(std::make_unique<Pane>(labels[k], apply_overrides(options_.run.settings, compare[k]),
                                              options_.run.backend, options_.run.at));
  }
  rebuild_scene();
}

bool DrawnView::operator==(const DrawnView& o) const {
  const auto draw_key = [](const render::DrawOptions& d) {
    return std::make_tuple(d.surface, d.particles, d.constraints, d.shadows, d.colour_by, d.colour_auto,
                           d.particle_scale);
  };
  const auto mark_key = [](const render::GrabMark& m) {
    return std::make_tuple(m.particle, m.body, m.local.x, m.local.y, m.local.z, m.target.x, m.target.y, m.target.z);
  };
  return camera == o.camera && draw_key(draw) == draw_key(o.draw) &&
         width == o.width && height == o.height && mark_key(mark) == mark_key(o.mark);
}

// Interactive and in real time (issue 40 item 6), a frame of Δt_f starts no sooner than Δt_f after the last
// one was due: the simulation keeps to the wall clock when it can (a frame started late by less than Δt_f,
// the loop's polling, keeps the next on time), and runs as fast as it can (the Stats say at what fraction
// of real time) when it cannot, without bursts to catch up: a frame later than Δt_f (a slow frame, the first,
// one after a pause) sets the next Δt_f after it.
void Viewer::start_frame() {
  if (frame_under_way_ || (paused_ && !step_once_)) return;
  if (options_.interactive && real_time_ && !step_once_) {
    const auto t = now();
    if (t < next_frame_due_) return;
    const auto frame_dt = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
        std::chrono::duration<double>(sim::settings_from_params(panes_[0]->settings).frame_dt));
    next_frame_due_ = (t - next_frame_due_ > frame_dt ? t : next_frame_due_) + frame_dt;
  }
  step_once_ = false;
  for (auto& p : panes_) {
    p->world->set_grab(grab_.sent());
    p->begin_frame();  // keeps the frame's settings and grab in the pane's history
  }
  results_.assign(panes_.size(), std::nullopt);
  frame_under_way_ = true;
  sim_.start([this] {
    const auto start = std::chrono::steady_clock::now();
    for (size_t k = 0; k < panes_.size(); ++k) results_[k] = panes_[k]->advance();
    if (options_.hooks.frame_simulated) options_.hooks.frame_simulated();
    job_ms_ = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    if (options_.interactive) window_.wake();  // the loop takes the frame in now, not at its next tick
  });
}

bool Viewer::collect_frame(bool wait) {
  if (!frame_under_way_ || (!wait && !sim_.done())) return false;
  frame_under_way_ = false;
  sim_.wait();
  bool stepped = false;
  for (size_t k = 0; k < panes_.size(); ++k) stepped = panes_[k]->finish_frame(results_[k]) || stepped;
  if (!stepped) return false;
  ++frames_simulated_;
  ++collected_;
  collected_sim_ms_ += job_ms_;
  for (size_t k = 0; k < metrics_.size(); ++k)
    if (!panes_[k]->divergence) metrics_[k]->write(panes_[k]->last, panes_[k]->failures);
  recording_.frame_collected();
  return true;
}

void Viewer::settle() {
  // Called from input callbacks too, inside GLFW's C code: what the frame threw is kept for frame().
  try {
    if (collect_frame(true)) refresh_panes();
  } catch (...) {
    failure_ = std::current_exception();
  }
}

void Viewer::refresh_panes() {
  for (auto& p : panes_)  // a no-op for a pane whose World and colouring did not change
    if (p->refresh_buffers(draw_.colour_by)) scene_changed_ = true;
}

void Viewer::replace_models() {
  settle();
  for (auto& p : panes_) p->replace_model(*scene_, scene_params_);
  refresh_panes();
  scene_changed_ = true;
}

void Viewer::rebuild_scene() {
  settle();
  release_grab();
  for (auto& p : panes_) p->build(*scene_, scene_params_);
  refresh_panes();
  scene_changed_ = true;
  real_time_split_.restart();
  const bool has_surface = !panes_[0]->world->model().surface_triangles.empty();
  const bool has_fluid = panes_[0]->world->model().fluid.count > 0;  // drawn as water (issue 40 item 4)
  draw_.particles = !has_surface && !has_fluid;
  draw_.constraints = !has_surface;
  if (has_fluid) draw_.surface = true;
  followed_.reset();
  frame_camera();
}

void Viewer::report(const std::string& message, bool error) {
  status_ = message;
  status_is_error_ = error;
  std::fprintf(error ? stderr : stdout, "smallsteps: %s\n", message.c_str());
  std::fflush(error ? stderr : stdout);
}

void Viewer::reset() {
  settle();
  release_grab();
  for (auto& p : panes_) p->reset();
  refresh_panes();
  if (camera_ == framed_camera_) {  // the view the scene started in, unless the user chose another
    followed_.reset();
    frame_camera();
  }
  scene_changed_ = true;
  real_time_split_.restart();
}

void Viewer::seek(int frame) {
  settle();
  release_grab();  // the history holds what was grabbed then; the mouse lets go
  if (mouse_ == MouseMode::Grab) mouse_ = MouseMode::None;
  for (auto& p : panes_) p->seek(frame);
  const double t = panes_[0]->last.time;  // [s] of the frame returned to
  for (size_t k = 0; k < drag_phase_.size(); ++k)  // a scripted drag not begun by then plays again
    drag_phase_[k] = options_.run.drags[k].t0 >= t ? 0 : 2;
  refresh_panes();
  scene_changed_ = true;
  real_time_split_.restart();
}

const std::vector<std::uint8_t>& Viewer::frame_pixels() {
  if (!pixels_current_) {
    target_.read_rgb(pixels_);
    pixels_current_ = true;
  }
  return pixels_;
}

void Viewer::draw_frame() {
  const DrawnView view{camera_, draw_, target_.width(), target_.height(), grab_.mark()};
  if (!scene_changed_ && view == drawn_) return;  // the target still shows this
  scene_changed_ = false;
  drawn_ = view;
  ++frames_drawn_;
  const auto start = std::chrono::steady_clock::now();
  gpu_draw_.begin();
  target_.bind();
  captions_.resize(size_t(pane_count()));
  for (int i = 0; i < pane_count(); ++i) {
    Pane& p = *panes_[size_t(i)];
    const render::Viewport vp = pane_viewport(i);
    renderer_->draw(*p.buffers, p.world->model(), camera_, vp, draw_);
    renderer_->draw_grab(*p.buffers, view.mark, camera_, vp);  // every pane holds what the mouse holds
    if (!options_.caption) continue;
    captions_[size_t(i)] = caption(i);
    renderer_->draw_caption(captions_[size_t(i)], vp);
    renderer_->draw_legend(*p.buffers, draw_, vp);
  }
  if (pane_count() == 2) {  // a divider between the halves
    const render::Viewport right = pane_viewport(1);
    glEnable(GL_SCISSOR_TEST);
    glScissor(right.x - 1, 0, 2, right.height);
    glClearColor(0.1f, 0.1f, 0.12f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
  }
  gpu_draw_.end();
  // Headless, the frame is read back next anyway: waiting here makes draw_ms_ the wall time of the draw.
  if (!options_.interactive) glFinish();
  pixels_current_ = false;
  draw_ms_ = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

void Viewer::time_iteration() {
  const auto t = now();
  const double wall_ms = std::chrono::duration<double, std::milli>(t - iteration_start_).count();
  iteration_start_ = t;
  if (paused_)  // a pause, or a frame stepped from one, says nothing of the rate
    real_time_split_.restart();
  else
    real_time_split_.iteration(wall_ms, iteration_drawing_ms_, collected_, collected_sim_ms_,
                         sim::settings_from_params(panes_[0]->settings).frame_dt);
  iteration_drawing_ms_ = collected_sim_ms_ = 0.0;
  collected_ = 0;
}

void Viewer::end_drawing(std::chrono::steady_clock::time_point since) {
  if (options_.hooks.frame_drawn) options_.hooks.frame_drawn();
  iteration_drawing_ms_ = std::chrono::duration<double, std::milli>(now() - since).count();
}

bool Viewer::frame() {
  const auto start = std::chrono::steady_clock::now();
  time_iteration();
  int fw = options_.width, fh = options_.height;
  if (options_.interactive) {
    window_.poll_events();
    window_.framebuffer_size(fw, fh);
  }
  // Interactive, the scene fills the window left of the panel (issue 40 item 1); a recording keeps its size.
  const int scene_w = options_.interactive && panel_open_ ? std::max(2, fw - int(panel_width_)) : fw;
  if (!recording_.active()) target_.resize(std::max(2, scene_w & ~1), std::max(2, fh & ~1));

  // Headless, every iteration simulates a frame and waits for it. Interactive, a frame runs on the
  // simulation thread while this one draws, and is collected by the first iteration after it is done.
  if (failure_) std::rethrow_exception(std::exchange(failure_, nullptr));  // from a frame settle() collected
  // The scripted drags act between frames, before the next starts (interactive, right after one is collected:
  // a slow scene's next frame is otherwise always under way when the loop comes round).
  const bool drags = !options_.run.drags.empty();
  if (!options_.interactive) {
    if (drags) play_drags();
    start_frame();
  }
  collect_frame(!options_.interactive);
  if (!frame_under_way_) {
    refresh_panes();  // a new frame, or a new colouring while paused
    keep_tracked_in_view();
  }
  if (options_.interactive) {
    if (drags && !frame_under_way_) play_drags();
    start_frame();
  }
  const auto draw_start = now();
  const int drawn_before = frames_drawn_;
  draw_frame();
  report(recording_.record([this]() -> const std::vector<std::uint8_t>& { return frame_pixels(); },
                           frames_drawn_ > drawn_before ? draw_ms_ : 0.0));  // every simulated frame, once
  if (!options_.interactive) end_drawing(draw_start);

  if (options_.interactive) {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, fw, fh);
    glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    target_.blit_to_window(target_.width(), target_.height());
    window_.begin_ui();
    draw_ui();
    window_.end_ui();
    window_.swap();
    end_drawing(draw_start);
    // Where the swap does not wait for the display (no vsync, a virtual display), the panels are not
    // redrawn faster than kUiHz, so the loop leaves the cores to the simulation; input ends the wait, and
    // so do a finished frame (start_frame's job wakes the loop) and the time the next frame is due.
    double left_s = 1.0 / kUiHz - std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (real_time_ && !paused_ && !frame_under_way_)
      left_s = std::min(left_s, std::chrono::duration<double>(next_frame_due_ - now()).count());
    if (left_s > 0.0) window_.wait_events(left_s);
    // --frames N closes it after N simulated frames, or once every pane has diverged and waits for a
    // reset that a scripted run will not give.
    if (options_.quit_after > 0 && (frames_simulated_ >= options_.quit_after || all_diverged())) return false;
    return !window_.should_close();
  }
  // Headless, a diverged pane stays on its last good frame while the others run on (an A/B video of a
  // scheme blowing up against one that holds); the run ends when every pane has diverged.
  return frames_simulated_ < options_.run.frames && !all_diverged();
}

bool Viewer::all_diverged() const {
  return std::all_of(panes_.begin(), panes_.end(), [](const auto& p) { return p->divergence.has_value(); });
}

int Viewer::headless_exit_status() const {
  int status = kExitOk;
  for (size_t k = 0; k < panes_.size(); ++k) {
    const Pane& p = *panes_[k];
    const std::string who = p.label.empty() ? "" : p.label + ": ";
    if (k < metrics_.size()) metrics_[k]->finish(p.divergence ? *p.divergence : "completed");
    const sim::Stabilization mode = sim::active_stabilization(sim::settings_from_params(p.settings));
    if (p.divergence && p.watch.exceeded())  // what failed before it diverged
      report_constraint_error(p.watch, options_.run.fail_on_error, who);
    if (report_divergence(p)) {
      note_rule_failed(mode, who);
      status = kExitPhysicsFailed;
      continue;
    }
    if (!p.label.empty()) std::printf("pane         %s\n", p.label.c_str());
    print_run_summary(options_.run, *p.world, sim::settings_from_params(p.settings), p.last, p.total_step_ms,
                      p.total_detection_ms, p.world->frame());
    if (report_constraint_error(p.watch, options_.run.fail_on_error, who) != kExitOk) status = kExitPhysicsFailed;
    if (p.watch.exceeded()) note_rule_failed(mode, who);
  }
  return status;
}

int Viewer::run() {
  if (!options_.interactive) {
    std::printf("backend      %s\nrenderer     %s\n", panes_[0]->world->backend_description().c_str(),
                window_.gl_renderer().c_str());
    std::fflush(stdout);
  }
  while (frame()) {
  }
  const auto encoder_start = std::chrono::steady_clock::now();
  stop_recording();
  if (recording_.times().frames > 0 && !options_.interactive) {
    gpu_draw_.finish();
    recording_.times().print(gpu_draw_, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - encoder_start).count());
  }
  if (!options_.interactive) return headless_exit_status();
  int status = kExitOk;  // closed by the user, or by --frames: a diverged pane still says so, and exits 3
  for (const auto& p : panes_)
    if (report_divergence(*p)) status = kExitPhysicsFailed;
  return status;
}

}  // namespace app
