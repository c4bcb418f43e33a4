// The experiments of Small Steps (Macklin et al. 2019, "Small Steps in Physics Simulation"):
// §6.1's chain of 20 particles of 1 kg and 0.01 m inextensible links, hanging at rest, its error the
// displacement of the bottom particle (Figures 3, 4); §6.2's hanging cloth at k = 10⁷ N/m (Figures 5, 6);
// §6.3's FEM cantilever beam (Figure 7); each at equal cost (equal_cost.h); Figure 1's bunny drape:
// bunny_experiment.cpp. The fluid and the rigid bodies (§6.4, 6.5): fluid_rigid_experiments.cpp.
#include <cmath>
#include <optional>

#include "experiments/equal_cost.h"
#include "experiments/experiment.h"

namespace app {
namespace {

using sim::FrameMetrics;
using sim::Position;
using sim::Vec3;
using sim::World;

// The displacement of the chain's last particle from where it hung at rest [m] (§6.1's error measure).
const ExperimentMeasure kBottomError{"bottom_error", "m",
                                     [](World& w, const FrameMetrics&, const std::vector<Position>& x0) {
                                       return sim::length(w.positions().back() - x0.back());
                                     }};
const ExperimentMeasure kResidual{"residual", "m",
                                  [](World&, const FrameMetrics& m, const std::vector<sim::Position>&) {
                                    return m.max_residual;  // max |C + α̃λ| (Eq. 2) over the constraints
                                  }};
const ExperimentMeasure kEnergy{"energy", "J", [](World&, const FrameMetrics& m, const std::vector<sim::Position>&) {
                                  return m.kinetic + m.gravitational;  // Figure 6's system energy
                                }};
const ExperimentMeasure kTipDeflection{
    "tip_deflection", "m",
    [](World&, const FrameMetrics& m, const std::vector<sim::Position>&) { return m.tip_deflection; }};
const ExperimentMeasure kVolumeError{
    "volume_error", "", [](World&, const FrameMetrics& m, const std::vector<sim::Position>&) { return m.volume_error_mean; }};

}  // namespace

ExperimentDef chain_stretch() {
  return {"chain_stretch",
          "Small Steps (Macklin et al. 2019)",
          "Figure 3 left",
          "stretch of the 20-particle chain over time: n substeps x 1 iteration against 1 x n iterations",
          "chain",
          [](bool quick) {
            return quick ? substeps_against_iterations({10, 50}, 60, {})
                         : substeps_against_iterations({10, 20, 50, 100}, 300, {});
          },
          {kBottomError},
          {over_time("stretch", "Chain stretch (Small Steps Figure 3 left)", "bottom_error", true)},
          [](const std::vector<RunSeries>& runs) {
            std::vector<Finding> out = pairs_compared(
                runs, "max error", "m", [](const RunSeries& r) { return r.max_of("bottom_error"); });
            for (Finding& f : out)  // Figure 3 left prints no number (§6.1)
              f.note = f.unit.empty() ? "the figure: substeps far more effective" : "a curve of the figure";
            return out;
          }};
}

ExperimentDef chain_heavy() {
  return {"chain_heavy",
          "Small Steps (Macklin et al. 2019)",
          "Figure 3 right, §6.1",
          "the chain with a 100,000 kg bottom particle (mass ratio 1:100,000): 100 x 1 against 1 x 100",
          "chain",
          [](bool quick) {
            // 1 × 10 and 1 × 50 let the mass fall out of the scene: 100 is the paper's comparison.
            return substeps_against_iterations({100}, quick ? 600 : 1000, {{"heavy_mass", 1e5}});
          },
          {kBottomError},
          {over_time("stretch", "Heavy chain stretch (Small Steps Figure 3 right)", "bottom_error", true,
                     {{"paper, 100 x 1: 3.2 m", 3.2}, {"paper, 1 x 100: 322.1 m", 322.1}})},
          [](const std::vector<RunSeries>& runs) {
            return pairs_compared(runs, "max error", "m",
                                  [](const RunSeries& r) { return r.max_of("bottom_error"); },
                                  {{100, {3.2, 322.1}}});
          }};
}

ExperimentDef chain_residual() {
  return {
      "chain_residual",
      "Small Steps (Macklin et al. 2019)",
      "Figure 4 left",
      "residual constraint error of the chain at the last frame against n substeps x 1 and 1 x k iterations",
      "chain",
      [](bool quick) {
        return quick ? substeps_against_iterations({2, 10, 50}, 100, {})
                     : substeps_against_iterations({1, 2, 5, 10, 20, 50, 100}, 1000, {});
      },
      {kResidual},
      {{"residual",
        "Residual at the last frame (Small Steps Figure 4 left)",
        "residual",
        true,
        {},
        "substeps n, or iterations k (equal cost per frame)",
        true}},
      [](const std::vector<RunSeries>& runs) {
        std::vector<Finding> out =
            pairs_compared(runs, "residual", "m", [](const RunSeries& r) { return r.last_of("residual"); });
        if (!out.empty())
          out.back().note = "the paper: about two orders of magnitude at equal cost";  // largest n
        for (const char* series : {"n substeps x 1 iteration", "1 substep x k iterations"}) {
          std::vector<double> x, y;
          for (const RunSeries& r : runs)
            if (r.run.series == series && r.run.x > 1.0) {
              x.push_back(r.run.x);
              y.push_back(r.last_of("residual"));
            }
          out.push_back({std::string("log-log slope, ") + series, "", log_log_slope(x, y), std::nullopt,
                         "the order of convergence"});
        }
        return out;
      }};
}

ExperimentDef chain_force() {
  const sim::ParamValues paper_g{{"gravity", 10.0}};  // the paper's 190 N = 19 kg × 10 m/s²
  return {"chain_force",
          "Small Steps (Macklin et al. 2019)",
          "Figure 4 right",
          "force estimate -lambda/dt^2 of the chain's top link over time, at the paper's g = 10 m/s^2",
          "chain",
          [paper_g](bool quick) {
            std::vector<ExperimentRun> runs;
            for (const auto& [n, k] :
                 quick ? std::vector<std::pair<int, int>>{{20, 1}, {1, 20}}
                       : std::vector<std::pair<int, int>>{{1, 1}, {10, 1}, {100, 1}, {1, 10}, {1, 100}})
              runs.push_back(run_of(n, k, quick ? 60 : 300, paper_g));
            return runs;
          },
          {kTopForce},
          {over_time("force", "Top link force estimate (Small Steps Figure 4 right)", "top_force", false,
                     {{"true value: 190 N", 190.0}})},
          [](const std::vector<RunSeries>& runs) {
            std::vector<Finding> out;
            for (const RunSeries& r : runs)
              out.push_back({"mean force over the second half, " + r.run.label, "N",
                             r.mean_of("top_force", 0.5), 190.0, "the weight of the 19 particles below it"});
            return out;
          }};
}

ExperimentDef cloth_energy() {
  return {
      "cloth_energy",
      "Small Steps (Macklin et al. 2019)",
      "Figures 5, 6",
      "hanging cloth at k = 10 MN/m: energy (kinetic + gravitational) and stretch, 40 x 1 against 1 x 40, "
      "and semi-implicit Euler with 40 steps",
      "hanging_cloth",
      [](bool quick) {
        std::vector<ExperimentRun> runs = substeps_against_iterations({40}, quick ? 30 : 300, {});
        // Figure 5's third cloth: semi-implicit Euler with 40 steps a frame diverges at this stiffness.
        runs.push_back({"semi-implicit Euler, 40 steps",
                        {},
                        {{"integrator", sim::Integrator::SemiImplicitEuler}, {"substeps", 40}},
                        quick ? 30 : 300,
                        "",
                        0.0,
                        true});
        return runs;
      },
      {kEnergy, kStretchMax, kStepMs},
      {over_time("energy", "Hanging cloth energy (Small Steps Figure 6)", "energy", false),
       over_time("stretch", "Hanging cloth stretch (Small Steps Figure 5)", "stretch_max", false)},
      [](const std::vector<RunSeries>& runs) {
        std::vector<Finding> out = pairs_compared(runs, "energy lost", "J", [](const RunSeries& r) {
          const std::vector<double>& e = r.measures.at("energy");
          return e.empty() ? std::nan("") : e.front() - e.back();
        });
        for (Finding& f : pairs_compared(runs, "max stretch", "",
                                         [](const RunSeries& r) { return r.max_of("stretch_max"); }))
          out.push_back(f);
        for (Finding& f : timings_compared(runs, 40, {2.4, 1.8}, "its own hardware")) out.push_back(f);
        const RunSeries& euler = runs.back();
        out.push_back({"semi-implicit Euler, 40 steps: frames before it diverged", "",
                       double(euler.time.size()), std::nullopt,
                       euler.divergence ? *euler.divergence : "it did not diverge"});
        return out;
      }};
}

// Figure 7: the 12,800-tet beam at E = 10⁷ Pa, 100 substeps × 1 iteration against 1 × 100 and against
// backward Euler with Newton-PCG (one Newton step, 100 CG iterations), XPBD with Jacobi as the paper's
// GPU solver. Euler-Bernoulli's static sag of this 4 × 0.8 × 0.8 m beam, 1.5 ρ g L⁴/(E a²) = 0.59 m, is the
// reference: a stiff enough solve swings about it (XPBD keeps the swing, backward Euler damps it).
ExperimentDef beam_sag() {
  return {"beam_sag",
          "Small Steps (Macklin et al. 2019)",
          "Figure 7, §6.3",
          "tip deflection of the FEM cantilever: XPBD 100 x 1 and 1 x 100 (Jacobi) against backward Euler PCG",
          "fem_beam",
          [](bool quick) {
            // --quick: a 2 m beam of the same 0.1 m cubes and material, 1,600 tets.
            const sim::ParamValues beam =
                quick ? sim::ParamValues{{"length", 2.0}, {"height", 0.4}, {"width", 0.4},
                                                      {"cells_length", 20}, {"cells_height", 4}, {"cells_width", 4}}
                      : sim::ParamValues{};
            const int frames = quick ? 40 : 240;
            std::vector<ExperimentRun> runs;
            for (ExperimentRun r : substeps_against_iterations({100}, frames, beam)) {
              r.settings["solver"] = "jacobi";
              runs.push_back(r);
            }
            runs.push_back({"backward Euler, 100 CG iterations",
                            beam,
                            {{"integrator", sim::Integrator::ImplicitEuler},
                             {"substeps", 1},
                             {"linear_iterations", 100}},
                            frames,
                            "",
                            0.0});
            return runs;
          },
          {kTipDeflection, kVolumeError, kStepMs},
          {over_time("tip_deflection", "Beam tip deflection (Small Steps Figure 7)", "tip_deflection", false,
                     {{"Euler-Bernoulli static sag, the 4 m beam: 0.59 m", 1.5 * 1000 * 9.81 * 256 / (1e7 * 0.64)}}),
           over_time("step_ms", "Beam ms/frame", "step_ms", false)},
          [](const std::vector<RunSeries>& runs) {
            std::vector<Finding> out = pairs_compared(runs, "largest tip deflection", "m",
                                                      [](const RunSeries& r) { return r.max_of("tip_deflection"); });
            const double paper_ms[3] = {6.0, 4.0, 12.0};  // 100 x 1, 1 x 100, PCG on an RTX 2080 Ti
            for (size_t k = 0; k < runs.size() && k < 3; ++k) {
              if (k == 2)
                out.push_back({"largest tip deflection, " + runs[k].run.label, "m", runs[k].max_of("tip_deflection"),
                               std::nullopt, ""});
              out.push_back({"ms/frame, " + runs[k].run.label, "ms", runs[k].mean_of("step_ms", 0.1), paper_ms[k],
                             "the paper's timings are from an NVIDIA RTX 2080 Ti"});
              out.push_back({"mean |V/V0 - 1|, " + runs[k].run.label, "", runs[k].max_of("volume_error"),
                             std::nullopt, "largest over the frames"});
            }
            return out;
          }};
}

}  // namespace app
