// The experiments of Small Steps (Macklin et al. 2019, ../shared/papers/macklin2019-small-steps.md), §6.1:
// the 20-particle chain of 1 kg particles and 0.01 m inextensible links, hanging at rest, its error the
// displacement of the bottom particle (Figure 3).
#include <cmath>

#include "experiments/experiment.h"

namespace app {
namespace {

// The displacement of the chain's last particle from where it hung at rest [m] (§6.1's error measure).
const ExperimentMeasure kBottomError{
    "bottom_error", "m", [](sim::World& world, const sim::FrameMetrics&, const std::vector<sim::Vec3>& x0) {
      return sim::length(world.positions().back() - x0.back());
    }};

// n substeps × 1 iteration against 1 substep × n iterations: the same projections per frame.
std::vector<ExperimentRun> substeps_against_iterations(const std::vector<int>& counts, int frames,
                                                       const std::map<std::string, double>& params) {
  std::vector<ExperimentRun> runs;
  for (const int n : counts) {
    runs.push_back({std::to_string(n) + " substeps x 1 iteration",
                    params,
                    {{"substeps", n}, {"iterations", 1}},
                    frames});
    runs.push_back({"1 substep x " + std::to_string(n) + " iterations",
                    params,
                    {{"substeps", 1}, {"iterations", n}},
                    frames});
  }
  return runs;
}

// The largest error of n × 1 and 1 × n for each n, and how many times larger the iterations' is.
std::vector<Finding> error_by_count(const std::vector<RunSeries>& runs, std::optional<double> paper_substeps,
                                    std::optional<double> paper_iterations, int paper_n) {
  std::vector<Finding> out;
  for (size_t k = 0; k + 1 < runs.size(); k += 2) {
    const double sub = runs[k].max_of("bottom_error"), it = runs[k + 1].max_of("bottom_error");
    const int n = int(runs[k].run.settings.at("substeps"));
    const bool stated = n == paper_n;
    out.push_back({"max error, " + runs[k].run.label, "m", sub, stated ? paper_substeps : std::nullopt, ""});
    out.push_back(
        {"max error, " + runs[k + 1].run.label, "m", it, stated ? paper_iterations : std::nullopt, ""});
    out.push_back(
        {"iterations' error / substeps' error at n = " + std::to_string(n), "", it / sub,
         stated && paper_substeps ? std::optional<double>(*paper_iterations / *paper_substeps) : std::nullopt,
         "error ∝ Δt² with substeps (§5), so about n for equal cost"});
  }
  return out;
}

std::vector<ExperimentDef> make_registry() {
  std::vector<ExperimentDef> all;
  all.push_back(
      {"chain_stretch",
       "Small Steps (Macklin et al. 2019)",
       "Figure 3 left",
       "stretch of the 20-particle chain over time: n substeps x 1 iteration against 1 x n iterations",
       "chain",
       [](bool quick) {
         return quick ? substeps_against_iterations({10, 50}, 60, {})
                      : substeps_against_iterations({10, 20, 50, 100}, 300, {});
       },
       {kBottomError},
       {{"stretch", "Chain stretch (Small Steps Figure 3 left)", "bottom_error", true, {}}},
       [](const std::vector<RunSeries>& runs) { return error_by_count(runs, {}, {}, 0); }});
  all.push_back({"chain_heavy",
                 "Small Steps (Macklin et al. 2019)",
                 "Figure 3 right, §6.1",
                 "the chain with a 1e5 kg bottom particle (mass ratio 1:100000): 100 x 1 against 1 x 100",
                 "chain",
                 [](bool quick) {
                   // 1 × 10 and 1 × 50 let the mass fall out of the scene: 100 is the paper's comparison.
                   return substeps_against_iterations({100}, quick ? 600 : 1000, {{"heavy_mass", 1e5}});
                 },
                 {kBottomError},
                 {{"stretch",
                   "Heavy chain stretch (Small Steps Figure 3 right)",
                   "bottom_error",
                   true,
                   {{"paper, 100 x 1: 3.2 m", 3.2}, {"paper, 1 x 100: 322.1 m", 322.1}}}},
                 [](const std::vector<RunSeries>& runs) { return error_by_count(runs, 3.2, 322.1, 100); }});
  return all;
}

}  // namespace

double RunSeries::max_of(const std::string& measure) const {
  const auto it = measures.find(measure);
  double top = std::nan("");
  if (it != measures.end())
    for (const double v : it->second)
      if (!(v <= top)) top = v;
  return top;
}

const std::vector<ExperimentDef>& experiment_registry() {
  static const std::vector<ExperimentDef> all = make_registry();
  return all;
}

const ExperimentDef* find_experiment(const std::string& name) {
  for (const ExperimentDef& e : experiment_registry())
    if (e.name == name) return &e;
  return nullptr;
}

}  // namespace app
