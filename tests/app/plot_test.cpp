// The software plot (render/plot): axes come from the data — round ends around every value, decades on a
// log axis with values ≤ 0 left out — and a rendered plot shows its lines in the plot area and its legend.
#include "render/plot/plot.h"

#include <gtest/gtest.h>

#include <cmath>

#include "image_checks.h"

namespace render {
namespace {

TEST(PlotAxis, LinearEndsAreRoundAndCoverTheData) {
  const Axis a = make_axis({0.013, 0.42, 0.97}, false);
  EXPECT_DOUBLE_EQ(a.lo, 0.0);
  EXPECT_DOUBLE_EQ(a.hi, 1.0);
  EXPECT_GE(a.ticks.size(), 4u);
  EXPECT_LE(a.ticks.size(), 11u);
  EXPECT_DOUBLE_EQ(a.ticks.front(), a.lo);
  EXPECT_NEAR(a.ticks.back(), a.hi, 1e-12);
  const Axis b = make_axis({-37.0, 180.0}, false);
  EXPECT_LE(b.lo, -37.0);
  EXPECT_GE(b.hi, 180.0);
  EXPECT_LT(b.hi - b.lo, 2.0 * 217.0);
}

TEST(PlotAxis, LogSpansWholeDecadesAndSkipsNonPositiveValues) {
  const Axis a = make_axis({-1.0, 0.0, 3.2e-5, 322.1, std::nan("")}, true);
  EXPECT_DOUBLE_EQ(a.lo, 1e-5);
  EXPECT_DOUBLE_EQ(a.hi, 1e3);
  for (const double t : a.ticks) EXPECT_NEAR(std::log10(t), std::round(std::log10(t)), 1e-12);
  EXPECT_DOUBLE_EQ(a.fraction(1e-1), 0.5);
}

TEST(PlotAxis, ASingleValueGetsARangeAroundIt) {
  const Axis a = make_axis({190.0, 190.0}, false);
  EXPECT_LT(a.lo, 190.0);
  EXPECT_GT(a.hi, 190.0);
}

TEST(Plot, DrawsEachSeriesInThePlotAreaAndInTheLegend) {
  PlotSpec spec{"t", "time [s]", "y", false, true, {}, {{"reference", 10.0}}};
  for (int k = 0; k < 2; ++k) {
    PlotSeries s{"series " + std::to_string(k), {}, {}};
    for (int i = 0; i < 50; ++i) {
      s.x.push_back(i * 0.1);
      s.y.push_back(std::pow(10.0, -k) * (1.0 + i));
    }
    spec.series.push_back(s);
  }
  const PlotLayout l;
  const RgbImage im = render_plot(spec, l);
  ASSERT_EQ(im.width, l.width);
  for (int k = 0; k < 2; ++k) {
    unsigned char c[3];
    series_colour(k, c);
    // Lines in the left half of the plot area (the legend sits top right) and a swatch in the legend.
    EXPECT_TRUE(has_colour(im.pixels, im.width, l.left, l.top, l.width / 2, l.height - l.bottom, c))
        << "series " << k;
    EXPECT_TRUE(has_colour(im.pixels, im.width, l.width / 2, l.top, l.width - l.right, l.top + 60, c))
        << "legend " << k;
  }
}

}  // namespace
}  // namespace render
