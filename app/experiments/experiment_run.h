// Running an experiment (experiment.h) in memory: each run stepped with step_and_measure as the headless
// runner does, its measures recorded every frame, then the findings; and the plot of a finished experiment.
// The experiment command writes these to files; the viewer's Experiments panel shows them.
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "backend/backend.h"
#include "experiments/experiment.h"
#include "render/plot/plot.h"

namespace app {

struct ExperimentResult {
  std::vector<RunSeries> runs;
  std::vector<Finding> findings;
  std::string backend;  // "cpu" or "cuda"
  bool cancelled = false;
};

// Runs every run of e (the quick set if asked), calling on_run before each; stops between frames once
// *cancel is true (then cancelled is set and there are no findings).
ExperimentResult run_experiment(const ExperimentDef& e, sim::BackendKind backend, bool quick, bool progress,
                                const std::atomic<bool>* cancel = nullptr,
                                const std::function<void(const ExperimentRun&)>& on_run = {});

// The plot p of e's runs: a line per run over time, or in a sweep a line per series.
render::PlotSpec plot_spec(const ExperimentDef& e, const ExperimentPlot& p,
                           const std::vector<RunSeries>& runs);

}  // namespace app
