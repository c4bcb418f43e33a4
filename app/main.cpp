// smallsteps command line: `run` (headless), `list` (scenes and parameters). With no arguments it runs
// the default scene headless and writes smallsteps-metrics.csv (the viewer comes with the render layer).
#include <CLI/CLI.hpp>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "exit_codes.h"
#include "list_command.h"
#include "preset.h"
#include "runner.h"
#include "solver/settings.h"

namespace {

std::string dashed(std::string name) {
  for (char& c : name)
    if (c == '_') c = '-';
  return name;
}

int usage_error(const std::string& message) {
  std::fprintf(stderr, "smallsteps: %s\n", message.c_str());
  return app::kExitUsage;
}

struct RunArgs {
  std::string scene, preset, backend = "auto", metrics;
  int frames = 0;
  std::vector<std::string> sets;
  std::map<std::string, std::string> settings;  // settings-table name -> text, as given
  bool no_progress = false;
};

void add_run_options(CLI::App& run, RunArgs& a) {
  run.add_option("--scene", a.scene,
                 "scene name (see `smallsteps list`); default " + std::string(app::kDefaultScene));
  run.add_option("--frames", a.frames, "frames to simulate (default 300)");
  for (const sim::ParamSpec& s : sim::settings_table())
    run.add_option("--" + dashed(s.name), a.settings[s.name], s.help + " (" + s.range_text() + ")");
  run.add_option("--backend", a.backend, "auto|cpu|cuda (auto: CUDA when a device is present)");
  run.add_option("--set", a.sets, "scene parameter name=value (repeatable)");
  run.add_option("--preset", a.preset, "JSON preset (scene, frames, backend, settings, params)");
  run.add_option("--metrics", a.metrics, "per-frame metrics file: .csv or .json");
  run.add_flag("--no-progress", a.no_progress, "no progress bar");
}

// Builds the run from defaults < preset < command line. Throws sim::ParamError on bad input.
app::RunOptions resolve(const RunArgs& a, const CLI::App& run) {
  app::RunOptions o(sim::find_scene(app::kDefaultScene));
  bool preset_named_scene = false;
  if (!a.preset.empty()) preset_named_scene = app::apply_preset_file(a.preset, o);
  if (!a.scene.empty() && a.scene != o.scene->name) {
    if (preset_named_scene)
      throw sim::ParamError("--scene " + a.scene + " contradicts the preset's scene '" + o.scene->name + "'");
    o.select_scene(sim::find_scene(a.scene));
  }
  for (const std::string& assignment : a.sets) {
    const size_t eq = assignment.find('=');
    if (eq == std::string::npos || eq == 0)
      throw sim::ParamError("--set '" + assignment + "': expected name=value");
    o.scene_params.set_text(assignment.substr(0, eq), assignment.substr(eq + 1));
  }
  for (const auto& [name, text] : a.settings)
    if (run.count("--" + dashed(name)) > 0) o.settings.set_text(name, text);
  if (run.count("--frames") > 0) {
    if (a.frames < 1 || a.frames > app::kMaxFrames)
      throw sim::ParamError("--frames " + std::to_string(a.frames) + " is out of range (allowed: [1, " +
                            std::to_string(app::kMaxFrames) + "])");
    o.frames = a.frames;
  }
  if (run.count("--backend") > 0) {
    try {
      o.backend = sim::parse_backend(a.backend);
    } catch (const std::invalid_argument& e) {
      throw sim::ParamError(std::string("--backend: ") + e.what());
    }
  }
  o.metrics_path = a.metrics;
  o.progress = !a.no_progress;
  return o;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App cli{"smallsteps: substepped XPBD (Macklin et al. 2019, Small Steps in Physics Simulation)"};
  cli.require_subcommand(0, 1);
  RunArgs args;
  CLI::App* run = cli.add_subcommand("run", "simulate a scene headless, print a summary, write metrics");
  add_run_options(*run, args);
  CLI::App* list = cli.add_subcommand("list", "list scenes, their parameters and the solver settings");
  try {
    cli.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return cli.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return cli.exit(e);
  } catch (const CLI::ParseError& e) {
    return usage_error(std::string(e.what()) + " (see smallsteps --help)");
  }
  if (list->parsed()) return app::list_scenes();

  try {
    if (!run->parsed()) {
      std::printf(
          "smallsteps: no command given; running the default scene headless (see smallsteps --help)\n");
      args.metrics = "smallsteps-metrics.csv";
    }
    const app::RunOptions options = resolve(args, *run);
    return app::run_headless(options);
  } catch (const sim::ParamError& e) {
    return usage_error(e.what());
  } catch (const sim::BackendUnavailable& e) {
    return usage_error(e.what());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "smallsteps: error: %s\n", e.what());
    return app::kExitFailure;
  }
}
