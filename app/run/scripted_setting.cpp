#include "run/scripted_setting.h"

#include <algorithm>
#include <cstdio>

#include "params/decimal.h"
#include "params/quoted.h"
#include "registry/settings.h"

namespace app {

ScriptedSetting parse_at(const std::string& text, const std::string& where, const sim::ParamSet& settings) {
  const std::string form = ": expected \"T name=value\" (T in simulated seconds, name a setting; see smallsteps list)";
  // the text is echoed whole only when short: a long one is named by its start
  const std::string shown = text.size() <= 80 ? text : text.substr(0, 60) + "...";
  const std::string culprit = where + " " + sim::in_quotes(shown);
  const size_t space = text.find_first_of(" \t");
  if (space == std::string::npos) throw sim::ParamError(culprit + form);
  const std::string time_text = text.substr(0, space);
  const size_t start = text.find_first_not_of(" \t", space);
  const std::string assignment = start == std::string::npos ? "" : text.substr(start);
  const std::optional<double> t = sim::finite_decimal(time_text);
  if (!t) throw sim::ParamError(culprit + ": the time " + sim::in_quotes(time_text) + " is not a finite number" + form);
  if (*t < 0.0) throw sim::ParamError(culprit + ": the time is negative");
  const size_t eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0) throw sim::ParamError(culprit + form);
  ScriptedSetting s{*t, assignment.substr(0, eq), assignment.substr(eq + 1)};
  if (!settings.has(s.name))
    throw sim::ParamError(culprit + ": " + sim::in_quotes(s.name) +
                          " is not a setting (scene parameters rebuild the scene and cannot change at a time; "
                          "smallsteps list shows the settings)");
  sim::ParamSet checked = settings;
  checked.set_text(s.name, s.value, culprit);
  return s;
}

std::string at_text(const ScriptedSetting& s) {
  char time[32];
  std::snprintf(time, sizeof time, "%.9g", s.t);
  return std::string(time) + " " + s.name + "=" + s.value;
}

namespace {

std::vector<ScriptedSetting> in_time_order(std::vector<ScriptedSetting> script) {
  std::stable_sort(script.begin(), script.end(),
                   [](const ScriptedSetting& a, const ScriptedSetting& b) { return a.t < b.t; });
  return script;
}

}  // namespace

void check_script(const std::vector<ScriptedSetting>& script, const sim::ParamSet& settings,
                  const std::string& where) {
  sim::ParamSet running = settings;
  for (const ScriptedSetting& s : in_time_order(script)) {
    running.set_text(s.name, s.value, where + " " + sim::in_quotes(at_text(s)));
    if (const auto conflict = sim::settings_conflict(sim::settings_from_params(running)))
      throw sim::ParamError(where + " " + sim::in_quotes(at_text(s)) + ": " + *conflict);
  }
}

SettingsScript::SettingsScript(std::vector<ScriptedSetting> script) : script_(in_time_order(std::move(script))) {}

std::vector<std::string> SettingsScript::apply_due(double time, sim::ParamSet& settings) {
  std::vector<std::string> applied;
  // a frame starts at k Δt_f, summed in floating point: a change at T is due from T less a rounding's width
  const double due = time + 1e-9 * std::max(1.0, std::abs(time));
  for (; next_ < script_.size() && script_[next_].t <= due; ++next_) {
    const ScriptedSetting& s = script_[next_];
    const bool seen = std::any_of(before_.begin(), before_.end(), [&](const auto& b) { return b.first == s.name; });
    if (!seen) before_.emplace_back(s.name, settings.text(s.name));
    settings.set_text(s.name, s.value, "at " + sim::in_quotes(at_text(s)));
    applied.push_back(s.name + "=" + settings.text(s.name));
  }
  return applied;
}

void SettingsScript::rewind(sim::ParamSet& settings) {
  for (const auto& [name, text] : before_) settings.set_text(name, text);
  before_.clear();
  next_ = 0;
}

}  // namespace app
