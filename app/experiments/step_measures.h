// What the experiments of issue 50 measure each frame (step_change_experiment.cpp,
// adaptive_rules_experiment.cpp), and how they read a run back: its value at a time, its largest over a
// window, a run by its label.
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include "experiments/experiment.h"
#include "registry/frame_metrics.h"

namespace app {
namespace step_measures {

inline ExperimentMeasure frame_metric(const char* name, const char* unit, double (*of)(const sim::FrameMetrics&)) {
  return {name, unit, [of](sim::World&, const sim::FrameMetrics& m, const std::vector<sim::Position>&) { return of(m); }};
}

inline const ExperimentMeasure kTotal = frame_metric("total", "J", [](const sim::FrameMetrics& m) { return m.total; });
inline const ExperimentMeasure kEnergyScale =
    frame_metric("energy_scale", "J", [](const sim::FrameMetrics& m) { return m.energy_scale; });
inline const ExperimentMeasure kRelativeTotal = frame_metric(
    "total_over_scale", "", [](const sim::FrameMetrics& m) { return m.energy_scale > 0.0 ? m.total / m.energy_scale : 0.0; });
inline const ExperimentMeasure kSubsteps =
    frame_metric("substeps", "", [](const sim::FrameMetrics& m) { return double(m.substeps); });
inline const ExperimentMeasure kSetBy =
    frame_metric("set_by", "", [](const sim::FrameMetrics& m) { return double(m.substeps_source); });
inline const ExperimentMeasure kStepMs =
    frame_metric("step_ms", "ms", [](const sim::FrameMetrics& m) { return m.step_ms; });
// e: the worst failure measure over its bound (metrics/failure_check.h), in every mode; above 1 the physics
// failed
inline const ExperimentMeasure kResidual{
    "residual", "", [](sim::World& w, const sim::FrameMetrics& m, const std::vector<sim::Position>&) {
      return sim::worst_residual(sim::failure_checks(w.model(), m)).residual;
    }};

}  // namespace step_measures

// The run's `measure` at the first frame at or after `t` [s]; NaN when it ended (or diverged) before.
inline double value_at(const RunSeries& r, const std::string& measure, double t) {
  const auto it = r.measures.find(measure);
  if (it == r.measures.end()) return std::nan("");
  for (size_t i = 0; i < r.time.size() && i < it->second.size(); ++i)
    if (r.time[i] >= t - 1e-9) return it->second[i];
  return std::nan("");
}

// The largest `measure` over [t0, t1] [s]; NaN when no frame falls there.
inline double max_between(const RunSeries& r, const std::string& measure, double t0, double t1) {
  const auto it = r.measures.find(measure);
  double top = std::nan("");
  if (it == r.measures.end()) return top;
  for (size_t i = 0; i < r.time.size() && i < it->second.size(); ++i)
    if (r.time[i] >= t0 - 1e-9 && r.time[i] <= t1 + 1e-9 && !(it->second[i] <= top)) top = it->second[i];
  return top;
}

inline const RunSeries* find_run(const std::vector<RunSeries>& runs, const std::string& label) {
  for (const RunSeries& r : runs)
    if (r.run.label == label) return &r;
  return nullptr;
}

}  // namespace app
