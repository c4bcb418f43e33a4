// Settings: everything a frame can be told, changeable between frames: the solver's own settings
// (settings/settings.h) and each registered family's options (families/family.h, Options) as bases. The
// settings table, declared once beside each member, drives --name on the command line, the presets'
// "settings" object (app/run/preset.h), the viewer's Solver panel, the run summary and `smallsteps list`.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "params/param.h"
#include "registry/family_list.h"
#include "settings/setting_spec.h"
#include "settings/settings.h"

namespace sim {
inline namespace SIM_PRECISION {

struct Settings : SolverSettings, Families::OptionParts {};

// The table: the solver's entries, then each family's, in list order.
const std::vector<SettingSpec<Settings>>& setting_specs();
// The same entries as parameters, for ParamSet (the CLI, presets and the UI edit a ParamSet).
const std::vector<ParamSpec>& settings_table();
ParamSet settings_to_params(const Settings& s);
// Whether the setting `name` does anything under s (SettingSpec::relevant); true for a name not in the table.
bool setting_relevant(const std::string& name, const Settings& s);
// Where the setting `name` does something, in words ("with integrator xpbd"), when it does nothing under s;
// nullopt where it acts (issue 52 item 3: a run notes a setting given where it does nothing).
std::optional<std::string> setting_idle_where(const std::string& name, const Settings& s);
Settings settings_from_params(const ParamSet& p);
// Why a combination of settings means nothing, if it does not (issue 41 item 4): N_min above N_max, or an
// adaptive mode (Eqs. 9-11 read XPBD's multipliers) under a force-based integrator, which has none.
std::optional<std::string> settings_conflict(const Settings& s);

// "substeps=30, iterations=1, ..." for every setting that differs from its default: what a run summary
// prints beside describe().
std::string changed_settings(const Settings& s);

// describe(SolverSettings) and the families' options that differ from their defaults, for captions:
// "1 substep x 10 iterations, XPBD, Gauss-Seidel; tethers=true".
std::string describe(const Settings& s);

}  // namespace SIM_PRECISION
}  // namespace sim
