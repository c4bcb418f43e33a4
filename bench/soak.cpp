// soak: every registered scene at its default parameters and settings, under each solver order, for a
// long stretch of simulated time (200 s unless --seconds says otherwise), reporting what only a long run
// reveals: divergence (a non-finite position or velocity, a particle that left the scene), mechanical
// energy that grows although nothing does work on the scene (kinetic + gravitational, the "system energy"
// of Small Steps Figure 6), and the families' failure measures past their bounds (metrics/error_watch.h).
// The committed reports are bench/results/soak-*.json (scripts/soak.sh); CI runs a short one.
//
// usage: soak [--seconds S] [--scene NAME]... [--solver gs|jacobi]... [--out report.json]
// exit status: 0 when no case diverged or gained energy, 3 when one did, 2 on bad arguments.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "metrics/error_watch.h"
#include "registry/frame_metrics.h"
#include "registry/settings.h"
#include "run/machine.h"
#include "run/metrics_writer.h"
#include "scenes/scene.h"
#include "world/frame_step.h"

namespace {

using json = nlohmann::ordered_json;

// Nothing does work on a soaked scene and each starts at rest without stored elastic energy, so its
// energy E can never rise above E(0); and once it has settled, the mean of E over a tenth of the run
// cannot rise again (single frames can: E trades with the elastic energy it leaves out, over a swing of
// the cloth). Either rise counts as growth past this fraction of the energy scale: the largest of the
// energy the run released (E(0) − min E), the kinetic energy it reached (a swing that keeps its energy
// releases almost none: the swinging box under Algorithm 1 kept 27 kJ to 12 J) and the work of lifting
// the whole scene by its shortest rest length (m g L, so that a scene at rest gets a scale too). Tenths shorter than a few swings average
// nothing out, so the windowed test needs tenths of at least kMinWindowSeconds.
constexpr double kGrowthTolerance = 0.01;
constexpr int kWindows = 10;
constexpr double kMinWindowSeconds = 2.0;

constexpr const char* kNotes =
    "Each case runs a registered scene at its default parameters and settings (CPU defaults) under one "
    "solver "
    "order. energy: E = kinetic + gravitational [J] each frame; gain_J = max E(t) - E(0); window_rise_J = "
    "the "
    "mean of E over the last tenth of the run minus the lowest mean over a tenth (null for runs under 20 s, "
    "whose tenths are shorter than a swing); released_J = E(0) - min E(t); scale_J = max(released_J, the largest kinetic energy, total "
    "mass * |g| * shortest rest length); grew = gain_J or window_rise_J > 0.01 scale_J. failure_checks: "
    "each family's failure measure (constraint extension past the shortest rest length, joint separation, "
    "penetration, volume error, inverted tets, density error) against its bound, its worst and first frame "
    "over. diverged: the first non-finite position or velocity, or particle outside the scene bounds (null: "
    "none). verdict: 'diverged', 'energy grew', 'past a failure bound' or 'ok'.";

struct Options {
  double seconds = 200.0;
  std::vector<std::string> scenes, solvers{"gs", "jacobi"};
  std::string out;
};

// E over a run of a known number of frames: its extremes and its mean over each tenth of the run.
class EnergyTrack {
 public:
  EnergyTrack(double e0, int frames) : e0_(e0), min_(e0), max_(e0), frames_(frames) {}

  void add(int frame_index, double e) {  // frame_index counts from 0
    min_ = std::min(min_, e);
    max_ = std::max(max_, e);
    Window& w = windows_[size_t(std::min(kWindows - 1, int(int64_t(frame_index) * kWindows / frames_)))];
    w.sum += e;
    ++w.count;
  }
  double gain() const { return max_ - e0_; }
  double released() const { return e0_ - min_; }
  // The last tenth's mean minus the lowest tenth's mean; only over complete runs.
  std::optional<double> window_rise() const {
    if (windows_.back().count == 0) return std::nullopt;
    double lowest = windows_.front().mean();
    for (const Window& w : windows_) lowest = std::min(lowest, w.mean());
    return windows_.back().mean() - lowest;
  }
  json to_json(bool windowed) const {
    const std::optional<double> rise = window_rise();
    return {{"initial_J", e0_},
            {"min_J", min_},
            {"max_J", max_},
            {"gain_J", gain()},
            {"window_rise_J", windowed && rise ? json(*rise) : json(nullptr)},
            {"released_J", released()}};
  }

