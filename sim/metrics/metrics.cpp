#include "metrics/metrics.h"

#include <algorithm>
#include <cmath>

#include "constraints/distance.h"

namespace sim {

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
  double elastic = 0.0, sum_sq = 0.0, max_err = 0.0, max_ext = 0.0, stretch_sum = 0.0, stretch_max = 0.0;
  int stretch_edges = 0;
  const int nd = model.distance_count();
#pragma omp parallel for reduction(+ : elastic, sum_sq, stretch_sum, stretch_edges) \
    reduction(max : max_err, max_ext, stretch_max) if (nd > 4096)
  for (int k = 0; k < nd; ++k) {
    const Int2 p = model.distance_particles[size_t(k)];
    const double L = model.distance_rest_length[size_t(k)];
    const double C = distance_eval(state.particle_x[size_t(p.a)], state.particle_x[size_t(p.b)], L).C;
    const double alpha = model.distance_compliance[size_t(k)];
    if (alpha > 0.0) elastic += 0.5 * C * C / alpha;
    sum_sq += C * C;
    max_err = std::max(max_err, std::abs(C));
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
    const double alpha = model.attachment_compliance[size_t(t)];
    if (alpha > 0.0) elastic += 0.5 * C * C / alpha;
    sum_sq += C * C;
    max_err = std::max(max_err, C);
    max_ext = std::max(max_ext, C);
  }
  const int constraints = nd + model.attachment_count();
  m.kinetic = kinetic;
  m.gravitational = gravity_potential;
  m.elastic = elastic;
  m.potential = gravity_potential + elastic;
  m.total = m.kinetic + m.potential;
  m.max_constraint_error = max_err;
  m.rms_constraint_error = constraints > 0 ? std::sqrt(sum_sq / constraints) : 0.0;
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
