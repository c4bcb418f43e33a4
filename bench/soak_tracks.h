// What bench/soak.cpp follows over a long run: the energy E = kinetic + gravitational (EnergyTrack: its
// extremes and its mean over each tenth of the run, Small Steps Figure 6's "system energy") and, for a scene
// meant to stand, the per-frame metric columns its SceneDef::holds name (HoldTrack: how far each rose past
// its value once the scene settled).
#pragma once

#include <algorithm>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "registry/frame_metrics.h"
#include "scenes/scene.h"

namespace bench {

using json = nlohmann::ordered_json;

constexpr int kWindows = 10;

// E over a run of a known number of frames: its extremes and its mean over each tenth of the run, with
// the uncertainty of that mean. A tenth that is not a whole number of swings has a mean off the swings' by
// up to the part of a swing left over: with E swinging by S within the tenth and crossing its mean n times
// (n/2 periods of P in the tenth's T), at most S P / (2T) = S / n. The beam of Figure 7 (fem_beam, 60 s
// under Gauss-Seidel) swings its K + U_g by 9 to 15 kJ with a period of 1.45 s, and its tenths' means
// scattered by ±250 J about a decay from 80.7 to 79.9 kJ: its last tenth was 243 J above the ninth, which
// the old test (1 % of the 15.3 kJ released) called growth, while E never came back to E(0).
class EnergyTrack {
 public:
  EnergyTrack(double e0, int frames) : e0_(e0), min_(e0), max_(e0), frames_(frames) {}

  void add(int frame_index, double e) {  // frame_index counts from 0
    min_ = std::min(min_, e);
    if (e > max_) {
      max_ = e;
      max_frame_ = frame_index;
    }
    samples_.push_back(e);
  }
  double gain() const { return max_ - e0_; }
  double released() const { return e0_ - min_; }

  struct Window {
    double mean = 0.0;         // [J]
    double uncertainty = 0.0;  // S / n [J]
  };
  // The last tenth's mean minus the lowest tenth's mean, and the sum of the two means' uncertainties; only
  // over complete runs.
  std::optional<std::pair<double, double>> window_rise() const {
    if (int(samples_.size()) < frames_ || frames_ < kWindows) return std::nullopt;
    const std::vector<Window> w = windows();
    const auto lowest = std::min_element(w.begin(), w.end(), [](const Window& a, const Window& b) {
      return a.mean < b.mean;
    });
    return std::make_pair(w.back().mean - lowest->mean, w.back().uncertainty + lowest->uncertainty);
  }
  json to_json(bool windowed) const {
    const auto rise = windowed ? window_rise() : std::nullopt;
    return {{"initial_J", e0_},
            {"min_J", min_},
            {"max_J", max_},
            {"max_frame", max_frame_},
            {"gain_J", gain()},
            {"window_rise_J", rise ? json(rise->first) : json(nullptr)},
            {"window_uncertainty_J", rise ? json(rise->second) : json(nullptr)},
            {"released_J", released()}};
  }

 private:
  std::vector<Window> windows() const {
    std::vector<Window> out;
    for (int k = 0; k < kWindows; ++k) {
      const auto first = samples_.begin() + int64_t(k) * frames_ / kWindows;
      const auto last = samples_.begin() + int64_t(k + 1) * frames_ / kWindows;
      double sum = 0.0;
      for (auto it = first; it != last; ++it) sum += *it;
      const double mean = sum / double(last - first);
      int crossings = 0;
      for (auto it = first + 1; it < last; ++it) crossings += (*(it - 1) < mean) != (*it < mean);
      const auto [lo, hi] = std::minmax_element(first, last);
      out.push_back({mean, (*hi - *lo) / std::max(crossings, 1)});
    }
    return out;
  }

  double e0_, min_, max_;
  int frames_;
  int max_frame_ = -1;  // the frame E peaked at (from 0; -1: never above E(0))
  std::vector<double> samples_;  // E of each frame [J]
};

// A scene's holds over a run: each column's value at the first frame at or past kSettleSeconds (the contacts'
// resting overlap is in it, not a collapse: the box on the crib under Jacobi sits 1.4 mm lower from its first
// second on, and stays there), then the most it rose past that. A hold is broken when the rise passes its
// bound. Runs shorter than kSettleSeconds measure from the start.
class HoldTrack {
 public:
  static constexpr double kSettleSeconds = 1.0;  // [s]

  HoldTrack(const std::vector<sim::SceneDef::Hold>& holds, double run_seconds)
      : holds_(holds), settle_(std::min(kSettleSeconds, 0.5 * run_seconds)) {
    for (const sim::SceneDef::Hold& h : holds_) {
      const auto& columns = sim::metric_columns();
      const auto it = std::find_if(columns.begin(), columns.end(), [&](const auto& c) { return c.name == h.column; });
      if (it == columns.end()) throw std::runtime_error("hold: no metric column '" + h.column + "'");
      columns_.push_back(&*it);
    }
    settled_.resize(holds_.size());
    rise_.assign(holds_.size(), 0.0);
  }

  void observe(double t, const sim::FrameMetrics& m) {  // t: simulated time at the end of the frame [s]
    for (size_t k = 0; k < holds_.size(); ++k) {
      const double v = columns_[k]->value(m);
      if (!settled_[k]) {
        if (t + 1e-9 < settle_) continue;
        settled_[k] = v;
      }
      rise_[k] = std::max(rise_[k], v - *settled_[k]);
    }
  }
  bool broken() const {
    for (size_t k = 0; k < holds_.size(); ++k)
      if (rise_[k] > holds_[k].bound) return true;
    return false;
  }
  json to_json() const {
    json out = json::array();
    for (size_t k = 0; k < holds_.size(); ++k)
      out.push_back({{"column", holds_[k].column},
                     {"what", holds_[k].what},
                     {"settled_at_s", settle_},
                     {"settled_value", settled_[k] ? json(*settled_[k]) : json(nullptr)},
                     {"rise", rise_[k]},
                     {"bound", holds_[k].bound},
                     {"broken", rise_[k] > holds_[k].bound}});
    return out;
  }

 private:
  std::vector<sim::SceneDef::Hold> holds_;
  double settle_;  // [s]
  std::vector<const sim::MetricColumn<sim::FrameMetrics>*> columns_;
  std::vector<std::optional<double>> settled_;
  std::vector<double> rise_;
};

}  // namespace bench