 private:
  struct Window {
    double sum = 0.0;
    int count = 0;
    double mean() const { return count > 0 ? sum / count : 0.0; }
  };
  double e0_, min_, max_;
  int frames_;
  std::vector<Window> windows_ = std::vector<Window>(kWindows);
};

double total_mass(const sim::Model& m) {
  double mass = 0.0;
  for (const sim::Real w : m.particle_inv_mass)
    if (w > 0.0) mass += 1.0 / double(w);
  return mass;
}

json run_case(const sim::SceneDef& scene, const std::string& solver, double seconds) {
  sim::ParamSet settings_params("settings", sim::settings_table());
  settings_params.set_text("solver", solver);
  settings_params.use_defaults(scene.settings);
  const sim::Settings settings = sim::settings_from_params(settings_params);
  sim::World world(scene.build(scene.default_params()), sim::BackendKind::Cpu);
  const sim::Model& model = world.model();
  const int frames = std::max(1, int(std::lround(seconds / double(settings.frame_dt))));

  const sim::FrameMetrics start = sim::measure(model, world.state(), 0.0, settings.gravity_scale);
  EnergyTrack energy(start.kinetic + start.gravitational, frames);
  sim::ErrorWatch watch;
  std::optional<std::string> divergence;
  double step_ms = 0.0;
  double peak_kinetic = 0.0;  // [J]
  const auto wall_start = std::chrono::steady_clock::now();
  for (int f = 0; f < frames; ++f) {
    const sim::FrameResult r = sim::step_and_measure(world, settings);
    step_ms += world.last_step_ms();
    if (r.divergence) {
      divergence = r.divergence;
      break;
    }
    energy.add(f, r.metrics.kinetic + r.metrics.gravitational);
    peak_kinetic = std::max(peak_kinetic, r.metrics.kinetic);
    watch.observe(r.metrics.frame, sim::failure_checks(model, r.metrics));
  }
  const double wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();

  const double lift = total_mass(model) * double(length(settings.gravity_scale * model.gravity)) *
                      double(model.extension_bound);
  const double scale = std::max({energy.released(), peak_kinetic, lift});
  const bool windowed = seconds >= kWindows * kMinWindowSeconds;
  const double growth = std::max(energy.gain(), windowed ? energy.window_rise().value_or(0.0) : 0.0);
  const bool grew = growth > kGrowthTolerance * scale;
  const char* verdict = divergence         ? "diverged"
                        : grew             ? "energy grew"
                        : watch.exceeded() ? "past a failure bound"
                                           : "ok";
  const double ms_per_frame = step_ms / std::max(1, world.frame());
  std::printf("%-14s %-7s %7d %9.3f %12.5g %12.5g %12.3g  %-20s  %s\n", scene.name.c_str(), solver.c_str(),
              world.frame(), ms_per_frame, growth, scale, growth / scale, verdict, watch.report().c_str());
  std::fflush(stdout);
  json energy_json = energy.to_json(windowed);
  energy_json["scale_J"] = scale;
  energy_json["grew"] = grew;
  return {
      {"scene", scene.name},
      {"solver", solver},
      {"settings", sim::describe(settings)},
      {"particles", model.particle_count()},
      {"distance_constraints", model.distance_count()},
      {"simulated_s", world.time()},
      {"frames", world.frame()},
      {"wall_s", wall_s},
      {"step_ms_mean", ms_per_frame},
      {"diverged", divergence ? json(*divergence) : json(nullptr)},
      {"energy", energy_json},
      {"failure_checks", app::failure_checks_json(watch)},
      {"verdict", verdict},
  };
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  CLI::App cli{
      "soak: every scene for a long simulated time; reports divergence, energy growth and the families' "
      "failure measures past their bounds"};
  cli.add_option("--seconds", o.seconds, "simulated seconds per case (default 200)")
      ->check(CLI::Range(0.01, 1e5));
  std::vector<std::string> names;
  for (const sim::SceneDef& s : sim::scene_registry()) names.push_back(s.name);
  cli.add_option("--scene", o.scenes, "scene to soak (repeatable; default: every registered scene)")
      ->check(CLI::IsMember(names));
  cli.add_option("--solver", o.solvers, "solver order (repeatable; default: gs and jacobi)")
      ->check(CLI::IsMember({"gs", "jacobi"}));
  cli.add_option("--out", o.out, "also write the JSON report to this file");
  try {
    cli.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return e.get_exit_code() == 0 ? cli.exit(e) : (std::fprintf(stderr, "soak: %s\n", e.what()), 2);
  }
  if (o.scenes.empty()) o.scenes = names;
  std::ofstream out;
  if (!o.out.empty()) {
    out.open(o.out);
    if (!out) {
      std::fprintf(stderr, "soak: cannot write --out '%s'\n", o.out.c_str());
      return 2;
    }
  }
  std::printf("%-14s %-7s %7s %9s %12s %12s %12s  %-20s  %s\n", "scene", "solver", "frames", "ms/frame",
              "E growth [J]", "E scale [J]", "growth/scale", "verdict", "failure checks (worst, bound)");
  json cases = json::array();
  bool failed = false;
  try {
    for (const std::string& name : o.scenes)
      for (const std::string& solver : o.solvers) {
        cases.push_back(run_case(sim::find_scene(name), solver, o.seconds));
        failed = failed || cases.back()["diverged"] != nullptr || cases.back()["energy"]["grew"] == true;
      }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "soak: error: %s\n", e.what());
    return 1;
  }
  const json report = {{"benchmark", "soak"},
                       {"seconds", o.seconds},
                       {"notes", kNotes},
                       {"machine", bench::machine_description()},
                       {"cases", cases}};
  if (out.is_open()) {
    out << report.dump(2) << "\n";
    if (!out.flush()) {
      std::fprintf(stderr, "soak: writing '%s' failed\n", o.out.c_str());
      return 1;
    }
  }
  return failed ? 3 : 0;
}
