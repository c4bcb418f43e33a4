// The frame's residual line (issue 40 item 3): each family reports its constraints' largest error in its
// own measure, as the metrics file's columns hold it — a beam's tets, a fluid's density, a chain's joints, a
// stack's contacts, a cloth's distances and its penetration of the collider — never "0 m" for a scene whose
// error lives in another family; and the projections a frame counts include the collider's and the
// ground's and walls' contacts.
#include <gtest/gtest.h>

#include <map>

#include "test_util.h"
#include "world/frame_step.h"

namespace sim {
namespace {

struct Stepped {
  Model model;
  FrameMetrics metrics;
};

Stepped stepped(const std::string& scene, int frames, int substeps = 20) {
  World world(test::build_small_scene(scene), BackendKind::Cpu);
  FrameMetrics m;
  for (int f = 0; f < frames; ++f) m = step_and_measure(world, test::make_settings(substeps, 1)).metrics;
  return {world.model(), m};
}

std::map<std::string, double> parts_of(const Stepped& s) {
  std::map<std::string, double> parts;
  for (const ResidualPart& p : residual_parts(s.model, s.metrics)) parts[p.name] = p.value;
  return parts;
}

std::string residual_line(const Stepped& s) {
  for (const ReportLine& line : frame_report(s.model, s.metrics))
    if (line.key == "residual") return line.text;
  return "";
}

TEST(ResidualReport, EachFamilyReportsItsOwnError) {
  const Stepped beam = stepped("fem_beam", 10);
  auto parts = parts_of(beam);
  ASSERT_EQ(parts.size(), 1u) << residual_line(beam);
  EXPECT_EQ(parts["tet"], std::max(beam.metrics.max_residual_tet_deviatoric,
                                   beam.metrics.max_residual_tet_hydrostatic));
  EXPECT_GT(parts["tet"], 0.0) << "a sagging beam's tets are strained";

  const Stepped fluid = stepped("fluid_column", 5);
  parts = parts_of(fluid);
  EXPECT_EQ(parts.count("density"), 1u) << residual_line(fluid);
  EXPECT_DOUBLE_EQ(parts["density"], 100.0 * fluid.metrics.density_error_max);

  const Stepped chain = stepped("rigid_chain", 3, 100);
  parts = parts_of(chain);
  EXPECT_EQ(parts["joints"], chain.metrics.joint_separation_max);
  EXPECT_GT(parts["joints"], 0.0) << "a loaded chain's joints separate a little";

  const Stepped stack = stepped("capsule_stack", 3, 100);
  parts = parts_of(stack);
  EXPECT_EQ(parts.count("contacts"), 1u) << residual_line(stack);
  EXPECT_GT(parts["contacts"], 0.0) << "resting contacts overlap a little";

  const Stepped bunny = stepped("bunny_cloth", 60);
  parts = parts_of(bunny);
  EXPECT_GT(parts["distance"], 0.0) << residual_line(bunny);
  EXPECT_EQ(parts["collider"], bunny.metrics.max_penetration);
  EXPECT_EQ(residual_line(bunny).rfind("max distance ", 0), 0u) << residual_line(bunny);
}

// A cloth lying on the bunny projects its contacts every iteration: the frame's count includes them, so it
// exceeds the distance constraints' n·k alone; in free fall, far above, it does not.
TEST(ResidualReport, ProjectionsCountTheCollidersContacts) {
  const auto counts = [](int frames) {
    World world(test::build_small_scene("bunny_cloth"), BackendKind::Cpu);
    FrameResult r;
    for (int f = 0; f < frames; ++f) r = step_and_measure(world, test::make_settings(20, 1));
    return std::pair<long long, long long>{r.metrics.projections, 20LL * world.model().distance_count()};
  };
  const auto [falling, distances_falling] = counts(1);
  EXPECT_EQ(falling, distances_falling);
  const auto [draped, distances] = counts(90);
  EXPECT_GT(draped, distances + 20LL * 100) << "at least a hundred contacts on the bunny";
}

// The fluid's box tests every particle against its floor and four walls in every iteration (its margin
// spans the scene): each is a projection beside the particle's density constraint.
TEST(ResidualReport, ProjectionsCountTheWallContacts) {
  World world(test::build_small_scene("fluid_column"), BackendKind::Cpu);
  const FrameResult r = step_and_measure(world, test::make_settings(20, 1));
  EXPECT_EQ(r.metrics.projections, 20LL * world.model().fluid.count * (1 + 5));
}

}  // namespace
}  // namespace sim
