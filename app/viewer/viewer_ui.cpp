// Viewer panels (Dear ImGui): scene picker and parameters, solver settings per pane, stats with live
// plots, recording, the papers' experiments (experiments_panel.h), and the help overlay. Every change applies
// while the simulation runs.
#include <imgui.h>

#include <algorithm>
#include <array>

#include "core/quantity_format.h"
#include "detect/body_detection.h"
#include "registry/settings.h"
#include "run/idle_settings.h"
#include "viewer/param_widgets.h"
#include "viewer/stats_lines.h"
#include "viewer/viewer.h"

namespace app {
namespace {

constexpr const char* kControls[][2] = {
    {"Left drag on a particle", "grab it (and, in a fluid, the particles around it) and pull"},
    {"Left drag elsewhere", "orbit the camera"},
    {"Right / middle drag", "pan"},
    {"Mouse wheel", "zoom"},
    {"F", "frame the scene"},
    {"Space", "pause / resume"},
    {"Right arrow", "pause; a frame on (the history's, else a new one)"},
    {"Left arrow", "pause; a frame back (simulated again from the start)"},
    {"R", "reset the scene"},
    {"P", "save a screenshot (PNG)"},
    {"V", "start / stop recording"},
    {"C", "show constraints as lines"},
    {"H", "this help"},
    {"Tab", "hide / show the panel (drag its left edge to resize it)"},
};

// The scene panel's own widgets, whose labels the label column must fit as well.
constexpr const char* kColourByLabel = "colour by";
constexpr const char* kParticleSizeLabel = "particle size";
constexpr const char* kGrabComplianceLabel = "grab compliance [m/N]";

// A history with its last value in the one number format (sim/core/quantity_format.h) and `unit`.
void plot(const char* label, const History& h, const std::string& unit) {
  std::array<float, History::kHistory> values{};
  const int n = h.ordered(values);
  const std::string overlay = n > 0 ? sim::format_measure(double(values[size_t(n - 1)]), unit) : "";
  ImGui::PlotLines(label, values.data(), n, 0, overlay.c_str(), FLT_MAX, FLT_MAX, ImVec2(0.0f, 50.0f));
}

}  // namespace

// The panel fills the window's right edge, beside the scene, never over it (issue 40 item 1): full height,
// its width the user's (dragged at its left edge, 240 px to half the window), hidden and shown with Tab or
// its button.
void Viewer::draw_ui() {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  if (!panel_open_) {
    ImGui::SetNextWindowPos(ImVec2(display.x - 8.0f, 8.0f), ImGuiCond_Always, ImVec2(1.0f, 0.0f));
    ImGui::Begin(
        "##show panel", nullptr,
        ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings);
    if (ImGui::Button("Panel (Tab)")) panel_open_ = true;
    ImGui::End();
    if (show_help_) draw_help_overlay();
    return;
  }
  ImGui::SetNextWindowPos(ImVec2(display.x, 0.0f), ImGuiCond_Always, ImVec2(1.0f, 0.0f));
  ImGui::SetNextWindowSize(ImVec2(panel_width_, display.y), ImGuiCond_Always);
  ImGui::SetNextWindowSizeConstraints(ImVec2(240.0f, display.y),
                                      ImVec2(std::max(240.0f, 0.5f * display.x), display.y));
  ImGui::Begin("smallsteps", nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse);
  panel_width_ = ImGui::GetWindowWidth();
  if (ImGui::SmallButton("Hide panel (Tab)")) panel_open_ = false;
  ImGui::SameLine();
  ImGui::PushItemWidth(-label_column({kGrabComplianceLabel, kColourByLabel, kParticleSizeLabel}));
  ImGui::TextDisabled("H: help and controls");
  if (paused_) {
    ImGui::SameLine();
    ImGui::TextColored(ImVec4(1.0f, 0.8f, 0.3f, 1.0f), "PAUSED");
  }
  for (const auto& p : panes_)  // at the top, where it cannot be missed; the Stats panel has the detail
    if (p->watch.exceeded())
      ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.4f, 1.0f),
                         "%sthe physics failed at frame %d (see Stats; R resets)",
                         p->label.empty() ? "" : (p->label + ": ").c_str(), p->watch.first_frame());
  draw_scene_panel();
  draw_solver_panel();
  draw_stats_panel();
  draw_history_panel();
  draw_record_panel();
  if (ImGui::CollapsingHeader("Experiments")) experiments_.draw(options_.run.backend);
  if (!status_.empty())
    ImGui::TextColored(status_is_error_ ? ImVec4(1.0f, 0.45f, 0.4f, 1.0f) : ImVec4(0.6f, 0.9f, 0.6f, 1.0f),
                       "%s", status_.c_str());
  ImGui::PopItemWidth();
  ImGui::End();
  if (show_help_) draw_help_overlay();
}

