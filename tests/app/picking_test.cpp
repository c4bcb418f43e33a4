// Screen-space picking and the drag plane: the particle under the cursor nearest the camera is picked,
// pinned ones are skipped, and the drag target lies on the camera-facing plane through the particle.
#include "viewer/picking.h"

#include <gtest/gtest.h>

#include "registry/builder.h"

namespace app {
namespace {

TEST(Picking, PicksTheNearestParticleUnderTheCursorAndSkipsPinnedOnes) {
  render::OrbitCamera camera;
  camera.target = glm::vec3(0.0f);
  const glm::vec2 size(800.0f, 600.0f);
  const glm::vec3 front = camera.eye() + 0.5f * camera.forward(), back = glm::vec3(0.0f);
  const std::vector<glm::vec3> x = {back, front, glm::vec3(5.0f, 0.0f, 0.0f)};
  const glm::vec2 centre = 0.5f * size;
  EXPECT_EQ(pick_particle(camera, centre, size, x, {true, true, true}), 1);
  EXPECT_EQ(pick_particle(camera, centre, size, x, {true, false, true}), 0);
  EXPECT_EQ(pick_particle(camera, centre + glm::vec2(200.0f, 0.0f), size, {back}, {true}), -1);
}

TEST(Picking, RayPicksTheNearestMovableBodyAtTheSurfacePointClicked) {
  render::OrbitCamera camera;
  camera.target = glm::vec3(0.0f);
  const glm::vec2 size(800.0f, 600.0f);
  sim::ModelBuilder b;
  const glm::vec3 f = camera.forward();
  const sim::Vec3 ahead{f.x, f.y, f.z};
  const sim::Vec3 eye{camera.eye().x, camera.eye().y, camera.eye().z};
  b.add_body(sim::BodyShape::Sphere, {0.5, 0.0, 0.0}, 1.0, {0.0, 0.0, 0.0});  // behind the next one
  b.add_body(sim::BodyShape::Box, {0.2, 0.2, 0.2}, 1.0, eye + 1.0 * ahead);
  b.add_body(sim::BodyShape::Capsule, {0.1, 0.3, 0.0}, 0.0, eye + 0.5 * ahead);  // static: not picked
  const sim::Built built = b.finalize();
  const BodyPick pick =
      pick_body(camera, 0.5f * size, size, built.model, built.state.body.x, built.state.body.q);
  ASSERT_EQ(pick.body, 1);
  // the box's face towards the camera, 0.2 m before its centre along the view ray
  EXPECT_NEAR(glm::length(pick.point - (camera.eye() + 0.8f * f)), 0.0f, 0.25f);
  EXPECT_NEAR(sim::length(pick.local), 0.2, 0.15);
  EXPECT_EQ(
      pick_body(camera, glm::vec2(5.0f, 5.0f), size, built.model, built.state.body.x, built.state.body.q)
          .body,
      -1);
}

TEST(Picking, DragTargetLiesOnTheCameraFacingPlaneUnderTheCursor) {
  render::OrbitCamera camera;
  const glm::vec2 size(640.0f, 480.0f);
  const glm::vec3 anchor(0.2f, 0.7f, -0.1f);
  const glm::vec2 cursor(100.0f, 50.0f);
  const glm::vec3 t = drag_target(camera, cursor, size, anchor);
  EXPECT_NEAR(glm::dot(t - anchor, camera.forward()), 0.0f, 1e-4f);
  const glm::vec3 back_on_screen = camera.project(t, size);
  EXPECT_NEAR(back_on_screen.x, cursor.x, 0.05f);
  EXPECT_NEAR(back_on_screen.y, cursor.y, 0.05f);
}

}  // namespace
}  // namespace app
