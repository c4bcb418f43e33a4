// The experiments of Small Steps (Macklin et al. 2019, ../shared/papers/macklin2019-small-steps.md):
// §6.1's chain of 20 particles of 1 kg and 0.01 m inextensible links, hanging at rest, its error the
// displacement of the bottom particle (Figures 3, 4); §6.2's hanging cloth at k = 10⁷ N/m (Figures 5, 6);
// Figure 1's cloth draped over the Stanford bunny; §6.3's FEM cantilever beam (Figure 7).
#include <algorithm>
#include <cmath>

#include "experiments/experiment.h"

namespace app {
namespace {

using sim::FrameMetrics;
using sim::Vec3;
using sim::World;

// The displacement of the chain's last particle from where it hung at rest [m] (§6.1's error measure).
const ExperimentMeasure kBottomError{"bottom_error", "m",
                                     [](World& w, const FrameMetrics&, const std::vector<Vec3>& x0) {
                                       return sim::length(w.positions().back() - x0.back());
                                     }};
const ExperimentMeasure kResidual{"residual", "m",
                                  [](World&, const FrameMetrics& m, const std::vector<Vec3>&) {
                                    return m.max_residual;  // max |C + α̃λ| (Eq. 2) over the constraints
                                  }};
const ExperimentMeasure kTopForce{
    "top_force", "N", [](World&, const FrameMetrics& m, const std::vector<Vec3>&) {
      return m.probe_force.empty() ? std::nan("") : m.probe_force[0];  // −λ/Δt_s²
    }};
const ExperimentMeasure kEnergy{"energy", "J", [](World&, const FrameMetrics& m, const std::vector<Vec3>&) {
                                  return m.kinetic + m.gravitational;  // Figure 6's system energy
                                }};
const ExperimentMeasure kStretchMax{
    "stretch_max", "", [](World&, const FrameMetrics& m, const std::vector<Vec3>&) { return m.stretch_max; }};
const ExperimentMeasure kStretchMean{
    "stretch_mean", "",
    [](World&, const FrameMetrics& m, const std::vector<Vec3>&) { return m.stretch_mean; }};
const ExperimentMeasure kTipDeflection{
    "tip_deflection", "m",
    [](World&, const FrameMetrics& m, const std::vector<Vec3>&) { return m.tip_deflection; }};
const ExperimentMeasure kVolumeError{
    "volume_error", "", [](World&, const FrameMetrics& m, const std::vector<Vec3>&) { return m.volume_error_mean; }};
const ExperimentMeasure kStepMs{
    "step_ms", "ms", [](World&, const FrameMetrics& m, const std::vector<Vec3>&) { return m.step_ms; }};

// A field of FrameMetrics as a measure.
ExperimentMeasure field_measure(const char* name, const char* unit, double FrameMetrics::*field) {
  return {name, unit, [field](World&, const FrameMetrics& m, const std::vector<Vec3>&) { return m.*field; }};
}

ExperimentRun run_of(int substeps, int iterations, int frames, const std::map<std::string, double>& params) {
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

// n substeps × 1 iteration against 1 substep × n iterations: the same projections per frame.
std::vector<ExperimentRun> substeps_against_iterations(const std::vector<int>& counts, int frames,
                                                       const std::map<std::string, double>& params) {
  std::vector<ExperimentRun> runs;
  for (const int n : counts) {
    runs.push_back(run_of(n, 1, frames, params));
    runs.push_back(run_of(1, n, frames, params));
  }
  return runs;
}

// Runs come in pairs n × 1, 1 × n (substeps_against_iterations): a pair's values of `of`, with the
// paper's where it states them for that n, and how many times the iterations' value is the substeps'.
std::vector<Finding> pairs_compared(const std::vector<RunSeries>& runs, const std::string& what,
                                    const std::string& unit,
                                    const std::function<double(const RunSeries&)>& of,
                                    const std::map<int, std::pair<double, double>>& paper = {}) {
  std::vector<Finding> out;
  for (size_t k = 0; k + 1 < runs.size(); k += 2) {
    const double sub = of(runs[k]), it = of(runs[k + 1]);
    const int n = int(runs[k].run.settings.at("substeps"));
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

// Mean ms/frame of each pair (the first tenth left out: warm-up), beside the paper's timings for n, which
// come from the paper's hardware.
std::vector<Finding> timings_compared(const std::vector<RunSeries>& runs, int n,
                                      std::pair<double, double> paper, const std::string& hardware) {
  std::vector<Finding> out = pairs_compared(
      runs, "ms/frame", "ms", [](const RunSeries& r) { return r.mean_of("step_ms", 0.1); }, {{n, paper}});
  for (Finding& f : out)
    if (f.paper) f.note = "the paper's timings are from " + hardware;
  return out;
}

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
            return pairs_compared(runs, "max error", "m",
                                  [](const RunSeries& r) { return r.max_of("bottom_error"); });
          }};
}

ExperimentDef chain_heavy() {
  return {"chain_heavy",
          "Small Steps (Macklin et al. 2019)",
          "Figure 3 right, §6.1",
          "the chain with a 1e5 kg bottom particle (mass ratio 1:100000): 100 x 1 against 1 x 100",
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
  const std::map<std::string, double> paper_g{{"gravity", 10.0}};  // the paper's 190 N = 19 kg × 10 m/s²
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
      "hanging cloth at k = 1e7 N/m: energy (kinetic + gravitational) and stretch, 40 x 1 against 1 x 40, "
      "and semi-implicit Euler with 40 steps",
      "hanging_cloth",
      [](bool quick) {
        std::vector<ExperimentRun> runs = substeps_against_iterations({40}, quick ? 30 : 300, {});
        // Figure 5's third cloth: semi-implicit Euler with 40 steps a frame diverges at this stiffness.
        runs.push_back({"semi-implicit Euler, 40 steps",
                        {},
                        {{"integrator", int(sim::Integrator::SemiImplicitEuler)}, {"substeps", 40}},
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

ExperimentDef bunny_stretch() {
  return {
      "bunny_stretch",
      "Small Steps (Macklin et al. 2019)",
      "Figure 1",
      "the cloth draped over the Stanford bunny (388^2 = 150k particles): 30 x 1 against 1 x 30, contacts "
      "once per frame",
      "bunny_cloth",
      [](bool quick) {
        return substeps_against_iterations(
            {30}, quick ? 20 : 90,
            quick ? std::map<std::string, double>{{"resolution", 32}, {"sdf_resolution", 64}}
                  : std::map<std::string, double>{{"resolution", 388}});
      },
      {kStretchMean, kStretchMax, kStepMs},
      {over_time("stretch", "Draped cloth mean stretch (Small Steps Figure 1)", "stretch_mean", false),
       over_time("ms_per_frame", "Draped cloth simulation time per frame", "step_ms", false)},
      [](const std::vector<RunSeries>& runs) {
        std::vector<Finding> out =
            pairs_compared(runs, "mean stretch at the end", "",
                           [](const RunSeries& r) { return r.last_of("stretch_mean"); });
        for (Finding& f : timings_compared(runs, 30, {13.5, 12.4}, "an NVIDIA RTX 2080 Ti")) out.push_back(f);
        return out;
      }};
}

// §6.4, Figure 2: the dam break of fluid_column at equal cost, 10 substeps × 1 PBF iteration against 1 × 10,
// both under the CFL limit of 0.3 r, and the substepped run again with the limit relaxed to 1.0 r (the
// paper: substeps "allow us to use a larger CFL condition, resulting in more dynamic motion"). The limit
// bounds the displacement per substep, so with one substep it caps the speed at 0.3 r / Δt (0.36 m/s for
// 2 cm particles at 60 Hz): much of 1 × 10's damping is the limit's, as the paper says ("with large time
// steps, a large amount of damping ... [is] introduced"). A fourth run relaxes it to 3.0 r with one substep,
// the bound per frame of 10 × 1 at 0.3 r, and shows what iterations alone then hold.
ExperimentDef fluid_compression() {
  const auto metric = [](const char* name, const char* unit, double FrameMetrics::*field) {
    return ExperimentMeasure{name, unit, [field](World&, const FrameMetrics& m, const std::vector<Vec3>&) {
                               return m.*field;
                             }};
  };
  return {
      "fluid_compression",
      "Small Steps (Macklin et al. 2019)",
      "Figure 2, §6.4",
      "a collapsing water column (PBF): density error and kinetic energy over time, 10 substeps x 1 "
      "iteration against 1 x 10 at CFL 0.3 r, 10 x 1 at CFL 1.0 r, and 1 x 10 at CFL 3.0 r (the per-frame "
      "bound of 10 x 1 at 0.3 r)",
      "fluid_column",
      [](bool quick) {
        // quick: a 7 × 15 × 7 column for 1 s; full: 15 × 30 × 15 (6,750 particles, 30 layers) for 6 s.
        const std::map<std::string, double> params =
            quick ? std::map<std::string, double>{{"column_width", 0.3},    {"column_height", 0.6},
                                                  {"column_depth", 0.3},    {"container_width", 0.9},
                                                  {"container_depth", 0.3}, {"spacing", 0.04}}
                  : std::map<std::string, double>{{"spacing", 0.04}};
        const int frames = quick ? 60 : 360;
        std::vector<ExperimentRun> runs = substeps_against_iterations({10}, frames, params);
        const auto relaxed = [&](int substeps, int iterations, double cfl, const char* label) {
          ExperimentRun run = run_of(substeps, iterations, frames, params);
          run.params["cfl"] = cfl;
          run.label += label;
          runs.push_back(run);
        };
        relaxed(10, 1, 1.0, ", CFL 1.0");
        relaxed(1, 10, 3.0, ", CFL 3.0");
        return runs;
      },
      {metric("density_error_mean", "", &FrameMetrics::density_error_mean),
       metric("density_error_max", "", &FrameMetrics::density_error_max),
       metric("kinetic", "J", &FrameMetrics::kinetic),
       {"volume_ratio", "",
        [](World&, const FrameMetrics& m, const std::vector<Vec3>&) {
          return m.fluid_volume / m.fluid_rest_volume;
        }},
       {"cfl_clamps", "",
        [](World&, const FrameMetrics& m, const std::vector<Vec3>&) { return double(m.cfl_clamps); }},
       kStepMs,
       metric("search_ms", "ms", &FrameMetrics::search_ms)},
      {over_time("density_error", "Mean compression max(rho/rho0 - 1, 0) (Small Steps Figure 2)",
                 "density_error_mean", true),
       over_time("kinetic", "Kinetic energy of the collapsing column (Figure 2: damped with iterations)",
                 "kinetic", false),
       over_time("volume", "Fluid volume over its rest volume (Figure 2: volume loss with iterations)",
                 "volume_ratio", false)},
      [](const std::vector<RunSeries>& runs) {
        const auto error = [](const RunSeries& r) { return r.mean_of("density_error_mean", 0.0); };
        std::vector<Finding> out =
            pairs_compared({runs[0], runs[1]}, "mean density error over the run", "", error);
        for (const RunSeries& r : {runs[2], runs[3]})
          out.push_back({"mean density error over the run, " + r.run.label, "", error(r), std::nullopt, ""});
        out.push_back({"mean density error, relaxed limits: 1 x 10 at CFL 3.0 / 10 x 1 at CFL 1.0", "",
                       error(runs[3]) / error(runs[2]), std::nullopt,
                       "with the limit off the table, iterations still compress the fluid more"});
        for (const RunSeries& r : runs) {
          out.push_back(
              {"peak kinetic energy, " + r.run.label, "J", r.max_of("kinetic"), std::nullopt,
               "the paper: iterations damp the motion (with one substep the CFL limit of 0.3 r caps "
               "the speed at 0.3 r per 1/60 s), a larger CFL limit makes it more dynamic"});
          out.push_back({"volume at the end / rest volume, " + r.run.label, "", r.last_of("volume_ratio"),
                         std::nullopt, "the paper: iterations lose volume"});
          out.push_back({"neighbour search share of the step, " + r.run.label, "",
                         r.mean_of("search_ms", 0.1) / r.mean_of("step_ms", 0.1), std::nullopt, ""});
        }
        return out;
      }};
}

// Figure 8: the 20-link chain of capsules on ball joints holding 1000 kg (1:1000), hanging from rest:
// 100 substeps × 1 iteration against 1 × 100 and 1 × 500, with the paper's timings (RTX 2080 Ti).
ExperimentDef rigid_chain_separation() {
  return {
      "rigid_chain_separation",
      "Small Steps (Macklin et al. 2019)",
      "Figure 8, §6.5",
      "a chain of 20 rigid links (1 kg capsules, ball joints) holding a 1000 kg weight: the largest joint "
      "separation and the step time with 100 substeps x 1 iteration, 1 x 100 and 1 x 500",
      "rigid_chain",
      [](bool quick) {
        const int frames = quick ? 60 : 600;
        return std::vector<ExperimentRun>{run_of(100, 1, frames, {}), run_of(1, 100, frames, {}),
                                          run_of(1, 500, frames, {})};
      },
      {field_measure("separation", "m", &FrameMetrics::joint_separation_max), kTopForce, kStepMs},
      {over_time("separation", "Largest joint separation |p_a - p_b| (Small Steps Figure 8)", "separation",
                 true),
       over_time("step_ms", "Step time per frame (Figure 8: 6, 4 and 17 ms on an RTX 2080 Ti)", "step_ms",
                 false)},
      [](const std::vector<RunSeries>& runs) {
        const auto separation = [](const RunSeries& r) { return r.mean_of("separation", 0.0); };
        const double paper_ms[3] = {6.0, 4.0, 17.0};
        std::vector<Finding> out;
        for (size_t k = 0; k < runs.size(); ++k) {
          out.push_back({"mean largest joint separation, " + runs[k].run.label, "m", separation(runs[k]),
                         std::nullopt, "Figure 8: visible with 1 x 100, still stretching with 1 x 500"});
          out.push_back({"ms/frame, " + runs[k].run.label, "ms", runs[k].mean_of("step_ms", 0.1), paper_ms[k],
                         "the paper's timings are from an NVIDIA RTX 2080 Ti (CUDA, Jacobi)"});
        }
        for (size_t k = 1; k < runs.size(); ++k)
          out.push_back({"mean separation: " + runs[k].run.label + " / " + runs[0].run.label, "",
                         separation(runs[k]) / separation(runs[0]), std::nullopt, ""});
        out.push_back(
            {"top joint force over the hanging weight (20 + 1000 kg) g, last frame, " + runs[0].run.label, "",
             runs[0].last_of("top_force") / (1020.0 * 9.81), std::nullopt,
             "the chain still bounces: the force estimate swings about the weight"});
        return out;
      }};
}

// Figure 9: the heavy box (100 capsule masses) on ten crossed layers of capsules, contacts found once per
// frame: 100 substeps × 1 iteration against 1 × 100, the box's height and the deepest contact over time.
ExperimentDef capsule_stack_collapse() {
  return {
      "capsule_stack_collapse",
      "Small Steps (Macklin et al. 2019)",
      "Figure 9, §6.5",
      "a 100 kg box on ten layers of 1 kg capsules laid crosswise, contacts found once per frame: the box's "
      "height with 100 substeps x 1 iteration and with 1 x 100",
      "capsule_stack",
      [](bool quick) {
        const int frames = quick ? 60 : 600;
        return std::vector<ExperimentRun>{run_of(100, 1, frames, {}), run_of(1, 100, frames, {})};
      },
      {field_measure("top_height", "m", &FrameMetrics::tracked_body_height),
       field_measure("top_drop", "m", &FrameMetrics::tracked_body_drop),
       field_measure("top_drift", "m", &FrameMetrics::tracked_body_drift),
       field_measure("contact_depth", "m", &FrameMetrics::contact_depth_max), kStepMs},
      {over_time("top_height", "Height of the box on the capsule stack (Small Steps Figure 9)", "top_height",
                 false),
       over_time("contact_depth", "Deepest contact overlap (Figure 9: iterations interpenetrate)",
                 "contact_depth", true)},
      [](const std::vector<RunSeries>& runs) {
        std::vector<Finding> out;
        for (const RunSeries& r : runs) {
          out.push_back({"largest sink of the box, " + r.run.label, "m", r.max_of("top_drop"), std::nullopt,
                         "Figure 9: the stack stands with substeps, collapses with iterations"});
          out.push_back({"largest sideways drift of the box, " + r.run.label, "m", r.max_of("top_drift"),
                         std::nullopt, ""});
          out.push_back({"deepest contact overlap, " + r.run.label, "m", r.max_of("contact_depth"),
                         std::nullopt, "Figure 9: little interpenetration with substeps"});
          out.push_back({"ms/frame, " + r.run.label, "ms", r.mean_of("step_ms", 0.1), std::nullopt, ""});
        }
        out.push_back({"largest sink: " + runs[1].run.label + " / " + runs[0].run.label, "",
                       runs[1].max_of("top_drop") / runs[0].max_of("top_drop"), std::nullopt, ""});
        return out;
      }};
}

}  // namespace

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
            const std::map<std::string, double> beam =
                quick ? std::map<std::string, double>{{"length", 2.0}, {"height", 0.4}, {"width", 0.4},
                                                      {"cells_length", 20}, {"cells_height", 4}, {"cells_width", 4}}
                      : std::map<std::string, double>{};
            const int frames = quick ? 40 : 240;
            std::vector<ExperimentRun> runs;
            for (ExperimentRun r : substeps_against_iterations({100}, frames, beam)) {
              r.settings["solver"] = 1;  // Jacobi
              runs.push_back(r);
            }
            runs.push_back({"backward Euler, 100 CG iterations",
                            beam,
                            {{"integrator", int(sim::Integrator::ImplicitEuler)},
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

ExperimentPlot over_time(std::string file, std::string title, std::string measure, bool log_y,
                         std::vector<render::PlotReference> references) {
  return {std::move(file), std::move(title), std::move(measure), log_y, std::move(references), "", false};
}

const std::vector<ExperimentDef>& experiment_registry() {
  static const std::vector<ExperimentDef> all = {chain_stretch(),
                                                 chain_heavy(),
                                                 chain_residual(),
                                                 chain_force(),
                                                 cloth_energy(),
                                                 bunny_stretch(),
                                                 beam_sag(),
                                                 integrator_order(),
                                                 integrator_pendulum(),
                                                 integrator_energy(),
                                                 integrator_stability(),
                                                 integrator_table(),
                                                 fluid_compression(),
                                                 rigid_chain_separation(),
                                                 capsule_stack_collapse(),
                                                 ball_buoyancy(),
                                                 adaptive_energy(),
                                                 adaptive_substeps(),
                                                 adaptive_substeps_bridge(),
                                                 adaptive_stack(),
                                                 adaptive_alpha()};
  return all;
}

const ExperimentDef* find_experiment(const std::string& name) {
  for (const ExperimentDef& e : experiment_registry())
    if (e.name == name) return &e;
  return nullptr;
}

}  // namespace app
