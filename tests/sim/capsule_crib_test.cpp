// The capsule stack (Small Steps §6.5, Figure 9) over a long run, in short runs whose drift extrapolates:
// a crib of round bodies is a mechanism (its layers can roll under the box without lifting it), so what
// the contacts leave over each frame adds up, and at 100 × 1 the stack fell after 33 s (issue 41).
// constraints/body_contact.h holds the material points for static friction and resists rolling;
// families/rigid/body_contacts/contact_anchors.h keeps the anchors across detections.
#include <gtest/gtest.h>

#include "registry/frame_metrics.h"
#include "test_util.h"

namespace sim {
namespace {

// The box's horizontal drift from its start after each of `seconds` [m], at 100 substeps × 1 iteration.
std::vector<double> box_drift(const ParamValues& params, int seconds) {
  World w(test::build_scene("capsule_stack", params), BackendKind::Cpu);
  const Settings s = test::make_settings(100, 1);
  std::vector<double> drift;
  const int per_second = int(std::lround(1.0 / double(s.frame_dt)));
  for (int f = 1; f <= seconds * per_second; ++f) {
    w.step(s);
    if (f % per_second == 0)
      drift.push_back(metrics_from_sums(w.model(), w.measure(1.0), w.last_substep_dt()).tracked_body_drift);
  }
  return drift;
}

// The box on two capsules lying on the ground, nothing to roll them: it stays put. With static friction on
// the touching points rather than on the material points, the capsules rocked, walked along their axes
// and carried the box 2 mm/s.
TEST(CapsuleCrib, ABoxOnTwoCapsulesStaysPut) {
  const std::vector<double> drift = box_drift({{"layers", 1}, {"rolling_resistance", 0.0}}, 6);
  EXPECT_LT(drift.back(), 1e-4) << "the box walked " << drift.back() << " m in 6 s";
  RecordProperty("drift_6s_m", std::to_string(drift.back()));
}

// Two layers under the box: with rolling resistance the drift over the last 3 s of 6 extrapolates to well
// under a millimetre a minute; rolling freely, the residual overlaps tilt the box (8e-6 rad) and the layers
// roll under it ever faster (a constant acceleration: the drift quadruples from 3 s to 6 s).
TEST(CapsuleCrib, RollingResistanceHoldsTheCribThatRollsFreelyOtherwise) {
  const std::vector<double> held = box_drift({{"layers", 2}}, 6);
  const double per_minute = (held[5] - held[2]) * 60.0 / 3.0;
  EXPECT_LT(per_minute, 1e-3) << "the box drifts " << per_minute << " m a minute";
  const std::vector<double> rolling = box_drift({{"layers", 2}, {"rolling_resistance", 0.0}}, 6);
  EXPECT_GT(rolling[5], 3.0 * rolling[2]) << "rolling freely the box drifted " << rolling[2] << " m in 3 s, "
                                          << rolling[5] << " m in 6 s";
  EXPECT_GT(rolling[5], 10.0 * held[5]);
  RecordProperty("held_drift_per_minute_m", std::to_string(per_minute));
  RecordProperty("rolling_drift_6s_m", std::to_string(rolling[5]));
}

// The default stack (10 layers): the box's drift over 3 s to 6 s extrapolates to under a centimetre a
// minute (the 60 s soak, bench/soak.cpp, checks that the box drops at most 1 mm).
TEST(CapsuleCrib, TheDefaultStackDriftsUnderACentimetreAMinute) {
  const std::vector<double> drift = box_drift({}, 6);
  const double per_minute = (drift[5] - drift[2]) * 60.0 / 3.0;
  EXPECT_LT(per_minute, 1e-2) << "the box drifts " << per_minute << " m a minute";
  RecordProperty("drift_per_minute_m", std::to_string(per_minute));
}

}  // namespace
}  // namespace sim
