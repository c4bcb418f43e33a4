// A frame's metrics in words, line by line, for the run summary (`smallsteps run`) and the viewer's Stats
// panel alike: each family says what it measured (families/family.h, report()), the common lines are
// metrics/common_metrics.h's. A line has a short key (the summary's left column) and its text; an alarm
// line reports a failure (drawn red in the viewer).
#pragma once

#include <string>
#include <vector>

#include "core/quantity_format.h"

namespace sim {
inline namespace SIM_PRECISION {

struct ReportLine {
  std::string key;  // "stretch", "contacts", ...
  std::string text;
  bool alarm = false;
};

using ReportLines = std::vector<ReportLine>;

// One family's part of the frame's residual line (issue 40 item 3): its constraints' largest error in the
// family's own measure, as the metrics file holds it — a length's |C + α̃λ| (Small Steps Eq. 2) in metres, a
// strain's [-], a relative error in %, a separation or a depth in metres.
struct ResidualPart {
  std::string name;  // what the family calls its constraints
  double value = 0.0;
  std::string unit;  // "m", "" (a fraction) or "%": value as shown, 0.14 with "%" for 0.14 %
  std::string text() const;  // "<name> 4.13 mm", "<name> 0.0091", "<name> 0.14 %"
};
using ResidualParts = std::vector<ResidualPart>;

// How many of something a Model holds (12,000 "constraints"), for the run summary and the metrics
// file's head; each family lists its own (families/family.h, add_sizes).
struct ModelSize {
  std::string key;    // the metrics file's name for it: "particles"
  std::string label;  // the summary's: "particles"
  int count = 0;
};

}  // namespace SIM_PRECISION
}  // namespace sim
