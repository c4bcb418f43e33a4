// smallsteps command line: `view` (the interactive viewer), `run` (headless; with --record or --compare it
// renders in a hidden window, or through EGL when there is no display, under Xvfb when EGL fails), `list`
// (scenes and parameters). With no arguments: the viewer on the default scene, or, with no display, a
// headless run that records smallsteps.mp4 the same way (or only writes metrics when neither works). A
// build without the viewer (-DSMALLSTEPS_VIEWER=OFF, viewer_entry.h) refuses `view`, --record and --compare
// with exit status 2, and with no arguments only writes metrics.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "experiments/experiment_command.h"
#include "params/decimal.h"
#include "params/quoted.h"
#include "registry/settings.h"
#include "run/exit_codes.h"
#include "run/list_command.h"
#include "run/openmp_wait.h"
#include "run/preset.h"
#include "params/flag.h"
#include "run/runner.h"
#include "run/view_options.h"
#include "viewer_entry.h"

namespace {

int usage_error(const std::string& message) {
  std::fprintf(stderr, "smallsteps: %s\n", message.c_str());
  return app::kExitUsage;
}

struct RunArgs {
  std::string scene, preset, backend = "auto", metrics, record, size = "1280x720";
  std::vector<std::string> compare;
  bool no_caption = false;
  std::string frames;  // as written; "" when not given
  std::vector<std::string> sets;
  std::map<std::string, std::string> settings;  // settings-table name -> text, as given
  bool no_progress = false;
  std::string fail_on_error;  // a bound in metres on the lengths, or "" for the families' own
  std::string save_preset;    // write the resolved options as a preset here
  std::vector<std::string> drags;  // run/scripted_drag.h's forms
  std::vector<std::string> at;     // "T name=value" each
  std::string colour_by;           // flat|speed|error|strain; "": the viewer's default (flat)
};

// The options of `run`; `view` takes them too, except that its --frames (alias --quit-after) closes the
// window after that many frames, and it refuses --metrics and --no-progress (see view_only_problem).
void add_run_options(CLI::App& run, RunArgs& a, bool view) {
  run.add_option("--scene", a.scene,
                 "scene name (see `smallsteps list`); default " + std::string(app::kDefaultScene));
  if (view)
    run.add_option("--frames,--quit-after", a.frames,
                   "close after this many simulated frames (default: never)")
        ->type_name("INT");
  else
    run.add_option("--frames", a.frames, "frames to simulate (default 300)")->type_name("INT");
  for (const sim::ParamSpec& s : sim::settings_table())
    run.add_option(sim::flag_of(s.name), a.settings[s.name], s.help + " (" + s.range_text() + ")");
  run.add_option("--backend", a.backend, "auto|cpu|cuda (auto: CUDA when a device is present)");
  run.add_option("--set", a.sets, "scene parameter name=value (repeatable)");
  run.add_option("--preset", a.preset, "JSON preset (scene, frames, backend, settings, params)");
  run.add_option("--save-preset", a.save_preset,
                 "write the options as resolved (defaults < preset < command line) to this JSON preset first");
  if (view) {  // hidden from --help; accepted by the parser only to be refused with the reason
    run.add_option("--metrics", a.metrics)->group("");
    run.add_flag("--no-progress", a.no_progress)->group("");
    run.add_option("--fail-on-error", a.fail_on_error)->expected(0, 1)->group("");
  } else {
    run.add_option("--metrics", a.metrics, "per-frame metrics file: .csv or .json");
    run.add_flag("--no-progress", a.no_progress, "no progress bar");
    run.add_option("--fail-on-error", a.fail_on_error,
                   "exit 3 when the physics failed: a family's measure passed its bound (constraint "
                   "extension, joint separation, penetration, volume error, inverted tets, density error; "
                   "the `physics` line names them). M replaces the bounds that are lengths with M metres; "
                   "the others keep their own")
        ->expected(0, 1)
        ->type_name("[M]");
  }
  run.add_option("--record", a.record,
                 "record every simulated frame: out.mp4 (ffmpeg, libx264) or out_dir/ (numbered PNGs)");
  run.add_option("--compare", a.compare,
                 "A/B side by side: two settings lists, e.g. \"substeps=1,iterations=30\" \"substeps=30,iterations=1\"")
      ->expected(2);
  run.add_option("--size", a.size, "window and video size WIDTHxHEIGHT (default 1280x720)");
  run.add_option("--drag", a.drags,
                 "a mouse drag played by itself (repeatable; renders): \"particle I from T0 to T1 by DX DY DZ\" grips "
                 "particle I at T0 s and moves it by (DX, DY, DZ) m until T1 s; \"body B [at LX LY LZ] ...\" a body "
                 "at a point of it (body coordinates), \"point X Y Z ...\" what that world point's pixel shows; or "
                 "\"T0 X0 Y0 T1 X1 Y1\", a cursor path as fractions of the view from its top left")
      ->type_name("\"DRAG\"");
  run.add_option("--at", a.at,
                 "change a setting at a simulated time, \"T name=value\" (e.g. \"2.5 substeps=100\"), as the "
                 "viewer's panel would (repeatable; in A/B, in both panes)")
      ->type_name("\"T NAME=VALUE\"");
  run.add_flag("--no-caption", a.no_caption, "do not burn the settings caption into frames");
  run.add_option("--colour-by", a.colour_by,
                 "flat|speed|error|strain: colour particles, bodies and surfaces by a quantity, with its legend "
                 "(renders)")
      ->check(CLI::IsMember({"flat", "speed", "error", "strain"}));
}

// The run options that mean nothing to the interactive viewer; "" when none was given.
std::string view_only_problem(const CLI::App& view) {
  if (view.count("--metrics") > 0)
    return "view does not take --metrics: the viewer writes no metrics file (smallsteps run --metrics does)";
  if (view.count("--no-progress") > 0)
    return "view does not take --no-progress: the viewer has no progress bar";
  if (view.count("--fail-on-error") > 0)
    return "view does not take --fail-on-error: the viewer has no exit status to fail (the Stats panel turns red "
           "instead; smallsteps run --fail-on-error exits 3)";
  return "";
}

bool needs_rendering(const app::RunOptions& o) { return !o.record.empty() || !o.compare.empty(); }

// A drag moves the rendered view's mouse, and colours are drawn: a run that renders nothing cannot do either.
void refuse_drawing_unrendered(const app::RunOptions& o, const RunArgs& a) {
  if (needs_rendering(o)) return;
  if (!o.drags.empty())
    throw sim::ParamError(
        "--drag (or a preset's 'drag') moves the mouse over the rendered view: give --record or --compare too, "
        "or use view");
  if (!a.colour_by.empty())
    throw sim::ParamError("--colour-by colours the rendered view: give --record or --compare too, or use view");
}

// A build without the viewer (-DSMALLSTEPS_VIEWER=OFF) refuses what renders: exit status 2, saying why.
int no_viewer(const std::string& what) { return usage_error(app::no_viewer_message(what)); }

// What of a run renders, named for the refusal of a build without the viewer.
std::string rendering_request(const app::RunOptions& o, const RunArgs& a) {
  const bool record = !o.record.empty();
  const bool from_preset = record ? a.record.empty() : a.compare.empty();
  return std::string(record ? "--record" : "--compare") + (from_preset ? " (from the preset)" : "") +
         " renders frames (a run without it is headless)";
}

// Re-runs this program under xvfb-run (a virtual X display) when there is no display; returns only when
// that is impossible (no xvfb-run, or already under it).
void reexec_under_xvfb(const std::vector<std::string>& args, const std::string& size) {
  if (std::getenv("SMALLSTEPS_UNDER_XVFB") || access("/usr/bin/xvfb-run", X_OK) != 0) return;
  char self[4096] = {};
  const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0) return;
  std::string screen = "-screen 0 " + size + "x24";
  std::vector<std::string> argv_text = {"xvfb-run", "-a", "-s", screen, std::string(self, size_t(n))};
  argv_text.insert(argv_text.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& t : argv_text) argv.push_back(t.data());
  argv.push_back(nullptr);
  std::printf("smallsteps: no display; rendering under Xvfb (xvfb-run)\n");
  std::fflush(stdout);
  setenv("SMALLSTEPS_UNDER_XVFB", "1", 1);
  execv("/usr/bin/xvfb-run", argv.data());
}

