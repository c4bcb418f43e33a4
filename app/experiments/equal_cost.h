// Small Steps' comparison at equal cost (Macklin et al. 2019, §6): n substeps × 1 iteration against
// 1 substep × n iterations, the same projections per frame; the runs, their findings side by side with the
// paper's, and the measures the paper's figures share (small_steps_experiments.cpp, bunny_experiment.cpp,
// fluid_rigid_experiments.cpp).
#pragma once

#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "experiments/experiment.h"

namespace app {

// The wall time of a frame's step [ms], the cost side of the comparison.
extern const ExperimentMeasure kStepMs;
// The force estimate −λ/Δt_s² of the scene's probed constraint (the chain's top link) [N].
extern const ExperimentMeasure kTopForce;
// The largest and the mean relative elongation of the cloth's stretch edges [-], the side that shows what
// the cost bought.
extern const ExperimentMeasure kStretchMax;
extern const ExperimentMeasure kStretchMean;

// A run of `substeps` × `iterations`, labelled so, a point of the series "n substeps x 1 iteration" or
// "1 substep x k iterations".
ExperimentRun run_of(int substeps, int iterations, int frames, const sim::ParamValues& params);

// n substeps × 1 iteration against 1 substep × n iterations for each n of `counts`, in pairs.
std::vector<ExperimentRun> substeps_against_iterations(const std::vector<int>& counts, int frames,
                                                       const sim::ParamValues& params);

// Runs come in pairs n × 1, 1 × n (substeps_against_iterations): a pair's values of `of`, with the
// paper's where it states them for that n, and how many times the iterations' value is the substeps'.
std::vector<Finding> pairs_compared(const std::vector<RunSeries>& runs, const std::string& what,
                                    const std::string& unit,
                                    const std::function<double(const RunSeries&)>& of,
                                    const std::map<int, std::pair<double, double>>& paper = {});

// Mean ms/frame of each pair (the first tenth left out: warm-up), beside the paper's timings for n, which
// come from the paper's hardware.
std::vector<Finding> timings_compared(const std::vector<RunSeries>& runs, int n,
                                      std::pair<double, double> paper, const std::string& hardware);

}  // namespace app
