#include "viewer/pane.h"

#include <cstdio>

#include "registry/settings.h"

namespace app {

void History::push(float v) {
  values_[size_t(next_)] = v;
  next_ = (next_ + 1) % kHistory;
  if (count_ < kHistory) ++count_;
}

int History::ordered(std::array<float, kHistory>& out) const {
  const int first = count_ < kHistory ? 0 : next_;
  for (int k = 0; k < count_; ++k) out[size_t(k)] = values_[size_t((first + k) % kHistory)];
  return count_;
}

Pane::Pane(std::string label_text, sim::ParamSet settings_values, sim::BackendKind backend,
           std::vector<ScriptedSetting> script)
    : FrameLoop(std::move(settings_values), std::move(script)), label(std::move(label_text)), backend_(backend) {}

void Pane::build(const sim::SceneDef& scene, const sim::ParamSet& scene_params) {
  rewind();
  world = std::make_unique<sim::World>(scene.build(scene_params), backend_, settings_at_start());
  if (!buffers) buffers = std::make_unique<render::SceneBuffers>();
  buffers->set_model(world->model());
  dirty_ = true;
  integrator_note.reset();
  keep_integrator_usable();
  restart_measurements();
  history_.clear(false);  // a new World: the old one's frames are not its
}

bool Pane::keep_integrator_usable() {
  const sim::Settings s = sim::settings_from_params(settings);
  if (const auto why = sim::integrator_refusal(world->model(), s.integrator)) {
    note_holds = {"integrator", sim::info(sim::Integrator::Xpbd).name};
    settings.set_text(note_holds.first, note_holds.second);
    integrator_note = *why;
    return true;
  }
  // a solver that runs on the host only: on CUDA its setting goes back to one that runs there, saying why
  if (const auto refusal = sim::backend_refusal(world->model(), s, world->backend())) {
    note_holds = {refusal->setting, refusal->fallback};
    settings.set_text(note_holds.first, note_holds.second);
    integrator_note = refusal->message;
    return true;
  }
  if (integrator_note && settings.text(note_holds.first) != note_holds.second) integrator_note.reset();
  return false;
}

void Pane::restart_measurements() {
  restart();
  for (History* h : {&energy, &error, &substeps, &step_ms}) h->clear();
}

void Pane::replace_model(const sim::SceneDef& scene, const sim::ParamSet& scene_params) {
  world->replace_model(scene.build(scene_params).model);
  history_.clear(true);  // the frames before ran on the old Model: no replay reaches them
  buffers->set_model(world->model());
  dirty_ = true;
}

void Pane::begin_frame() { begin(nullptr); }

void Pane::begin(const FrameHistory::Input* replayed) {
  FrameLoop::begin_frame();
  if (replayed) {
    settings = replayed->settings;
    frame_settings_ = sim::settings_from_params(settings);
    world->set_grab(replayed->grab);
  }
  history_.begin(replayed ? std::nullopt : std::optional<FrameHistory::Input>({settings, world->grab()}));
}

bool Pane::finish_frame(const std::optional<sim::FrameResult>& result) {
  if (!FrameLoop::finish_frame(result)) return false;
  dirty_ = true;  // redrawn: the new State, or the divergence in the caption
  if (result->divergence) return true;
  history_.stepped(world->frame());
  energy.push(float(last.total));
  const sim::ResidualParts parts = sim::residual_parts(world->model(), last);
  if (!parts.empty()) {  // the first family's: a cloth's distances, a beam's tets, a chain's joints, ...
    error.push(float(parts[0].value));
    error_label = "max " + parts[0].name + " error" + (parts[0].unit.empty() ? "" : " [" + parts[0].unit + "]");
  }
  substeps.push(float(last.substeps));
  step_ms.push(float(last.step_ms));
  return true;
}

void Pane::reset() {
  rewind();
  world->reset();
  dirty_ = true;
  restart_measurements();
  history_.clear(false);
}

void Pane::seek(int frame) {
  frame = std::clamp(frame, 0, history_.frames());
  if (history_.lost() || frame == world->frame()) return;
  if (frame < world->frame() || divergence) {  // from the start: World::reset, the script rewound
    rewind();
    world->reset();
    restart_measurements();
  }
  while (world->frame() < frame && !divergence) {
    begin(&history_.input(world->frame()));
    finish_frame(advance());
  }
  dirty_ = true;
}

bool Pane::refresh_buffers(render::ColourBy colour_by) {
  if (!dirty_ && colour_by == uploaded_colour_by_) return false;
  if (!divergence)
    buffers->update(*world, colour_by);  // a diverged State is not drawn: the last good frame is
  dirty_ = false;
  uploaded_colour_by_ = colour_by;
  return true;
}

}  // namespace app