// Frames rendered without a display: through EGL in this process when a context opens (true), else this
// program re-run under xvfb-run with rerun_args (no return); false, with `why`, when neither is possible.
// SMALLSTEPS_NO_EGL skips EGL.
bool render_without_display(const std::vector<std::string>& rerun_args, const std::string& size,
                            std::string& why) {
  if (std::getenv("SMALLSTEPS_NO_EGL"))
    why = "SMALLSTEPS_NO_EGL is set";
  else if (app::headless_rendering_available(why))
    return true;
  reexec_under_xvfb(rerun_args, size);
  return false;
}

app::ViewOptions view_options(const app::RunOptions& run, const RunArgs& a, bool interactive) {
  app::ViewOptions v(run);
  v.caption = !a.no_caption;
  v.colour_by = a.colour_by;
  v.interactive = interactive;
  v.quit_after = a.frames.empty() ? 0 : run.frames;  // only the interactive viewer reads it; 0: never
  if (interactive && a.record.empty()) {  // a preset's recording is suggested, not started unasked
    v.record_suggestion = v.run.record;
    v.run.record.clear();
  }
  app::parse_size(a.size, v.width, v.height);
  for (const std::string& overrides : run.compare) {  // validated early
    const sim::ParamSet pane = app::apply_overrides(run.settings, overrides);
    if (const auto conflict = sim::settings_conflict(sim::settings_from_params(pane)))
      throw sim::ParamError("--compare \"" + overrides + "\": " + *conflict);
  }
  return v;
}

