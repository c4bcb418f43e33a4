// A line plot drawn in software into an RGB image (no OpenGL, so experiments plot headless): axes from
// the data (axis.h) with ticks, grid and labels, one coloured line per series, dashed horizontal reference
// lines for closed forms, a legend and a title; text in stb_easy_font's glyphs, as the captions.
#pragma once

#include <string>
#include <vector>

#include "render/plot/image_io.h"
#include "render/plot/axis.h"

namespace render {

struct PlotSeries {
  std::string label;
  std::vector<double> x, y;  // non-finite y (or ≤ 0 on a log axis) leaves a gap
};

struct PlotReference {
  std::string label;
  double y = 0.0;  // a horizontal line at this value
};

struct PlotSpec {
  std::string title, x_label, y_label;
  bool log_x = false, log_y = false;
  std::vector<PlotSeries> series;
  std::vector<PlotReference> references;
};

struct PlotLayout {
  int width = 960, height = 600;
  int left = 96, right = 24, top = 52, bottom = 64;  // margins around the plot area [px]
};

// The axes a spec gets: over every series' values and every reference line.
Axis x_axis(const PlotSpec& spec);
Axis y_axis(const PlotSpec& spec);

RgbImage render_plot(const PlotSpec& spec, const PlotLayout& layout = {});

// The colour of series k, [0, 255] RGB, distinct for the first eight.
void series_colour(int k, unsigned char rgb[3]);

}  // namespace render
