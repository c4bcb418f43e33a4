// The fluid and rigid-body experiments of Small Steps (Macklin et al. 2019): §6.4's collapsing water column
// (Figure 2), §6.5's rigid chain holding 1000:1 (Figure 8) and the heavy box on a stack of capsules
// (Figure 9), each at equal cost (equal_cost.h).
#include <cstddef>
#include <optional>

#include "experiments/equal_cost.h"
#include "experiments/experiment.h"

namespace app {
namespace {

using sim::FrameMetrics;
using sim::Vec3;
using sim::World;

// A field of FrameMetrics as a measure.
ExperimentMeasure field_measure(const char* name, const char* unit, double FrameMetrics::*field) {
  return {name, unit, [field](World&, const FrameMetrics& m, const std::vector<sim::Position>&) { return m.*field; }};
}

}  // namespace

// §6.4, Figure 2: the dam break of fluid_column at equal cost, 10 substeps × 1 PBF iteration against 1 × 10,
// both under the CFL limit of 0.3 r, and the substepped run again with the limit relaxed to 1.0 r (the
// paper: substeps "allow us to use a larger CFL condition, resulting in more dynamic motion"). The limit
// bounds the displacement per substep, so with one substep it caps the speed at 0.3 r / Δt (0.36 m/s for
// 2 cm particles at 60 Hz): much of 1 × 10's damping is the limit's, as the paper says ("with large time
// steps, a large amount of damping ... [is] introduced"). A fourth run relaxes it to 3.0 r with one substep,
// the bound per frame of 10 × 1 at 0.3 r, and shows what iterations alone then hold.
ExperimentDef fluid_compression() {
  const auto metric = [](const char* name, const char* unit, double FrameMetrics::*field) {
    return ExperimentMeasure{name, unit, [field](World&, const FrameMetrics& m, const std::vector<sim::Position>&) {
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
        const sim::ParamValues params =
            quick ? sim::ParamValues{{"column_width", 0.3},    {"column_height", 0.6},
                                                  {"column_depth", 0.3},    {"container_width", 0.9},
                                                  {"container_depth", 0.3}, {"spacing", 0.04}}
                  : sim::ParamValues{{"spacing", 0.04}};
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
        [](World&, const FrameMetrics& m, const std::vector<sim::Position>&) {
          return m.fluid_volume / m.fluid_rest_volume;
        }},
       {"cfl_clamps", "",
        [](World&, const FrameMetrics& m, const std::vector<sim::Position>&) { return double(m.cfl_clamps); }},
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

}  // namespace app
