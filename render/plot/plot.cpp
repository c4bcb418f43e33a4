#include "render/plot/plot.h"

#include <stb_easy_font.h>

#include <algorithm>
#include <cmath>

namespace render {
namespace {

struct Rgb {
  unsigned char r, g, b;
};

constexpr size_t kMarkedPoints = 30;  // series with at most this many points show a marker at each
constexpr Rgb kWhite{255, 255, 255}, kInk{30, 30, 34}, kGrid{226, 228, 232}, kFrame{120, 122, 128};

class Canvas {
 public:
  Canvas(int w, int h) : image_{w, h, std::vector<std::uint8_t>(size_t(w) * size_t(h) * 3, 255)} {}

  void dot(int x, int y, Rgb c) {
    if (x < 0 || y < 0 || x >= image_.width || y >= image_.height) return;
    std::uint8_t* p = &image_.pixels[(size_t(y) * size_t(image_.width) + size_t(x)) * 3];
    p[0] = c.r;
    p[1] = c.g;
    p[2] = c.b;
  }
  void rect(double x0, double y0, double x1, double y1, Rgb c) {
    for (int y = int(std::lround(y0)); y < int(std::lround(y1)); ++y)
      for (int x = int(std::lround(x0)); x < int(std::lround(x1)); ++x) dot(x, y, c);
  }
  // A line `width` pixels wide; dash > 0 draws dash-pixel strokes with equal gaps.
  void line(double x0, double y0, double x1, double y1, Rgb c, int width = 1, int dash = 0) {
    const double length = std::hypot(x1 - x0, y1 - y0);
    const int steps = std::max(1, int(std::ceil(length)));
    for (int s = 0; s <= steps; ++s) {
      if (dash > 0 && (s / dash) % 2 == 1) continue;
      const double t = double(s) / steps, x = x0 + t * (x1 - x0), y = y0 + t * (y1 - y0);
      for (int dy = 0; dy < width; ++dy)
        for (int dx = 0; dx < width; ++dx)
          dot(int(std::lround(x)) + dx - width / 2, int(std::lround(y)) + dy - width / 2, c);
    }
  }
  // stb_easy_font's quads at `scale` (its glyphs are 6 × 7 px at scale 1); returns the width drawn [px].
  double text(double x, double y, const std::string& s, Rgb c, double scale = 1.5) {
    struct Vertex {  // the layout stb_easy_font_print writes
      float x, y, z;
      unsigned char rgba[4];
    };
    std::vector<Vertex> quads(s.size() * 70 + 4);
    const int n = stb_easy_font_print(0.0f, 0.0f, const_cast<char*>(s.c_str()), nullptr, quads.data(),
                                      int(quads.size() * sizeof(Vertex)));
    for (int q = 0; q < n; ++q) {
      const Vertex* v = &quads[size_t(4 * q)];
      rect(x + scale * v[0].x, y + scale * v[0].y, x + scale * v[2].x, y + scale * v[2].y, c);
    }
    return scale * stb_easy_font_width(const_cast<char*>(s.c_str()));
  }
  static double text_width(const std::string& s, double scale = 1.5) {
    return scale * stb_easy_font_width(const_cast<char*>(s.c_str()));
  }
  RgbImage take() { return std::move(image_); }

