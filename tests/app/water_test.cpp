// The fluid drawn as water (issue 40 item 4; render/fluid_surface.h, the screen-space method of van der Laan,
// Green & Sainz 2009): by default the fluid column is a smooth, bluish surface, not spheres; the ground shows
// around it; the 'particles' checkbox brings the spheres back, which the same smoothness measure tells apart;
// and the water is drawn in both halves of an A/B split.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "image_checks.h"
#include "render/to_glm.h"
#include "viewer_fixtures.h"

namespace app {
namespace {

ViewOptions fluid_view() {
  ViewOptions v = hidden("fluid_column");
  v.caption = false;
  return v;
}

struct Box {
  int x0 = 1 << 30, y0 = 1 << 30, x1 = -1, y1 = -1;
};

// The middle half (in each direction) of the box where pane 0's fluid particles project: inside the standing
// column's front, whatever draws it.
Box fluid_interior(Viewer& viewer) {
  const render::Viewport vp = viewer.pane_viewport(0);
  Box b;
  const sim::Model& model = viewer.pane(0).world->model();
  const std::vector<sim::Vec3>& x = viewer.pane(0).world->positions();
  for (int i = model.fluid.first; i < model.fluid.first + model.fluid.count; ++i) {
    const glm::vec3 p = viewer.camera().project(render::to_glm(x[size_t(i)]), glm::vec2(vp.width, vp.height));
    b.x0 = std::min(b.x0, int(p.x));
    b.x1 = std::max(b.x1, int(p.x));
    b.y0 = std::min(b.y0, int(p.y));
    b.y1 = std::max(b.y1, int(p.y));
  }
  const int qx = (b.x1 - b.x0) / 4, qy = (b.y1 - b.y0) / 4;
  return {b.x0 + qx, b.y0 + qy, b.x1 - qx, b.y1 - qy};
}

struct Look {
  double blue_over_red = 0.0;  // mean B − R inside the box [0-255]
  double roughness = 0.0;      // mean |colour difference| between horizontal and vertical neighbours
};

Look look_inside(const std::vector<std::uint8_t>& rgb, int width, const Box& b) {
  Look l;
  int n = 0;
  for (int y = b.y0; y < b.y1; ++y)
    for (int x = b.x0; x < b.x1; ++x) {
      const std::uint8_t* c = &rgb[(size_t(y) * size_t(width) + size_t(x)) * 3];
      l.blue_over_red += double(c[2]) - double(c[0]);
      l.roughness +=
          0.5 * (colour_distance(rgb, width, x + 1, y, c) + colour_distance(rgb, width, x, y + 1, c));
      ++n;
    }
  l.blue_over_red /= std::max(n, 1);
  l.roughness /= std::max(n, 1);
  return l;
}

TEST(Water, TheFluidIsASmoothBluishSurfaceAndSpheresAreOneClickAway) {
  Viewer viewer(fluid_view());
  EXPECT_TRUE(viewer.draw_options().surface);
  EXPECT_FALSE(viewer.draw_options().particles) << "the fluid should draw as water by default";
  for (int f = 0; f < 3; ++f) ASSERT_TRUE(viewer.frame());
  const int w = viewer.frame_width();
  const Box box = fluid_interior(viewer);
  ASSERT_GT(box.x1 - box.x0, 10);
  ASSERT_GT(box.y1 - box.y0, 10);
  const Look water = look_inside(viewer.frame_pixels(), w, box);

  // The container's empty floor, right of the column, is the ground's grey: the water stays in its place.
  const glm::vec3 floor = viewer.camera().project(glm::vec3(1.5f, 0.0f, 0.3f),
                                                  glm::vec2(viewer.frame_width(), viewer.frame_height()));
  const std::uint8_t* ground = &viewer.frame_pixels()[(size_t(floor.y) * size_t(w) + size_t(floor.x)) * 3];
  EXPECT_LT(std::abs(int(ground[2]) - int(ground[0])), 20) << "the floor beside the water is not grey";
  EXPECT_GT(ground[0], 100) << "the floor beside the water is dark";

  viewer.draw_options().particles = true;  // the one click
  ASSERT_TRUE(viewer.frame());
  const Look spheres = look_inside(viewer.frame_pixels(), w, box);

  EXPECT_GT(water.blue_over_red, 20.0) << "the water is not bluish";
  EXPECT_LT(water.roughness, 0.5 * spheres.roughness)
      << "the water (" << water.roughness << ") is not smoother than the spheres (" << spheres.roughness
      << ")";
  EXPECT_GT(spheres.roughness, 8.0) << "the spheres drew as a smooth surface";
}

// Each pane of an A/B split draws its own water in its own viewport.
TEST(Water, BothComparedPanesDrawWater) {
  ViewOptions v = fluid_view();
  v.width = 640;
  v.run.compare = {"substeps=20", "substeps=20"};
  Viewer viewer(v);
  for (int f = 0; f < 2; ++f) ASSERT_TRUE(viewer.frame());
  const Box left = fluid_interior(viewer);
  const int shift = viewer.pane_viewport(1).x;
  const Box right{left.x0 + shift, left.y0, left.x1 + shift, left.y1};
  const Look a = look_inside(viewer.frame_pixels(), viewer.frame_width(), left);
  const Look b = look_inside(viewer.frame_pixels(), viewer.frame_width(), right);
  EXPECT_GT(a.blue_over_red, 20.0);
  EXPECT_NEAR(a.blue_over_red, b.blue_over_red, 1.0) << "equal settings drew different water";
  EXPECT_NEAR(a.roughness, b.roughness, 0.5);
}

// The tank is drawn (issue 53 item 5): its walls' edges, the near ones too, whose walls are not drawn so
// that the water stays in view. The upright nearest the camera shows in the edges' colour along its length.
TEST(Water, TheTanksNearUprightIsDrawn) {
  Viewer viewer(fluid_view());
  ASSERT_TRUE(viewer.frame());
  const sim::Model& model = viewer.pane(0).world->model();
  const sim::ContainerWalls& walls = model.container;
  ASSERT_TRUE(walls.enabled);
  const glm::vec3 eye = viewer.camera().eye();
  glm::vec2 nearest(0.0f);
  float distance = 1e30f;
  for (const double x : {walls.lo_x, walls.hi_x})
    for (const double z : {walls.lo_z, walls.hi_z})
      if (const float d = glm::length(glm::vec2(float(x) - eye.x, float(z) - eye.z)); d < distance) {
        distance = d;
        nearest = glm::vec2(float(x), float(z));
      }
  const render::Viewport vp = viewer.pane_viewport(0);
  const std::uint8_t edge[3] = {56, 66, 82};  // render/renderer.cpp's tank edges, 0.22 0.26 0.32
  int drawn = 0;
  for (int k = 1; k <= 9; ++k) {  // along the upright, from the floor to the drawn height
    const float y = float(model.ground.height + walls.drawn_height * k / 10.0);
    const glm::vec3 p = viewer.camera().project(glm::vec3(nearest.x, y, nearest.y), glm::vec2(vp.width, vp.height));
    drawn += has_colour(viewer.frame_pixels(), viewer.frame_width(), int(p.x) - 2, int(p.y) - 2, int(p.x) + 3,
                        int(p.y) + 3, edge);
  }
  EXPECT_GE(drawn, 8) << "the near upright of the tank is not drawn";
}

}  // namespace
}  // namespace app
