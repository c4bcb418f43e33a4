// The Stats panel's lines about one pane (issue 53 item 2): the frame's cost and where it went,
// the stability line, the failure checks and each family's report, every number in the one format
// (sim/core/quantity_format.h). They are text first, so that a test reads what the panel shows.
#pragma once

#include <string>
#include <vector>

#include "viewer/pane.h"

namespace app {

struct StatsLine {
  enum class Tone { Plain, Engaged, Alarm, Passed };  // as drawn: normal, amber, red, grey
  std::string text;
  Tone tone = Tone::Plain;
};

// The lines of `pane` below its settings and divergence (which the panel shows with its Reset button).
std::vector<StatsLine> pane_stats_lines(const Pane& pane);

}  // namespace app
