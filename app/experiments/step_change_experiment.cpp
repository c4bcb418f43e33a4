// Issue 50 item 1 measured: a change of N mid-motion on every scene (solver/xpbd/substep_slew.h). Each scene
// runs at N₁, switches to N₂ at 1 s and back to N₁ at 2.5 s (`at`, the path of the viewer's slider), beside
// the runs at N₁ and N₂ throughout and the one that only switches up; and the same switches at once (the slew
// off). The energy a switch adds is its run's total one second later minus the run continued at the old N
// (the measure), and minus the larger of the two runs at a fixed N (one iteration dissipates less at
// more substeps, and the residual's stretch closes, so a switch up keeps more than the old N), over the
// scene's energy scale E_s; and the largest total within that second over the total at the switch.
#include <algorithm>
#include <cmath>

#include "experiments/experiment.h"
#include "experiments/step_measures.h"

namespace app {
namespace {

using namespace step_measures;

struct SwitchCase {
  const char* scene;
  int low, high;             // N₁, N₂: values at which the scene holds run fixed
  sim::ParamValues params;   // its motion (a chain released at 60°)
  sim::ParamValues settings;
};

const std::vector<SwitchCase>& switch_cases() {
  static const std::vector<SwitchCase> cases = {
      {"chain", 20, 100, {{"angle", 60}}, {}},
      {"rigid_chain", 50, 200, {{"angle", 60}}, {}},
      {"hanging_cloth", 20, 100, {}, {}},
      {"bunny_cloth", 20, 100, {}, {}},
      {"fem_beam", 20, 100, {}, {}},
      {"fluid_column", 10, 40, {}, {}},
      {"swinging_box", 20, 100, {}, {{"adaptive", "off"}}},
      {"capsule_stack", 50, 200, {}, {}},
      {"heavy_stack", 20, 100, {}, {{"adaptive", "off"}}},
      {"bridge", 50, 200, {}, {}},
  };
  return cases;
}

constexpr double kUp = 1.0, kDown = 2.5, kEnd = 3.5;  // [s]

std::string run_label(const SwitchCase& c, const std::string& what) { return std::string(c.scene) + ": " + what; }

std::vector<ExperimentRun> switch_runs(bool quick) {
  std::vector<ExperimentRun> runs;
  const int frames = int(std::lround(kEnd * 60.0));
  for (const SwitchCase& c : switch_cases()) {
    if (quick && std::string(c.scene) != "chain" && std::string(c.scene) != "rigid_chain") continue;
    const std::string low = std::to_string(c.low), high = std::to_string(c.high);
    const ScriptedSetting up{kUp, "substeps", high}, down{kDown, "substeps", low};
    const auto run = [&](const std::string& what, const char* series, std::vector<ScriptedSetting> at) {
      ExperimentRun r{run_label(c, what), c.params, c.settings, frames, series, 0.0, true};
      r.settings["substeps"] = c.low;
      r.scene = c.scene;
      r.scene_settings = true;
      r.at = std::move(at);
      return r;
    };
    runs.push_back(run(low + " > " + high + " > " + low, "switched", {up, down}));
    runs.push_back(run(low + " > " + high, "reference", {up}));
    runs.push_back(run("fixed " + low, "reference", {}));
    ExperimentRun fixed_high = run("fixed " + high, "reference", {});
    fixed_high.settings["substeps"] = c.high;
    runs.push_back(fixed_high);
    ExperimentRun at_once = run(low + " > " + high + " > " + low + " at once", "at once", {up, down});
    at_once.settings["substep_slew"] = 0.0;
    runs.push_back(at_once);
  }
  return runs;
}

// One switch's findings: at `t`, run `switched` against `old` (continued at the old N) and the larger of
// `fixed_a`, `fixed_b` one second later, and its largest total within that second.
void switch_findings(const std::string& what, const RunSeries* switched, const RunSeries* old,
                     const RunSeries* fixed_a, const RunSeries* fixed_b, double t, std::vector<Finding>& out) {
  const double scale = switched ? switched->last_of("energy_scale") : std::nan("");
  const auto at = [](const RunSeries* r, double time) { return r ? value_at(*r, "total", time) : std::nan(""); };
  const double e1 = at(switched, t + 1.0);
  out.push_back({"energy added one second after, " + what + ", over E_s", "", (e1 - at(old, t + 1.0)) / scale,
                 std::nullopt, "the issue's measure: against the run continued at the old N (at most 0.01)"});
  out.push_back({"energy over the larger fixed run one second after, " + what + ", over E_s", "",
                 (e1 - std::max(at(fixed_a, t + 1.0), at(fixed_b, t + 1.0))) / scale, std::nullopt,
                 "against the larger of the runs at either N throughout"});
  out.push_back({"largest total in the second after, over the total at the switch, " + what + ", over E_s", "",
                 switched ? (max_between(*switched, "total", t, t + 1.0) - at(switched, t)) / scale : std::nan(""),
                 std::nullopt, "a pop shows here"});
}

std::vector<Finding> switch_table(const std::vector<RunSeries>& runs) {
  std::vector<Finding> out;
  for (const SwitchCase& c : switch_cases()) {
    const std::string low = std::to_string(c.low), high = std::to_string(c.high);
    const RunSeries* switched = find_run(runs, run_label(c, low + " > " + high + " > " + low));
    if (!switched) continue;  // not in the quick form
    const RunSeries* up_only = find_run(runs, run_label(c, low + " > " + high));
    const RunSeries* fixed_low = find_run(runs, run_label(c, "fixed " + low));
    const RunSeries* fixed_high = find_run(runs, run_label(c, "fixed " + high));
    const RunSeries* at_once = find_run(runs, run_label(c, low + " > " + high + " > " + low + " at once"));
    const std::string up = std::string(c.scene) + " " + low + " > " + high;
    const std::string down = std::string(c.scene) + " " + high + " > " + low;
    switch_findings(up, switched, fixed_low, fixed_low, fixed_high, kUp, out);
    switch_findings(down, switched, up_only, up_only, fixed_low, kDown, out);
    switch_findings(up + " at once", at_once, fixed_low, fixed_low, fixed_high, kUp, out);
    if (switched->divergence) out.push_back({"diverged, " + up, "", 1.0, std::nullopt, *switched->divergence});
  }
  return out;
}

}  // namespace

ExperimentDef step_change() {
  return {"step_change",
          "issue 50 (beyond Small Steps and Giles & Andrews)",
          "a change of the step",
          "every scene switched from N1 to N2 at 1 s and back at 2.5 s mid-motion (--at), through the slew and "
          "at once, beside the runs at N1 and N2 throughout: the energy each switch adds over the scene's "
          "energy scale E_s",
          "chain",
          switch_runs,
          {kTotal, kEnergyScale, kRelativeTotal, kSubsteps},
          {series_over_time("switched", "Total energy over E_s, switched through the slew", "total_over_scale",
                            false, "switched"),
           series_over_time("at_once", "Total energy over E_s, switched at once", "total_over_scale", false,
                            "at once")},
          switch_table};
}

}  // namespace app
