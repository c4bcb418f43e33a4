// Experiment: one of the papers' figures as data — the scene, its runs (settings and scene parameters),
// what each frame measures, the plots, and the numbers the paper states beside ours — registered like
// scenes (registry.cpp) and run by `smallsteps experiment` (experiment_command.h), which writes a CSV per
// run, summary.json and a PNG per plot.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "registry/frame_metrics.h"
#include "run/scripted_setting.h"
#include "render/plot/plot.h"
#include "world/world.h"

namespace app {

struct ExperimentRun {
  std::string label;                       // the legend's text; the CSV is named after it
  sim::ParamValues params;    // scene parameters, over the scene's defaults
  sim::ParamValues settings;  // solver settings, over the defaults
  int frames = 0;
  // In a sweep plot, the run is one point (x, its measure at the last frame) of the line `series`.
  std::string series;
  double x = 0.0;
  // The run may diverge and that is its result (an integrator past its stability limit), not a failure of
  // the experiment.
  bool may_diverge = false;
  std::string scene = "";              // another scene than the experiment's (a table across scenes); "": its
  bool scene_settings = false;         // start from the scene's own setting defaults (SceneDef::settings)
  std::vector<ScriptedSetting> at = {};  // settings changed at simulated times (run/scripted_setting.h)
};

// A quantity recorded every frame: from the frame's metrics, or the World (its positions) and the
// positions it started from.
struct ExperimentMeasure {
  std::string name, unit;  // the CSV column is name_unit
  std::function<double(sim::World& world, const sim::FrameMetrics& m, const std::vector<sim::Position>& x0)> of;
};

struct ExperimentPlot {
  std::string file;  // PNG name without the extension
  std::string title;
  std::string measure;  // over time, a line per run; or, in a sweep, at the last frame against the runs' x
  bool log_y = false;
  std::vector<render::PlotReference> references;  // closed forms, the paper's values
  std::string sweep_x_label;                      // non-empty: a sweep plot with this x axis label
  bool log_x = false;
  std::string only_series = "";                   // over time: only the runs of this series; "": every run
};

// One run's measures over its frames.
struct RunSeries {
  ExperimentRun run;
  std::vector<double> time;                             // [s]
  std::map<std::string, std::vector<double>> measures;  // by measure name
  std::optional<std::string> divergence;
  std::string backend;  // where it ran: "cpu" or "cuda" (auto may choose either by the scene's size)
  double max_of(const std::string& measure) const;   // over the frames; NaN when there are none
  double last_of(const std::string& measure) const;  // at the last frame; NaN when there are none
  // The mean over the frames from `from` (a fraction of the run, 0 to 1) to the end; NaN when none.
  double mean_of(const std::string& measure, double from) const;
};

// A number the experiment reports, with the paper's where the paper states one.
struct Finding {
  std::string what, unit;
  double value = 0.0;  // NaN: not measured in this build (the note says why)
  std::optional<double> paper;
  std::string note;  // how the paper's value was obtained (e.g. its hardware), or what to compare
};

struct ExperimentDef {
  std::string name, paper, figure, description, scene;
  std::function<std::vector<ExperimentRun>(bool quick)> runs;
  std::vector<ExperimentMeasure> measures;
  std::vector<ExperimentPlot> plots;
  std::function<std::vector<Finding>(const std::vector<RunSeries>&)> findings;
  // Optional: more runs chosen from the results so far (a bisection), until it returns none.
  std::function<std::vector<ExperimentRun>(const std::vector<RunSeries>&, bool quick)> refine = nullptr;
};

// The slope of log y against log x by least squares (points with x or y ≤ 0 left out): the order of
// convergence in a sweep.
double log_log_slope(const std::vector<double>& x, const std::vector<double>& y);

// Small Steps' chain, cloth and beam (small_steps_experiments.cpp): §6.1-6.3, Figures 3-7.
ExperimentDef chain_stretch();
ExperimentDef chain_heavy();
ExperimentDef chain_residual();
ExperimentDef chain_force();
ExperimentDef cloth_energy();
ExperimentDef beam_sag();

// Figure 1's drape over the bunny (bunny_experiment.cpp).
ExperimentDef bunny_stretch();
// The stretch the 64² drape keeps at rest against the substep count, gravity, friction and the shear
// diagonals.
ExperimentDef bunny_rest_stretch();
// Where the paper-scale drape tears on landing: against the substep count and the contact parameters.
ExperimentDef bunny_landing();

// Small Steps' fluid and rigid bodies (fluid_rigid_experiments.cpp): §6.4-6.5, Figures 2, 8 and 9.
ExperimentDef fluid_compression();
ExperimentDef rigid_chain_separation();
ExperimentDef capsule_stack_collapse();

// The integrator experiments (integrator_experiments.cpp): Teschner's lectures with XPBD beside them.
ExperimentDef integrator_order();
ExperimentDef integrator_pendulum();
ExperimentDef integrator_energy();
ExperimentDef integrator_stability();
ExperimentDef integrator_table();

// A plot of `measure` over time, a line per run.
ExperimentPlot over_time(std::string file, std::string title, std::string measure, bool log_y,
                         std::vector<render::PlotReference> references = {});
// The same for the runs of one series only.
ExperimentPlot series_over_time(std::string file, std::string title, std::string measure, bool log_y,
                                std::string series);

// Giles & Andrews 2024's adaptive substepping (adaptive_experiments.cpp): Figures 2-4 and N against α.
ExperimentDef adaptive_energy();
ExperimentDef adaptive_substeps();
ExperimentDef adaptive_substeps_bridge();
ExperimentDef adaptive_stack();
ExperimentDef adaptive_substeps_direct();
ExperimentDef adaptive_substeps_pgs();
ExperimentDef adaptive_alpha();

// Issue 50: a change of N mid-motion on every scene (step_change_experiment.cpp); Algorithm 1 and the residual
// rule against fixed N on every scene, and the residual term's orders (adaptive_rules_experiment.cpp).
ExperimentDef step_change();
ExperimentDef adaptive_rules();
ExperimentDef residual_order();

// Archimedes for a ball floating on the fluid (buoyancy_experiment.cpp): particles against bodies.
ExperimentDef ball_buoyancy();

const std::vector<ExperimentDef>& experiment_registry();
const ExperimentDef* find_experiment(const std::string& name);  // null when there is none by that name

}  // namespace app