 private:
  RgbImage image_;
};

std::vector<double> all_of(const PlotSpec& spec, bool x) {
  std::vector<double> values;
  for (const PlotSeries& s : spec.series)
    values.insert(values.end(), (x ? s.x : s.y).begin(), (x ? s.x : s.y).end());
  if (!x)
    for (const PlotReference& r : spec.references) values.push_back(r.y);
  return values;
}

bool plottable(double v, bool log) { return std::isfinite(v) && (!log || v > 0.0); }

}  // namespace

Axis x_axis(const PlotSpec& spec) { return make_axis(all_of(spec, true), spec.log_x); }
Axis y_axis(const PlotSpec& spec) { return make_axis(all_of(spec, false), spec.log_y); }

void series_colour(int k, unsigned char rgb[3]) {
  static const unsigned char palette[8][3] = {{214, 39, 40},   {31, 119, 180},  {44, 160, 44},
                                              {255, 127, 14},  {148, 103, 189}, {140, 86, 75},
                                              {227, 119, 194}, {23, 190, 207}};
  for (int c = 0; c < 3; ++c) rgb[c] = palette[k % 8][c];
}

RgbImage render_plot(const PlotSpec& spec, const PlotLayout& l) {
  Canvas canvas(l.width, l.height);
  const Axis ax = x_axis(spec), ay = y_axis(spec);
  const double x0 = l.left, x1 = l.width - l.right, y0 = l.height - l.bottom, y1 = l.top;  // y up
  const auto px = [&](double v) { return x0 + ax.fraction(v) * (x1 - x0); };
  const auto py = [&](double v) { return y0 + ay.fraction(v) * (y1 - y0); };

  for (const double t : ax.ticks) {
    canvas.line(px(t), y0, px(t), y1, kGrid);
    const std::string s = ax.label(t);
    canvas.text(px(t) - 0.5 * Canvas::text_width(s), y0 + 8, s, kInk);
  }
  for (const double t : ay.ticks) {
    canvas.line(x0, py(t), x1, py(t), kGrid);
    const std::string s = ay.label(t);
    canvas.text(x0 - 8 - Canvas::text_width(s), py(t) - 5, s, kInk);
  }
  canvas.line(x0, y0, x1, y0, kFrame);
  canvas.line(x0, y1, x1, y1, kFrame);
  canvas.line(x0, y0, x0, y1, kFrame);
  canvas.line(x1, y0, x1, y1, kFrame);
  canvas.text(0.5 * (x0 + x1) - 0.5 * Canvas::text_width(spec.x_label), l.height - 30, spec.x_label, kInk);
  canvas.text(8, 28, spec.y_label, kInk);
  canvas.text(0.5 * l.width - 0.5 * Canvas::text_width(spec.title, 2.0), 8, spec.title, kInk, 2.0);

  for (const PlotReference& r : spec.references) {
    if (!plottable(r.y, spec.log_y)) continue;
    canvas.line(x0, py(r.y), x1, py(r.y), kInk, 1, 6);
    canvas.text(x0 + 6, py(r.y) - 14, r.label, kInk);
  }
  for (size_t k = 0; k < spec.series.size(); ++k) {
    const PlotSeries& s = spec.series[k];
    unsigned char c[3];
    series_colour(int(k), c);
    for (size_t i = 1; i < std::min(s.x.size(), s.y.size()); ++i)
      if (plottable(s.x[i - 1], spec.log_x) && plottable(s.x[i], spec.log_x) &&
          plottable(s.y[i - 1], spec.log_y) && plottable(s.y[i], spec.log_y))
        canvas.line(px(s.x[i - 1]), py(s.y[i - 1]), px(s.x[i]), py(s.y[i]), {c[0], c[1], c[2]}, 2);
    if (s.x.size() <= kMarkedPoints)  // few points (a sweep): each marked
      for (size_t i = 0; i < std::min(s.x.size(), s.y.size()); ++i)
        if (plottable(s.x[i], spec.log_x) && plottable(s.y[i], spec.log_y))
          canvas.rect(px(s.x[i]) - 3, py(s.y[i]) - 3, px(s.x[i]) + 4, py(s.y[i]) + 4, {c[0], c[1], c[2]});
  }

  // The legend, top right inside the plot area.
  double widest = 0.0;
  for (const PlotSeries& s : spec.series) widest = std::max(widest, Canvas::text_width(s.label));
  if (!spec.series.empty()) {
    const double lx = x1 - widest - 48, ly = y1 + 10, row = 18;
    canvas.rect(lx - 8, ly - 6, x1 - 8, ly + row * double(spec.series.size()) + 2, kWhite);
    for (size_t k = 0; k < spec.series.size(); ++k) {
      unsigned char c[3];
      series_colour(int(k), c);
      const double y = ly + row * double(k);
      canvas.rect(lx, y + 4, lx + 24, y + 8, {c[0], c[1], c[2]});
      canvas.text(lx + 32, y, spec.series[k].label, kInk);
    }
  }
  return canvas.take();
}

}  // namespace render
