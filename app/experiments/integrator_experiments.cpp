// The integrator experiments of Teschner's particle-motion lectures ("Particle Motion" 1-3) on the chain
// scene's two-particle harmonic
// oscillator: a particle of m = 1 kg on a spring of stiffness k to a pinned anchor, released from a
// stretch u, no gravity, so x(t) = L + u cos ωt with ω = √(k/m) and energy ½ k u².
//   integrator_order      the position error at t = 0.8 s against h, log-log, slopes beside the orders;
//   integrator_pendulum   the same on a spring pendulum, against a fine RK4 reference;
//   integrator_energy     E/E₀ − 1 over 10⁴ steps at ωh = 0.1;
//   integrator_stability  the largest stable ωh, against the theory for an undamped oscillator.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>

#include "core/quantity_format.h"
#include "experiments/experiment.h"

namespace app {
namespace {

using sim::FrameMetrics;
using sim::Position;
using sim::Vec3;
using sim::World;

constexpr double kPi = 3.14159265358979323846;
constexpr double kLength = 1.0;   // L [m]
constexpr double kStretch = 0.1;  // u [m]

// The chain scene as the oscillator, with spring stiffness k [N/m].
sim::ParamValues oscillator(double k) {
  return {{"particles", 2}, {"mass", 1.0},   {"link_length", kLength}, {"stretch", kStretch},
          {"gravity", 0.0}, {"angle", 90.0}, {"compliance", 1.0 / k}};
}

double omega_of(const World& w) { return 1.0 / std::sqrt(w.model().distance.compliance[0]); }  // m = 1 kg

const ExperimentMeasure kPositionError{
    "position_error", "m", [](World& w, const FrameMetrics&, const std::vector<Position>& x0) {
      const double exact = kLength + kStretch * std::cos(omega_of(w) * w.time());
      return std::fabs(sim::length(w.positions()[1] - x0[0]) - exact);
    }};

// E/E₀ − 1 with E = ½ m v² + ½ k C² (force-based: the metrics' elastic energy is C²/(2α)).
const ExperimentMeasure kEnergyDrift{
    "energy_drift", "", [](World& w, const FrameMetrics& m, const std::vector<sim::Position>&) {
      const double e0 = 0.5 * omega_of(w) * omega_of(w) * kStretch * kStretch;
      return (m.kinetic + m.elastic) / e0 - 1.0;
    }};
const ExperimentMeasure kEnergyError{"energy_error", "",
                                     [](World& w, const FrameMetrics& m, const std::vector<Position>& x0) {
                                       return std::fabs(kEnergyDrift.of(w, m, x0));
                                     }};

bool force_based(const sim::IntegratorInfo& i) { return sim::force_based(i.id); }

std::string number(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", x);
  return text;
}

// A run of the chain scene with `params` under `in`, undamped, one line per integrator in sweep plots.
ExperimentRun scheme_run(const sim::IntegratorInfo& in, const std::string& label,
                         const sim::ParamValues& params, int steps, double frame_dt,
                         int frames) {
  return {label,
          params,
          {{"integrator", in.id}, {"substeps", steps}, {"frame_dt", frame_dt}, {"damping", 0.0}},
          frames,
          in.label,
          0.0,
          false};
}

// The position error under which a point is the build's rounding rather than the scheme's error: 10 ε of
// a 2 m coordinate, 4.4e-15 m in double and 2.4e-6 m in float, where the spring's length |x₁ − x₀| resolves
// to 6e-8 m and the error stops falling at 2e-8 to 7e-8 m (tests/sim/integrator_test.cpp). A fit keeps the
// points from the largest h down to the first under it or no lower than the one before (in float, Gear's
// high derivatives lose digits as h falls: its pendulum error rose from 5.4e-7 to 4.0e-6 m from 4 to 16
// steps); a scheme left with fewer than two points has no measured order in this build.
const double kErrorFloor = 20.0 * double(sim::kEpsilon);  // [m]

// The smallest step count per frame of a sweep, for the schemes of order 1-2 and of order 3-4 (which
// reach the error floor sooner, while Gear's start-up error fades slowly), in the full run and --quick.
struct StepRange {
  int low, high, high_quick;
};

// Every force-based integrator at 4 step counts per frame (3 with --quick), doubling, over 48 frames
// (0.8 s): the error at the end against h, log-log, and the fitted slopes beside the theoretical orders.
ExperimentDef order_experiment(std::string name, std::string description,
                               sim::ParamValues params, ExperimentMeasure error, StepRange first,
                               std::string plot_title) {
  const std::string measure = error.name;
  return {std::move(name),
          "Teschner, Particle Motion 1-3",
          "error orders",
          std::move(description),
          "chain",
          [params, first](bool quick) {
            std::vector<ExperimentRun> runs;
            for (const sim::IntegratorInfo& in : sim::kIntegrators) {
              if (!force_based(in)) continue;
              const int lowest = in.order < 3 ? first.low : quick ? first.high_quick : first.high;
              for (int steps = lowest; steps <= (quick ? 4 : 8) * lowest; steps *= 2) {
                ExperimentRun r =
                    scheme_run(in, std::string(in.name) + ", " + std::to_string(steps) + " steps", params,
                               steps, 1.0 / 60, 48);
                r.x = 1.0 / (60.0 * steps);
                runs.push_back(r);
              }
            }
            return runs;
          },
          {std::move(error)},
          {{"order", std::move(plot_title), measure, true, {}, "h [s]", true}},
          [measure](const std::vector<RunSeries>& runs) {
            std::vector<Finding> out;
            for (const sim::IntegratorInfo& in : sim::kIntegrators) {
              std::vector<double> h, e;
              int count = 0;
              bool rounding = false;  // from the largest h down, once rounding holds the error it stays held
              for (const RunSeries& r : runs) {  // in the order of the sweep: h halving
                if (r.run.series != in.label) continue;
                ++count;
                const double error = r.last_of(measure);
                rounding = rounding || error <= kErrorFloor || (!e.empty() && error >= e.back());
                if (!rounding) h.push_back(r.run.x), e.push_back(error);
              }
              if (count == 0) continue;
              const std::string what = std::string("measured order, ") + in.label;
              if (h.size() < 2)
                out.push_back({what, "", std::numeric_limits<double>::quiet_NaN(), double(in.order),
                               "not measured: its errors are under this build's rounding floor, " +
                                   sim::format_length(kErrorFloor)});
              else
                out.push_back({what, "", log_log_slope(h, e), double(in.order),
                               "the paper's column: the theoretical global order"});
            }
            return out;
          }};
}

// A vector in double whatever the core's Real: the pendulum's reference takes 80,000 steps, whose float
// rounding would otherwise sit in the error it is the reference for.
struct Vec3d {
  double x, y, z;
};
Vec3d operator+(Vec3d a, Vec3d b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
Vec3d operator-(Vec3d a, Vec3d b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
Vec3d operator*(double s, Vec3d a) { return {s * a.x, s * a.y, s * a.z}; }
double length(Vec3d a) { return std::sqrt(a.x * a.x + a.y * a.y + a.z * a.z); }
Vec3d in_double(Vec3 v) { return {v.x, v.y, v.z}; }

// The spring pendulum (the chain's two particles at 60°, gravity, k = 10³ N/m) has no closed form: its
// reference is classic RK4 at h = 10⁻⁵ s on the same ODE, a = g − (k/m)(|r| − L) r/|r|, from the run's
// initial positions at rest, continued from frame to frame (the measure is asked in time order), in double.
class PendulumReference {
 public:
  // The reference's r = x₁ − x₀ [m] at the world's time.
  Vec3d offset(const World& w, const std::vector<Position>& x0) {
    if (w.time() < t_ || !(x0[1].x == start_.x && x0[1].y == start_.y && x0[1].z == start_.z)) {
      start_ = x0[1];
      r_ = in_double(x0[1] - x0[0]);
      v_ = {0.0, 0.0, 0.0};
      t_ = 0.0;
    }
    const double k_over_m = w.model().particle_inv_mass[1] / w.model().distance.compliance[0];
    const double L = w.model().distance.rest_length[0];
    const Vec3d g = in_double(w.model().gravity);
    auto a = [&](Vec3d r) { return g - (k_over_m * (length(r) - L) / length(r)) * r; };
    constexpr double kH = 1e-5;
    while (t_ < w.time() - 1e-12) {
      const double h = std::min(kH, w.time() - t_);
      const Vec3d k1x = v_, k1v = a(r_);
      const Vec3d k2x = v_ + (0.5 * h) * k1v, k2v = a(r_ + (0.5 * h) * k1x);
      const Vec3d k3x = v_ + (0.5 * h) * k2v, k3v = a(r_ + (0.5 * h) * k2x);
      const Vec3d k4x = v_ + h * k3v, k4v = a(r_ + h * k3x);
      r_ = r_ + (h / 6.0) * (k1x + 2.0 * k2x + 2.0 * k3x + k4x);
      v_ = v_ + (h / 6.0) * (k1v + 2.0 * k2v + 2.0 * k3v + k4v);
      t_ += h;
    }
    return r_;
  }

 private:
  Vec3 start_{};
  Vec3d r_{}, v_{};
  double t_ = -1.0;
};

}  // namespace

ExperimentDef integrator_order() {
  return order_experiment(
      "integrator_order",
      "position error of a harmonic oscillator (1 Hz) at t = 0.8 s against the step h, every force-based "
      "integrator, log-log with fitted slopes",
      oscillator(4.0 * kPi * kPi), kPositionError, {4, 2, 8},
      "Oscillator position error at t = 0.8 s against h");
}

ExperimentDef integrator_pendulum() {
  auto reference = std::make_shared<PendulumReference>();
  const ExperimentMeasure error{"pendulum_error", "m",
                                [reference](World& w, const FrameMetrics&, const std::vector<Position>& x0) {
                                  const Vec3d r = in_double(w.positions()[1] - x0[0]);
                                  return length(r - reference->offset(w, x0));
                                }};
  return order_experiment(
      "integrator_pendulum",
      "position error of a spring pendulum (1 m, 60 degrees, k = 1 kN/m) at t = 0.8 s against h, every "
      "force-based integrator, against RK4 at h = 10 µs",
      {{"particles", 2}, {"mass", 1.0}, {"link_length", 1.0}, {"angle", 60.0}, {"compliance", 1e-3}}, error,
      {4, 4, 4}, "Spring pendulum position error at t = 0.8 s against h");
}

ExperimentDef integrator_energy() {
  return {"integrator_energy",
          "Teschner, Particle Motion 1-3",
          "energy",
          "energy drift E/E0 - 1 of an undamped oscillator over 10^4 steps at omega h = 0.1",
          "chain",
          [](bool quick) {
            std::vector<ExperimentRun> runs;
            const double h = 1e-3, k = (0.1 / h) * (0.1 / h);  // ωh = 0.1
            for (const sim::IntegratorInfo& in : sim::kIntegrators)
              if (force_based(in)) {
                ExperimentRun r = scheme_run(in, in.name, oscillator(k), 100, 100 * h, quick ? 10 : 100);
                r.may_diverge = in.id == sim::Integrator::ExplicitEuler;  // its energy grows without bound
                runs.push_back(r);
              }
            return runs;
          },
          {kEnergyDrift, kEnergyError},
          {{"energy",
            "Oscillator |E/E0 - 1| over 10^4 steps, omega h = 0.1",
            "energy_error",
            true,
            {},
            "",
            false}},
          [](const std::vector<RunSeries>& runs) {
            std::vector<Finding> out;
            for (const RunSeries& r : runs)
              out.push_back({"largest |E/E0 - 1|, " + r.run.series, "", r.max_of("energy_error"),
                             std::nullopt, r.divergence ? "diverged: " + *r.divergence : "over 10^4 steps"});
            return out;
          }};
}

// A run is stable when its energy stays finite and within budget and its largest E/E₀ over the last
// quarter is within 5% of the first quarter's (a bounded oscillation; growth of more than 10⁻⁴ a step shows).
ExperimentDef integrator_stability() {
  return {"integrator_stability",
          "Teschner, Particle Motion 1-3",
          "stability",
          "largest stable omega h of an undamped oscillator per integrator (1000 steps per omega h) against "
          "the theory",
          "chain",
          [](bool quick) {
            std::vector<ExperimentRun> runs;
            const double h = 1e-3;
            // 0.25 to 16 geometrically; --quick: a few values either side of the limits 2 and 2√2.
            std::vector<double> grid = {0.25, 1.0, 1.9, 2.1, 2.7, 3.0};
            if (!quick) {
              grid.clear();
              for (int j = 0; j < 25; ++j) grid.push_back(0.25 * std::pow(64.0, j / 24.0));
            }
            for (const sim::IntegratorInfo& in : sim::kIntegrators) {
              if (!force_based(in)) continue;
              for (const double wh : grid) {
                ExperimentRun r = scheme_run(in, std::string(in.name) + ", wh " + number(wh),
                                             oscillator((wh / h) * (wh / h)), 1, h, quick ? 200 : 1000);
                r.x = wh;
                r.may_diverge = true;
                runs.push_back(r);
              }
            }
            return runs;
          },
          {kEnergyDrift},
          {{"stability",
            "Oscillator E/E0 - 1 at the end against omega h",
            "energy_drift",
            true,
            {},
            "omega h",
            true}},
          [](const std::vector<RunSeries>& runs) {
            // The theory for an undamped oscillator (a stability region's reach along the imaginary axis).
            const std::map<sim::Integrator, double> theory = {{sim::Integrator::ExplicitEuler, 0.0},
                                                              {sim::Integrator::Midpoint, 0.0},
                                                              {sim::Integrator::Heun, 0.0},
                                                              {sim::Integrator::Ralston, 0.0},
                                                              {sim::Integrator::Rk4, 2.0 * std::sqrt(2.0)},
                                                              {sim::Integrator::Rk38, 2.0 * std::sqrt(2.0)},
                                                              {sim::Integrator::SemiImplicitEuler, 2.0},
                                                              {sim::Integrator::PositionVerlet, 2.0},
                                                              {sim::Integrator::VelocityVerlet, 2.0},
                                                              {sim::Integrator::LeapFrog, 2.0},
                                                              {sim::Integrator::ImplicitEuler, INFINITY}};
            std::vector<Finding> out;
            for (const sim::IntegratorInfo& in : sim::kIntegrators) {
              double largest = 0.0;
              bool any = false;
              for (const RunSeries& r : runs) {
                if (r.run.series != in.label) continue;
                any = true;
                const auto it = r.measures.find("energy_drift");
                bool stable = !r.divergence && it != r.measures.end() && it->second.size() >= 8;
                if (stable) {
                  const std::vector<double>& e = it->second;
                  const size_t q = e.size() / 4;
                  double first = -1.0, last = -1.0;
                  for (size_t i = 0; i < q; ++i) first = std::max(first, e[i]);
                  for (size_t i = e.size() - q; i < e.size(); ++i) last = std::max(last, e[i]);
                  stable = std::isfinite(last) && 1.0 + last <= 1.05 * (1.0 + first);
                }
                if (stable) largest = std::max(largest, r.run.x);
              }
              if (!any) continue;
              const auto t = theory.find(in.id);
              out.push_back({std::string("largest stable omega h, ") + in.label, "", largest,
                             t == theory.end() ? std::nullopt : std::optional<double>(t->second),
                             "in the sweep 0.25 to 16 (0: none); the paper's column: theory (inf: any h)"});
            }
            return out;
          }};
}

}  // namespace app
