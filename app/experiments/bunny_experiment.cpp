// Small Steps Figure 1: the cloth draped over the Stanford bunny, 30 substeps × 1 iteration against
// 1 × 30 at equal cost, at 64² (the CPU default), 256² and the paper's 388² (150k particles; --quick: 24²
// and 32²). Besides the stretch (mean and largest), each run records the deepest particle or stretch-edge
// midpoint inside the bunny past its radius and the largest constraint extension over the run's bound (the
// shortest rest length): above 1 the run reports "physics FAILED".
#include <cmath>
#include <string>
#include <vector>

#include "experiments/equal_cost.h"
#include "experiments/experiment.h"

namespace app {
namespace {

using sim::FrameMetrics;
using sim::Vec3;
using sim::World;

const ExperimentMeasure kPenetration{
    "max_penetration", "m",
    [](World&, const FrameMetrics& m, const std::vector<Vec3>&) { return m.max_penetration; }};
const ExperimentMeasure kOverBound{
    "extension_over_bound", "",
    [](World&, const FrameMetrics& m, const std::vector<Vec3>&) { return m.extension_over_bound; }};

std::vector<ExperimentRun> drape_runs(bool quick) {
  std::vector<ExperimentRun> runs;
  for (const int n : quick ? std::vector<int>{24, 32} : std::vector<int>{64, 256, 388}) {
    std::map<std::string, double> params{{"resolution", n}};
    if (quick) params["sdf_resolution"] = 64;
    for (ExperimentRun r : substeps_against_iterations({30}, quick ? 20 : 120, params)) {
      r.label += ", " + std::to_string(n) + "^2";
      runs.push_back(r);
    }
  }
  return runs;
}

std::vector<Finding> drape_findings(const std::vector<RunSeries>& runs) {
  std::vector<Finding> out = pairs_compared(runs, "mean stretch at the end", "",
                                            [](const RunSeries& r) { return r.last_of("stretch_mean"); });
  for (const RunSeries& r : runs) {
    out.push_back({"largest stretch at the end, " + r.run.label, "", r.last_of("stretch_max"), std::nullopt,
                   "the last frame: at rest after 2 s in the full runs"});
    out.push_back({"deepest point inside the bunny, " + r.run.label, "m", r.max_of("max_penetration"),
                   std::nullopt, "a particle or stretch-edge midpoint past its radius, over all frames"});
    out.push_back({"largest extension over its bound, " + r.run.label, "", r.max_of("extension_over_bound"),
                   std::nullopt, "over all frames; above 1 the run reports physics FAILED"});
  }
  // The paper's timings are of its 388² drape, the last pair of the full runs.
  if (runs.size() >= 2 && runs.back().run.params.at("resolution") == 388.0) {
    const std::vector<RunSeries> paper_scale(runs.end() - 2, runs.end());
    for (Finding& f : timings_compared(paper_scale, 30, {13.5, 12.4}, "an NVIDIA RTX 2080 Ti"))
      out.push_back(f);
  }
  return out;
}

}  // namespace

ExperimentDef bunny_stretch() {
  return {"bunny_stretch",
          "Small Steps (Macklin et al. 2019)",
          "Figure 1",
          "the cloth draped over the Stanford bunny at 64^2, 256^2 and 388^2 (150k particles): 30 x 1 "
          "against 1 x 30, contacts once per frame; stretch, penetration and the extension bound",
          "bunny_cloth",
          drape_runs,
          {kStretchMean, kStretchMax, kPenetration, kOverBound, kStepMs},
          {over_time("stretch", "Draped cloth mean stretch (Small Steps Figure 1)", "stretch_mean", false),
           over_time("stretch_max", "Draped cloth largest stretch", "stretch_max", true),
           over_time("penetration", "Deepest point inside the bunny", "max_penetration", false),
           over_time("ms_per_frame", "Draped cloth simulation time per frame", "step_ms", false)},
          drape_findings};
}

}  // namespace app
