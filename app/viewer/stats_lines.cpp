#include "viewer/stats_lines.h"

#include "core/quantity_format.h"
#include "registry/settings.h"

namespace app {

std::vector<StatsLine> pane_stats_lines(const Pane& pane) {
  using Tone = StatsLine::Tone;
  const sim::Settings settings = sim::settings_from_params(pane.settings);
  const sim::FrameMetrics& m = pane.last;
  std::vector<StatsLine> lines;
  lines.push_back(
      {"sim " + sim::format_ms(m.step_ms) + "/frame, " + sim::format_count(m.substeps) + " substeps"});
  const sim::Stabilization mode = sim::active_stabilization(settings);
  if (const std::string stability = sim::stability_line(m, mode); !stability.empty()) {
    const bool engaged = m.substeps_clamped || m.damped_dofs > 0;  // the clamp or the damping acts
    lines.push_back({stability, engaged ? Tone::Engaged : Tone::Plain});
  }
  lines.push_back({"  of which contact detection " + sim::format_ms(m.detection_ms)});
  if (m.searches > 0 || m.search_ms > 0.0)
    lines.push_back({"  and neighbour search " + sim::format_ms(m.search_ms) + " (" +
                     sim::format_count(m.searches) + (m.searches == 1 ? " build)" : " builds)")});
  lines.push_back({"  " + sim::launch_line(pane.world->backend() == sim::BackendKind::Cuda, m)});
  lines.push_back({"  drawn arrays " + pane.buffers->transfer()});
  if (m.threads > 0)
    lines.push_back({"  on " + sim::format_count(m.threads) + (m.threads == 1 ? " CPU thread (" : " CPU threads (") +
                     (settings.threads > 0 ? "fixed)" : "adapting to the free cores)")});
  lines.push_back({sim::cost_line(m, settings.integrator)});
  for (const sim::WatchedCheck& w : pane.watch.checks())  // red: passed its bound since the last reset
    lines.push_back({w.text(), w.first_frame > 0 ? Tone::Alarm : Tone::Passed});
  for (const sim::ReportLine& line : sim::frame_report(pane.world->model(), m))
    lines.push_back({line.key + " " + line.text, line.alarm ? Tone::Alarm : Tone::Plain});
  return lines;
}

}  // namespace app
