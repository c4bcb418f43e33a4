// Issue 11 item 1: every per-frame metric and the divergence check are reduced on the backend
// (Solver::measure) and must equal the host computation over the downloaded State, on every scene and
// on each backend present (CUDA: where a device exists; its sums may differ in the last bits). The host
// computation is the same code as the CPU backend's, so the energies are also summed here, independently,
// in the test's own loops over the State (issue 52 item 8).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "test_util.h"
#include "world/frame_step.h"

namespace sim {
namespace {

void expect_close(double backend, double host, double tolerance, const char* what) {
  EXPECT_NEAR(backend, host, tolerance * std::max(1.0, std::abs(host))) << what;
}

void expect_same_metrics(const FrameMetrics& b, const FrameMetrics& h, double tol) {
  expect_close(b.kinetic, h.kinetic, tol, "kinetic");
  expect_close(b.gravitational, h.gravitational, tol, "gravitational");
  expect_close(b.elastic, h.elastic, tol, "elastic");
  expect_close(b.violation, h.violation, tol, "violation");
  expect_close(b.max_residual, h.max_residual, tol, "max_residual");
  expect_close(b.rms_residual, h.rms_residual, tol, "rms_residual");
  expect_close(b.max_residual_stretch, h.max_residual_stretch, tol, "stretch");
  expect_close(b.max_residual_shear, h.max_residual_shear, tol, "shear");
  expect_close(b.max_residual_bend, h.max_residual_bend, tol, "bend");
  expect_close(b.max_residual_other, h.max_residual_other, tol, "other");
  expect_close(b.max_residual_attachment, h.max_residual_attachment, tol, "attachment");
  expect_close(b.max_residual_tet_deviatoric, h.max_residual_tet_deviatoric, tol, "tet_deviatoric");
  expect_close(b.max_residual_tet_hydrostatic, h.max_residual_tet_hydrostatic, tol, "tet_hydrostatic");
  expect_close(b.max_extension, h.max_extension, tol, "max_extension");
  expect_close(b.stretch_max, h.stretch_max, tol, "stretch_max");
  expect_close(b.stretch_mean, h.stretch_mean, tol, "stretch_mean");
  expect_close(b.max_penetration, h.max_penetration, tol, "max_penetration");
  ASSERT_EQ(b.probe_force.size(), h.probe_force.size());
  for (size_t i = 0; i < b.probe_force.size(); ++i)
    expect_close(b.probe_force[i], h.probe_force[i], tol, "probe");
}

// Kinetic and gravitational energy summed here from their definitions (metrics/common_metrics.h):
// ½ m|v|² of every movable particle and body, ½ Σ_k I_k ω_k² over a body's principal axes (ω in body
// coordinates), −m g·x with g scaled by gravity_scale; pinned particles and fixed bodies carry none.
struct Energies {
  double kinetic = 0.0, gravitational = 0.0;  // [J]
};
Energies sum_energies(const Model& model, const State& state, double gravity_scale) {
  Energies e;
  const Vec3 g = gravity_scale * model.gravity;
  for (size_t i = 0; i < model.particle_inv_mass.size(); ++i) {
    const double w = model.particle_inv_mass[i];
    if (w <= 0.0) continue;
    const Vec3 v = state.particle_v[i], x = state.particle_x[i];
    e.kinetic += 0.5 * (v.x * v.x + v.y * v.y + v.z * v.z) / w;
    e.gravitational -= (g.x * x.x + g.y * x.y + g.z * x.z) / w;
  }
  for (size_t b = 0; b < model.body.inv_mass.size(); ++b) {
    const double w = model.body.inv_mass[b];
    const Vec3 v = state.body.v[b], x = state.body.x[b];
    if (w > 0.0) {
      e.kinetic += 0.5 * (v.x * v.x + v.y * v.y + v.z * v.z) / w;
      e.gravitational -= (g.x * x.x + g.y * x.y + g.z * x.z) / w;
    }
    const Vec3 wb = rotate(conjugate(state.body.q[b]), state.body.omega[b]);  // ω in body coordinates
    const Vec3 inv_i = model.body.inv_inertia[b];
    for (const auto& [omega, inv] :
         {std::pair{wb.x, inv_i.x}, std::pair{wb.y, inv_i.y}, std::pair{wb.z, inv_i.z}})
      if (inv > 0.0) e.kinetic += 0.5 * omega * omega / inv;
  }
  return e;
}

class BackendMetrics : public ::testing::TestWithParam<std::string> {};

TEST_P(BackendMetrics, EqualTheHostComputationOverTheDownloadedState) {
  for (const test::TestBackend& backend : test::backends_here()) {
    SCOPED_TRACE(backend.name);
    World world(test::build_small_scene(GetParam()), backend.make());
    Settings s = test::make_settings(10, 2);
    s.gravity_scale = 0.75;  // the scale reaches the gravitational energy on both sides
    for (int f = 0; f < 30; ++f) {
      const FrameResult r = step_and_measure(world, s);
      ASSERT_FALSE(r.divergence) << *r.divergence;
      const FrameMetrics host =
          measure(world.model(), world.state(), world.last_substep_dt(), s.gravity_scale);
      // the host's measure of the State as it came back: bit for bit from this build's CPU, to reduction
      // order from CUDA in double; from a float backend in a double build to 1e-3 of max(1, |value|): its C
      // and λ carry the float coordinates' rounding, which the host's double measure of their image does
      // not (the float core's CPU: the FEM beam's elastic energy 1.5e-4 relative, the cloths' violation 7e-6
      // J at most; 2-core AMD EPYC, 2026-11-28)
      expect_same_metrics(r.metrics, host,
                          backend.name == "cpu" ? 0.0 : test::mixed_scalar(backend) ? 1e-3 : 1e-9);
      const Energies own = sum_energies(world.model(), world.state(), s.gravity_scale);
      // float: the test rotates ω into body coordinates in Real, the metrics in double
      const double summed = test::by_scalar(backend, 1e-10, 1e-6);
      expect_close(r.metrics.kinetic, own.kinetic, summed, "kinetic, summed in the test");
      expect_close(r.metrics.gravitational, own.gravitational, summed, "gravitational, summed in the test");
    }
  }
}

INSTANTIATE_TEST_SUITE_P(EveryScene, BackendMetrics, ::testing::ValuesIn(test::scene_names()),
                         [](const auto& info) { return info.param; });

TEST(BackendMetrics, DivergenceIsFoundOnTheBackendAtTheLowestIndexWithItsPosition) {
  for (const test::TestBackend& backend : test::backends_here()) {
    SCOPED_TRACE(backend.name);
    Built built = test::build_scene("chain");
    built.model.bounds = {{-1.0, -1.0, -1.0}, {1.0, 1.0, 1.0}};
    built.state.particle_x[7] = {0.0, Real(-5.123456789e30), 0.0};  // below the bounds, far (issue 41)
    built.state.particle_v[12] = {std::numeric_limits<double>::quiet_NaN(), 0.0, 0.0};
    World world(std::move(built), backend.make());
    const std::optional<std::string> reason = divergence_from_sums(world.measure(1.0));
    ASSERT_TRUE(reason);
    EXPECT_EQ(*reason, "particle 7 left the scene bounds at (0, -5.12x10^30, 0) m");  // one number format
  }
}

}  // namespace
}  // namespace sim
