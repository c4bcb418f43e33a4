#include "metrics/metrics.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "backend/cpu_exec.h"
#include "constraints/distance.h"
#include "metrics/reduce_metrics.h"

namespace sim {

const char* residual_kind_name(int kind) {
  static const char* const names[kResidualKinds] = {"other",      "stretch",        "shear",          "bend",
                                                    "attachment", "tet_deviatoric", "tet_hydrostatic"};
  return kind >= 0 && kind < kResidualKinds ? names[kind] : "unknown";
}

std::string cost_line(const FrameMetrics& m, Integrator integrator) {
  if (integrator == Integrator::Xpbd) return std::to_string(m.projections) + " constraint projections/frame";
  if (explicit_scheme(integrator)) return std::to_string(m.evaluations) + " force passes/frame";
  char text[80];
  std::snprintf(text, sizeof text, "implicit Euler, last linear solve |r|/|r0| = %.3g", m.cg_residual);
  return text;
}

std::string stability_line(const FrameMetrics& m, Stabilization mode) {
  if (mode == Stabilization::Off) return "";
  char text[200];
  char load[96];
  if (m.stable_dt > 0.0)
    std::snprintf(load, sizeof load, "h_bar %.3g ms, r = %.3g/s^2", 1e3 * m.stable_dt, m.stiffness_ratio);
  else
    std::snprintf(load, sizeof load, "no load");
  if (mode == Stabilization::Damping) {
    std::snprintf(text, sizeof text, "adaptive damping: %d DOF%s damped at N = %d (%s; stable from N = %d)",
                  m.damped_dofs, m.damped_dofs == 1 ? "" : "s", m.substeps, load, m.substeps_wanted);
    return text;
  }
  std::snprintf(text, sizeof text, "adaptive: N = %d (%s)%s", m.substeps, load,
                !m.substeps_clamped                  ? ""
                : m.substeps_wanted > m.substeps ? ", clamped at N_max"
                                                 : ", raised to N_min");
  std::string line = text;
  if (mode == Stabilization::Hybrid && m.damped_dofs > 0) {
    std::snprintf(text, sizeof text, "; wanted %d, %d DOF%s damped", m.substeps_wanted, m.damped_dofs,
                  m.damped_dofs == 1 ? "" : "s");
    line += text;
  } else if (m.substeps_clamped && m.substeps_wanted > m.substeps) {
    std::snprintf(text, sizeof text, " (wanted %d)", m.substeps_wanted);
    line += text;
  } else if (m.substeps_held) {
    std::snprintf(text, sizeof text, ", held (Eq. 11: %d)", m.substeps_wanted);
    line += text;
  }
  return line;
}

FrameMetrics metrics_from_sums(const Model& model, const MeasuredSums& sums, Real h) {
  FrameMetrics m;
  const ParticleSums& p = sums.particles;
  const ConstraintSums& c = sums.constraints;
  m.kinetic = p.kinetic + c.body_kinetic;
  m.gravitational = p.gravitational + c.body_gravitational;
  m.elastic = c.elastic;
  m.potential = m.gravitational + c.elastic;
  m.total = m.kinetic + m.potential;
  m.violation = c.violation;
  for (int kind = 0; kind < kResidualKinds; ++kind) {
    m.max_residual_by_kind[size_t(kind)] = c.max_residual[kind];
    if (kind < kFirstStrainResidual) m.max_residual = std::max(m.max_residual, c.max_residual[kind]);
  }
  m.rms_residual = c.residual_count > 0 ? std::sqrt(c.residual_sq / c.residual_count) : 0.0;
  m.max_extension = c.max_extension;
  m.extension_over_bound = model.extension_bound > 0.0 ? c.max_extension / model.extension_bound : 0.0;
  m.stretch_max = c.stretch_max;
  m.stretch_mean = c.stretch_edges > 0 ? c.stretch_sum / c.stretch_edges : 0.0;
  m.max_penetration = std::max(p.deepest, c.deepest);
  m.volume_error_mean = c.volumes > 0 ? c.volume_error_sum / c.volumes : 0.0;
  m.volume_error_max = c.volume_error_max;
  m.density_error_mean = c.fluid_particles > 0 ? c.density_error_sum / c.fluid_particles : 0.0;
  m.density_error_max = c.density_error_max;
  m.fluid_volume = c.fluid_volume;
  m.fluid_rest_volume = c.fluid_particles * model.fluid.material.density_scale();
  m.cfl_clamps = c.cfl_clamps;
  m.neighbours_max = c.neighbours_max;
  m.neighbour_overflow = c.neighbour_overflow;
  m.joint_separation_max = c.joint_separation_max;
  m.joint_separation_sum = c.joint_separation_sum;
  m.joint_angle_max = c.joint_angle_max;
  m.angular_momentum = c.angular_momentum;
  m.contact_points = c.contact_points;
  m.contacts_touching = c.contacts_touching;
  m.contact_force = c.contact_force;
  m.contact_depth_max = c.contact_depth_max;
  m.particle_contact_points = c.particle_contact_points;
  m.particle_contacts_touching = c.particle_contacts_touching;
  m.particle_contact_force = c.particle_contact_force;
  m.particle_contact_depth_max = c.particle_contact_depth_max;
  if (model.tracked_body.body >= 0) {
    const Vec3 d = sums.tracked_body_x - model.tracked_body.start;
    m.tracked_body_height = sums.tracked_body_x.y;
    m.tracked_body_drop = -d.y;
    m.tracked_body_drift = std::sqrt(d.x * d.x + d.z * d.z);
  }
  m.tip_deflection = p.tracked > 0 ? -p.tracked_displacement.y / p.tracked : 0.0;
  for (const double lambda : sums.probe_lambda)
    m.probe_force.push_back(h > 0.0 ? -lambda / (double(h) * h) : 0.0);
  for (const double torque : sums.probe_torque)
    m.probe_torque.push_back(h > 0.0 ? torque / (double(h) * h) : 0.0);
  return m;
}

std::optional<std::string> divergence_from_sums(const MeasuredSums& sums) {
  const bool body = sums.particles.bad_reason == kFinite;  // a particle's reason comes first
  const std::string particle = body ? "body " + std::to_string(sums.constraints.body_bad)
                                    : "particle " + std::to_string(sums.particles.bad);
  const Vec3 x = sums.bad_x;
  switch (body ? sums.constraints.body_bad_reason : sums.particles.bad_reason) {
    case kNonFinitePosition:
      return particle + " has a non-finite position";
    case kNonFiniteVelocity:
      return particle + " has a non-finite velocity";
    case kOutOfBounds:
      return particle + " left the scene bounds at (" + std::to_string(x.x) + ", " + std::to_string(x.y) +
             ", " + std::to_string(x.z) + ") m";
    default:
      return std::nullopt;
  }
}

MeasuredSums measure_sums(const Model& model, const State& state, Real h, Real gravity_scale) {
  std::vector<unsigned char> scratch;
  return reduce_metrics<CpuExec>(
      model, state, MetricFrame{gravity_scale * model.gravity, model.bounds, model.host_collider(), h},
      model.probes, model.tracked_body.body, scratch);
}

FrameMetrics measure(const Model& model, const State& state, Real h, Real gravity_scale) {
  return metrics_from_sums(model, measure_sums(model, state, h, gravity_scale), h);
}

std::optional<std::string> check_divergence(const Model& model, const State& state) {
  return divergence_from_sums(measure_sums(model, state, 0.0));
}

}  // namespace sim
