#include "registry/settings.h"

namespace sim {
inline namespace SIM_PRECISION {

const std::vector<SettingSpec<Settings>>& setting_specs() {
  static const std::vector<SettingSpec<Settings>> specs = [] {
    std::vector<SettingSpec<Settings>> out;
    for (const auto& spec : solver_setting_specs()) out.push_back(as_setting_of<Settings>(spec));
    Families::add_options(out);
    return out;
  }();
  return specs;
}

const std::vector<ParamSpec>& settings_table() {
  static const std::vector<ParamSpec> table = [] {
    std::vector<ParamSpec> out;
    for (const auto& spec : setting_specs()) out.push_back(spec.param);
    return out;
  }();
  return table;
}

ParamSet settings_to_params(const Settings& s) {
  ParamSet p("settings", settings_table());
  for (const auto& spec : setting_specs()) p.set(spec.param.name, spec.get(s));
  return p;
}

bool setting_relevant(const std::string& name, const Settings& s) {
  for (const auto& spec : setting_specs())
    if (spec.param.name == name) return !spec.relevant || spec.relevant(s);
  return true;
}

std::optional<std::string> setting_idle_where(const std::string& name, const Settings& s) {
  for (const auto& spec : setting_specs())
    if (spec.param.name == name && spec.relevant && !spec.relevant(s)) return spec.relevant_where;
  return std::nullopt;
}

Settings settings_from_params(const ParamSet& p) {
  Settings s;
  for (const auto& spec : setting_specs()) spec.set(s, p.get(spec.param.name));
  return s;
}

std::optional<std::string> settings_conflict(const Settings& s) {
  if (s.min_substeps > s.max_substeps)
    return "min_substeps " + std::to_string(s.min_substeps) + " is above max_substeps " +
           std::to_string(s.max_substeps) + ": adaptive substepping takes N in [min_substeps, max_substeps]";
  if (force_based(s.integrator) && s.adaptive != Stabilization::Off)
    return std::string("adaptive ") + settings_to_params(s).text("adaptive") + " needs integrator xpbd: " +
           "its stiffness estimate (Adaptive Sub-stepping Eqs. 9-11) reads XPBD's multipliers, which " +
           info(s.integrator).label + " has none (give --adaptive off, or --integrator xpbd)";
  return std::nullopt;
}

std::string describe(const Settings& s) {
  std::string text = describe(static_cast<const SolverSettings&>(s));
  const ParamSet values = settings_to_params(s);
  const size_t solver_entries = solver_setting_specs().size();
  const auto& specs = setting_specs();
  std::string options;
  for (size_t i = solver_entries; i < specs.size(); ++i)
    if (specs[i].get(s) != specs[i].param.default_value)
      options += (options.empty() ? "" : ", ") + specs[i].param.name + "=" + values.text(specs[i].param.name);
  return options.empty() ? text : text + "; " + options;
}

std::string changed_settings(const Settings& s) {
  const ParamSet values = settings_to_params(s);
  std::string out;
  for (const auto& spec : setting_specs())
    if (spec.get(s) != spec.param.default_value)
      out += (out.empty() ? "" : ", ") + spec.param.name + "=" + values.text(spec.param.name);
  return out;
}

}  // namespace SIM_PRECISION
}  // namespace sim
