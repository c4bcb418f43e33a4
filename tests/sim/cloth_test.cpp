// Hanging cloth of Small Steps §6.2: released flat with two corners pinned, it swings freely.
// Substeps preserve its energy (Figure 6) and its edge lengths (Figure 5) better than iterations.
#include <gtest/gtest.h>

#include "test_util.h"

namespace sim {
namespace {

struct ClothRun {
  double energy_lost;  // kinetic + gravitational energy lost over the run [J]
  double stretch_max;  // largest stretch strain at the end [-] (Figure 5)
};

ClothRun swing(int substeps, int iterations) {
  World world(test::build_scene("hanging_cloth", {{"width", 20}, {"height", 20}}), BackendKind::Cpu);
  const double e0 = test::mechanical_energy(world.model(), world.state());
  test::run_frames(world, test::make_settings(substeps, iterations), 90);
  const FrameMetrics m = measure(world.model(), world.state(), world.last_substep_dt());
  return {e0 - (m.kinetic + m.gravitational), m.stretch_max};
}

TEST(HangingCloth, SubstepsLoseLessEnergyThanIterations) {
  const ClothRun sub = swing(40, 1), it = swing(1, 40);
  EXPECT_GT(it.energy_lost, 0.0);
  EXPECT_LT(sub.energy_lost, 0.5 * it.energy_lost)
      << "40x1 lost " << sub.energy_lost << " J, 1x40 lost " << it.energy_lost << " J";
}

TEST(HangingCloth, SubstepsStretchLessThanIterations) {
  const ClothRun sub = swing(40, 1), it = swing(1, 40);
  EXPECT_LT(sub.stretch_max, 0.5 * it.stretch_max) << sub.stretch_max << " vs " << it.stretch_max;
}

}  // namespace
}  // namespace sim
