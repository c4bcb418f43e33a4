// Position Based Fluids (constraints/fluid_density.h, families/fluid/fluid_stages.h) and the fluid_column scene
// (Small Steps §6.4, Figure 2): the kernels against their closed forms, the lattice calibration, one PBF
// step against its linearisation, and the dam break's physical outcomes: a column at rest keeps its
// density within 1% with 10 substeps × 1 iteration, compresses more with 1 × 10 at the same cost, stays in
// its container and comes to rest. The CPU and CUDA backends are compared by what they measure.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "registry/state_hash.h"
#include "scenes/fluid_lattice.h"
#include "test_util.h"
#include "world/frame_step.h"

namespace sim {
namespace {

constexpr double kPi = 3.14159265358979323846;

TEST(SphKernels, Poly6IntegratesToOneAndSpikyGradientIsTheSlopeOfSpiky) {
  const Real h = 0.1;
  const SphKernels k(h);
  // ∫ W dV = ∫₀ʰ W(r) 4π r² dr, midpoint rule.
  double integral = 0.0;
  const int steps = 20000;
  for (int s = 0; s < steps; ++s) {
    const double r = (s + 0.5) * h / steps;
    integral += k.poly6(r * r) * 4.0 * kPi * r * r * (h / steps);
  }
  EXPECT_NEAR(integral, 1.0, 1e-6);
  // W_spiky = 15/(π h⁶) (h − r)³; its derivative along r is the gradient's radial component.
  const auto spiky = [&](double r) { return 15.0 / (kPi * std::pow(h, 6)) * std::pow(h - r, 3); };
  for (const double r : {0.01, 0.05, 0.09}) {
    const Vec3 g = k.spiky_gradient({r, 0.0, 0.0});
    const double slope = (spiky(r + 1e-7) - spiky(r - 1e-7)) / 2e-7;
    EXPECT_NEAR(g.x, slope, 1e-6 * std::abs(slope)) << "r = " << r;
    EXPECT_EQ(g.y, 0.0);
  }
  EXPECT_EQ(k.poly6(h * h), 0.0);
  EXPECT_EQ(length(k.spiky_gradient({h, 0.0, 0.0})), 0.0);
}

// The calibrated mass gives an interior lattice particle exactly ρ₀, and D₀ is its PBF denominator.
TEST(FluidLattice, InteriorParticleSitsAtRestDensity) {
  FluidMaterial f;
  f.kernel_radius = 0.08;
  const Real d = 0.04;
  f = rest_lattice_material(f, d);
  DensitySums sums;
  const FluidPairs pairs(f);
  for (int i = -3; i <= 3; ++i)
    for (int j = -3; j <= 3; ++j)
      for (int k = -3; k <= 3; ++k)
        if (i || j || k) sums.add(pairs.k, d * Vec3{Real(i), Real(j), Real(k)}, 1.0 / f.mass);
  const double relative = test::by_precision(1e-12, 1e-6);  // float: sums of 342 neighbours' rounding
  EXPECT_NEAR(sums.density_ratio(pairs), 1.0, relative);
  const Real s = f.density_scale();
  EXPECT_NEAR(s * s * sums.neighbour_sq, f.rest_denominator, relative * f.rest_denominator);
  EXPECT_NEAR(f.mass, f.rest_density * d * d * d, 0.1 * f.mass);  // a few per cent off ρ₀ d³
}

// One PBF step (λ of each particle, then Δx from both λ) on a compressed pair with ε = 0 and no s_corr
// pushes the pair apart by equal and opposite amounts and removes most of the compression. Not all of it,
// nor exactly: the gradient is the spiky kernel's while ρ sums poly6 (PBF's choice), and each λ ignores
// the other particle's constraint (Jacobi).
TEST(FluidDensity, OneStepReducesTheCompressionAndConservesMomentum) {
  FluidMaterial f;
  f.kernel_radius = 0.1;
  f.relaxation = 0.0;
  f.scorr_k = 0.0;
  f.bulk_modulus = 0.0;  // PBF's incompressible step: the substep h then plays no part
  f = rest_lattice_material(f, 0.05);
  f.pass_eigenvalue = 0.0;  // PBF's own denominator
  // Two particles closer than the lattice, each seeing only the other, 5% over ρ₀: the mass scaled so.
  std::vector<Vec3> x = {{0.0, 0.0, 0.0}, {0.03, 0.004, 0.0}};
  {
    DensitySums s;
    s.add(FluidPairs(f).k, x[0] - x[1], 1.0 / f.mass);
    f.mass *= 1.05 / s.density_ratio(FluidPairs(f));
  }
  const FluidPairs p(f);
  const Real w = 1.0 / f.mass;
  const auto sums_of = [&](const std::vector<Vec3>& at, int i) {
    DensitySums s;
    s.add(p.k, at[size_t(i)] - at[size_t(1 - i)], w);
    return s;
  };
  const Real C0 = sums_of(x, 0).density_ratio(p) - 1.0;
  const Real lambda[2] = {sums_of(x, 0).lambda(p, w, 0.0, 1.0), sums_of(x, 1).lambda(p, w, 0.0, 1.0)};
  std::vector<Vec3> after = x;
  for (int i = 0; i < 2; ++i)
    after[size_t(i)] += (w * f.density_scale()) * p.correction_term(x[size_t(i)] - x[size_t(1 - i)], lambda[i],
                                                                   lambda[1 - i]);
  const Real C1 = sums_of(after, 0).density_ratio(p) - 1.0;
  ASSERT_NEAR(C0, 0.05, test::by_precision(1e-12, 1e-6));
  EXPECT_LT(std::abs(C1), 0.5 * std::abs(C0)) << "C before " << C0 << ", after " << C1;
  EXPECT_GT(length(after[1] - after[0]), length(x[1] - x[0]));
  // Equal and opposite corrections: the step conserves momentum.
  EXPECT_LT(length((after[0] - x[0]) + (after[1] - x[1])), test::by_precision(1e-15, 1e-8));
}

// One substep × one iteration of the fluid family inside a World equals PBF's Jacobi step evaluated over all
// pairs (constraints/fluid_density.h): the fluid is particles [5, 5 + n) between particles that are not
// fluid, starts moving (x* = x + Δt v), is compressed so that every constraint acts, and holds two pinned
// particles, which count as neighbours and do not move. Checks the stages' sorted, block-local and global
// indices against the formulas.
TEST(FluidFamily, OneIterationEqualsAllPairsJacobiStep) {
  const Real d = 0.04, dt = 1.0 / 60.0;
  FluidBlock fluid;
  fluid.material.kernel_radius = 2.0 * d;
  fluid.material.unilateral = false;
  fluid.material.xsph_rate = 0.0;
  fluid.material.cfl = 0.0;
  fluid.material = rest_lattice_material(fluid.material, d);
  ModelBuilder b;
  b.set_gravity({0.0, 0.0, 0.0});
  for (int i = 0; i < 5; ++i) b.add_particle({10.0 + i, 0.0, 0.0}, 1.0, 0.01);
  fluid.first = b.particle_count();
  unsigned seed = 7;
  const auto jitter = [&] {  // a small deterministic pseudo-random number in [−0.5, 0.5)
    seed = seed * 1103515245u + 12345u;
    return Real((seed >> 8) % 1000) / 1000.0 - 0.5;
  };
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 6; ++j)
      for (int k = 0; k < 6; ++k) {
        const Vec3 at =
            0.9 * d * Vec3{Real(i), Real(j), Real(k)} + 0.1 * d * Vec3{jitter(), jitter(), jitter()};
        const bool pinned = (i == 2 && j == 3 && k == 1) || (i == 5 && j == 0 && k == 4);
        b.add_particle(at, pinned ? 0.0 : fluid.material.mass, 0.5 * d,
                       0.3 * Vec3{jitter(), jitter(), jitter()});
      }
  fluid.count = b.particle_count() - fluid.first;
  for (int i = 0; i < 3; ++i) b.add_particle({-10.0 - i, 0.0, 0.0}, 1.0, 0.01);
  b.set_fluid(fluid);
  const Built built = b.finalize();