void Viewer::draw_scene_panel() {
  if (!ImGui::CollapsingHeader("Scene", ImGuiTreeNodeFlags_DefaultOpen)) return;
  if (ImGui::BeginCombo("scene", scene_->name.c_str())) {
    for (const sim::SceneDef& s : sim::scene_registry())
      if (ImGui::Selectable(s.name.c_str(), &s == scene_) && &s != scene_) {
        scene_ = &s;
        scene_params_ = s.default_params();
        const bool cuda = sim::runs_on_cuda(options_.run.backend);  // as run and view decide, before building
        scene_params_.use_device_defaults(cuda);
        for (auto& pane : panes_) s.use_setting_defaults(pane->settings, cuda);
        rebuild_scene();
      }
    ImGui::EndCombo();
  }
  ImGui::TextWrapped("%s", scene_->description.c_str());
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.8f, 0.3f, 1.0f));
  for (const std::string& note : panes_[0]->world->model().notes) ImGui::TextWrapped("%s", note.c_str());
  if (!scene_error_.empty()) ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.4f, 1.0f), "%s", scene_error_.c_str());
  ImGui::PopStyleColor();
  const sim::ParamSet before = scene_params_;
  const ParamEdit edit = edit_params(scene_params_);
  try {
    if (edit.rebuild) {
      rebuild_scene();
    } else if (edit.changed) {
      replace_models();
    }
    if (edit.changed || edit.rebuild) scene_error_.clear();
  } catch (const sim::ParamError& e) {
    // e.g. a body file that does not load: the scene failed to build before any World changed, so the
    // running scene stays as it was and only the parameters go back
    scene_error_ = e.what();
    scene_params_ = before;
  }
  ImGui::Checkbox("surface", &draw_.surface);
  ImGui::SameLine();
  ImGui::Checkbox("particles", &draw_.particles);
  if (ImGui::IsItemHovered() && panes_[0]->world->model().fluid.count > 0)  // issue 40 item 4
    ImGui::SetTooltip("The fluid as spheres; unticked, with 'surface', as water");
  ImGui::SameLine();
  ImGui::Checkbox("constraints", &draw_.constraints);
  ImGui::SameLine();
  ImGui::Checkbox("shadows", &draw_.shadows);
  int colour = int(draw_.colour_by);
  if (ImGui::Combo(kColourByLabel, &colour, render::kColourByNames, IM_ARRAYSIZE(render::kColourByNames)))
    draw_.colour_by = render::ColourBy(colour);
  if (draw_.colour_by != render::ColourBy::Flat)  // the legend is in the scene's bottom-left corner
    ImGui::Checkbox("auto range", &draw_.colour_auto);
  ImGui::SliderFloat(kParticleSizeLabel, &draw_.particle_scale, 0.1f, 4.0f, "%.2f");
  ImGui::SliderFloat(kGrabComplianceLabel, &grab_.compliance(), 1e-8f, 1e-1f, "%.1e",
                     ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
}

