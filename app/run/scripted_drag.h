// ScriptedDrag: a mouse drag a run plays by itself (issue 40 item 7), so that a recording shows the
// interaction the demo is built for: at simulated time t0 the left button goes down at (x0, y0), the cursor
// moves in a straight line to (x1, y1), reached at t1, where the button comes up. Positions are fractions of
// the (first) pane's width and height from its top left; the viewer feeds them to the same grab code as the
// mouse (app/viewer/viewer_input.cpp), which grabs the particle or body under the cursor.
#pragma once

#include <string>

namespace app {

struct ScriptedDrag {
  double t0 = 0.0, x0 = 0.0, y0 = 0.0;  // press: simulated time [s], position [-]
  double t1 = 0.0, x1 = 0.0, y1 = 0.0;  // release
};

// "T0 X0 Y0 T1 X1 Y1" (spaces or commas). Throws sim::ParamError naming `where` and the problem: not six
// finite numbers, a negative time, T1 not after T0, a position outside [0, 1].
ScriptedDrag parse_drag(const std::string& text, const std::string& where);
// The same six numbers as text, for presets written back.
std::string drag_text(const ScriptedDrag& d);

}  // namespace app
