// The force-based integrators of settings/integrator.h against closed forms (Teschner's particle-motion
// lectures): the measured order of the position error on a harmonic oscillator, energy over 10⁴ steps,
// stability limits in ωh, implicit Euler at ωh = 10, and each scheme in each particle scene.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <type_traits>
#include <vector>

#include "test_util.h"
#include "world/frame_step.h"

namespace sim {
namespace {

constexpr double kPi = 3.14159265358979323846;

// A particle of mass m on a spring of stiffness k to a pinned anchor, displaced by u along the spring
// (the chain scene's two-particle oscillator): x(t) = L + u cos ωt, ω = √(k/m).
struct Oscillator {
  double m = 1.0, k = 4.0 * kPi * kPi, L = 1.0, u = 0.1;
  double omega() const { return std::sqrt(k / m); }
  World world(double v0 = 0.0) const {
    ModelBuilder b;
    b.set_gravity({0.0, 0.0, 0.0});
    const int anchor = b.add_particle({0.0, 0.0, 0.0}, 0.0, 0.01);
    const int p = b.add_particle({L + u, 0.0, 0.0}, m, 0.01, {v0, 0.0, 0.0});
    b.add_distance(anchor, p, 1.0 / k, 0.0, L);
    return World(b.finalize(), BackendKind::Cpu);
  }
  double energy(World& w) const {
    const State& s = w.state();
    const double C = s.particle_x[1].x - L;
    return 0.5 * m * dot(s.particle_v[1], s.particle_v[1]) + 0.5 * k * C * C;
  }
};

Settings scheme(Integrator i, int steps, double frame_dt = 1.0 / 60) {
  Settings s;
  s.integrator = i;
  s.substeps = steps;
  s.frame_dt = frame_dt;
  s.linear_iterations = 50;
  return s;
}

// |x(T) − x_exact(T)| after `frames` frames of `steps` steps of `frame_dt` each.
double position_error(const Oscillator& o, Integrator i, int steps, int frames, double frame_dt) {
  World w = o.world();
  const Settings s = scheme(i, steps, frame_dt);
  for (int f = 0; f < frames; ++f) w.step(s);
  // The displacement from rest, read as a difference of positions: all the digits a float build's position
  // pair keeps (core/position.h), not x rounded to a float's ulp of 1.1 m.
  const Vec3 from_rest = w.state().particle_x[1] - Position(Vec3{o.L, 0.0, 0.0});
  return std::fabs(from_rest.x - o.u * std::cos(o.omega() * frames * frame_dt));
}

class EachForceIntegrator : public ::testing::TestWithParam<IntegratorInfo> {};

// The least-squares slope of log error against log h over three halvings, within ±0.3 of the order, over
// T = 0.8 s (away from the turning points). Higher orders reach round-off sooner, so they start at 2 steps
// of a 1/60 s frame (ωh = 0.05).
//
// In float the spring's length |x₁ − x₀| resolves to half an ulp of 1.1 m (6e-8 m): the position error stops
// falling at 2e-8 to 7e-8 m (measured), which RK4 reaches by ωh ≈ 0.08 and Gear by 0.16, before either is in
// its asymptotic range. There the orders ≥ 3 cannot be measured; the float build asks instead that each
// such scheme's error at ωh = 0.16 (2 steps of a 0.05 s frame) be under 1/50 of the midpoint rule's, which
// a scheme fallen to second order would not be (measured: RK4 1/800, Beeman 1/160, Gear 1/11,000).
TEST_P(EachForceIntegrator, ConvergesWithItsOrder) {
  const IntegratorInfo in = GetParam();
  const Oscillator o;
  if (in.order >= 3 && std::is_same_v<Real, float>) {
    const double e = position_error(o, in.id, 2, 16, 0.05);
    const double second_order = position_error(o, Integrator::Midpoint, 2, 16, 0.05);
    std::printf("%-20s at wh = 0.16: error %.3e m, the midpoint rule's %.3e m\n", in.name, e, second_order);
    EXPECT_LT(e, second_order / 50.0) << in.name;
    return;
  }
  const int frames = 48;
  const double frame_dt = 1.0 / 60;
  const int first = in.order >= 3 ? 2 : 4;
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  int count = 0;
  for (int steps = first; steps <= 8 * first; steps *= 2, ++count) {
    const double e = position_error(o, in.id, steps, frames, frame_dt);
    const double lx = std::log(1.0 / steps), ly = std::log(e);
    sx += lx, sy += ly, sxx += lx * lx, sxy += lx * ly;
    std::printf("%-20s %3d steps/frame: error %.3e m\n", in.name, steps, e);
  }
  const double slope = (count * sxy - sx * sy) / (count * sxx - sx * sx);
  std::printf("%-20s measured order %.2f, theory %d\n", in.name, slope, in.order);
  EXPECT_NEAR(slope, in.order, 0.3) << in.name;
}

// Symplectic schemes keep the energy of an undamped oscillator within a band over 10⁴ steps at ωh = 0.1;
// explicit Euler's grows by (1 + ω²h²)^{N/2} = e^{50}... here, (1.01)^{5000} > 10¹⁰, clearly.
TEST_P(EachForceIntegrator, EnergyOverTenThousandSteps) {
  const IntegratorInfo in = GetParam();
  const Oscillator o;
  const double h = 0.1 / o.omega();
  World w = o.world();
  const double e0 = o.energy(w);
  const Settings s = scheme(in.id, 100, 100 * h);
  double lo = e0, hi = e0;
  for (int f = 0; f < 100; ++f) {
    w.step(s);
    const double e = o.energy(w);
    if (!std::isfinite(e)) break;
    lo = std::min(lo, e), hi = std::max(hi, e);
  }
  std::printf("%-20s energy over 1e4 steps at wh = 0.1: [%.4g, %.4g] x E0\n", in.name, lo / e0, hi / e0);
  if (in.symplectic) {
    EXPECT_LT(hi / e0, 1.1) << in.name;
    EXPECT_GT(lo / e0, 0.9) << in.name;
  }
  switch (in.id) {
    case Integrator::ExplicitEuler:  // |1 + iωh|² = 1.01 a step
      EXPECT_GT(hi / e0, 1e10);
      break;
    case Integrator::Midpoint:  // |R(iωh)|² = 1 + (ωh)⁴/4 a step: 1.28 over 10⁴ steps
    case Integrator::Heun:
    case Integrator::Ralston:
      EXPECT_NEAR(hi / e0, std::pow(1.0 + 2.5e-5, 1e4), 0.02);
      break;
    case Integrator::Rk4:  // |R|² = 1 − (ωh)⁶/72 + … a step: it only loses, 1.4·10⁻⁴ over 10⁴ steps
    case Integrator::Rk38:
      EXPECT_LE(hi / e0, 1.0 + 1e-12);
      EXPECT_NEAR(lo / e0, 1.0 - 1.39e-4, 1e-5);
      break;
    case Integrator::ImplicitEuler:  // it only loses energy: 1/(1 + ω²h²) a step
      EXPECT_LT(hi / e0, 1.0 + 1e-9);
      // To e^-100 in double; in float to the solve's rounding, a few ulps of x ≈ 1 m over h (measured
      // 3.4e-9 E₀: 3.7e-5 m/s).
      EXPECT_LT(lo / e0, test::by_precision(1e-20, 1e-7));
      break;
    default:  // Beeman and Adams lose energy, boundedly; Gear gains 10⁻⁵ at most
      if (!in.symplectic) {
        EXPECT_LE(hi / e0, 1.0 + 1e-4) << in.name;
        EXPECT_GT(lo / e0, 0.5) << in.name;
      }
  }
}

INSTANTIATE_TEST_SUITE_P(Integrators, EachForceIntegrator,
                         ::testing::ValuesIn(kIntegrators.begin() + 1, kIntegrators.end()),
                         [](const auto& info) { return std::string(info.param.name); });

// Implicit Euler at ωh = 10 on the undamped oscillator: stable, and it damps (the amplitude falls).
TEST(ImplicitEuler, StableAndDampingAtOmegaHTen) {
  const Oscillator o;
  World w = o.world();
  const Settings s = scheme(Integrator::ImplicitEuler, 1, 10.0 / o.omega());
  const double e0 = o.energy(w);
  double previous = e0;
  for (int f = 0; f < 50; ++f) {
    w.step(s);
    const double e = o.energy(w);
    ASSERT_TRUE(std::isfinite(e));
    EXPECT_LE(e, previous * (1.0 + 1e-12)) << "step " << f;
    previous = e;
  }
  EXPECT_LT(previous, 1e-3 * e0);
}

// Each particle scene at a stiffness every scheme can handle (explicit Euler and RK2 need the damping: no
// undamped spring is stable under them), 60 frames of 20 steps: finite, in bounds, energy within budget.
struct SceneCase {
  const char* scene;
  ParamValues params;
};

std::vector<SceneCase> soft_scenes() {
  return {{"chain", {{"particles", 10}, {"compliance", 1e-3}}},
          {"hanging_cloth",
           {{"width", 10},
            {"height", 10},
            {"stretch_stiffness", 1.0},
            {"shear_stiffness", 1.0},
            {"bend_stiffness", 0.0}}},
          {"bunny_cloth",
           {{"resolution", 12},
            {"collider", "sphere"},
            {"sdf_resolution", 32},
            {"self_collision", 0},
            {"stretch_stiffness", 1.0},
            {"shear_stiffness", 1.0},
            {"bend_stiffness", 0.0}}},
          {"fem_beam", {{"cells_length", 8}, {"cells_height", 2}, {"cells_width", 2}, {"young", 1e5}}}};
}

TEST_P(EachForceIntegrator, RunsEveryParticleSceneAtASoftStiffness) {
  const IntegratorInfo in = GetParam();
  for (const SceneCase& c : soft_scenes()) {
    World world(test::build_scene(c.scene, c.params), BackendKind::Cpu);
    Settings s = scheme(in.id, 20);
    s.damping = 10.0;
    s.linear_iterations = 10;  // implicit Euler: stability is the point here, not the solve's accuracy
    for (int f = 0; f < 60; ++f) {
      const FrameResult r = step_and_measure(world, s);
      ASSERT_FALSE(r.divergence) << c.scene << ": " << *r.divergence;
    }
  }
}

// Small Steps §6.2, Figure 5: the cloth at k = 10⁷ N/m with semi-implicit Euler and 40 steps a frame
// diverges, where XPBD 40 × 1 holds; the divergence is reported with its time, scheme, h and stiffness.
TEST(ForceIntegrators, StiffClothDivergesUnderSemiImplicitEulerAndIsReported) {
  const Built cloth = test::build_scene("hanging_cloth");
  World xpbd(cloth, BackendKind::Cpu);
  World euler(cloth, BackendKind::Cpu);
  const Settings s_xpbd = test::make_settings(40, 1);
  const Settings s_euler = scheme(Integrator::SemiImplicitEuler, 40);
  std::optional<std::string> reason;
  for (int f = 0; f < 60 && !reason; ++f) {
    ASSERT_FALSE(step_and_measure(xpbd, s_xpbd).divergence);
    reason = step_and_measure(euler, s_euler).divergence;
  }
  ASSERT_TRUE(reason.has_value());
  std::printf("%s\n", reason->c_str());
  EXPECT_EQ(reason->rfind("diverged at t = ", 0), 0u) << *reason;
  EXPECT_NE(reason->find("semi-implicit Euler, h = 417 µs, springs up to k = 10 MN/m"), std::string::npos)
      << *reason;
}

// Switching scheme mid-run continues from the current state: the frame after the switch moves the
// particles about as far as the frame before it. Each scheme first runs for a while, then another one
// (XPBD, implicit Euler, or an explicit scheme with a history of its own) takes over, then it comes back:
// its history from before must not be used.
TEST_P(EachForceIntegrator, SwitchingIntoItContinuesWithoutAJump) {
  const IntegratorInfo in = GetParam();
  const Integrator other_explicit = in.id == Integrator::Beeman ? Integrator::Gear : Integrator::Beeman;
  for (const Integrator from : {Integrator::Xpbd, Integrator::ImplicitEuler, other_explicit}) {
    World world(test::build_scene("chain", {{"particles", 10}, {"compliance", 1e-3}, {"angle", 60.0}}),
                BackendKind::Cpu);
    Settings s = scheme(in.id, 20);
    s.damping = 10.0;
    for (int f = 0; f < 10; ++f) world.step(s);
    s.integrator = from;
    for (int f = 0; f < 20; ++f) world.step(s);
    const std::vector<Position> x0 = world.state().particle_x;
    world.step(s);
    const std::vector<Position> x1 = world.state().particle_x;
    s.integrator = in.id;
    world.step(s);
    const std::vector<Position> x2 = world.state().particle_x;
    double before = 0.0, after = 0.0;
    for (size_t i = 0; i < x0.size(); ++i) {
      before = std::max(before, double(length(x1[i] - x0[i])));
      after = std::max(after, double(length(x2[i] - x1[i])));
    }
    EXPECT_LT(after, 1.2 * before + 1e-6) << in.name << " after " << info(from).name;
    EXPECT_GT(after, 0.8 * before - 1e-6) << in.name << " after " << info(from).name;
  }
}

// The mouse grab (compliance 10⁻⁵ m/N, the viewer's default: a 10⁵ N/m spring) pulling the soft cloth 1.4 m
// acts no stiffer than the scheme bears: every scheme holds it for 60 frames.
TEST_P(EachForceIntegrator, HoldsTheMouseGrab) {
  const IntegratorInfo in = GetParam();
  World world(test::build_scene("hanging_cloth", soft_scenes()[1].params), BackendKind::Cpu);
  Settings s = scheme(in.id, 20);
  s.damping = 10.0;
  const int particle = world.model().particle_count() / 2;
  world.set_grab(Grab{particle, world.state().particle_x[size_t(particle)] + Vec3{0.0, 0.0, 1.4}, 1e-5});
  for (int f = 0; f < 60; ++f) {
    const FrameResult r = step_and_measure(world, s);
    ASSERT_FALSE(r.divergence) << in.name << ": " << *r.divergence;
  }
}

}  // namespace
}  // namespace sim
