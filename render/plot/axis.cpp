#include "render/plot/axis.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/quantity_format.h"

namespace render {

double Axis::fraction(double v) const {
  if (log) return (std::log10(v) - std::log10(lo)) / (std::log10(hi) - std::log10(lo));
  return (v - lo) / (hi - lo);
}

// In the one number format (sim/core/quantity_format.h): a log axis's decades as 10^k, a linear axis's ticks
// in fixed notation, grouped from 10,000 (below 10^-3, as k x 10^e); never e-notation.
std::string Axis::label(double v) const {
  const double magnitude = std::max(std::abs(lo), std::abs(hi));
  if (v == 0.0 || std::abs(v) < 1e-12 * magnitude) return "0";
  if (log) return "10^" + std::to_string(int(std::lround(std::log10(v))));
  if (magnitude >= 1e-3) return sim::format_number(v, 6);
  const int e = int(std::floor(std::log10(magnitude)));  // a small axis: its ticks as k x 10^e
  return sim::format_number(v / std::pow(10.0, e), 3) + "x10^" + std::to_string(e);
}

Axis make_axis(const std::vector<double>& values, bool log) {
  Axis a;
  a.log = log;
  double lo = HUGE_VAL, hi = -HUGE_VAL;
  for (const double v : values)
    if (std::isfinite(v) && (!log || v > 0.0)) {
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
  if (log) {
    if (!(lo <= hi)) lo = hi = 1.0;
    const int first = int(std::floor(std::log10(lo))),
              last = std::max(first + 1, int(std::ceil(std::log10(hi))));
    const int every = (last - first + 7) / 8;  // at most ~8 labelled decades
    a.lo = std::pow(10.0, first);
    a.hi = std::pow(10.0, last);
    for (int d = first; d <= last; d += every) a.ticks.push_back(std::pow(10.0, d));
    return a;
  }
  if (!(lo <= hi)) {
    lo = 0.0;
    hi = 1.0;
  }
  if (hi - lo <= 1e-12 * std::max(std::abs(lo), std::abs(hi))) {  // one value: a range around it
    const double pad = lo == 0.0 ? 1.0 : 0.1 * std::abs(lo);
    lo -= pad;
    hi += pad;
  }
  const double raw = (hi - lo) / 5.0, magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  double step = 10.0 * magnitude;
  for (const double m : {1.0, 2.0, 5.0})
    if (m * magnitude >= raw) {
      step = m * magnitude;
      break;
    }
  a.lo = std::floor(lo / step + 1e-9) * step;  // a value on a tick (up to rounding) ends the axis there
  a.hi = std::ceil(hi / step - 1e-9) * step;
  for (double t = a.lo; t <= a.hi + 0.5 * step; t += step)
    a.ticks.push_back(std::abs(t) < 0.5 * step * 1e-9 ? 0.0 : t);
  return a;
}

}  // namespace render
