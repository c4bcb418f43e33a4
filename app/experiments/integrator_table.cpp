// integrator_table: the comparison table of Teschner's particle-motion lectures ("Particle Motion 3,
// Comparison": a deformable cube of 4k particles, 17k tetrahedra and 22k edge springs with volume
// preservation, gravity and ground contact) with every integrator and XPBD n × 1 as rows: error order, the
// largest usable step found by bisection, ms per step and their ratio, beside the lectures' numbers.
// The cube is fem_beam unclamped: 15³ cubes of 5 tets (4,096 particles, 16,875 tets, 22,320 edge
// springs), a 1 m cube of 1000 kg/m³, E = 10⁵ Pa, ν = 0.3, edge springs of 1000 N/m (its own weight
// compresses it about 10%), dropped from 0.3 m. A step is usable (the lectures' "stable") when the run
// stays finite, in bounds and within its energy budget for 0.6 s, over at least 30 steps, and no more than
// half its volume is lost (a collapsed cube is not a stable one). Velocity damping d = 5/s for every row
// (undamped, explicit Euler and RK2 have no stable step at all).
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "experiments/experiment.h"

namespace app {
namespace {

constexpr double kMinStep = 2e-5;  // below this the frame would need more than 1000 steps [s]
constexpr double kMaxStep = 0.1;   // Settings' largest frame [s]
constexpr double kUsableVolumeError = 0.5;
constexpr int kMinSteps = 30;  // at least this many steps, so that an instability shows

sim::ParamValues cube(bool quick) {
  const double cells = quick ? 4 : 15;
  return {{"length", 1.0},
          {"height", 1.0},
          {"width", 1.0},
          {"cells_length", cells},
          {"cells_height", cells},
          {"cells_width", cells},
          {"young", 1e5},
          {"poisson", 0.3},
          {"edge_stiffness", 1000.0},
          {"clamped", 0},
          {"elevation", quick ? 0.55 : 0.8}};
}

// The full cube falls 0.3 m and lands at 0.25 s; the quick one falls 0.05 m, landing at 0.1 s: an
// instability needs the impact's deformation to grow from (free fall excites no mode).
double duration(bool quick) { return quick ? 0.3 : 0.6; }  // [s]

// The lectures' table: error order, time step [ms], computation time [ms], ratio.
struct LectureRow {
  double order, step_ms, compute_ms, ratio;
};
const std::map<sim::Integrator, LectureRow>& lecture() {
  static const std::map<sim::Integrator, LectureRow> rows = {
      {sim::Integrator::ExplicitEuler, {1, 0.5, 9.5, 0.05}},
      {sim::Integrator::Heun, {2, 3.8, 18.9, 0.20}},  // "RK 2"
      {sim::Integrator::ImplicitEuler, {1, 49.0, 172.0, 0.28}},
      {sim::Integrator::Rk4, {4, 17.0, 50.0, 0.34}},
      {sim::Integrator::PositionVerlet, {3, 11.5, 9.5, 1.21}}};
  return rows;
}

// A run of the cube at step h: frames of about 1/60 s (or one step, for longer steps).
ExperimentRun at_step(const sim::IntegratorInfo& in, double h, bool quick) {
  const int steps = h >= 1.0 / 60 ? 1 : int(std::lround(1.0 / (60.0 * h)));
  const double frame_dt = steps * h;
  char label[96];
  std::snprintf(label, sizeof label, "%s, h %.4g ms", in.name, 1e3 * h);
  ExperimentRun r{label,
                  cube(quick),
                  {{"integrator", in.id},
                   {"substeps", steps},
                   {"iterations", 1},
                   {"frame_dt", frame_dt},
                   {"damping", 5.0},
                   {"linear_iterations", 10}},
                  std::max(int(std::ceil(duration(quick) / frame_dt)), (kMinSteps + steps - 1) / steps),
                  in.label,
                  h,
                  true};
  return r;
}

std::string milliseconds(double h) {
  char text[32];
  std::snprintf(text, sizeof text, "%.4g ms", 1e3 * h);
  return text;
}

bool usable(const RunSeries& r) {
  return !r.divergence && !r.time.empty() && r.max_of("volume_error") < kUsableVolumeError;
}

// The largest usable step of a series and the smallest unusable one above it (0 when there is none).
std::pair<double, double> bracket(const std::vector<RunSeries>& runs, const std::string& series) {
  double good = 0.0, bad = 0.0;
  for (const RunSeries& r : runs)
    if (r.run.series == series && usable(r)) good = std::max(good, r.run.x);
  for (const RunSeries& r : runs)
    if (r.run.series == series && !usable(r) && r.run.x > good && (bad == 0.0 || r.run.x < bad))
      bad = r.run.x;
  return {good, bad};
}

const RunSeries* run_at(const std::vector<RunSeries>& runs, const std::string& series, double h) {
  for (const RunSeries& r : runs)
    if (r.run.series == series && r.run.x == h) return &r;
  return nullptr;
}

const ExperimentMeasure kVolumeError{
    "volume_error", "", [](sim::World&, const sim::FrameMetrics& m, const std::vector<sim::Position>&) {
      return m.volume_error_mean;
    }};
const ExperimentMeasure kMsPerStep{
    "ms_per_step", "ms", [](sim::World&, const sim::FrameMetrics& m, const std::vector<sim::Position>&) {
      return m.step_ms / m.substeps;
    }};

}  // namespace

ExperimentDef integrator_table() {
  return {
      "integrator_table",
      "Teschner, Particle Motion 3",
      "Comparison table",
      "the deformable cube (4k particles, 17k tets, 22k springs, gravity, ground) per integrator and XPBD "
      "n x 1: largest usable step by bisection, ms per step, their ratio",
      "fem_beam",
      [](bool quick) {
        std::vector<ExperimentRun> runs;
        for (const sim::IntegratorInfo& in : sim::kIntegrators) runs.push_back(at_step(in, kMaxStep, quick));
        return runs;
      },
      {kVolumeError, kMsPerStep},
      {{"volume_error",
        "Cube mean volume error against the step (usable below 0.5)",
        "volume_error",
        true,
        {{"usable", kUsableVolumeError}},
        "h [s]",
        true}},
      [](const std::vector<RunSeries>& runs) {
        std::vector<Finding> out;
        for (const sim::IntegratorInfo& in : sim::kIntegrators) {
          const auto [good, bad] = bracket(runs, in.label);
          const auto row = lecture().find(in.id);
          const bool has = row != lecture().end();
          const RunSeries* r = good > 0.0 ? run_at(runs, in.label, good) : nullptr;
          const double ms = r ? r->mean_of("ms_per_step", 0.1) : std::nan("");
          const std::string label = in.id == sim::Integrator::Xpbd ? "XPBD n x 1" : in.label;
          if (in.order > 0)
            out.push_back({"error order, " + label, "", double(in.order),
                           has ? std::optional(row->second.order) : std::nullopt,
                           "ours: the global order (integrator_order measures it); the lectures' Verlet 3 is "
                           "its position update's local order"});
          out.push_back({"largest usable step, " + label, "ms", 1e3 * good,
                         has ? std::optional(row->second.step_ms) : std::nullopt,
                         bad > 0.0          ? "unusable at " + milliseconds(bad)
                         : good >= kMaxStep ? "usable at the largest step tried"
                                            : "none found"});
          out.push_back({"ms per step, " + label, "ms", ms,
                         has ? std::optional(row->second.compute_ms) : std::nullopt,
                         "the lectures' computation time is from their own hardware"});
          out.push_back({"step / cost, " + label, "", 1e3 * good / ms,
                         has ? std::optional(row->second.ratio) : std::nullopt, ""});
        }
        return out;
      },
      // Bisection per row: quarter the step until it is usable, then halve the bracket in log h.
      [](const std::vector<RunSeries>& runs, bool quick) {
        std::vector<ExperimentRun> more;
        for (const sim::IntegratorInfo& in : sim::kIntegrators) {
          const auto [good, bad] = bracket(runs, in.label);
          if (good == 0.0) {
            double smallest = kMaxStep;
            for (const RunSeries& r : runs)
              if (r.run.series == in.label) smallest = std::min(smallest, r.run.x);
            if (smallest / 4.0 >= kMinStep) more.push_back(at_step(in, smallest / 4.0, quick));
          } else if (bad > 0.0 && bad / good > (quick ? 1.3 : 1.2)) {
            more.push_back(at_step(in, std::sqrt(good * bad), quick));
          }
        }
        return more;
      }};
}

}  // namespace app