void Viewer::draw_solver_panel() {
  if (!ImGui::CollapsingHeader("Solver", ImGuiTreeNodeFlags_DefaultOpen)) return;
  for (auto& p : panes_) {
    const std::string title = p->label.empty() ? "settings" : "settings " + p->label;
    if (pane_count() > 1 && !ImGui::TreeNodeEx(title.c_str(), ImGuiTreeNodeFlags_DefaultOpen)) continue;
    const sim::Settings asked = sim::settings_from_params(p->settings);  // only what acts under it is shown
    edit_params(p->settings,  // only the settings that act here (run/idle_settings.h)
                [&](const sim::ParamSpec& spec) { return !setting_idle_reason(spec.name, asked, *p->world); });
    p->keep_integrator_usable();
    if (p->integrator_note)
      ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.4f, 1.0f), "%s", p->integrator_note->c_str());
    const sim::Integrator integrator = sim::settings_from_params(p->settings).integrator;
    if (sim::force_based(integrator))
      ImGui::TextWrapped("%s: %s", sim::info(integrator).label, sim::force_based_treatment(integrator));
    const sim::Settings current = sim::settings_from_params(p->settings);
    if (current.adaptive != sim::Stabilization::Off &&
        sim::active_stabilization(current) == sim::Stabilization::Off)
      ImGui::TextColored(
          ImVec4(1.0f, 0.8f, 0.3f, 1.0f),
          "Adaptive stabilisation reads XPBD's multipliers:\n%s runs the fixed substeps above.",
          sim::info(current.integrator).label);
    else if (current.adaptive == sim::Stabilization::Substeps ||
             current.adaptive == sim::Stabilization::Hybrid)
      ImGui::TextDisabled("substeps: chosen each frame (Stats)");
    if (pane_count() > 1) ImGui::TreePop();
  }
}

void Viewer::draw_stats_panel() {
  if (!ImGui::CollapsingHeader("Stats", ImGuiTreeNodeFlags_DefaultOpen)) return;
  ImGui::TextWrapped("UI %s FPS, scene drawn in %s on the GPU (timer query), %s to issue",
                     sim::format_number(double(ImGui::GetIO().Framerate)).c_str(),
                     sim::format_ms(gpu_draw_.last_ms()).c_str(), sim::format_ms(draw_ms_).c_str());
  // The rate against the wall clock and what holds it below real time (issue 53 item 4): the simulation,
  // the drawing, or waiting.
  const RealTimeSplit& split = real_time_split_;
  const std::string verdict = sim::format_text("frame %d: ", panes_[0]->last.frame) +
                              (paused_ ? std::string("paused") : split.verdict(real_time_));
  if (split.split().holder != RealTimeSplit::Holder::None)
    ImGui::TextColored(ImVec4(1.0f, 0.8f, 0.3f, 1.0f), "%s", verdict.c_str());
  else
    ImGui::TextUnformatted(verdict.c_str());
  if (!paused_ && split.split().factor > 0.0) ImGui::TextWrapped("  %s", split.split_text().c_str());
  ImGui::Checkbox("pace the simulation to real time", &real_time_);
  ImGui::TextWrapped("backend: %s", panes_[0]->world->backend_description().c_str());
  for (auto& p : panes_) {
    ImGui::PushID(p.get());
    if (!p->label.empty()) {
      ImGui::Separator();
      ImGui::TextWrapped("%s: %s", p->label.c_str(), sim::describe(sim::settings_from_params(p->settings)).c_str());
    }
    if (p->divergence) {  // the pane is paused (Pane::step returns nothing) until a reset
      ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.4f, 0.4f, 1.0f));
      ImGui::TextWrapped("%s", p->divergence->c_str());
      ImGui::PopStyleColor();
      if (ImGui::Button("Reset (R)")) reset();
    }
    for (const StatsLine& line : pane_stats_lines(*p)) {
      const ImVec4 tone[] = {ImGui::GetStyle().Colors[ImGuiCol_Text], ImVec4(1.0f, 0.8f, 0.3f, 1.0f),
                             ImVec4(1.0f, 0.4f, 0.4f, 1.0f), ImVec4(0.7f, 0.7f, 0.7f, 1.0f)};
      ImGui::PushStyleColor(ImGuiCol_Text, tone[int(line.tone)]);
      ImGui::TextWrapped("%s", line.text.c_str());
      ImGui::PopStyleColor();
    }
    plot("total energy [J]", p->energy, "J");
    if (!p->error_label.empty()) plot(p->error_label.c_str(), p->error, "");
    plot("substeps", p->substeps, "");
    plot("sim [ms]", p->step_ms, "ms");
    ImGui::PopID();
  }
}

