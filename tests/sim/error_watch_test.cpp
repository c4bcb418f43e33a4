// A run that stays finite can still fail physically: the chain of Small Steps §6.1 asked to hold 10⁹ kg
// at 1000 substeps is pulled metres past its 0.19 m, and the watch names the frame it passed the bound
// (the shortest rest length). The paper's own chain stays far inside it. Compression — a folded
// cloth's soft bend edges — is not extension.
#include "metrics/error_watch.h"

#include <gtest/gtest.h>

#include "metrics/report.h"
#include "test_util.h"
#include "world/frame_step.h"

namespace sim {
namespace {

ErrorWatch watch_run(World& world, const Settings& s, int frames) {
  ErrorWatch watch(world.model().extension_bound);
  for (int f = 0; f < frames; ++f) {
    const FrameResult r = step_and_measure(world, s);
    EXPECT_FALSE(r.divergence.has_value()) << *r.divergence;  // finite: divergence does not catch the failure
    watch.observe(r.metrics);
  }
  return watch;
}

// Lengths as the captions and Stats print them (issue 40 item 3): a unit that suits, 3 significant digits,
// no "2.02e+03 mm" and no "-0".
TEST(FormatLength, PicksTheUnitAndDropsTheSignOfZero) {
  EXPECT_EQ(format_length(2020.0), "2020 m");
  EXPECT_EQ(format_length(2.02), "2.02 m");
  EXPECT_EQ(format_length(0.004134), "4.13 mm");
  EXPECT_EQ(format_length(-0.0167), "-16.7 mm");
  EXPECT_EQ(format_length(3.1e-5), "31 um");
  EXPECT_EQ(format_length(-0.0), "0 m");
  EXPECT_EQ(format_length(0.0), "0 m");
  EXPECT_EQ(format_length(3.16e-9), "3.16 nm");
  EXPECT_EQ(format_length(7.64e-18), "< 1 nm");
  EXPECT_EQ(format_length(-5e-10), "< 1 nm");
}

TEST(ErrorWatch, TheBoundIsTheShortestRestLength) {
  EXPECT_NEAR(test::build_scene("chain", {{"link_length", 0.03}}).model.extension_bound, 0.03, 1e-12);
  const Built cloth = test::build_scene("hanging_cloth", {{"width", 11}, {"height", 6}, {"size", 1.0}});
  EXPECT_NEAR(cloth.model.extension_bound, 0.1, 1e-12);  // the grid spacing; shear and bend edges are longer
}

TEST(ErrorWatch, AChainHoldingABillionKilogramsFails) {
  World world(test::build_scene("chain", {{"heavy_mass", 1e9}}), BackendKind::Cpu);
  const ErrorWatch watch = watch_run(world, test::make_settings(1000, 1), 60);
  ASSERT_TRUE(watch.exceeded()) << watch.report();
  EXPECT_GT(watch.worst(), 10.0 * watch.bound());
  EXPECT_GT(watch.first_frame(), 0);
  EXPECT_LE(watch.first_frame(), watch.worst_frame());
  EXPECT_NE(watch.report().find("passed the bound 0.01 m"), std::string::npos) << watch.report();
}

TEST(ErrorWatch, ThePapersChainHolds) {
  World world(test::build_scene("chain"), BackendKind::Cpu);
  const ErrorWatch watch = watch_run(world, test::make_settings(20, 1), 300);
  EXPECT_FALSE(watch.exceeded()) << watch.report();
  EXPECT_LT(watch.worst(), 0.1 * watch.bound());
}

TEST(ErrorWatch, CompressionIsNotExtension) {
  ModelBuilder b;
  const int a = b.add_particle({0.0, 0.0, 0.0}, 1.0, 0.0), c = b.add_particle({0.5, 0.0, 0.0}, 1.0, 0.0);
  b.add_distance(a, c, 1e-1, 0.0, 1.0);  // a soft edge of rest length 1 m held at half of it
  const Built built = b.finalize();
  const FrameMetrics m = measure(built.model, built.state, 1.0 / 600);
  EXPECT_DOUBLE_EQ(m.max_residual, 0.5);  // λ = 0: the residual is |C|
  EXPECT_DOUBLE_EQ(m.max_extension, 0.0);
  EXPECT_DOUBLE_EQ(m.extension_over_bound, 0.0);
}

}  // namespace
}  // namespace sim
