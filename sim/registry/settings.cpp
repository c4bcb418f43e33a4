#include "registry/settings.h"

namespace sim {

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

Settings settings_from_params(const ParamSet& p) {
  Settings s;
  for (const auto& spec : setting_specs()) spec.set(s, p.get(spec.param.name));
  return s;
}

std::string changed_settings(const Settings& s) {
  const ParamSet values = settings_to_params(s);
  std::string out;
  for (const auto& spec : setting_specs())
    if (spec.get(s) != spec.param.default_value)
      out += (out.empty() ? "" : ", ") + spec.param.name + "=" + values.text(spec.param.name);
  return out;
}

}  // namespace sim
