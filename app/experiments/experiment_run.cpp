#include "experiments/experiment_run.h"

#include <algorithm>
#include <cmath>
#include <memory>

#include "run/frame_loop.h"
#include "run/progress_bar.h"
#include "scenes/scene.h"
#include "world/frame_step.h"

namespace app {
namespace {

RunSeries simulate(const ExperimentDef& e, const ExperimentRun& run, sim::BackendKind backend, bool progress,
                   const std::atomic<bool>* cancel) {
  const sim::SceneDef& scene = sim::find_scene(run.scene.empty() ? e.scene : run.scene);
  sim::ParamSet params = scene.default_params();
  for (const auto& [name, value] : run.params) params.set(name, value);
  // the scene's own defaults apply to the settings nobody set: a table fresh from its defaults
  sim::ParamSet settings_params = run.scene_settings ? sim::ParamSet("settings", sim::settings_table())
                                                     : sim::settings_to_params(sim::Settings{});
  if (run.scene_settings) scene.use_setting_defaults(settings_params, sim::runs_on_cuda(backend));
  for (const auto& [name, value] : run.settings) settings_params.set(name, value);
  FrameLoop loop(settings_params, run.at);
  loop.rewind();
  loop.world = std::make_unique<sim::World>(scene.build(params), backend, loop.settings_at_start());
  loop.restart();
  sim::World& world = *loop.world;
  const std::vector<sim::Position> x0 = world.positions();
  RunSeries series{run, {}, {}, std::nullopt, sim::backend_name(world.backend())};
  for (const ExperimentMeasure& m : e.measures) series.measures[m.name];  // empty if the first frame diverges
  ProgressBar bar(run.frames, progress);
  for (int f = 0; f < run.frames && !(cancel && *cancel); ++f) {
    loop.step_frame();
    if (loop.divergence) {
      series.divergence = loop.divergence;
      break;
    }
    series.time.push_back(loop.last.time);
    for (const ExperimentMeasure& m : e.measures)
      series.measures[m.name].push_back(m.of(world, loop.last, x0));
    bar.update(f + 1, loop.last.step_ms);
  }
  bar.finish();
  return series;
}

}  // namespace

// The slope of log y against log x by least squares: the order of convergence in a sweep.
double log_log_slope(const std::vector<double>& x, const std::vector<double>& y) {
  double n = 0.0, sx = 0.0, sy = 0.0, sxx = 0.0, sxy = 0.0;
  for (size_t i = 0; i < x.size(); ++i) {
    if (!(x[i] > 0.0 && y[i] > 0.0)) continue;
    const double lx = std::log(x[i]), ly = std::log(y[i]);
    n += 1.0;
    sx += lx;
    sy += ly;
    sxx += lx * lx;
    sxy += lx * ly;
  }
  return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

double RunSeries::max_of(const std::string& measure) const {
  const auto it = measures.find(measure);
  double top = std::nan("");
  if (it != measures.end())
    for (const double v : it->second)
      if (!std::isnan(v) && (std::isnan(top) || v > top)) top = v;
  return top;
}

double RunSeries::last_of(const std::string& measure) const {
  const auto it = measures.find(measure);
  return it == measures.end() || it->second.empty() ? std::nan("") : it->second.back();
}

double RunSeries::mean_of(const std::string& measure, double from) const {
  const auto it = measures.find(measure);
  if (it == measures.end() || it->second.empty()) return std::nan("");
  const std::vector<double>& v = it->second;
  const size_t first = std::min(v.size() - 1, size_t(from * double(v.size())));
  double sum = 0.0;
  for (size_t i = first; i < v.size(); ++i) sum += v[i];
  return sum / double(v.size() - first);
}

ExperimentResult run_experiment(const ExperimentDef& e, sim::BackendKind backend, bool quick, bool progress,
                                const std::atomic<bool>* cancel,
                                const std::function<void(const ExperimentRun&)>& on_run) {
  ExperimentResult result;
  for (std::vector<ExperimentRun> batch = e.runs(quick); !batch.empty() && !(cancel && *cancel);
       batch = e.refine ? e.refine(result.runs, quick) : std::vector<ExperimentRun>{}) {
    for (const ExperimentRun& run : batch) {
      if (cancel && *cancel) break;
      if (on_run) on_run(run);
      result.runs.push_back(simulate(e, run, backend, progress, cancel));
      const std::string& ran_on = result.runs.back().backend;  // "cpu", "cuda" or both, in order met
      if (result.backend.find(ran_on) == std::string::npos)
        result.backend += (result.backend.empty() ? "" : ", ") + ran_on;
    }
  }
  result.cancelled = cancel && *cancel;
  if (!result.cancelled) result.findings = e.findings(result.runs);
  return result;
}

render::PlotSpec plot_spec(const ExperimentDef& e, const ExperimentPlot& p,
                           const std::vector<RunSeries>& runs) {
  const bool sweep = !p.sweep_x_label.empty();
  render::PlotSpec spec{p.title,     sweep ? p.sweep_x_label : "time [s]", p.measure, p.log_x, p.log_y, {},
                        p.references};
  for (const ExperimentMeasure& m : e.measures)
    if (m.name == p.measure) spec.y_label = m.name + (m.unit.empty() ? "" : " [" + m.unit + "]");
  for (const RunSeries& r : runs) {
    if (!sweep) {
      if (p.only_series.empty() || r.run.series == p.only_series)
        spec.series.push_back({r.run.label, r.time, r.measures.at(p.measure)});
      continue;
    }
    auto line = std::find_if(spec.series.begin(), spec.series.end(),
                             [&](const render::PlotSeries& s) { return s.label == r.run.series; });
    if (line == spec.series.end()) line = spec.series.insert(spec.series.end(), {r.run.series, {}, {}});
    line->x.push_back(r.run.x);
    line->y.push_back(r.last_of(p.measure));
  }
  return spec;
}

}  // namespace app