// --fail-on-error's value: a bound in metres on the lengths, or 0 (the families' own bounds) when none was
// given.
double parse_error_bound(const std::string& text) {
  if (text.empty()) return 0.0;
  const std::optional<double> bound = sim::finite_decimal(text);
  const double m = bound ? *bound : 0.0;
  if (!(m > 0.0))
    throw sim::ParamError("--fail-on-error '" + text +
                          "': expected a positive, finite bound in metres on the lengths (or no value "
                          "for the families' own bounds)");
  return m;
}

// The scripted setting changes (--at, a preset's "at") played on the settings of every pane: each state they
// pass through must be consistent. Throws sim::ParamError naming the change.
void check_scripts(const app::RunOptions& o) {
  if (o.at.empty()) return;
  app::check_script(o.at, o.settings, "--at");
  for (const std::string& overrides : o.compare)
    app::check_script(o.at, app::apply_overrides(o.settings, overrides),
                      "--at (in the pane \"" + overrides + "\")");
}

// Builds the run from defaults < preset < command line. Throws sim::ParamError on bad input.
app::RunOptions resolve(const RunArgs& a, const CLI::App& run) {
  app::RunOptions o(sim::find_scene(app::kDefaultScene));
  bool preset_named_scene = false;
  if (!a.preset.empty()) preset_named_scene = app::apply_preset_file(a.preset, o);
  if (!a.scene.empty() && a.scene != o.scene->name) {
    if (preset_named_scene)
      throw sim::ParamError("--scene " + sim::in_quotes(a.scene) + " contradicts the preset's scene '" +
                            o.scene->name + "'");
    o.select_scene(sim::find_scene(a.scene));
  }
  for (const std::string& assignment : a.sets) {
    const size_t eq = assignment.find('=');
    if (eq == std::string::npos || eq == 0)
      throw sim::ParamError("--set " + sim::in_quotes(assignment) + ": expected name=value");
    const std::string name = assignment.substr(0, eq);
    o.scene_params.set_text(name, assignment.substr(eq + 1), "--set " + sim::in_quotes(name));
  }
  for (const auto& [name, text] : a.settings)
    if (run.count(sim::flag_of(name)) > 0) o.settings.set_text(name, text, sim::flag_of(name));
  if (run.count("--frames") > 0) o.frames = app::parse_frames(a.frames, "--frames");
  if (run.count("--backend") > 0) {
    try {
      o.backend = sim::parse_backend(a.backend);
    } catch (const std::invalid_argument& e) {
      throw sim::ParamError(std::string("--backend: ") + e.what());
    }
  }
  o.scene_params.use_device_defaults(sim::runs_on_cuda(o.backend));
  o.scene->use_setting_defaults(o.settings, sim::runs_on_cuda(o.backend));
  if (const auto conflict = sim::settings_conflict(sim::settings_from_params(o.settings)))
    throw sim::ParamError("settings: " + *conflict);
  if (!a.compare.empty()) o.compare = a.compare;
  if (!a.record.empty()) o.record = a.record;
  o.metrics_path = a.metrics;
  o.progress = !a.no_progress;
  if (run.count("--fail-on-error") > 0) o.fail_on_error = parse_error_bound(a.fail_on_error);
  if (!a.drags.empty()) {
    o.drags.clear();
    for (const std::string& d : a.drags) o.drags.push_back(app::parse_drag(d, "--drag"));
  }
  if (!a.at.empty()) {
    o.at.clear();
    for (const std::string& change : a.at) o.at.push_back(app::parse_at(change, "--at", o.settings));
  }
  check_scripts(o);
  if (!a.save_preset.empty()) app::save_preset(a.save_preset, o);
  return o;
}

int run_experiment_command(app::ExperimentOptions options, const std::string& backend) {
  try {
    options.backend = sim::parse_backend(backend);
  } catch (const std::invalid_argument& e) {
    return usage_error(e.what());
  }
  return app::run_experiments(options);
}

}  // namespace

