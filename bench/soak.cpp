// soak: every registered scene at its default parameters and settings, under each solver order, and the
// paper presets meant to show a scene holding (--preset), for a long stretch of simulated time (60 s unless
// --seconds says otherwise), reporting what only a long run reveals: divergence (a non-finite position or
// velocity, a particle that left the scene), mechanical energy that grows although nothing does work on the
// scene (the verdict's energy line: the total with every family's elastic energy above its start by more
// than the scene's share of E_s, world/frame_step.h), the families' failure measures past their bounds
// (metrics/error_watch.h), and a scene meant to stand that gave way (SceneDef::holds: the capsule stack's box
// dropping more than 1 mm). The committed reports are bench/results/soak-*.json
// (scripts/soak.sh, docs/PERFORMANCE.md); CI runs a short one (tests/CMakeLists.txt, soak_quick_gs, soak_quick_jacobi
// and soak_quick_presets).
//
// usage: soak [--seconds S] [--scene NAME]... [--solver gs|jacobi]... [--preset FILE[:A|B]]...
//             [--presets-from LIST] [--out report.json]
// A preset runs once, at its own settings (and those of its comparison's pane A or B); LIST names one
// preset a line (bench/soak_presets.txt), '#' starting a comment.
// exit status: 0 when no case diverged or gave way and none at a scene's defaults gained energy, 3 when one did,
// 2 on bad arguments.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "core/real_decimal.h"
#include "metrics/error_watch.h"
#include "registry/frame_metrics.h"
#include "registry/settings.h"
#include "run/frame_loop.h"
#include "run/machine.h"
#include "run/metrics_writer.h"
#include "run/preset.h"
#include "run/run_options.h"
#include "run/view_options.h"
#include "scenes/scene.h"
#include "soak_tracks.h"
#include "world/frame_step.h"

namespace {

using bench::HoldTrack;
using bench::json;

constexpr const char* kNotes =
    "Each case runs a registered scene at its default parameters and settings (CPU defaults) under one "
    "solver order. energy: the total (kinetic + gravitational + every family's elastic energy) [J] each frame "
    "against its reference (the total before the first frame), over the scene's energy scale E_s "
    "(World::energy_scale); max_rise_over_scale = the largest (total - reference) / E_s; bound_over_scale = the "
    "scene's Model::energy_rise_bound; grew: the verdict's 'energy grew by' check passed its bound. "
    "failure_checks: each family's failure measure (constraint extension past the shortest rest length, joint "
    "separation, penetration, volume error, inverted tets, density error, the energy line) against its bound, "
    "its worst and first frame over. diverged: the first non-finite position or velocity, or particle "
    "outside the scene bounds (null: none). holds: each metric column the scene names for standing "
    "(SceneDef::holds), its rise past its value at t = 1 s against its bound. verdict: 'diverged', 'gave way', "
    "'energy grew', 'past a failure bound' or 'ok'; the soak fails on 'diverged', 'gave way', and "
    "'energy grew' where scene_defaults (the scene's own settings, its solver order included). A case named "
    "'preset FILE[:A|B]' runs that preset's scene, "
    "parameters and settings (with its comparison's pane A or B) instead of the defaults; --setting name=value "
    "sets a setting over every scene's defaults. mean_substeps: N over the run.";

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
  bool defaults = false;  // every setting the scene's own, its solver order included
};

