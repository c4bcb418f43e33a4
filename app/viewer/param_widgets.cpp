#include "viewer/param_widgets.h"

#include <imgui.h>

#include <algorithm>
#include <map>
#include <string>

#include "registry/settings.h"
#include "scenes/scene.h"

namespace app {
namespace {

// A slider of a parameter that rebuilds the scene holds its value here while dragged and commits it on
// release, so the scene is rebuilt once and not on every frame of the drag.
std::map<const sim::ParamSpec*, double>& pending_rebuilds() {
  static std::map<const sim::ParamSpec*, double> pending;
  return pending;
}

// A tooltip wrapped at 40 % of the window's width, so that a long help text stays inside the window.
void wrapped_tooltip(const std::string& text) {
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(0.4f * ImGui::GetIO().DisplaySize.x);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

std::string label_of(const sim::ParamSpec& spec) {
  return spec.unit.empty() ? spec.name : spec.name + " [" + spec.unit + "]";
}

// A Text parameter (a file path): edited in a text field, applied on Enter.
bool edit_text(const sim::ParamSpec& spec, sim::ParamSet& params) {
  char buffer[1024];
  std::snprintf(buffer, sizeof buffer, "%s", params.get_text(spec.name).c_str());
  const bool changed =
      ImGui::InputText(label_of(spec).c_str(), buffer, sizeof buffer, ImGuiInputTextFlags_EnterReturnsTrue);
  if (ImGui::IsItemHovered())
    wrapped_tooltip(spec.help + "\npress Enter to apply" + (spec.rebuild ? "; it restarts the scene" : ""));
  if (changed) params.set_text(spec.name, buffer);
  return changed;
}

bool edit_one(const sim::ParamSpec& spec, sim::ParamSet& params) {
  if (spec.type == sim::ParamType::Text) return edit_text(spec, params);
  const std::string label = label_of(spec);
  const bool deferred = spec.rebuild && (spec.type == sim::ParamType::Int || spec.type == sim::ParamType::Real);
  auto& pending = pending_rebuilds();
  const auto held = pending.find(&spec);
  double value = deferred && held != pending.end() ? held->second : params.get(spec.name);
  bool changed = false;
  const bool wide = spec.max > 100.0 * (spec.min > 0.0 ? spec.min : 1.0);
  const ImGuiSliderFlags flags = ImGuiSliderFlags_AlwaysClamp | (wide ? ImGuiSliderFlags_Logarithmic : 0);
  switch (spec.type) {
    case sim::ParamType::Int: {
      int v = int(value);
      const int lo = int(spec.min), hi = int(spec.max);
      changed = ImGui::SliderInt(label.c_str(), &v, lo, hi, "%d", flags);
      value = v;
      break;
    }
    case sim::ParamType::Real:
      changed = ImGui::SliderScalar(label.c_str(), ImGuiDataType_Double, &value, &spec.min, &spec.max, "%.4g", flags);
      break;
    case sim::ParamType::Bool: {
      bool v = value != 0.0;
      changed = ImGui::Checkbox(label.c_str(), &v);
      value = v ? 1.0 : 0.0;
      break;
    }
    case sim::ParamType::Choice: {
      int v = int(spec.choice_of(value) - spec.choices.data());  // the combo's row of the value's choice
      changed = ImGui::Combo(
          label.c_str(), &v,
          [](void* data, int i, const char** out) {
            *out = static_cast<const sim::ParamSpec*>(data)->choices[size_t(i)].name.c_str();
            return true;
          },
          const_cast<sim::ParamSpec*>(&spec), int(spec.choices.size()));
      value = spec.choices[size_t(v)].value;
      break;
    }
    case sim::ParamType::Text:
      break;  // edit_text
  }
  if (ImGui::IsItemHovered())
    wrapped_tooltip(spec.help + "\nrange " + spec.range_text() + (spec.rebuild ? "\nchanging it restarts the scene" : ""));
  if (deferred) {
    if (changed) pending[&spec] = value;
    changed = ImGui::IsItemDeactivatedAfterEdit();
    if (ImGui::IsItemDeactivated()) pending.erase(&spec);
  }
  if (changed) params.set(spec.name, value);  // in range: the widgets clamp
  return changed;
}

}  // namespace

float label_column(std::initializer_list<const char*> more) {
  float widest = 0.0f;
  const auto fit = [&](const char* label) { widest = std::max(widest, ImGui::CalcTextSize(label).x); };
  for (const sim::ParamSpec& spec : sim::settings_table()) fit(label_of(spec).c_str());
  for (const sim::SceneDef& scene : sim::scene_registry())
    for (const sim::ParamSpec& spec : scene.params) fit(label_of(spec).c_str());
  for (const char* label : more) fit(label);
  return widest + ImGui::GetStyle().ItemInnerSpacing.x;
}

ParamEdit edit_params(sim::ParamSet& params, const std::function<bool(const sim::ParamSpec&)>& shown) {
  ParamEdit edit;
  ImGui::PushID(&params);
  for (const sim::ParamSpec& spec : params.specs())
    if ((!shown || shown(spec)) && edit_one(spec, params)) {
      edit.changed = true;
      edit.rebuild = edit.rebuild || spec.rebuild;
    }
  ImGui::PopID();
  return edit;
}

}  // namespace app
