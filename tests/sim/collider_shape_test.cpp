// The collider shapes of the cloth scenes: the analytic sphere's field, and the bunny's fallback to it
// with a note that names the problem when the OBJ is missing or broken (never a silent failure).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "scenes/collider_shape.h"

namespace sim {
namespace {

TEST(ColliderShape, SphereFieldIsTheExactDistance) {
  const ColliderShape s = sphere_shape(32);
  EXPECT_TRUE(s.note.empty());
  const SdfGridView g = s.sdf.view();
  for (const Vec3 p : {Vec3{0.0, 0.5, 0.0}, Vec3{0.3, 0.9, -0.2}, Vec3{0.5, 0.5, 0.5}, Vec3{-0.6, 0.1, 0.0}}) {
    const Real exact = length(p - Vec3{0.0, 0.5, 0.0}) - 0.5;
    EXPECT_NEAR(sample_sdf(g, p).phi, exact, 0.5 * g.cell) << "at (" << p.x << ", " << p.y << ", " << p.z << ")";
  }
}

TEST(ColliderShape, MissingBunnyFallsBackToTheSphereAndSaysWhereItLooked) {
  const ColliderShape s = bunny_shape({"", {"/nowhere/a/stanford-bunny.obj"}}, 32);
  EXPECT_NE(s.note.find("/nowhere/a/stanford-bunny.obj"), std::string::npos) << s.note;
  EXPECT_NE(s.note.find("sphere"), std::string::npos) << s.note;
  EXPECT_NEAR(sample_sdf(s.sdf.view(), {0.0, 0.5, 0.0}).phi, -0.5, 0.02);
}

TEST(ColliderShape, BrokenBunnyFileFallsBackWithTheLoadersMessage) {
  const std::string path = ::testing::TempDir() + "broken-bunny.obj";
  std::ofstream(path) << "v 0 0 0\nv 1 0 0\n";  // vertices, no faces
  const ColliderShape s = bunny_shape({path, {path}}, 32);
  EXPECT_NE(s.note.find(path), std::string::npos) << s.note;
  EXPECT_NE(s.note.find("sphere"), std::string::npos) << s.note;
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace sim
