#include "run/runner.h"

#include <cstdio>
#include <memory>

#include "metrics/error_watch.h"
#include "registry/frame_metrics.h"
#include "registry/settings.h"
#include "registry/state_hash.h"
#include "run/error_verdict.h"
#include "run/exit_codes.h"
#include "run/frame_loop.h"
#include "run/idle_settings.h"
#include "run/metrics_writer.h"
#include "run/progress_bar.h"
#include "world/frame_step.h"
#include "world/world.h"

namespace app {

void print_run_summary(const RunOptions& o, sim::World& world, const sim::Settings& s,
                       const sim::FrameMetrics& last, double total_step_ms, double total_detection_ms,
                       int frames_done) {
  const sim::Model& m = world.model();
  const auto line = [](const std::string& key, const std::string& text) {
    std::printf("%-12s %s\n", key.c_str(), text.c_str());
  };
  line("scene", o.scene->name + " (" + sim::describe_sizes(m) + ")");
  line("solver", sim::describe(s) + ", frame dt " + sim::format_quantity(double(s.frame_dt), "s", 4));
  const std::string changed = sim::changed_settings(s);
  line("settings", changed.empty() ? "the defaults" : changed);
  line("simulated",
       sim::format_count(frames_done) + " frames, " + sim::format_number(world.time(), 4) + " s");
  line("step time",
       sim::format_text("%.3f ms/frame (mean), ", frames_done ? total_step_ms / frames_done : 0.0) +
           sim::cost_line(last, s.integrator));
  if (const std::string stability = sim::stability_line(last, sim::active_stabilization(s));
      !stability.empty())
    line("last frame", stability);
  for (const sim::ReportLine& report : sim::frame_report(m, last)) line(report.key, report.text);
  line("detection", sim::format_text("%.3f ms/frame (mean, included in the step time)",
                                     frames_done ? total_detection_ms / frames_done : 0.0));
  line("launches", sim::launch_line(world.backend() == sim::BackendKind::Cuda, last));
  if (last.threads > 0)
    line("threads",
         sim::format_text("%d CPU threads in the last frame (settings 'threads': %s)", last.threads,
                          s.threads > 0 ? "fixed" : "0, adapting to the free cores"));
  line("state hash", sim::format_text("%016llx (FNV-1a of the final State: equal for identical runs)",
                                      static_cast<unsigned long long>(sim::state_hash(world.state()))));
  for (const std::string& note : idle_setting_notes(o.settings, s, world)) line("note", note);
}

int run_headless(const RunOptions& o) {
  FrameLoop loop(o.settings, o.at);  // the settings as the viewer's panel holds them, changed by the script
  loop.rewind();
  loop.world =
      std::make_unique<sim::World>(o.scene->build(o.scene_params), o.backend, loop.settings_at_start());
  loop.restart();
  sim::World& world = *loop.world;
  std::printf("backend      %s\n", world.backend_description().c_str());
  for (const std::string& note : world.model().notes)
    std::fprintf(stderr, "smallsteps: note: %s\n", note.c_str());
  for (const std::string& note : idle_setting_notes(o.settings, loop.settings_at_start(), world))
    std::fprintf(stderr, "smallsteps: note: %s\n", note.c_str());
  std::fflush(stdout);

  std::unique_ptr<MetricsWriter> writer;
  if (!o.metrics_path.empty())
    writer = std::make_unique<MetricsWriter>(o.metrics_path, o, world.model(), world.backend_description());

  ProgressBar progress(o.frames, o.progress);
  std::string changes;  // what the script changed, for the summary
  for (int f = 0; f < o.frames; ++f) {
    const double t = world.time();
    if (const auto applied = loop.begin_frame(); !applied.empty()) {
      changes += (changes.empty() ? "t = " : "; t = ") + sim::format_number(t, 4) + " s:";
      for (const std::string& a : applied) changes += " " + a;
    }
    loop.finish_frame(loop.advance());
    if (loop.divergence) {
      progress.finish();
      if (writer) writer->finish(*loop.divergence);
      if (loop.watch.exceeded())
        report_constraint_error(loop.watch, o.fail_on_error);  // what failed before it diverged
      std::fprintf(stderr, "smallsteps: %s\n", loop.divergence->c_str());
      note_rule_failed(sim::active_stabilization(loop.frame_settings()));
      return kExitPhysicsFailed;
    }
    if (writer) writer->write(loop.last, loop.failures);
    progress.update(f + 1, loop.total_step_ms / (f + 1));
  }
  progress.finish();
  if (writer) writer->finish("completed");
  const sim::Settings& settings = loop.frame_settings();
  print_run_summary(o, world, settings, loop.last, loop.total_step_ms, loop.total_detection_ms, o.frames);
  if (!changes.empty()) std::printf("%-12s %s\n", "changed", changes.c_str());
  if (writer) std::printf("metrics      %s\n", o.metrics_path.c_str());
  const int status = report_constraint_error(loop.watch, o.fail_on_error);
  if (loop.watch.exceeded()) note_rule_failed(sim::active_stabilization(settings));
  return status;
}

}  // namespace app
