#include "metrics/common_metrics.h"

#include <cmath>
#include <cstdarg>
#include <cstdio>

namespace sim {
inline namespace SIM_PRECISION {

std::string ResidualPart::text() const { return name + " " + format_measure(value, unit); }

namespace {

template <class Get>
MetricColumn<CommonMetrics> real(const char* name, Get get) {
  return {name, [get](const CommonMetrics& m) { return double(get(m)); }, false};
}
template <class Get>
MetricColumn<CommonMetrics> count(const char* name, Get get) {
  return {name, [get](const CommonMetrics& m) { return double(get(m)); }, true};
}

}  // namespace

const std::vector<MetricColumn<CommonMetrics>>& common_head_columns() {
  static const std::vector<MetricColumn<CommonMetrics>> columns = {
      count("frame", [](const CommonMetrics& m) { return m.frame; }),
      real("time_s", [](const CommonMetrics& m) { return m.time; }),
      real("kinetic_J", [](const CommonMetrics& m) { return m.kinetic; }),
      real("gravitational_J", [](const CommonMetrics& m) { return m.gravitational; }),
      real("elastic_J", [](const CommonMetrics& m) { return m.elastic; }),
      real("potential_J", [](const CommonMetrics& m) { return m.potential; }),
      real("total_J", [](const CommonMetrics& m) { return m.total; }),
      real("violation_J", [](const CommonMetrics& m) { return m.violation; }),
      real("residual_energy_J", [](const CommonMetrics& m) { return m.residual_energy; }),
      real("energy_scale_J", [](const CommonMetrics& m) { return m.energy_scale; }),
      real("energy_rise", [](const CommonMetrics& m) { return m.energy_rise; }),
      real("max_residual_m", [](const CommonMetrics& m) { return m.max_residual; }),
      real("rms_residual_m", [](const CommonMetrics& m) { return m.rms_residual; }),
      real("max_extension_m", [](const CommonMetrics& m) { return m.max_extension; }),
      real("extension_over_bound", [](const CommonMetrics& m) { return m.extension_over_bound; }),
      real("tip_deflection_m", [](const CommonMetrics& m) { return m.tip_deflection; }),
  };
  return columns;
}

const std::vector<MetricColumn<CommonMetrics>>& common_tail_columns() {
  static const std::vector<MetricColumn<CommonMetrics>> columns = {
      real("cg_residual", [](const CommonMetrics& m) { return m.cg_residual; }),
      count("substeps", [](const CommonMetrics& m) { return m.substeps; }),
      real("stiffness_ratio_per_s2", [](const CommonMetrics& m) { return m.stiffness_ratio; }),
      real("stable_dt_s", [](const CommonMetrics& m) { return m.stable_dt; }),
      count("substeps_wanted", [](const CommonMetrics& m) { return m.substeps_wanted; }),
      count("substeps_clamped", [](const CommonMetrics& m) { return m.substeps_clamped; }),
      count("substeps_held", [](const CommonMetrics& m) { return m.substeps_held; }),
      count("damped_dofs", [](const CommonMetrics& m) { return m.damped_dofs; }),
      count("substeps_target", [](const CommonMetrics& m) { return m.substeps_target; }),
      count("substeps_residual", [](const CommonMetrics& m) { return m.substeps_residual; }),
      real("residual_ratio", [](const CommonMetrics& m) { return m.residual_ratio; }),
      count("substeps_set_by", [](const CommonMetrics& m) { return m.substeps_source; }),
      count("projections", [](const CommonMetrics& m) { return m.projections; }),
      real("step_ms", [](const CommonMetrics& m) { return m.step_ms; }),
      real("detection_ms", [](const CommonMetrics& m) { return m.detection_ms; }),
      real("search_ms", [](const CommonMetrics& m) { return m.search_ms; }),
      count("searches", [](const CommonMetrics& m) { return m.searches; }),
      count("launches", [](const CommonMetrics& m) { return m.launches; }),
      count("nodes", [](const CommonMetrics& m) { return m.nodes; }),
      count("threads", [](const CommonMetrics& m) { return m.threads; }),
  };
  return columns;
}

std::string describe(const Divergence& d) {
  const Vec3 x = d.position;
  switch (d.reason) {
    case kNonFinitePosition:
      return d.item + " has a non-finite position";
    case kNonFiniteVelocity:
      return d.item + " has a non-finite velocity";
    case kOutOfBounds:
      return d.item + " left the scene bounds at (" + format_number(x.x) + ", " + format_number(x.y) + ", " +
             format_number(x.z) + ") m";
    default:
      return d.item + " is fine";
  }
}

std::string cost_line(const CommonMetrics& m, Integrator integrator) {
  if (integrator == Integrator::Xpbd) return format_count(m.projections) + " constraint projections/frame";
  if (explicit_scheme(integrator)) return format_count(m.evaluations) + " force passes/frame";
  return "implicit Euler, last linear solve |r|/|r0| = " + format_number(m.cg_residual);
}

// How CUDA sends a frame in each launch mode (exec/launch_mode.h).
static const char* launch_how(CudaLaunch mode) {
  switch (mode) {
    case CudaLaunch::Graph:
      return "graph: CUDA graphs, a sweep one grid";
    case CudaLaunch::Plain:
      return "plain: a launch a stage and a colour";
    case CudaLaunch::Auto:
      break;
  }
  return "auto";
}

std::string launch_line(bool cuda, const CommonMetrics& m) {
  const char* how = launch_how(m.launch_mode);
  if (!cuda) return format_count(m.nodes) + " parallel loops in the last frame (CUDA would send them as " + how + ")";
  return format_count(m.nodes) + " device operations in " + format_count(m.launches) +
         " host launches in the last frame (" + how + ")";
}

std::string stability_line(const CommonMetrics& m, Stabilization mode) {
  const std::string slew = m.substeps != m.substeps_target && m.substeps_target > 0
                               ? format_text(", slewing to %d", m.substeps_target)
                               : "";
  if (mode == Stabilization::Off)
    return slew.empty() ? "" : format_text("N = %d%s (the residual's energy limits a change of step)", m.substeps,
                                           slew.c_str());
  const std::string load =
      m.stable_dt > 0.0 ? "h_bar " + format_quantity(m.stable_dt, "s") + ", r = " + format_number(m.stiffness_ratio) + "/s^2"
                        : "no load";
  if (mode == Stabilization::Damping)
    return format_text("adaptive damping: %d DOF%s damped at N = %d%s (%s; stable from N = %d)", m.damped_dofs,
                       m.damped_dofs == 1 ? "" : "s", m.substeps, slew.c_str(), load.c_str(), m.substeps_wanted);
  const SubstepSource source = SubstepSource(m.substeps_source);
  std::string line = format_text("adaptive: N = %d, set by %s (%s", m.substeps, source_name(source), load.c_str());
  if (m.substeps_residual > 0)
    line += "; residual " + format_number(m.residual_ratio) + format_text(" of the bounds asks %d", m.substeps_residual);
  line += ")" + slew;
  line += !m.substeps_clamped              ? ""
          : m.substeps_wanted > m.substeps_target ? ", clamped at N_max"
                                                  : ", raised to N_min";
  if (mode == Stabilization::Hybrid && m.damped_dofs > 0)
    line += format_text("; wanted %d, %d DOF%s damped", m.substeps_wanted, m.damped_dofs,
                        m.damped_dofs == 1 ? "" : "s");
  else if (m.substeps_clamped && m.substeps_wanted > m.substeps)
    line += format_text(" (wanted %d)", m.substeps_wanted);
  else if (m.substeps_held)
    line += format_text(", held (Eq. 11: %d)", m.substeps_wanted);
  return line;
}

void report_common(const CommonMetrics& m, const ResidualParts& residuals, const FailureChecks& failures,
                   int tracked_particles, const std::vector<Probe>& probes, ReportLines& out) {
  out.push_back({"energy", "kinetic " + format_quantity(m.kinetic, "J", 4) + ", gravitational " +
                               format_quantity(m.gravitational, "J", 4) + ", elastic " +
                               format_quantity(m.elastic, "J", 4) + ", total " + format_quantity(m.total, "J", 4)});
  std::string residual;
  for (const ResidualPart& part : residuals) residual += (residual.empty() ? "" : ", ") + part.text();
  if (!residual.empty()) out.push_back({"residual", "max " + residual});
  for (const FailureCheck& check : failures)
    if (check.failed())
      out.push_back({"failed", check.name + " " + format_measure(check.value, check.unit) + " > bound " +
                                   format_measure(check.bound, check.unit) + ": the physics failed",
                     true});
  if (tracked_particles > 0)
    out.push_back({"tip", "deflection " + format_length(m.tip_deflection) +
                              format_text(" (mean sag of %d tracked particles)", tracked_particles)});
  for (size_t i = 0; i < probes.size() && i < m.probe_force.size(); ++i)
    out.push_back({"force", probes[i].torque
                                ? probes[i].name + ": " + format_quantity(m.probe_force[i], "N", 4) + ", torque " +
                                      format_quantity(m.probe_torque[i], "N m", 4)
                                : probes[i].name + ": " + format_quantity(m.probe_force[i], "N", 4)});
}

}  // namespace SIM_PRECISION
}  // namespace sim
