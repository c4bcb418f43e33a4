// Small Steps' comparison at equal cost: the runs, the findings of their pairs, the shared measures.
#include "experiments/equal_cost.h"

#include <cmath>
#include <optional>

namespace app {

using sim::FrameMetrics;
using sim::Vec3;
using sim::World;

const ExperimentMeasure kTopForce{
    "top_force", "N", [](World&, const FrameMetrics& m, const std::vector<sim::Position>&) {
      return m.probe_force.empty() ? std::nan("") : m.probe_force[0];  // −λ/Δt_s²
    }};
const ExperimentMeasure kStepMs{
    "step_ms", "ms",
    [](World&, const FrameMetrics& m, const std::vector<sim::Position>&) { return m.step_ms; }};

const ExperimentMeasure kStretchMax{
    "stretch_max", "",
    [](World&, const FrameMetrics& m, const std::vector<sim::Position>&) { return m.stretch_max; }};
const ExperimentMeasure kStretchMean{
    "stretch_mean", "",
    [](World&, const FrameMetrics& m, const std::vector<sim::Position>&) { return m.stretch_mean; }};

ExperimentRun run_of(int substeps, int iterations, int frames, const sim::ParamValues& params) {
  const std::string label = std::to_string(substeps) + (substeps == 1 ? " substep x " : " substeps x ") +
                            std::to_string(iterations) + (iterations == 1 ? " iteration" : " iterations");
  const bool by_substeps = iterations == 1 && substeps > 1;
  return {label,
          params,
          {{"substeps", substeps}, {"iterations", iterations}},
          frames,
          by_substeps ? "n substeps x 1 iteration" : "1 substep x k iterations",
          double(by_substeps ? substeps : iterations)};
}

std::vector<ExperimentRun> substeps_against_iterations(const std::vector<int>& counts, int frames,
                                                       const sim::ParamValues& params) {
  std::vector<ExperimentRun> runs;
  for (const int n : counts) {
    runs.push_back(run_of(n, 1, frames, params));
    runs.push_back(run_of(1, n, frames, params));
  }
  return runs;
}

std::vector<Finding> pairs_compared(const std::vector<RunSeries>& runs, const std::string& what,
                                    const std::string& unit,
                                    const std::function<double(const RunSeries&)>& of,
                                    const std::map<int, std::pair<double, double>>& paper) {
  std::vector<Finding> out;
  for (size_t k = 0; k + 1 < runs.size(); k += 2) {
    const double sub = of(runs[k]), it = of(runs[k + 1]);
    const int n = int(runs[k].run.settings.at("substeps").number());
    const auto stated = paper.find(n);
    const bool has = stated != paper.end();
    out.push_back({what + ", " + runs[k].run.label, unit, sub,
                   has ? std::optional(stated->second.first) : std::nullopt, ""});
    out.push_back({what + ", " + runs[k + 1].run.label, unit, it,
                   has ? std::optional(stated->second.second) : std::nullopt, ""});
    out.push_back({what + ": iterations / substeps at n = " + std::to_string(n), "", it / sub,
                   has ? std::optional(stated->second.second / stated->second.first) : std::nullopt, ""});
  }
  return out;
}

std::vector<Finding> timings_compared(const std::vector<RunSeries>& runs, int n,
                                      std::pair<double, double> paper, const std::string& hardware) {
  std::vector<Finding> out = pairs_compared(
      runs, "ms/frame", "ms", [](const RunSeries& r) { return r.mean_of("step_ms", 0.1); }, {{n, paper}});
  for (Finding& f : out)
    if (f.paper) f.note = "the paper's timings are from " + hardware;
  return out;
}

}  // namespace app
