#include "run/runner.h"

#include <cstdio>
#include <memory>

#include "metrics/error_watch.h"
#include "registry/frame_metrics.h"
#include "registry/settings.h"
#include "registry/state_hash.h"
#include "run/error_verdict.h"
#include "run/exit_codes.h"
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
  sim::ParamSet values = o.settings;  // as the viewer's panel holds them, changed by the script
  SettingsScript script(o.at);
  script.apply_due(0.0, values);
  sim::Settings settings = sim::settings_from_params(values);
  sim::World world(o.scene->build(o.scene_params), o.backend, settings);
  std::printf("backend      %s\n", world.backend_description().c_str());
  for (const std::string& note : world.model().notes)
    std::fprintf(stderr, "smallsteps: note: %s\n", note.c_str());
  for (const std::string& note : idle_setting_notes(o.settings, settings, world))
    std::fprintf(stderr, "smallsteps: note: %s\n", note.c_str());
  std::fflush(stdout);

  std::unique_ptr<MetricsWriter> writer;
  if (!o.metrics_path.empty())
    writer = std::make_unique<MetricsWriter>(o.metrics_path, o, world.model(), world.backend_description());

  ProgressBar progress(o.frames, o.progress);
  sim::ErrorWatch watch;
  sim::FrameMetrics last;
  double total_ms = 0.0, total_detection_ms = 0.0;
  std::string changes;  // what the script changed, for the summary
  for (int f = 0; f < o.frames; ++f) {
    if (const auto applied = script.apply_due(world.time(), values); !applied.empty()) {
      settings = sim::settings_from_params(values);
      changes += (changes.empty() ? "t = " : "; t = ") + sim::format_number(world.time(), 4) + " s:";
      for (const std::string& a : applied) changes += " " + a;
    }
    const sim::FrameResult r = sim::step_and_measure(world, settings);
    total_ms += world.last_step_ms();
    total_detection_ms += world.last_detection_ms();
    if (r.divergence) {
      progress.finish();
      if (writer) writer->finish(*r.divergence);
      if (watch.exceeded())
        report_constraint_error(watch, o.fail_on_error);  // what failed before it diverged
      std::fprintf(stderr, "smallsteps: %s\n", r.divergence->c_str());
      note_rule_failed(sim::active_stabilization(settings));
      return kExitPhysicsFailed;
    }
    last = r.metrics;
    const sim::FailureChecks failures = sim::failure_checks(world.model(), last);
    watch.observe(last.frame, failures);
    if (writer) writer->write(last, failures);
    progress.update(f + 1, total_ms / (f + 1));
  }
  progress.finish();
  if (writer) writer->finish("completed");
  print_run_summary(o, world, settings, last, total_ms, total_detection_ms, o.frames);
  if (!changes.empty()) std::printf("%-12s %s\n", "changed", changes.c_str());
  if (writer) std::printf("metrics      %s\n", o.metrics_path.c_str());
  const int status = report_constraint_error(watch, o.fail_on_error);
  if (watch.exceeded()) note_rule_failed(sim::active_stabilization(settings));
  return status;
}

}  // namespace app
