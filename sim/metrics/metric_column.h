// One per-frame metric as the CSV and JSON files carry it: its column name (the unit as a suffix: _m, _J,
// _N; none for a ratio or a count) and how to read it from a metrics struct. The common columns are
// metrics/common_metrics.h's, a family's are its own (families/family.h, columns()), and
// registry/frame_metrics.h puts them in one list for app/run/metrics_writer.cpp.
#pragma once

#include <functional>
#include <string>

namespace sim {
inline namespace SIM_PRECISION {

template <class Metrics>
struct MetricColumn {
  std::string name;
  std::function<double(const Metrics&)> value;
  bool integer = false;  // written without a fraction
};

}  // namespace SIM_PRECISION
}  // namespace sim
