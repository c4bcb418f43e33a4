// Colour by a quantity (issue 40 item 2), in a hidden window (ctest runs these under xvfb-run): fixed
// physical ranges, surfaces coloured per vertex as particles are, and the legend burnt into every pane.
#include <gtest/gtest.h>

#include "image_checks.h"
#include "viewer_fixtures.h"

namespace app {
namespace {

const std::uint8_t* pixel(const std::vector<std::uint8_t>& rgb, int w, glm::vec3 p) {
  return &rgb[(size_t(int(p.y)) * size_t(w) + size_t(int(p.x))) * 3];
}

// Of the particles that project into the frame, the fraction drawn in a blue hue (blue well above red).
double blue_fraction(Viewer& viewer) {
  const std::vector<std::uint8_t>& rgb = viewer.frame_pixels();
  const int w = viewer.frame_width(), h = viewer.frame_height();
  int inside = 0, blue = 0;
  for (const glm::vec3& x : positions(viewer)) {
    const glm::vec3 p = viewer.camera().project(x, glm::vec2(w, h));
    if (p.z <= 0.0f || p.x < 0.0f || p.y < 0.0f || p.x >= float(w) || p.y >= float(h)) continue;
    ++inside;
    const std::uint8_t* c = pixel(rgb, w, p);
    blue += c[2] > c[0] + 40;
  }
  return inside > 0 ? double(blue) / inside : 0.0;
}

}  // namespace

// Colour by speed has a fixed range: a chain at rest draws in the ramp's blue, where the range fitted to
// each frame's largest speed stretched the ramp over round-off and showed it red to blue.
TEST(Colour, AChainAtRestIsBlueInTheFixedColourRange) {
  const auto reddish = [](bool auto_range) {
    ViewOptions v = hidden("chain", 320, 480);
    v.caption = false;
    v.run.scene_params.set("angle", 0.0);  // hanging straight down, at rest
    Viewer viewer(v);
    viewer.draw_options().particles = true;
    viewer.draw_options().colour_by = render::ColourBy::Speed;
    viewer.draw_options().colour_auto = auto_range;
    for (int f = 0; f < 10; ++f) EXPECT_TRUE(viewer.frame());
    const std::vector<std::uint8_t>& rgb = viewer.frame_pixels();
    const int w = viewer.frame_width(), h = viewer.frame_height();
    int red = 0;
    for (const glm::vec3& x : positions(viewer)) {
      const std::uint8_t* c = pixel(rgb, w, viewer.camera().project(x, glm::vec2(w, h)));
      red += c[0] > c[2] + 40;
    }
    return red;
  };
  EXPECT_EQ(reddish(false), 0) << "particles at rest drawn red in the fixed range";
  EXPECT_GT(reddish(true), 0) << "the auto range should stretch the ramp (the check would not fail otherwise)";
}

// The beam's surface takes the per-vertex strain: its free end, barely strained, is the ramp's blue, where
// the flat drawing is orange all over.
TEST(Colour, TheBeamSurfaceShowsItsStrain) {
  ViewOptions v = hidden("fem_beam");
  v.caption = false;
  Viewer viewer(v);
  for (int f = 0; f < 10; ++f) ASSERT_TRUE(viewer.frame());
  EXPECT_LT(blue_fraction(viewer), 0.05) << "the flat beam should be orange";
  viewer.draw_options().colour_by = render::ColourBy::Strain;
  ASSERT_TRUE(viewer.frame());
  EXPECT_GT(blue_fraction(viewer), 0.2) << "the surface ignores the strain it is coloured by";
}

// The legend: the ramp as a bar at the pane's bottom-left, blue at its left end and red at its right, over
// the range in its unit; none when the drawing is flat.
TEST(Colour, TheLegendShowsTheRampAndItsRange) {
  ViewOptions v = hidden("hanging_cloth");
  Viewer viewer(v);
  ASSERT_TRUE(viewer.frame());
  const auto bar_ends = [&viewer](const std::uint8_t* left, const std::uint8_t* right) {
    const std::vector<std::uint8_t>& rgb = viewer.frame_pixels();
    // the bar at the legend's smallest scale, 1.4 (a 480-pixel-wide frame): 210 px long, 9.8 px tall, over
    // the 25.2-px line of its range and the 8-px margin
    const int w = viewer.frame_width(), y = viewer.frame_height() - 8 - 25 - 5;
    return has_colour(rgb, w, 8, y - 2, 14, y + 2, left) && has_colour(rgb, w, 208, y - 2, 214, y + 2, right);
  };
  const std::uint8_t blue[3] = {46, 64, 158}, red[3] = {219, 54, 41};
  EXPECT_FALSE(bar_ends(blue, red)) << "a flat drawing has no legend";
  viewer.draw_options().colour_by = render::ColourBy::Speed;
  ASSERT_TRUE(viewer.frame());
  EXPECT_TRUE(bar_ends(blue, red)) << "no colour bar at the bottom-left";
  EXPECT_EQ(viewer.pane(0).buffers->range_text(false), "speed 0 to 3 m/s");
  viewer.draw_options().colour_by = render::ColourBy::ConstraintError;
  ASSERT_TRUE(viewer.frame());
  EXPECT_EQ(viewer.pane(0).buffers->range_text(false), "constraint error 0 to 10 mm");
  EXPECT_NE(viewer.pane(0).buffers->range_text(true).find("(this frame's largest)"), std::string::npos);
}

// The error is named for what the scene measures: a fluid's density error and a tet mesh's volume error,
// as fractions, in per cent.
TEST(Colour, TheErrorIsNamedForTheScene) {
  for (const auto& [scene, text] : {std::pair<std::string, std::string>{"fem_beam", "volume error 0 to 1 %"},
                                    {"fluid_column", "density error 0 to 1 %"}}) {
    ViewOptions v = hidden(scene);
    Viewer viewer(v);
    viewer.draw_options().colour_by = render::ColourBy::ConstraintError;
    ASSERT_TRUE(viewer.frame());
    EXPECT_EQ(viewer.pane(0).buffers->range_text(false), text) << scene;
  }
}

}  // namespace app