// The frames since the last reset, kept as their inputs (Pane's history): a slider over them while paused.
void Viewer::draw_history_panel() {
  if (!ImGui::CollapsingHeader("History", ImGuiTreeNodeFlags_DefaultOpen)) return;
  const Pane& p = *panes_[0];
  if (p.history().lost()) {
    ImGui::TextWrapped("A scene parameter replaced the model: the history starts again at the next reset (R).");
    return;
  }
  const int kept = p.history().frames(), now = p.world->frame();
  int frame = now;
  ImGui::BeginDisabled(!paused_);
  if (ImGui::SliderInt("frame", &frame, 0, kept, "%d", ImGuiSliderFlags_AlwaysClamp) && frame != now) seek(frame);
  ImGui::EndDisabled();
  const double frame_dt = sim::settings_from_params(p.settings).frame_dt;
  const double per_frame_ms = now > 0 ? p.total_step_ms / now : 0.0;
  const auto megabytes = [](size_t bytes) { return sim::format_number(double(bytes) / 1e6) + " MB"; };
  ImGui::TextWrapped("%s frames kept (t up to %s), as their inputs: %s (%s for %s); a frame back is simulated "
                     "again from the start, about %s here%s",
                     sim::format_count(kept).c_str(), sim::format_quantity(kept * frame_dt, "s").c_str(),
                     megabytes(p.history().bytes()).c_str(), megabytes(FrameHistory::kBudget).c_str(),
                     sim::format_count(FrameHistory::kMaxFrames).c_str(),
                     sim::format_ms(per_frame_ms * std::max(now - 1, 0)).c_str(),
                     p.history().full() ? "; full: later frames are not kept" : "");
  if (!paused_) ImGui::TextDisabled("Pause (Space) to scrub; Left and Right step a frame back and on.");
}

void Viewer::draw_record_panel() {
  if (!ImGui::CollapsingHeader("Record", ImGuiTreeNodeFlags_DefaultOpen)) return;
  ImGui::InputText("file (.mp4) or dir/", recording_.path_text(), recording_.path_capacity());
  if (ImGui::Button(recording_.active() ? "Stop recording (V)" : "Record (V)")) toggle_recording();
  ImGui::SameLine();
  if (ImGui::Button("Screenshot (P)")) save_screenshot();
  ImGui::SameLine();
  if (ImGui::Button("Save preset")) save_preset();
  ImGui::SameLine();
  ImGui::Checkbox("caption", &options_.caption);
  if (recording_.active())
    ImGui::Text("recording %d frames to %s", recording_.frames(), recording_.path().c_str());
}

void Viewer::draw_help_overlay() {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(
      ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f), ImGuiCond_Always,
      ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowBgAlpha(0.9f);
  ImGui::Begin("Controls (H or Esc closes)", &show_help_, ImGuiWindowFlags_AlwaysAutoResize);
  if (ImGui::BeginTable("controls", 2)) {
    for (const auto& row : kControls) {
      ImGui::TableNextColumn();
      ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.4f, 1.0f), "%s", row[0]);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(row[1]);
    }
    ImGui::EndTable();
  }
  ImGui::TextDisabled("Panels apply while the simulation runs; hover a slider for its range and unit.");
  ImGui::End();
}

}  // namespace app
