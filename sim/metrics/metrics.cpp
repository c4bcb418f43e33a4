#include "metrics/metrics.h"

#include <algorithm>
#include <cmath>

#include "constraints/distance.h"

namespace sim {

const char* residual_kind_name(int kind) {
  static const char* const names[kResidualKinds] = {"other", "stretch", "shear", "bend", "attachment"};
  return kind >= 0 && kind < kResidualKinds ? names[kind] : "unknown";
}

FrameMetrics measure(const Model& model, const State& state, Real h, Real gravity_scale) {
  FrameMetrics m;
  const int n = model.particle_count();
  double kinetic = 0.0, gravity_potential = 0.0;
#pragma omp parallel for reduction(+ : kinetic, gravity_potential) if (n > 4096)
  for (int i = 0; i < n; ++i) {
    const Real w = model.particle_inv_mass[size_t(i)];
    if (w == 0.0) continue;
    const double mass = 1.0 / double(w);
    kinetic += 0.5 * mass * double(length_squared(state.particle_v[size_t(i)]));
    gravity_potential -= mass * double(gravity_scale * dot(model.gravity, state.particle_x[size_t(i)]));
  }
  const double h2 = double(h) * h;
  // One constraint's share of the energies and its Eq. 2 residual.
  const auto account = [h2](double C, double alpha, double lambda, double& elastic, double& violation) {
    if (alpha > 0.0 && h2 > 0.0) elastic += 0.5 * alpha * (lambda / h2) * (lambda / h2);
    if (alpha > 0.0) violation += 0.5 * C * C / alpha;
    return std::abs(C + (h2 > 0.0 ? alpha / h2 : 0.0) * lambda);
  };
  double elastic = 0.0, violation = 0.0, sum_sq = 0.0, max_ext = 0.0, stretch_sum = 0.0, stretch_max = 0.0;
  double kind_max[kResidualKinds] = {};
  int stretch_edges = 0;
  const int nd = model.distance_count();
#pragma omp parallel for reduction(+ : elastic, violation, sum_sq, stretch_sum, stretch_edges) \
    reduction(max : max_ext, stretch_max, kind_max[:kResidualKinds]) if (nd > 4096)
  for (int k = 0; k < nd; ++k) {
    const Int2 p = model.distance_particles[size_t(k)];
    const double L = model.distance_rest_length[size_t(k)];
    const double C = distance_eval(state.particle_x[size_t(p.a)], state.particle_x[size_t(p.b)], L).C;
    const double r = account(C, model.distance_compliance[size_t(k)], state.distance_lambda[size_t(k)],
                             elastic, violation);
    sum_sq += r * r;
    const int kind = int(model.distance_kind[size_t(k)]);
    kind_max[kind] = std::max(kind_max[kind], r);
    max_ext = std::max(max_ext, C);
    if (model.distance_kind[size_t(k)] == DistanceKind::Stretch && L > 0.0) {
      const double strain = std::max(C / L, 0.0);
      stretch_sum += strain;
      stretch_max = std::max(stretch_max, strain);
      ++stretch_edges;
    }
  }
  for (int t = 0; t < model.attachment_count(); ++t) {
    const double C = length(state.particle_x[size_t(model.attachment_particle[size_t(t)])] -
                            state.attachment_target[size_t(t)]);
    const double r = account(C, model.attachment_compliance[size_t(t)], state.attachment_lambda[size_t(t)],
                             elastic, violation);
    sum_sq += r * r;
    kind_max[kAttachmentResidual] = std::max(kind_max[kAttachmentResidual], r);
    max_ext = std::max(max_ext, C);
  }
  const int constraints = nd + model.attachment_count();
  m.kinetic = kinetic;
  m.gravitational = gravity_potential;
  m.elastic = elastic;
  m.potential = gravity_potential + elastic;
  m.total = m.kinetic + m.potential;
  m.violation = violation;
  for (int kind = 0; kind < kResidualKinds; ++kind) {
    m.max_residual_by_kind[size_t(kind)] = kind_max[kind];
    m.max_residual = std::max(m.max_residual, kind_max[kind]);
  }
  m.rms_residual = constraints > 0 ? std::sqrt(sum_sq / constraints) : 0.0;
  m.max_extension = max_ext;
  m.extension_over_bound = model.extension_bound > 0.0 ? max_ext / model.extension_bound : 0.0;
  m.stretch_max = stretch_max;
  m.stretch_mean = stretch_edges > 0 ? stretch_sum / stretch_edges : 0.0;
  if (model.collider.enabled) {
    const SdfCollider collider = model.host_collider();
    double deepest = 0.0;
#pragma omp parallel for reduction(max : deepest) if (n > 4096)
    for (int i = 0; i < n; ++i)
      deepest = std::max(deepest, double(model.particle_radius[size_t(i)] -
                                         collider.sample(state.particle_x[size_t(i)]).phi));
#pragma omp parallel for reduction(max : deepest) if (nd > 4096)
    for (int k = 0; k < nd; ++k) {
      if (model.distance_kind[size_t(k)] != DistanceKind::Stretch) continue;
      const Int2 p = model.distance_particles[size_t(k)];
      const Vec3 mid = 0.5 * (state.particle_x[size_t(p.a)] + state.particle_x[size_t(p.b)]);
      const double r = 0.5 * (model.particle_radius[size_t(p.a)] + model.particle_radius[size_t(p.b)]);
      deepest = std::max(deepest, r - collider.sample(mid).phi);
    }
    m.max_penetration = deepest;
  }
  for (const Probe& probe : model.probes)
    m.probe_force.push_back(
        h > 0.0 ? -double(state.distance_lambda[size_t(probe.distance_index)]) / (double(h) * h) : 0.0);
  return m;
}

std::optional<std::string> check_divergence(const Model& model, const State& state) {
  for (size_t i = 0; i < state.particle_x.size(); ++i) {
    const Vec3 x = state.particle_x[i], v = state.particle_v[i];
    if (!is_finite(x)) return "particle " + std::to_string(i) + " has a non-finite position";
    if (!is_finite(v)) return "particle " + std::to_string(i) + " has a non-finite velocity";
    if (!model.bounds.contains(x))
      return "particle " + std::to_string(i) + " left the scene bounds at (" + std::to_string(x.x) + ", " +
             std::to_string(x.y) + ", " + std::to_string(x.z) + ") m";
  }
  return std::nullopt;
}

std::vector<double> particle_constraint_error(const Model& model, const State& state) {
  std::vector<double> error(size_t(model.particle_count()), 0.0);
  for (int k = 0; k < model.distance_count(); ++k) {
    const Int2 p = model.distance_particles[size_t(k)];
    const double C = std::abs(distance_eval(state.particle_x[size_t(p.a)], state.particle_x[size_t(p.b)],
                                            model.distance_rest_length[size_t(k)])
                                  .C);
    error[size_t(p.a)] = std::max(error[size_t(p.a)], C);
    error[size_t(p.b)] = std::max(error[size_t(p.b)], C);
  }
  return error;
}

}  // namespace sim
