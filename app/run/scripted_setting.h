// ScriptedSetting: a setting changed at a simulated time (issue 50 item 2), "T name=value": at the first frame
// that starts at or after T seconds the settings table's entry `name` takes `value`, through
// ParamSet::set_text, the path the viewer's panel edits take, so that a comparison video can show the switch
// and a test can make it. SettingsScript plays a run's list of them (--at, a preset's "at") on a ParamSet.
#pragma once

#include <string>
#include <vector>

#include "params/param.h"

namespace app {

struct ScriptedSetting {
  double t = 0.0;     // simulated time [s]
  std::string name;   // a settings-table entry
  std::string value;  // as set_text reads it
};

// "T name=value". Throws sim::ParamError naming `where` and the problem: T not a finite time ≥ 0, no
// "name=value", a name the settings table does not hold, a value the entry refuses (checked on a copy of
// `settings`).
ScriptedSetting parse_at(const std::string& text, const std::string& where, const sim::ParamSet& settings);
// The same change as text, for presets written back.
std::string at_text(const ScriptedSetting& s);

// Every change applied in time order to a copy of `settings` (ties keep the order given), each state checked
// with sim::settings_conflict: throws sim::ParamError naming the change that makes the settings contradict
// themselves (`where` names the option or key).
void check_script(const std::vector<ScriptedSetting>& script, const sim::ParamSet& settings,
                  const std::string& where);

class SettingsScript {
 public:
  explicit SettingsScript(std::vector<ScriptedSetting> script);
  // Applies to `settings` every change due at a frame starting at `time` [s] that has not been applied;
  // returns the changes applied ("substeps=100"), empty when none.
  std::vector<std::string> apply_due(double time, sim::ParamSet& settings);
  // Back to the start of the run (a reset): the entries the script changed take the values they had before
  // its first change, and every change is due again.
  void rewind(sim::ParamSet& settings);
  bool empty() const { return script_.empty(); }

 private:
  std::vector<ScriptedSetting> script_;  // in time order
  size_t next_ = 0;                      // the first change not yet applied
  std::vector<std::pair<std::string, std::string>> before_;  // entry, its text before the first change
};

}  // namespace app
