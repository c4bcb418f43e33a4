// Long-range attachments (families/tether/, Kim, Chentanez & Müller 2012): built from the pins at finalize,
// off unless Settings::tethers, and while on no free particle ends a frame further from its anchor than its
// rest distance, on every solver order, thread count and loop order.
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>

#include "registry/state_hash.h"
#include "shuffled_exec.h"
#include "test_util.h"
#include "world/frame_step.h"

namespace sim {
namespace {

Settings tethered(int substeps, int iterations, bool on, SolverOrder order = SolverOrder::GaussSeidel) {
  Settings s = test::make_settings(substeps, iterations, order);
  s.tethers = on;
  return s;
}

// The largest distance of a tethered particle past its tether's length [m].
double overshoot(const Model& m, const State& s) {
  double worst = 0.0;
  for (int k = 0; k < m.tether_count(); ++k) {
    const Real d = length(s.particle_x[size_t(m.tether.particle[size_t(k)])] -
                          s.particle_x[size_t(m.tether.anchor[size_t(k)])]);
    worst = std::max(worst, double(d - m.tether.max_length[size_t(k)]));
  }
  return worst;
}

TEST(Tethers, EveryFreeParticleIsTetheredToItsNearestPin) {
  const Built b = test::build_scene("hanging_cloth", {{"width", 12}, {"height", 9}});
  const Model& m = b.model;
  ASSERT_EQ(m.tether_count(), 12 * 9 - 2);  // two corners pinned
  for (int k = 0; k < m.tether_count(); ++k) {
    const int i = m.tether.particle[size_t(k)], a = m.tether.anchor[size_t(k)];
    EXPECT_GT(m.particle_inv_mass[size_t(i)], 0.0);
    EXPECT_EQ(m.particle_inv_mass[size_t(a)], 0.0);
    const Real to_anchor = length(m.particle_rest_x[size_t(i)] - m.particle_rest_x[size_t(a)]);
    EXPECT_EQ(m.tether.max_length[size_t(k)], to_anchor);
    for (int p = 0; p < m.particle_count(); ++p)
      if (m.particle_inv_mass[size_t(p)] == 0.0)
        EXPECT_LE(to_anchor, length(m.particle_rest_x[size_t(i)] - m.particle_rest_x[size_t(p)]));
  }
  ModelBuilder free;  // no pins: no tethers
  free.add_distance(free.add_particle({0.0, 0.0, 0.0}, 1.0, 0.01),
                    free.add_particle({1.0, 0.0, 0.0}, 1.0, 0.01), 0.0);
  EXPECT_EQ(free.finalize().model.tether_count(), 0);
}

// Off by default: not projected, not counted.
TEST(Tethers, OffTheyChangeNothing) {
  World off(test::build_scene("hanging_cloth", {{"width", 16}, {"height", 16}}), BackendKind::Cpu);
  const FrameResult r = step_and_measure(off, test::make_settings(4, 2));
  ASSERT_FALSE(r.divergence);
  EXPECT_EQ(r.metrics.tethers_on, 0);
  EXPECT_EQ(r.metrics.projections, 4LL * 2 * off.model().distance_count());
}

// The pinned cloth at one substep of ten iterations: the stretch edges from the pins converge too slowly
// to hold it (an edge passes twice its shortest rest length: the physics fails), with the tethers its
// particles stay within their rest distance from the pins and no edge fails.
// Float: a distance read from rounded coordinates of 0.5-2 m is no finer than their ulp, 6e-8 to 2.4e-7 m.
constexpr double kOvershoot = test::by_precision(1e-9, 3e-7);  // [m]

TEST(Tethers, OnTheyHoldTheCloth) {
  const auto run = [](bool on, double& worst_overshoot) {
    World w(test::build_scene("hanging_cloth"), BackendKind::Cpu);
    double extension = 0.0;
    worst_overshoot = 0.0;
    for (int f = 0; f < 120; ++f) {
      const FrameResult r = step_and_measure(w, tethered(1, 10, on));
      EXPECT_FALSE(r.divergence);
      extension = std::max(extension, r.metrics.extension_over_bound);
      worst_overshoot = std::max(worst_overshoot, overshoot(w.model(), w.state()));
      if (on) {
        EXPECT_EQ(r.metrics.tethers_on, w.model().tether_count());
        EXPECT_LE(r.metrics.tether_overshoot_max, kOvershoot);
      }
    }
    return extension;
  };
  double without = 0.0, with = 0.0;
  EXPECT_GT(run(false, without), 1.0) << "without tethers the cloth no longer fails: the test shows nothing";
  EXPECT_GT(without, 0.01);
  EXPECT_LT(run(true, with), 1.0);
  EXPECT_LE(with, kOvershoot);
}

// A hanging chain released sideways: its last particle is never further from the pin than the chain's
// length, with Jacobi too and under a force-based integrator (projected after the step).
TEST(Tethers, BoundTheChainUnderEverySolver) {
  for (const int scheme : {0, 1, 2}) {
    World w(test::build_scene("chain", {{"particles", 40}, {"angle", 60.0}}), BackendKind::Cpu);
    Settings s = tethered(2, 3, true, scheme == 1 ? SolverOrder::Jacobi : SolverOrder::GaussSeidel);
    if (scheme == 2) {
      s.integrator = Integrator::SemiImplicitEuler;
      s.substeps = 50;
      s.damping = 5.0;
    }
    for (int f = 0; f < 60; ++f) {
      const FrameResult r = step_and_measure(w, s);
      ASSERT_FALSE(r.divergence) << *r.divergence;
      EXPECT_LE(overshoot(w.model(), w.state()), kOvershoot) << "scheme " << scheme << " frame " << f;
    }
  }
}

// The same bits on 1 and 2 threads and in shuffled loop orders while they are on.
TEST(Tethers, SameBitsOnAnyThreadCountAndLoopOrder) {
  const auto hash = [](SelectedBackend backend, int threads) {
    World w(test::build_scene("hanging_cloth", {{"width", 48}, {"height", 48}}), std::move(backend));
    Settings s = tethered(2, 4, true);
    s.threads = threads;
    test::run_frames(w, s, 5);
    return state_hash(w.state());
  };
  const int before = omp_get_max_threads();
  omp_set_num_threads(1);
  const uint64_t one = hash(select_backend(BackendKind::Cpu), 1);
  omp_set_num_threads(2);
  EXPECT_EQ(hash(select_backend(BackendKind::Cpu), 2), one);
  omp_set_num_threads(before);
  EXPECT_EQ(hash(test::shuffled_backend(12345), 0), one);
}

}  // namespace
}  // namespace sim