  // PBF's step over all pairs from x* = x + Δt v.
  const Model& m = built.model;
  std::vector<Position> x = built.state.particle_x;
  for (size_t i = 0; i < x.size(); ++i) x[i] += dt * built.state.particle_v[i];
  const FluidPairs pairs(fluid.material);
  const int first = fluid.first, n = fluid.count;
  const auto w = [&](int i) { return m.particle_inv_mass[size_t(first + i)]; };
  std::vector<Real> lambda(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    DensitySums sums;
    for (int j = 0; j < n; ++j)
      if (j != i) sums.add(pairs.k, x[size_t(first + i)] - x[size_t(first + j)], w(j));
    lambda[size_t(i)] = sums.lambda(pairs, w(i), 0.0, dt);
  }
  std::vector<Position> expected = x;
  int moved = 0;
  for (int i = 0; i < n; ++i) {
    Vec3 sum{0.0, 0.0, 0.0};
    for (int j = 0; j < n; ++j)
      if (j != i)
        sum += pairs.correction_term(x[size_t(first + i)] - x[size_t(first + j)], lambda[size_t(i)],
                                     lambda[size_t(j)]);
    const Vec3 dx = (w(i) * fluid.material.density_scale()) * sum;
    expected[size_t(first + i)] += dx;
    moved += length(dx) > 1e-4 * d;
  }
  EXPECT_GT(moved, n / 2) << "the step hardly moved the compressed fluid";

