// soak: every registered scene at its default parameters and settings, under each solver order, and the
// paper presets meant to show a scene holding (--preset), for a long stretch of simulated time (60 s unless
// --seconds says otherwise), reporting what only a long run reveals: divergence (a non-finite position or
// velocity, a particle that left the scene), mechanical energy that grows although nothing does work on the
// scene (kinetic + gravitational, the "system energy" of Small Steps Figure 6), the families' failure
// measures past their bounds (metrics/error_watch.h), and a scene meant to stand that gave way (SceneDef::holds: the
// capsule stack's box dropping more than 1 mm). The committed reports are bench/results/soak-*.json
// (scripts/soak.sh, docs/PERFORMANCE.md); CI runs a short one (tests/CMakeLists.txt, soak_quick).
//
// usage: soak [--seconds S] [--scene NAME]... [--solver gs|jacobi]... [--preset FILE[:A|B]]...
//             [--presets-from LIST] [--out report.json]
// A preset runs once, at its own settings (and those of its comparison's pane A or B); LIST names one
// preset a line (bench/soak_presets.txt), '#' starting a comment.
// exit status: 0 when no case diverged, gained energy or gave way, 3 when one did, 2 on bad arguments.
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
#include "run/preset.h"
#include "run/run_options.h"
#include "run/view_options.h"
#include "scenes/scene.h"
#include "soak_tracks.h"
#include "world/frame_step.h"