int main(int argc, char** argv) {
  app::limit_openmp_spinning(argv);  // issue 41: threads that spin against the scheduler under load
  const std::vector<std::string> original_args(argv + 1, argv + argc);
  CLI::App cli{"smallsteps: substepped XPBD (Macklin et al. 2019, Small Steps in Physics Simulation)"};
  cli.require_subcommand(0, 1);
  RunArgs args, view_args;
  CLI::App* run = cli.add_subcommand("run", "simulate a scene headless, print a summary, write metrics");
  add_run_options(*run, args, false);
  CLI::App* view =
      cli.add_subcommand("view", "open the interactive viewer (the options of run but --metrics, --no-progress)");
  add_run_options(*view, view_args, true);
  CLI::App* list = cli.add_subcommand("list", "list scenes, their parameters and the settings");
  bool list_markdown = false;
  list->add_flag("--markdown", list_markdown, "as Markdown tables (docs/REFERENCE.md is this output)");
  app::ExperimentOptions experiment_options;
  std::string experiment_backend = "auto";
  CLI::App* experiment = cli.add_subcommand(
      "experiment",
      "reproduce a paper figure: CSV per run, summary.json and plots (experiment list shows them)");
  experiment->add_option("name", experiment_options.name, "an experiment, 'all' or 'list'")->required();
  experiment->add_option("--out", experiment_options.out, "folder to write into (default: experiments)");
  experiment->add_option("--backend", experiment_backend, "auto, cpu or cuda (default: auto)");
  experiment->add_flag("--quick", experiment_options.quick, "the reduced runs, seconds instead of minutes");
  experiment->add_flag("!--no-progress", experiment_options.progress, "no progress bar");
  try {
    cli.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return cli.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return cli.exit(e);
  } catch (const CLI::ParseError& e) {
    return usage_error(std::string(e.what()) + " (see smallsteps --help)");
  }
  if (list->parsed()) return app::list_scenes(list_markdown);

  try {
    if (experiment->parsed()) return run_experiment_command(experiment_options, experiment_backend);
    if (view->parsed()) {
      if (const std::string problem = view_only_problem(*view); !problem.empty()) return usage_error(problem);
      if (!app::viewer_built()) return no_viewer("view opens a window");
      if (!app::display_available())
        throw std::runtime_error(
            "the viewer needs a display (DISPLAY is not set); to make a video without one, use "
            "smallsteps run --record out.mp4 (it renders through EGL, or under xvfb-run)");
      return app::run_viewer(view_options(resolve(view_args, *view), view_args, true));
    }
    if (!run->parsed() && !app::viewer_built()) {
      std::printf(
          "smallsteps: this build has no viewer (-DSMALLSTEPS_VIEWER=OFF); running the default scene "
          "headless (see smallsteps --help)\n");
      args.metrics = "smallsteps-metrics.csv";
      return app::run_headless(resolve(args, *run));
    }
    if (!run->parsed()) {
      if (app::display_available()) return app::run_viewer(view_options(resolve(args, *run), args, true));
      args.metrics = "smallsteps-metrics.csv";
      std::string why;
      if (render_without_display({"run", "--record", "smallsteps.mp4", "--metrics", args.metrics}, args.size,
                                 why)) {
        std::printf("smallsteps: no display; rendering through EGL into smallsteps.mp4\n");
        args.record = "smallsteps.mp4";
        return app::run_viewer(view_options(resolve(args, *run), args, false));
      }
      std::printf(
          "smallsteps: no display, no EGL (%s) and no xvfb-run; running the default scene headless (see "
          "smallsteps --help)\n",
          why.c_str());
      return app::run_headless(resolve(args, *run));
    }
    const app::RunOptions options = resolve(args, *run);
    refuse_drawing_unrendered(options, args);
    if (!needs_rendering(options)) return app::run_headless(options);
    const app::ViewOptions v = view_options(options, args, false);
    if (!app::viewer_built()) return no_viewer(rendering_request(options, args));
    if (std::string why; !app::display_available() && !render_without_display(original_args, args.size, why))
      throw std::runtime_error(
          "--record and --compare render frames and need a display, EGL or Xvfb: DISPLAY is not set, EGL "
          "cannot "
          "render (" +
          why + ") and xvfb-run is not installed (apt-get install xvfb xauth)");
    return app::run_viewer(v);
  } catch (const sim::ParamError& e) {
    return usage_error(e.what());
  } catch (const sim::BackendUnavailable& e) {
    return usage_error(e.what());
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr,
                 "smallsteps: error: out of memory: the scene is too large for this machine (give it "
                 "fewer particles: a coarser spacing or resolution)\n");
    return app::kExitFailure;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "smallsteps: error: %s\n", e.what());
    return app::kExitFailure;
  }
}
