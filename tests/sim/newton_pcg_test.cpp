// Backward Euler with Newton-PCG (solver/newton_pcg.h): on a linear spring one step is the closed-form
// linearly implicit update (m + h²k) v⁺ = m v + h(−k u + m g); CG's residual falls with its iterations;
// and the scenes' constraints hold under it.
#include <gtest/gtest.h>

#include <cstdio>

#include "frame_step.h"
#include "test_util.h"

namespace sim {
namespace {

Settings implicit_euler(int substeps, int cg_iterations) {
  Settings s;
  s.integrator = Integrator::ImplicitEuler;
  s.substeps = substeps;
  s.linear_iterations = cg_iterations;
  return s;
}

TEST(NewtonPcg, LinearSpringStepIsTheClosedFormBackwardEulerUpdate) {
  // A spring along x (no gravity along it): C = |x₁ − x₀| − L is linear in x₁ there, so one Newton step
  // is exact, and CG on one free particle converges in one iteration.
  const Real mass = 2.0, alpha = 1e-3, L = 1.0, u = 0.1, v0 = 0.5;
  ModelBuilder b;
  b.set_gravity({0.0, 0.0, 0.0});
  const int anchor = b.add_particle({0.0, 0.0, 0.0}, 0.0, 0.01);
  const int p = b.add_particle({L + u, 0.0, 0.0}, mass, 0.01, {v0, 0.0, 0.0});
  b.add_distance(anchor, p, alpha, 0.0, L);
  World world(b.finalize(), BackendKind::Cpu);
  const Settings s = implicit_euler(1, 10);
  world.step(s);
  const Real h = s.frame_dt, k = 1.0 / alpha;
  const Real v1 = (mass * v0 - h * k * u) / (mass + h * h * k);
  EXPECT_NEAR(world.state().particle_v[1].x, v1, 1e-9 * std::fabs(v1));
  EXPECT_NEAR(world.state().particle_x[1].x, L + u + h * v1, 1e-12);
  // Its energy under implicit Euler is the spring's ½kC² (there are no multipliers to read it from).
  const FrameResult r = step_and_measure(world, s);
  const double C = world.state().particle_x[1].x - L;
  EXPECT_NEAR(r.metrics.elastic, 0.5 * k * C * C, 1e-9 * k * C * C);
}

// CG minimises the error's energy norm; the residual's 2-norm, which the metrics report, may rise in the
// first iterations on a stiff system (measured on this beam: 1.8 after 1 iteration, 3.9 after 10), then
// falls: 2.6e-13 after 100.
TEST(NewtonPcg, ResidualFallsWithConjugateGradientIterations) {
  double previous = 1e300;
  for (const int iterations : {10, 100, 1000}) {
    World world(test::build_scene("fem_beam", {{"cells_length", 10},
                                               {"cells_height", 2},
                                               {"cells_width", 2},
                                               {"length", 1.0},
                                               {"height", 0.2},
                                               {"width", 0.2}}),
                BackendKind::Cpu);
    world.step(implicit_euler(1, iterations));
    const double r = world.last_cg_residual();
    EXPECT_LT(r, previous) << iterations << " CG iterations";
    std::printf("%d CG iterations: |r|/|r0| = %.3g\n", iterations, r);
    previous = r;
  }
  EXPECT_LT(previous, 1e-9);
}

// The chain's pinned top and its slack links at rest give zero stiffness entries on their axes: the solve
// must still converge (a 0/0 in the preconditioner once ended every solve after one CG iteration).
TEST(NewtonPcg, ChainLinksHoldUnderImplicitEuler) {
  World world(test::build_scene("chain"), BackendKind::Cpu);
  const Settings s = implicit_euler(4, 100);
  for (int f = 0; f < 120; ++f) {
    world.step(s);
    ASSERT_LT(world.last_cg_residual(), 1e-6) << "frame " << f;
  }
  const FrameMetrics m = measure(world.model(), world.state(), s.substep_dt());
  EXPECT_LT(m.max_extension, 0.01 * world.model().distance.rest_length[0]);
}

}  // namespace
}  // namespace sim
