// The caption burnt over a pane, in frames and recordings (issue 53 item 3): at most three lines at a
// scene's defaults, and a failure's after them. In full: the settings; the scene, the time, a frame's cost
// and backend and the real-time factor; what the scene's figure shows (Figure 8's joint separation, Figure
// 9's box, the N adaptive substepping chose) or the projections a frame. Compact, for a pane too narrow for
// that (each half of a 640 × 360 A/B video): the settings that tell it from the other pane, the time and a
// frame's cost (and the real-time factor, when given), the measure in short; the scene and the backend are
// in Stats and the window's title.
#pragma once

#include <string>
#include <vector>

#include "params/param.h"
#include "viewer/pane.h"

namespace app {

struct CaptionContext {
  std::string scene_name;
  std::string real_time;  // "0.98x real time"; empty: not shown
  bool compact = false;
  // Compact: what tells this pane from the other ("substeps=1, iterations=20"); empty (alone): the solver's
  // settings, without the options beyond them (rigid_solver=direct, ...).
  std::string differs;
};

std::vector<std::string> pane_caption(const Pane& pane, const CaptionContext& context);

// The settings of `of` whose values differ from `from`'s, as "name=value, ..." in the table's order.
std::string settings_differing(const sim::ParamSet& of, const sim::ParamSet& from);

}  // namespace app