namespace {

using bench::EnergyTrack;
using bench::HoldTrack;
using bench::json;
using bench::kWindows;

// Nothing does work on a soaked scene and each starts at rest without stored elastic energy, so its
// energy E can never rise above E(0); and once it has settled, the mean of E over a tenth of the run
// cannot rise again (single frames can: E trades with the elastic energy it leaves out, over a swing of
// the cloth). Either rise counts as growth past this fraction of the energy scale: the largest of the
// energy the run released (E(0) − min E), the kinetic energy it reached (a swing that keeps its energy
// releases almost none: the swinging box under Algorithm 1 kept 27 kJ to 12 J) and the work of lifting
// the whole scene by its shortest rest length (m g L, so that a scene at rest gets a scale too). A tenth's
// mean is only known to within the part of a swing it leaves over (soak_tracks.h, EnergyTrack), so the
// windowed rise counts past the two means' uncertainty; tenths shorter than a few swings average nothing
// out, so the windowed test needs tenths of at least kMinWindowSeconds.
constexpr double kGrowthTolerance = 0.01;
constexpr double kMinWindowSeconds = 2.0;

constexpr const char* kNotes =
    "Each case runs a registered scene at its default parameters and settings (CPU defaults) under one "
    "solver "
    "order. energy: E = kinetic + gravitational [J] each frame; gain_J = max E(t) - E(0); window_rise_J = "
    "the "
    "mean of E over the last tenth of the run minus the lowest mean over a tenth (null for runs under 20 s, "
    "whose tenths are shorter than a swing); released_J = E(0) - min E(t); scale_J = max(released_J, the largest kinetic energy, total "
    "mass * |g| * shortest rest length); window_uncertainty_J = the sum of the two tenths' uncertainties, each the "
    "swing of E within the tenth over the times E crossed its mean there; grew = gain_J or window_rise_J - "
    "window_uncertainty_J > 0.01 scale_J. failure_checks: "
    "each family's failure measure (constraint extension past the shortest rest length, joint separation, "
    "penetration, volume error, inverted tets, density error) against its bound, its worst and first frame "
    "over. diverged: the first non-finite position or velocity, or particle "
    "outside the scene bounds (null: none). holds: each metric column the scene names for standing "
    "(SceneDef::holds), its rise past its value at t = 1 s against its bound. verdict: 'diverged', 'gave way', "
    "'energy grew', 'past a failure bound' or 'ok'. A case named 'preset FILE[:A|B]' runs that preset's scene, "
    "parameters and settings (with its comparison's pane A or B) instead of the defaults; --setting name=value "
    "sets a setting over every scene's defaults. total_with_elastic (issue 50): the total with every family's "
    "elastic energy, its largest rise over the scene's energy scale E_s (World::energy_scale), reported beside "
    "the verdict; mean_substeps: N over the run.";

struct Options {
  double seconds = 60.0;
  std::vector<std::string> scenes, solvers{"gs", "jacobi"}, presets;
  std::vector<std::string> overrides;  // "name=value" settings over every scene's (--setting)
  std::string presets_from, out;
};

// One soaked run: a scene with its parameters and settings, and what the report calls it.
struct Case {
  const sim::SceneDef* scene;
  sim::ParamSet params;
  sim::Settings settings;
  std::string name, solver;
};

Case default_case(const sim::SceneDef& scene, const std::string& solver, const std::vector<std::string>& overrides) {
  sim::ParamSet settings_params("settings", sim::settings_table());
  settings_params.set_text("solver", solver);
  scene.use_setting_defaults(settings_params, false);  // the soak runs on the CPU
  for (const std::string& o : overrides) {
    const size_t eq = o.find('=');
    if (eq == std::string::npos || eq == 0) throw sim::ParamError("--setting '" + o + "': expected name=value");
    settings_params.set_text(o.substr(0, eq), o.substr(eq + 1), "--setting '" + o + "'");
  }
  return {&scene, scene.default_params(), sim::settings_from_params(settings_params), scene.name, solver};
}

// "FILE" or "FILE:A" / "FILE:B" (its comparison's pane); throws sim::ParamError.
Case preset_case(const std::string& spec) {
  const size_t colon = spec.rfind(':');
  const bool pane = colon != std::string::npos && colon + 2 == spec.size() && (spec.back() == 'A' || spec.back() == 'B');
  const std::string path = pane ? spec.substr(0, colon) : spec;
  app::RunOptions o(sim::scene_registry().front());
  if (!app::apply_preset_file(path, o)) throw sim::ParamError("preset '" + path + "' names no scene");
  sim::ParamSet settings = o.settings;
  o.scene->use_setting_defaults(settings, false);
  if (pane) {
    const size_t side = spec.back() == 'A' ? 0 : 1;
    if (side >= o.compare.size()) throw sim::ParamError("preset '" + path + "' has no comparison");
    settings = app::apply_overrides(settings, o.compare[side]);
  }
  const std::string name = "preset " + path.substr(path.rfind('/') + 1) + (pane ? spec.substr(colon) : "");
  return {o.scene, o.scene_params, sim::settings_from_params(settings), name, settings.text("solver")};
}

// The presets listed one a line in `path`, '#' starting a comment.
std::vector<std::string> read_preset_list(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw sim::ParamError("cannot read --presets-from '" + path + "'");
  std::vector<std::string> specs;
  for (std::string line; std::getline(in, line);) {
    line = line.substr(0, line.find('#'));
    line.erase(0, line.find_first_not_of(" \t"));
    line.erase(line.find_last_not_of(" \t\r") + 1);
    if (!line.empty()) specs.push_back(line);
  }
  return specs;
}

double total_mass(const sim::Model& m) {
  double mass = 0.0;
  for (const sim::Real w : m.particle_inv_mass)
    if (w > 0.0) mass += 1.0 / double(w);
  return mass;
}

// What a case came to, the first that applies in this order. A failure bound passed is reported, not
// failed: Jacobi at the default 20 × 1 pulls single cloth edges past their length during the fall
// (docs/PERFORMANCE.md), and `run --fail-on-error` is the gate for the failure bounds.
enum class Verdict { Diverged, GaveWay, EnergyGrew, PastFailureBound, Ok };

const char* verdict_text(Verdict v) {
  static const char* const kText[] = {"diverged", "gave way", "energy grew", "past a failure bound", "ok"};
  return kText[int(v)];
}

bool failed_soak(Verdict v) { return v != Verdict::Ok && v != Verdict::PastFailureBound; }

struct CaseResult {
  json report;
  Verdict verdict;
};

CaseResult run_case(const Case& c, double seconds) {
  const sim::Settings& settings = c.settings;
  sim::World world(c.scene->build(c.params), sim::BackendKind::Cpu);
  const sim::Model& model = world.model();
  const int frames = std::max(1, int(std::lround(seconds / double(settings.frame_dt))));

  const sim::FrameMetrics start = sim::measure(model, world.state(), 0.0, settings.gravity_scale);
  EnergyTrack energy(start.kinetic + start.gravitational, frames);
  // issue 50's measure beside it: the total with every family's elastic energy, over the scene's E_s
  const double energy_scale = world.energy_scale(settings.gravity_scale);
  double total_max = start.total, substeps = 0.0;
  HoldTrack holds(c.scene->holds, seconds);
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
    total_max = std::max(total_max, r.metrics.total);
    substeps += r.metrics.substeps;
    peak_kinetic = std::max(peak_kinetic, r.metrics.kinetic);
    watch.observe(r.metrics.frame, sim::failure_checks(model, r.metrics));
    holds.observe(world.time(), r.metrics);
  }
  const double wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();

