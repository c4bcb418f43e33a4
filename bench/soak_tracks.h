// What bench/soak.cpp follows over a long run besides the verdict's failure checks: for a scene meant to
// stand, the per-frame metric columns its SceneDef::holds name (HoldTrack: how far each rose past its value
// once the scene settled).
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
