#include "registry/frame_metrics.h"

#include <algorithm>
#include <cmath>

#include "core/real_decimal.h"
#include "exec/cpu_exec.h"

namespace sim {
inline namespace SIM_PRECISION {

FrameMetrics metrics_from_sums(const Model& model, const MeasuredSums& sums, Real h) {
  FrameMetrics m;
  const ParticleSums& p = sums.particles;
  const ConstraintSums& c = sums.constraints;
  m.kinetic = p.kinetic + c.kinetic;
  m.gravitational = p.gravitational + c.gravitational;
  m.elastic = c.elastic;
  m.potential = m.gravitational + c.elastic;
  m.total = m.kinetic + m.potential;
  m.violation = c.violation;
  m.residual_energy = c.residual_energy;
  m.max_residual = c.max_residual;
  m.rms_residual = c.residual_count > 0 ? std::sqrt(c.residual_sq / c.residual_count) : 0.0;
  m.max_extension = c.max_extension;
  m.extension_over_bound = model.extension_bound > 0.0 ? c.max_extension / model.extension_bound : 0.0;
  m.tip_deflection = p.tracked > 0 ? -p.tracked_displacement.y / p.tracked : 0.0;
  for (const double lambda : sums.probe_lambda)
    m.probe_force.push_back(h > 0.0 ? -lambda / (double(h) * h) : 0.0);
  for (const double torque : sums.probe_torque)
    m.probe_torque.push_back(h > 0.0 ? torque / (double(h) * h) : 0.0);
  Families::finish(m, sums.families, model, h);
  return m;
}

std::optional<std::string> divergence_from_sums(const MeasuredSums& sums) {
  if (!sums.divergence) return std::nullopt;
  return describe(*sums.divergence);
}

MeasuredSums measure_sums(const Model& model, const State& state, Real h, Real gravity_scale) {
  std::vector<unsigned char> scratch;
  return measure_frame<CpuExec, Families>(
      model, state, MetricFrame{gravity_scale * model.gravity, model.bounds, h}, model.probes, scratch);
}

FrameMetrics measure(const Model& model, const State& state, Real h, Real gravity_scale) {
  return metrics_from_sums(model, measure_sums(model, state, h, gravity_scale), h);
}

std::optional<std::string> check_divergence(const Model& model, const State& state) {
  return divergence_from_sums(measure_sums(model, state, 0.0));
}

const std::vector<MetricColumn<FrameMetrics>>& metric_columns() {
  static const std::vector<MetricColumn<FrameMetrics>> columns = [] {
    std::vector<MetricColumn<FrameMetrics>> out;
    const auto add_common = [&out](const std::vector<MetricColumn<CommonMetrics>>& common) {
      for (const auto& c : common)
        out.push_back({c.name, [value = c.value](const FrameMetrics& m) { return value(m); }, c.integer});
    };
    add_common(common_head_columns());
    Families::add_columns(out);
    add_common(common_tail_columns());
    return out;
  }();
  return columns;
}

std::vector<ModelSize> model_sizes(const Model& model) {
  std::vector<ModelSize> sizes{{"particles", "particles", model.particle_count()}};
  Families::add_sizes(model, sizes);
  return sizes;
}

std::string describe_sizes(const Model& model) {
  std::string text;
  for (const ModelSize& s : model_sizes(model))
    if (s.count > 0 || s.key == "particles")
      text += (text.empty() ? "" : ", ") + std::to_string(s.count) + " " + s.label;
  return text;
}

ResidualParts residual_parts(const Model& model, const FrameMetrics& m) {
  ResidualParts parts;
  Families::residuals(model, m, parts);
  return parts;
}

FailureChecks failure_checks(const Model& model, const FrameMetrics& m) {
  FailureChecks checks;
  if (model.extension_bound > 0.0)
    checks.push_back({"constraint extension", m.max_extension, decimal_of(model.extension_bound), "m", 1.3});
  Families::failures(model, m, checks);
  // Energy from nowhere (issue 52 item 1): an undriven scene's total may not rise above its reference by
  // more than Model::energy_rise_bound of E_s (World::energy_rise), whatever the solver and step
  if (m.energy_scale > 0.0 && model.energy_rise_bound > 0.0)
    checks.push_back({kEnergyCheck, 100.0 * std::max(m.energy_rise, 0.0),
                      100.0 * decimal_of(model.energy_rise_bound), "% of E_s", 0.0});
  return checks;
}

ReportLines frame_report(const Model& model, const FrameMetrics& m) {
  ReportLines lines;
  report_common(m, residual_parts(model, m), failure_checks(model, m), int(model.tracked_particles.size()),
                model.probes, lines);
  Families::report(model, m, lines);
  return lines;
}

}  // namespace SIM_PRECISION
}  // namespace sim