  const double lift = total_mass(model) * double(length(settings.gravity_scale * model.gravity)) *
                      double(model.extension_bound);
  const double scale = std::max({energy.released(), peak_kinetic, lift});
  const bool windowed = seconds >= kWindows * kMinWindowSeconds;
  const auto rise = windowed ? energy.window_rise() : std::nullopt;  // (rise, its uncertainty) [J]
  const double growth = std::max(energy.gain(), rise ? rise->first - rise->second : 0.0);
  const bool grew = growth > kGrowthTolerance * scale;
  const Verdict verdict = divergence         ? Verdict::Diverged
                          : holds.broken()   ? Verdict::GaveWay
                          : grew             ? Verdict::EnergyGrew
                          : watch.exceeded() ? Verdict::PastFailureBound
                                             : Verdict::Ok;
  const double ms_per_frame = step_ms / std::max(1, world.frame());
  const double mean_substeps = substeps / std::max(1, world.frame());
  const double total_rise = energy_scale > 0.0 ? (total_max - start.total) / energy_scale : 0.0;
  std::printf("%-36s %-7s %7d %9.3f %12.5g %12.5g %12.3g %7.1f %9.4f  %-20s  %s\n", c.name.c_str(),
              c.solver.c_str(), world.frame(), ms_per_frame, growth, scale, growth / scale, mean_substeps,
              total_rise, verdict_text(verdict), watch.report().c_str());
  std::fflush(stdout);
  json energy_json = energy.to_json(windowed);
  energy_json["scale_J"] = scale;
  energy_json["grew"] = grew;
  const json report = {
      {"case", c.name},
      {"scene", c.scene->name},
      {"solver", c.solver},
      {"settings", sim::describe(settings)},
      {"particles", model.particle_count()},
      {"distance_constraints", model.distance_count()},
      {"simulated_s", world.time()},
      {"frames", world.frame()},
      {"wall_s", wall_s},
      {"step_ms_mean", ms_per_frame},
      {"diverged", divergence ? json(*divergence) : json(nullptr)},
      {"energy", energy_json},
      {"total_with_elastic", {{"initial_J", start.total}, {"max_J", total_max}, {"energy_scale_J", energy_scale},
                              {"rise_over_scale", total_rise}}},
      {"mean_substeps", mean_substeps},
      {"holds", holds.to_json()},
      {"failure_checks", app::failure_checks_json(watch)},
      {"verdict", verdict_text(verdict)},
  };
  return {report, verdict};
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  CLI::App cli{
      "soak: every scene (and the presets given) for a long simulated time; reports divergence, energy "
      "growth, a scene meant to stand that gave way, and the families' failure measures past their bounds"};
  cli.add_option("--seconds", o.seconds, "simulated seconds per case (default 60)")
      ->check(CLI::Range(0.01, 1e5));
  std::vector<std::string> names;
  for (const sim::SceneDef& s : sim::scene_registry()) names.push_back(s.name);
  cli.add_option("--scene", o.scenes, "scene to soak (repeatable; default: every registered scene)")
      ->check(CLI::IsMember(names));
  cli.add_option("--solver", o.solvers, "solver order (repeatable; default: gs and jacobi)")
      ->check(CLI::IsMember({"gs", "jacobi"}));
  cli.add_option("--setting", o.overrides,
                 "a setting over every scene's defaults, name=value (repeatable), e.g. adaptive=residual");
  cli.add_option("--preset", o.presets, "also soak this preset, FILE or FILE:A / FILE:B (repeatable)");
  cli.add_option("--presets-from", o.presets_from, "also soak the presets listed in this file, one a line");
  bool presets_only = false;
  cli.add_flag("--presets-only", presets_only, "soak only the presets, not every scene");
  cli.add_option("--out", o.out, "also write the JSON report to this file");
  try {
    cli.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return e.get_exit_code() == 0 ? cli.exit(e) : (std::fprintf(stderr, "soak: %s\n", e.what()), 2);
  }
  if (o.scenes.empty() && !presets_only) o.scenes = names;
  std::ofstream out;
  if (!o.out.empty()) {
    out.open(o.out);
    if (!out) {
      std::fprintf(stderr, "soak: cannot write --out '%s'\n", o.out.c_str());
      return 2;
    }
  }
  std::printf("%-36s %-7s %7s %9s %12s %12s %12s %7s %9s  %-20s  %s\n", "scene", "solver", "frames", "ms/frame",
              "E growth [J]", "E scale [J]", "growth/scale", "N mean", "total/E_s", "verdict",
              "failure checks (worst, bound)");
  json cases = json::array();
  bool failed = false;
  try {
    std::vector<Case> todo;
    for (const std::string& name : o.scenes)
      for (const std::string& solver : o.solvers)
        todo.push_back(default_case(sim::find_scene(name), solver, o.overrides));
    if (!o.presets_from.empty())
      for (const std::string& spec : read_preset_list(o.presets_from)) o.presets.push_back(spec);
    for (const std::string& spec : o.presets) todo.push_back(preset_case(spec));
    for (const Case& c : todo) {
      CaseResult result = run_case(c, o.seconds);
      cases.push_back(std::move(result.report));
      failed = failed || failed_soak(result.verdict);
    }
  } catch (const sim::ParamError& e) {
    std::fprintf(stderr, "soak: %s\n", e.what());
    return 2;
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
