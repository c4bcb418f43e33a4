// Particles against bodies (issue 17), checked against Archimedes: a ball dropped into a small tank of
// position-based fluid (scenes/body_scene.h's ball_tank_params) floats with ρ_b/ρ₀ of its volume below the
// fluid's surface. Swept over the ball's density at 10 substeps × 1 iteration and at 1 × 10; the measure
// is the submerged fraction over ρ_b/ρ₀ (1: Archimedes), and the ball's height over time.
#include <cmath>

#include "experiments/experiment.h"
#include "scenes/body_scene.h"

namespace app {
namespace {

using sim::FrameMetrics;
using sim::Vec3;
using sim::World;

// The ball's density ρ_b [kg/m³] and the fluid's ρ₀.
double density_ratio(const World& w) {
  const double R = w.model().body.size[0].x, mass = 1.0 / w.model().body.inv_mass[0];
  const double volume = 4.0 / 3.0 * 3.14159265358979323846 * R * R * R;
  return mass / volume / w.model().fluid.material.rest_density;
}

const ExperimentMeasure kSubmergedRatio{
    "submerged_ratio", "", [](World& w, const FrameMetrics&, const std::vector<sim::Position>&) {
      return sim::submerged_fraction(w.model(), w.state(), 0) / density_ratio(w);
    }};
const ExperimentMeasure kHeight{
    "height", "m",
    [](World&, const FrameMetrics& m, const std::vector<sim::Position>&) { return m.tracked_body_height; }};

ExperimentRun ball_run(double density, int substeps, int iterations, int frames) {
  const bool by_substeps = substeps > 1;
  const std::string scheme = by_substeps ? std::to_string(substeps) + " substeps x 1 iteration"
                                         : "1 substep x " + std::to_string(iterations) + " iterations";
  return {scheme + ", " + std::to_string(int(density)) + " kg/m^3",
          sim::ball_tank_params(density),
          {{"substeps", substeps}, {"iterations", iterations}},
          frames,
          scheme,
          density};
}

}  // namespace

ExperimentDef ball_buoyancy() {
  return {"ball_buoyancy",
          "Archimedes (particles against bodies, issue 17)",
          "closed form",
          "a 0.25 m ball dropped into a 0.5 m tank of PBF fluid 0.4 m deep: the volume below the fluid's "
          "surface over rho_b/rho0 (Archimedes: 1), 10 substeps x 1 iteration and 1 x 10, swept over the "
          "ball's density",
          "fluid_column",
          [](bool quick) {
            // 5 s: a ball of 500 kg/m³ is still settling at 2 s (1.45 to 1.27 of Archimedes over 1-2 s)
            const int frames = 300;
            std::vector<ExperimentRun> runs;
            for (const double density :
                 quick ? std::vector<double>{250, 500} : std::vector<double>{150, 250, 400, 500, 650, 800})
              for (const int n : {10, 1}) runs.push_back(ball_run(density, n, n == 10 ? 1 : 10, frames));
            return runs;
          },
          {kSubmergedRatio, kHeight},
          {{"submerged",
            "Submerged volume over Archimedes' rho_b/rho0 at the last frame",
            "submerged_ratio",
            false,
            {{"Archimedes", 1.0}},
            "ball density [kg/m^3]",
            false},
           {"height", "Height of the ball's centre", "height", false, {}, "", false}},
          [](const std::vector<RunSeries>& runs) {
            std::vector<Finding> out;
            for (const RunSeries& r : runs)  // its last quarter, 3.75-5 s: the ball has settled and bobs
              out.push_back({"submerged volume / (rho_b/rho0), " + r.run.label, "",
                             r.mean_of("submerged_ratio", 0.75), 1.0,
                             "Archimedes; PBF packs its fluid closer against solids"});
            return out;
          }};
}

}  // namespace app
