// A change of N adds no energy (issue 50 item 1, solver/xpbd/substep_slew.h) and the residual term of the
// substep rule (item 3, solver/xpbd/residual_rule.h): the slew's closed form, the chain stretched at 2
// substeps set to 25 (it was flung over its pin), a converged solve changing N at once, the residual term's
// order-p proposal and its hold.
#include <gtest/gtest.h>

#include <cmath>

#include "solver/xpbd/residual_rule.h"
#include "solver/xpbd/substep_slew.h"
#include "test_util.h"
#include "world/frame_step.h"

namespace sim {
namespace {

// (r² − 1) E_res = β E_s, and no limit where the residual holds no energy or the slew is off.
TEST(SubstepSlew, FactorBoundsTheEnergyAChangeGivesTheResidual) {
  const double r = slew_factor(2.0, 100.0, 1e-3);
  EXPECT_NEAR((r * r - 1.0) * 2.0, 1e-3 * 100.0, 1e-12);
  EXPECT_TRUE(std::isinf(slew_factor(0.0, 100.0, 1e-3)));
  EXPECT_TRUE(std::isinf(slew_factor(2.0, 100.0, 0.0)));
  EXPECT_DOUBLE_EQ(slew(10.0, 100.0, 1.5), 15.0);
  EXPECT_DOUBLE_EQ(slew(10.0, 2.0, 1.5), 10.0 / 1.5);
  EXPECT_DOUBLE_EQ(slew(10.0, 12.0, 1.5), 12.0);
  EXPECT_DOUBLE_EQ(slew(10.0, 100.0, INFINITY), 100.0);
}

struct Switch {
  double peak_kinetic = 0.0;  // after the switch [J]
  double highest = -1e9;      // the highest free particle after the switch [m]
  double energy_scale = 0.0;  // [J]
  int last_substeps = 0;
};

// The chain at rest at `from` substeps for 2 s, then `to` for 5 s (the viewer's slider: a new Settings::substeps).
Switch chain_switch(int from, int to, double slew_beta) {
  World w(test::build_scene("chain"), BackendKind::Cpu);
  Settings s;
  s.substeps = from;
  s.substep_slew = slew_beta;
  for (int f = 0; f < 120; ++f) step_and_measure(w, s);
  s.substeps = to;
  Switch out;
  for (int f = 0; f < 300; ++f) {
    const FrameResult r = step_and_measure(w, s);
    EXPECT_FALSE(r.divergence) << *r.divergence;
    out.peak_kinetic = std::max(out.peak_kinetic, r.metrics.kinetic);
    out.energy_scale = r.metrics.energy_scale;
    const std::vector<Position>& x = w.positions();
    for (size_t i = 1; i < x.size(); ++i) out.highest = std::max(out.highest, double(x[i].y));  // 0: the pin
  }
  out.last_substeps = w.last_substeps();
  return out;
}

// Stretched by 2 substeps (17 mm over 19 links) the chain held its residual as a spring of the one-iteration
// solve's stiffness; 25 substeps make it 156 times stiffer at once, and it flew (452 J in a frame against an
// energy scale of 35 J). Through the slew it contracts with at most 7.3 J (it rises 11 J as its 17 mm of
// stretch goes) and stays below its pin.
TEST(SubstepSlew, ChainStretchedAtTwoSubstepsSetToTwentyFiveStaysBelowItsPin) {
  const Switch slewed = chain_switch(2, 25, 1e-3);
  const double pin = test::build_scene("chain").state.particle_x[0].y;
  EXPECT_LT(slewed.highest, pin) << "the chain stays below its pin";
  EXPECT_LT(slewed.peak_kinetic, 0.3 * slewed.energy_scale);
  EXPECT_EQ(slewed.last_substeps, 25) << "the slew reaches the N asked for";
  const Switch at_once = chain_switch(2, 25, 0.0);
  EXPECT_GT(at_once.peak_kinetic, 5.0 * at_once.energy_scale) << "without the slew the residual pops";
}

// The direct solver converges its joints (1e-7 m): its residual holds no energy to speak of, and N moves at
// once, as Algorithm 1 prints it.
TEST(SubstepSlew, ConvergedSolveChangesNAtOnce) {
  World w(test::build_scene("swinging_box", {{"links", 5}}), BackendKind::Cpu);
  Settings s;
  s.adaptive = Stabilization::Off;
  s.rigid_solver = RigidSolver::Direct;
  s.substeps = 20;
  for (int f = 0; f < 30; ++f) step_and_measure(w, s);
  s.substeps = 200;
  step_and_measure(w, s);
  EXPECT_EQ(w.last_substeps(), 200);
}

// N_residual = ⌈N (e/τ)^{1/p}⌉: four times the tolerance at order 2 doubles N; the slew lets N fall by at most
// the fraction adaptive_release a frame.
TEST(ResidualRule, ProposesTheOrderPScalingAndFallsAtItsRate) {
  EXPECT_EQ(residual_substeps(0.4, 2.0, 0.1, 30), 60);
  EXPECT_EQ(residual_substeps(0.1, 2.0, 0.1, 30), 30);
  EXPECT_EQ(residual_substeps(0.8, 1.5, 0.1, 10), 40);
  EXPECT_EQ(residual_substeps(0.0, 2.0, 0.1, 30), 1);
  EXPECT_DOUBLE_EQ(slew(100.0, 10.0, INFINITY, 0.03), 97.0);
  EXPECT_DOUBLE_EQ(slew(100.0, 10.0, 1.01, 0.03), 100.0 / 1.01) << "the slower of the two";
  EXPECT_DOUBLE_EQ(slew(100.0, 300.0, INFINITY, 0.03), 300.0) << "a rise at once";
  using Hold = TargetHold<SubstepSource>;
  Hold hold;
  EXPECT_EQ(hold.next({20, SubstepSource::Algorithm1}).substeps, 20);
  EXPECT_EQ(hold.next({60, SubstepSource::Residual}).substeps, 60) << "a rise at once";
  for (int f = 1; f < Hold::kHoldFrames; ++f) {
    const Hold::Ask held = hold.next({10, SubstepSource::Algorithm1});
    EXPECT_EQ(held.substeps, 60) << f;
    EXPECT_EQ(held.source, SubstepSource::Residual) << "the term that asked it";
  }
  EXPECT_EQ(hold.next({10, SubstepSource::Algorithm1}).substeps, 10) << "the rise has left the hold window";
}

}  // namespace
}  // namespace sim
