// See idle_settings.h.
#include "run/idle_settings.h"

#include <algorithm>
#include <utility>

#include "params/flag.h"
#include "registry/family_list.h"

namespace app {

std::optional<std::string> setting_idle_reason(const std::string& name, const sim::Settings& s,
                                               const sim::World& world) {
  std::vector<std::pair<std::string, std::string>> absent;  // a family's options, the scene lacking its items
  sim::Families::add_idle_options(world.model(), absent);
  const auto family = std::find_if(absent.begin(), absent.end(), [&](const auto& a) { return a.first == name; });
  if (family != absent.end()) return family->second;
  if (const auto where = sim::setting_idle_where(name, s)) return "it acts only " + *where;
  if (name == "cuda_launch" && world.backend() != sim::BackendKind::Cuda)
    return std::string("it acts only on the CUDA backend, and this run steps on the CPU");
  return std::nullopt;
}

std::vector<std::string> idle_setting_notes(const sim::ParamSet& given, const sim::Settings& s,
                                            const sim::World& world) {
  const sim::ParamSet values = sim::settings_to_params(s);
  std::vector<std::string> notes;
  for (const sim::ParamSpec& spec : sim::settings_table()) {
    const std::string& name = spec.name;
    if (!given.set_by_user(name)) continue;
    if (const auto why = setting_idle_reason(name, s, world)) {
      notes.push_back(sim::flag_of(name) + " does nothing here: " + *why);
    } else if (name == "substeps" && sim::adaptive_chooses_substeps(s)) {
      notes.push_back(
          sim::flag_of(name) + " " + given.text(name) + " does not set N here: adaptive " +
          values.text("adaptive") + (given.set_by_user("adaptive") ? "" : " (the scene's default)") +
          " chooses N each frame in [min_substeps, max_substeps] = [" + values.text("min_substeps") + ", " +
          values.text("max_substeps") + "]; give --adaptive off for a fixed N");
    }
  }
  return notes;
}

}  // namespace app
