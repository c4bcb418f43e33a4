#include "viewer/pane_caption.h"

#include "metrics/common_metrics.h"
#include "registry/settings.h"

namespace app {
namespace {

// The scene's own measures ("; " between them), or the projections a frame where it has none: what its
// paper figure shows, in short when compact.
std::string measure_line(const Pane& pane, const sim::Settings& current, bool compact) {
  const sim::FrameMetrics& last = pane.last;
  const sim::Model& model = pane.world->model();
  std::vector<std::string> measures;
  if (sim::adaptive_chooses_substeps(current) && last.substeps > 0)  // the N this frame, which the rule chose
    measures.push_back(sim::format_text(compact ? "adaptive N = %d" : "N = %d (adaptive)", last.substeps));
  if (model.joint_count() > 0)  // what Figure 8 shows
    measures.push_back((compact ? "joints " : "joint separation max ") +
                       sim::format_length(last.joint_separation_max));
  if (model.tracked_body.body >= 0) {  // what Figure 9 shows
    std::string body =
        model.tracked_body.name + " " + sim::format_signed(last.tracked_body_drop, "m", "sank", "rose");
    if (!compact)
      body += ", drifted " + sim::format_length(last.tracked_body_drift) + ", deepest contact " +
              sim::format_length(last.contact_depth_max);
    measures.push_back(body);
  }
  if (measures.empty()) {
    const std::string cost = sim::cost_line(last, current.integrator);
    return compact && current.integrator == sim::Integrator::Xpbd
               ? sim::format_count(last.projections) + " projections/frame"
               : cost;
  }
  std::string line = measures[0];
  for (size_t k = 1; k < measures.size(); ++k) line += (compact ? ", " : "; ") + measures[k];
  return line;
}

// A failure past its bound and a divergence, burnt into recorded frames too, in each pane.
void alarm_lines(const Pane& pane, bool compact, std::vector<std::string>& lines) {
  if (const sim::WatchedCheck* over = pane.watch.over()) {
    std::string line =
        sim::format_text("physics FAILED at frame %d: %s %s", over->first_frame, over->worst.name.c_str(),
                         sim::format_measure(over->worst.value, over->worst.unit).c_str());
    if (!compact) line += ", bound " + sim::format_measure(over->worst.bound, over->worst.unit);
    lines.push_back(line);
  }
  if (!pane.divergence) return;
  // "diverged at …, frame N (reason; scheme, h, stiffness)" on three lines, to fit a pane
  const std::string& d = *pane.divergence;
  const size_t open = d.find(" ("), semicolon = d.find("; ", open);
  if (open == std::string::npos || semicolon == std::string::npos || d.back() != ')') {
    lines.push_back(d + " - press R to reset");
  } else {
    lines.push_back(d.substr(0, open) + " - press R to reset");
    lines.push_back(d.substr(open + 2, semicolon - open - 2));
    lines.push_back(d.substr(semicolon + 2, d.size() - semicolon - 3));
  }
}

}  // namespace

std::vector<std::string> pane_caption(const Pane& pane, const CaptionContext& context) {
  const sim::Settings current = sim::settings_from_params(pane.settings);
  const std::string label = pane.label.empty() ? "" : pane.label + ": ";
  const std::string cost = sim::format_ms(pane.last.step_ms) + "/frame";
  std::vector<std::string> lines;
  if (context.compact) {
    // alone: the solver without the options (rigid_solver=..., in Stats)
    const std::string solver = sim::describe(static_cast<const sim::SolverSettings&>(current));
    lines.push_back(label + (context.differs.empty() ? solver : context.differs));
    lines.push_back(sim::format_text("t = %.2f s  ", pane.last.time) + cost +
                    (context.real_time.empty() ? "" : "  " + context.real_time));
  } else {
    lines.push_back(label + sim::describe(current));
    std::string time =
        sim::format_text("%s  t = %.2f s  %s (%s)", context.scene_name.c_str(), pane.last.time, cost.c_str(),
                         pane.world->backend() == sim::BackendKind::Cuda ? "cuda" : "cpu");
    if (!context.real_time.empty()) time += "  " + context.real_time;
    lines.push_back(time);
  }
  lines.push_back(measure_line(pane, current, context.compact));
  alarm_lines(pane, context.compact, lines);
  return lines;
}

std::string settings_differing(const sim::ParamSet& of, const sim::ParamSet& from) {
  std::string out;
  for (const sim::ParamSpec& spec : of.specs())
    if (from.has(spec.name) && of.text(spec.name) != from.text(spec.name))
      out += (out.empty() ? "" : ", ") + spec.name + "=" + of.text(spec.name);
  return out;
}

}  // namespace app
