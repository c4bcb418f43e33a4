#include "viewer/experiments_panel.h"

#include <imgui.h>

#include <cstdint>

#include "core/quantity_format.h"

namespace app {

ExperimentsPanel::~ExperimentsPanel() {
  cancel_ = true;
  if (worker_.joinable()) worker_.join();
  free_plots();
}

void ExperimentsPanel::free_plots() {
  for (const Plot& p : plots_) glDeleteTextures(1, &p.texture);
  plots_.clear();
}

void ExperimentsPanel::start(sim::BackendKind backend, int index, bool quick) {
  if (running_) return;
  selected_ = index;
  quick_ = quick;
  const ExperimentDef& e = experiment_registry()[size_t(index)];
  free_plots();
  result_ = {};
  error_.clear();
  progress_.clear();
  cancel_ = false;
  finished_ = false;
  running_ = true;
  worker_ = std::thread([this, &e, backend, quick] {
    ExperimentResult r;
    std::string error;
    try {
      r = run_experiment(e, backend, quick, false, &cancel_, [this](const ExperimentRun& run) {
        const std::lock_guard<std::mutex> lock(mutex_);
        progress_ = run.label + ", " + std::to_string(run.frames) + " frames";
      });
    } catch (const std::exception& ex) {
      error = ex.what();
    } catch (...) {
      error = "the experiment failed";
    }
    const std::lock_guard<std::mutex> lock(mutex_);
    result_ = std::move(r);
    error_ = std::move(error);
    finished_ = true;
  });
}

void ExperimentsPanel::poll() {
  if (!running_ || !finished_) return;
  worker_.join();
  running_ = false;
  if (result_.cancelled || !error_.empty()) return;
  const ExperimentDef& e = experiment_registry()[size_t(selected_)];
  for (const ExperimentPlot& p : e.plots) {
    const render::RgbImage image = render::render_plot(plot_spec(e, p, result_.runs));
    Plot plot{0, image.width, image.height};
    glCreateTextures(GL_TEXTURE_2D, 1, &plot.texture);
    glTextureStorage2D(plot.texture, 1, GL_RGB8, image.width, image.height);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTextureSubImage2D(plot.texture, 0, 0, 0, image.width, image.height, GL_RGB, GL_UNSIGNED_BYTE,
                        image.pixels.data());
    glTextureParameteri(plot.texture, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTextureParameteri(plot.texture, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    plots_.push_back(plot);
  }
}

void ExperimentsPanel::draw(sim::BackendKind backend) {
  poll();
  const std::vector<ExperimentDef>& all = experiment_registry();
  ImGui::BeginDisabled(running_);
  if (ImGui::BeginCombo("experiment", all[size_t(selected_)].name.c_str())) {
    for (size_t k = 0; k < all.size(); ++k)
      if (ImGui::Selectable(all[k].name.c_str(), int(k) == selected_)) selected_ = int(k);
    ImGui::EndCombo();
  }
  ImGui::Checkbox("quick (seconds; the full runs take up to minutes)", &quick_);
  ImGui::EndDisabled();
  const ExperimentDef& e = all[size_t(selected_)];
  ImGui::TextWrapped("%s, %s: %s", e.paper.c_str(), e.figure.c_str(), e.description.c_str());
  if (!running_) {
    if (ImGui::Button("Run")) start(backend, selected_, quick_);
  } else {
    if (ImGui::Button("Cancel")) cancel_ = true;
    const std::lock_guard<std::mutex> lock(mutex_);
    ImGui::SameLine();
    ImGui::TextWrapped("running %s", progress_.c_str());
  }
  if (running_) return;
  if (!error_.empty()) ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.4f, 1.0f), "%s", error_.c_str());
  for (const RunSeries& r : result_.runs)
    if (r.divergence)
      ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.4f, 1.0f), "%s: %s", r.run.label.c_str(),
                         r.divergence->c_str());
  if (!result_.findings.empty() &&
      ImGui::BeginTable("findings", 3, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchProp)) {
    ImGui::TableSetupColumn("measure");
    ImGui::TableSetupColumn("ours");
    ImGui::TableSetupColumn("the paper");
    ImGui::TableHeadersRow();
    for (const Finding& f : result_.findings) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextWrapped("%s", f.what.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(sim::format_measure(f.value, f.unit).c_str());
      ImGui::TableNextColumn();  // the paper's number, else what it says instead (a figure without numbers)
      if (f.paper)
        ImGui::TextUnformatted(sim::format_measure(*f.paper, f.unit).c_str());
      else
        ImGui::TextDisabled("%s", f.note.empty() ? "no number printed" : f.note.c_str());
    }
    ImGui::EndTable();
  }
  const float width = ImGui::GetContentRegionAvail().x;
  for (const Plot& p : plots_)
    ImGui::Image(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(p.texture)),
                 ImVec2(width, width * float(p.height) / float(p.width)));
}

}  // namespace app
