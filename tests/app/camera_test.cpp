// OrbitCamera::frame (issue 11 item 8): the scene's box fills the view on start, as the paper's figures
// do: every corner inside the viewport, and the box reaching near its edge on the tighter side.
#include "render/camera.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace render {
namespace {

TEST(OrbitCamera, FrameFitsTheBoxAndFillsMostOfTheView) {
  struct Case {
    glm::vec3 lo, hi;
    glm::vec2 viewport;
  };
  const Case cases[] = {
      {{-0.8f, 0.0f, -0.8f}, {0.8f, 1.25f, 0.8f}, {1280.0f, 720.0f}},    // the bunny cloth before it falls
      {{-0.1f, -0.19f, -0.01f}, {0.1f, 0.0f, 0.01f}, {640.0f, 720.0f}},  // a chain, in an A/B half
      {{-2.0f, 0.0f, -0.2f}, {2.0f, 0.4f, 0.2f}, {800.0f, 800.0f}},      // a long flat beam
  };
  for (const Case& c : cases) {
    OrbitCamera camera;
    camera.frame(c.lo, c.hi, c.viewport.x / c.viewport.y);
    float reach = 0.0f;  // the largest |ndc| over the corners, on either axis
    for (int corner = 0; corner < 8; ++corner) {
      const glm::vec3 p((corner & 1 ? c.hi : c.lo).x, (corner & 2 ? c.hi : c.lo).y,
                        (corner & 4 ? c.hi : c.lo).z);
      const glm::vec3 s = camera.project(p, c.viewport);
      ASSERT_GT(s.z, 0.0f);
      const float nx = std::abs(2.0f * s.x / c.viewport.x - 1.0f),
                  ny = std::abs(2.0f * s.y / c.viewport.y - 1.0f);
      EXPECT_LE(std::max(nx, ny), 1.0f) << "corner " << corner << " outside the view";
      reach = std::max({reach, nx, ny});
    }
    EXPECT_GT(reach, 0.85f) << "the box fills only " << reach << " of the half-view";
  }
}

}  // namespace
}  // namespace render