Case default_case(const sim::SceneDef& scene, const std::string& solver, const std::vector<std::string>& overrides) {
  sim::ParamSet settings_params("settings", sim::settings_table());
  scene.use_setting_defaults(settings_params, false);  // the soak runs on the CPU
  const bool defaults = overrides.empty() && settings_params.text("solver") == solver;
  settings_params.set_text("solver", solver);
  for (const std::string& o : overrides) {
    const size_t eq = o.find('=');
    if (eq == std::string::npos || eq == 0) throw sim::ParamError("--setting '" + o + "': expected name=value");
    settings_params.set_text(o.substr(0, eq), o.substr(eq + 1), "--setting '" + o + "'");
  }
  return {&scene, scene.default_params(), sim::settings_from_params(settings_params), scene.name, solver, defaults};
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

// What a case came to, the first that applies in this order. A failure bound passed is reported, not
// failed: Jacobi at the default 20 × 1 pulls single cloth edges past their length during the fall
// (docs/PERFORMANCE.md), and `run --fail-on-error` is the gate for the failure bounds. So is energy that
// grew, except at a scene's own defaults, which must hold the energy line (issue 52): Jacobi's 100 × 1
// lets the beam swing 3.7 % of E_s above its start (docs/SCENES.md, fem_beam).
enum class Verdict { Diverged, GaveWay, EnergyGrew, PastFailureBound, Ok };

const char* verdict_text(Verdict v) {
  static const char* const kText[] = {"diverged", "gave way", "energy grew", "past a failure bound", "ok"};
  return kText[int(v)];
}

bool failed_soak(Verdict v, const Case& c) {
  return v == Verdict::Diverged || v == Verdict::GaveWay || (v == Verdict::EnergyGrew && c.defaults);
}

struct CaseResult {
  json report;
  Verdict verdict;
};

CaseResult run_case(const Case& c, double seconds) {
  const sim::Settings& settings = c.settings;
  app::FrameLoop loop(sim::settings_to_params(settings));
  loop.world = std::make_unique<sim::World>(c.scene->build(c.params), sim::BackendKind::Cpu);
  loop.restart();
  sim::World& world = *loop.world;
  const sim::Model& model = world.model();
  const int frames = std::max(1, int(std::lround(seconds / double(settings.frame_dt))));

  const double energy_scale = world.energy_scale(settings.gravity_scale);
  double max_rise = 0.0, substeps = 0.0;  // the largest (total − reference) / E_s
  HoldTrack holds(c.scene->holds, seconds);
  const auto wall_start = std::chrono::steady_clock::now();
  for (int f = 0; f < frames && loop.step_frame() && !loop.divergence; ++f) {
    max_rise = std::max(max_rise, loop.last.energy_rise);
    substeps += loop.last.substeps;
    holds.observe(world.time(), loop.last);
  }
  const sim::ErrorWatch& watch = loop.watch;
  const std::optional<std::string>& divergence = loop.divergence;
  const double step_ms = loop.total_step_ms;
  const double wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();

  bool grew = false, past_bound = false;
  for (const sim::WatchedCheck& w : watch.checks())
    (w.worst.name == sim::kEnergyCheck ? grew : past_bound) |= w.first_frame > 0;
  const Verdict verdict = divergence       ? Verdict::Diverged
                          : holds.broken() ? Verdict::GaveWay
                          : grew           ? Verdict::EnergyGrew
                          : past_bound     ? Verdict::PastFailureBound
                                           : Verdict::Ok;
  const double ms_per_frame = step_ms / std::max(1, world.frame());
  const double mean_substeps = substeps / std::max(1, world.frame());
  std::printf("%-36s %-7s %7d %9.3f %12.4f %7.1f  %-20s  %s\n", c.name.c_str(), c.solver.c_str(), world.frame(),
              ms_per_frame, max_rise, mean_substeps, verdict_text(verdict), watch.report().c_str());
  std::fflush(stdout);
  const json report = {
      {"case", c.name},
      {"scene", c.scene->name},
      {"solver", c.solver},
      {"settings", sim::describe(settings)},
      {"scene_defaults", c.defaults},
      {"particles", model.particle_count()},
      {"distance_constraints", model.distance_count()},
      {"simulated_s", world.time()},
      {"frames", world.frame()},
      {"wall_s", wall_s},
      {"step_ms_mean", ms_per_frame},
      {"diverged", divergence ? json(*divergence) : json(nullptr)},
      {"energy", {{"energy_scale_J", energy_scale},
                  {"max_rise_over_scale", max_rise},
                  {"bound_over_scale", sim::decimal_of(model.energy_rise_bound)},
                  {"grew", grew}}},
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
  std::printf("%-36s %-7s %7s %9s %12s %7s  %-20s  %s\n", "scene", "solver", "frames", "ms/frame",
              "rise / E_s", "N mean", "verdict", "failure checks (worst, bound)");
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
      failed = failed || failed_soak(result.verdict, c);
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