  for (const test::TestBackend& backend : test::backends_here()) {
    World world(built, backend.make());
    world.step(test::make_settings(1, 1));
    const std::vector<Position>& got = world.positions();
    double worst = 0.0;
    for (size_t i = 0; i < got.size(); ++i) worst = std::max(worst, double(length(got[i] - expected[i])));
    EXPECT_LT(worst, test::by_scalar(backend, 1e-13, 1e-6)) << backend.name;  // float: sums in another order
  }
}

// The fluid_column scene, small: 7 × 15 × 7 = 735 particles of 4 cm, 15 layers deep, in a 0.9 × 0.3 m box.
Built small_column(ParamValues extra = {}) {
  ParamValues params{{"column_width", 0.3},    {"column_height", 0.6},
                                       {"column_depth", 0.3},    {"container_width", 0.9},
                                       {"container_depth", 0.3},  {"spacing", 0.04}};
  for (const auto& [k, v] : extra) params[k] = v;
  return test::build_scene("fluid_column", params);
}

// A run of the small column for `frames` frames: the metrics of every frame and the extremes of the
// positions over the run.
struct ColumnRun {
  std::vector<FrameMetrics> frames;
  Vec3 lo{1e9, 1e9, 1e9}, hi{-1e9, -1e9, -1e9};  // [m]
};

ColumnRun run_column(int substeps, int iterations, int frames, ParamValues extra = {}) {
  World world(small_column(std::move(extra)), BackendKind::Cpu);
  const Settings s = test::make_settings(substeps, iterations);
  ColumnRun run;
  for (int f = 0; f < frames; ++f) {
    const FrameResult r = step_and_measure(world, s);
    EXPECT_FALSE(r.divergence) << *r.divergence;
    if (r.divergence) break;
    run.frames.push_back(r.metrics);
    for (const Vec3& x : world.positions()) {
      run.lo = min3(run.lo, x);
      run.hi = max3(run.hi, x);
    }
  }
  return run;
}

double mean_over(const ColumnRun& run, int from, int to, double FrameMetrics::*field) {
  double sum = 0.0;
  for (int f = from; f < to; ++f) sum += run.frames[size_t(f)].*field;
  return sum / (to - from);
}

// 10 s of the dam break with 10 substeps × 1 iteration (the paper's substepped setting), and 4 s with
// 1 substep × 10 iterations: one test, since ctest runs each test in a process of its own and the runs are
// the expensive part.
//  - The fluid never leaves its box (walls at x = 0, 0.9 and z = 0, 0.3, floor at y = 0; radius 2 cm).
//  - It comes to rest: the kinetic energy at 10 s is below 10⁻³ of its peak.
//  - At rest it keeps its mean compression under 1% (Small Steps §6.4: "stays nearly incompressible").
//  - 1 × 10, the same projections per frame, compresses it more and loses volume (Figure 2).
TEST(DamBreak, ContainedSettledIncompressibleAndStifferThanIterations) {
  const ColumnRun a = run_column(10, 1, 600);
  const ColumnRun b = run_column(1, 10, 240);
  ASSERT_EQ(a.frames.size(), 600u);
  ASSERT_EQ(b.frames.size(), 240u);

  const double r = 0.02, tolerance = 0.1 * r;
  EXPECT_GE(a.lo.x, r - tolerance);
  EXPECT_LE(a.hi.x, 0.9 - r + tolerance);
  EXPECT_GE(a.lo.z, r - tolerance);
  EXPECT_LE(a.hi.z, 0.3 - r + tolerance);
  EXPECT_GE(a.lo.y, r - tolerance);

  double peak = 0.0;
  for (const FrameMetrics& m : a.frames) peak = std::max(peak, m.kinetic);
  const double last = a.frames.back().kinetic;
  EXPECT_GT(peak, 5.0) << "the column did not collapse";
  EXPECT_LT(last, 1e-3 * peak) << "kinetic energy at 10 s " << last << " J, peak " << peak << " J";

  EXPECT_LT(mean_over(a, 540, 600, &FrameMetrics::density_error_mean), 0.01);
  for (const ColumnRun* run : {&a, &b}) {
    EXPECT_GE(run->lo.y, r - tolerance);
    EXPECT_LE(run->hi.x, 0.9 - r + tolerance);
    for (const FrameMetrics& m : run->frames) ASSERT_EQ(m.neighbour_overflow, 0) << "frame " << m.frame;
  }

  const double substeps = mean_over(a, 0, 240, &FrameMetrics::density_error_mean);
  const double iterations = mean_over(b, 0, 240, &FrameMetrics::density_error_mean);
  std::printf("mean density error over 4 s: 10x1 %.5f, 1x10 %.5f (ratio %.1f)\n", substeps, iterations,
              iterations / substeps);
  EXPECT_GT(iterations, 3.0 * substeps);
  EXPECT_LT(b.frames.back().fluid_volume, a.frames[239].fluid_volume);
}

// Small Steps §6.4's CFL limit: no particle moves further than cfl · r in a substep, and the clamps are
// counted. v = Δx/h after the clamp, so the speed is bounded by cfl · r / h.
TEST(FluidColumn, CflLimitBoundsEachSubstepsDisplacement) {
  const double cfl = 0.05;
  World world(small_column({{"cfl", cfl}, {"viscosity", 0.0}}), BackendKind::Cpu);
  const Settings s = test::make_settings(10, 1);
  long long clamps = 0;
  for (int f = 0; f < 30; ++f) {
    const FrameResult r = step_and_measure(world, s);
    clamps += r.metrics.cfl_clamps;
  }
  EXPECT_GT(clamps, 0);
  const double bound = cfl * 0.02 / s.substep_dt();
  double fastest = 0.0;
  for (const Vec3& v : world.state().particle_v) fastest = std::max(fastest, double(length(v)));
  EXPECT_LE(fastest, bound * (1.0 + test::by_precision(1e-9, 1e-6)));
}

// Both neighbour walks and both rebuild schedules give the same physics. The walks differ only where two
// particles come within h during a substep's iterations (the cells see them, the lists built at x* do not);
// a per-frame rebuild with a margin sees nearly what a per-substep one does.
TEST(FluidColumn, NeighbourWalksAndRebuildSchedulesMeasureAlike) {
  const ColumnRun lists = run_column(10, 1, 60);
  const double a = mean_over(lists, 30, 60, &FrameMetrics::density_error_mean);
  for (const auto& params : std::vector<ParamValues>{
           {{"neighbour_walk", "cells"}}, {{"neighbour_rebuild", "verlet"}, {"search_margin", 0.5}}}) {
    const ColumnRun other = run_column(10, 1, 60, params);
    EXPECT_NEAR(mean_over(other, 30, 60, &FrameMetrics::density_error_mean), a, 0.5 * a + 1e-4);
    // 1 s into a splash, whose details are chaotic: the centre of mass within 3% of its height.
    EXPECT_NEAR(other.frames.back().gravitational, lists.frames.back().gravitational,
                0.03 * std::abs(lists.frames.back().gravitational));
  }
}

// The mouse grab in a fluid holds a region (Model::grab_radius): dragged 0.2 m sideways through a weightless
// column at rest, every particle that was within the radius moves with the grabbed one, and the blob
// stirs the fluid around it. With radius 0 the grabbed particle moves alone and its neighbours stay behind.
TEST(FluidColumn, MouseGrabDragsARegionThroughTheFluid) {
  const int centre = 7 * 49 + 3 * 7 + 3;  // the lattice's (3, 7, 3) of 7 × 15 × 7
  const Real radius = 0.1, d = 0.04, step = 0.01;
  for (const Real grab_radius : {radius, Real(0.0)}) {
    World world(small_column({{"gravity", 0.0}, {"grab_radius", grab_radius}}), BackendKind::Cpu);
    const std::vector<Position> x0 = world.positions();
    const Settings s = test::make_settings(10, 1);
    Vec3 target = x0[size_t(centre)];
    for (int f = 0; f < 20; ++f) {
      target.x += step;
      world.set_grab({centre, target, 1e-6});
      EXPECT_FALSE(step_and_measure(world, s).divergence);
    }
    const Vec3 moved{20 * step, 0.0, 0.0};
    const std::vector<Position>& x = world.positions();
    EXPECT_LT(length(x[size_t(centre)] - (x0[size_t(centre)] + moved)), 0.1 * d);
    int near = 0, followed = 0, stirred = 0;
    for (size_t i = 0; i < x.size(); ++i) {
      const bool held = length(x0[i] - x0[size_t(centre)]) <= radius;
      const bool follows = length(x[i] - (x0[i] + moved)) < 0.25 * d;
      near += held;
      followed += held && follows;
      stirred += !held && length(x[i] - x0[i]) > 0.5 * d;
    }
    EXPECT_GT(near, 30);
    if (grab_radius > 0.0) {
      EXPECT_EQ(followed, near);
      EXPECT_GT(stirred, 10) << "the dragged region pushed no fluid aside";
    } else {
      EXPECT_EQ(followed, 1) << "with radius 0 the grab holds one particle";
    }
  }
}

// After a reset the fluid runs exactly as a fresh World does: no neighbour list, sort or Verlet reference
// survives from before.
TEST(FluidColumn, ResetRunsLikeAFreshWorld) {
  const Settings s = test::make_settings(10, 1);
  for (const auto& params : std::vector<ParamValues>{
           {}, {{"neighbour_rebuild", "verlet"}, {"search_margin", 0.3}}, {{"neighbour_walk", "cells"}}}) {
    World fresh(small_column(params), BackendKind::Cpu), reused(small_column(params), BackendKind::Cpu);
    test::run_frames(reused, s, 20);
    reused.reset();
    test::run_frames(reused, s, 5);
    test::run_frames(fresh, s, 5);
    EXPECT_EQ(state_hash(reused.state()), state_hash(fresh.state()));
  }
}

TEST(FluidColumn, ForceBasedIntegratorsAreRefusedWithTheReason) {
  World world(small_column(), BackendKind::Cpu);
  Settings s = test::make_settings(10, 1);
  s.integrator = Integrator::Rk4;
  try {
    world.step(s);
    FAIL() << "rk4 stepped a fluid";
  } catch (const ParamError& e) {
    EXPECT_NE(std::string(e.what()).find("no force form"), std::string::npos) << e.what();
  }
  EXPECT_EQ(world.frame(), 0);
}

TEST(FluidColumn, BadMaterialIsRefusedAtFinalize) {
  ModelBuilder b;
  b.add_particle({0.0, 0.0, 0.0}, 2.0, 0.01);
  FluidBlock fluid;
  fluid.count = 1;
  fluid.material.mass = 1.0;  // the particle has 2 kg
  b.set_fluid(fluid);
  EXPECT_THROW(b.finalize(), std::invalid_argument);
  fluid.material.mass = 2.0;
  fluid.count = 2;  // past the particles
  b.set_fluid(fluid);
  EXPECT_THROW(b.finalize(), std::invalid_argument);
}

// The paper's scale and the CPU default build: the particle counts the scene promises.
TEST(FluidColumn, DefaultsGiveTheInteractiveAndThePaperScale) {
  const SceneDef& scene = find_scene("fluid_column");
  ParamSet cpu = scene.default_params();
  cpu.use_device_defaults(false);
  EXPECT_EQ(scene.build(cpu).model.fluid.count, 12 * 24 * 12);
  ParamSet cuda = scene.default_params();
  cuda.use_device_defaults(true);
  const int n = scene.build(cuda).model.fluid.count;
  EXPECT_NEAR(n, 936000, 0.02 * 936000) << n << " particles";
}

// The CPU in double against each other backend (test::other_backends: CUDA, the CPU in the float core): after
// one frame the positions agree to rounding (the same functors, the same neighbour order; in float to a few
// ulps of a coordinate about 1 m from the origin, 6e-8 m each), after 2 s of splashing, where rounding
// differences have grown, by measures.
TEST(FluidColumn, BackendsMeasureAlike) {
  const std::vector<test::TestBackend> others = test::other_backends();
  if (others.empty()) GTEST_SKIP() << test::no_other_backend();
  for (const test::TestBackend& backend : others) {
    SCOPED_TRACE(backend.name);
    const double rounding = backend.scalar == "float" ? 1e-6 : 1e-9;  // [m]
    for (const char* walk : {"list", "cells"}) {
      World cpu(small_column({{"neighbour_walk", walk}}), BackendKind::Cpu);
      World other(small_column({{"neighbour_walk", walk}}), backend.make());
      const Settings s = test::make_settings(10, 1);
      FrameResult a = step_and_measure(cpu, s), b = step_and_measure(other, s);
      const std::vector<Position>&x_cpu = cpu.positions(), &x_other = other.positions();
      double apart = 0.0;
      for (size_t i = 0; i < x_cpu.size(); ++i) apart = std::max(apart, double(length(x_cpu[i] - x_other[i])));
      EXPECT_LT(apart, rounding) << "after one frame, neighbour_walk " << walk;
      for (int f = 1; f < 120; ++f) {
        a = step_and_measure(cpu, s);
        b = step_and_measure(other, s);
      }
      EXPECT_NEAR(a.metrics.gravitational, b.metrics.gravitational, 0.02 * std::abs(a.metrics.gravitational));
      EXPECT_NEAR(a.metrics.density_error_mean, b.metrics.density_error_mean,
                  0.5 * a.metrics.density_error_mean + 1e-4);
      EXPECT_NEAR(a.metrics.fluid_volume, b.metrics.fluid_volume, 0.01 * a.metrics.fluid_volume);
    }
  }
}

}  // namespace
}  // namespace sim
