// ScriptedDrag: a mouse drag a run plays by itself (issue 40 item 7; issue 53 item 1), so that a recording
// shows the interaction the demo is built for. Pressed at simulated time t0 and released at t1, it grips
//   View      the particle or body under (x0, y0), fractions of the (first) pane's width and height from its
//             top left, and moves the cursor in a straight line to (x1, y1): what it grips depends on the
//             camera's framing;
//   Particle  particle `index`;
//   Body      body `index` at its point `at` (body coordinates, its centre by default);
//   Point     whatever the cursor picks at the world point `at`, projected through the camera at t0;
// and moves the gripped point by `by` in world space over [t0, t1], whatever the framing: the viewer pulls
// it to anchor + s·by (s from 0 to 1) and draws the grab's mark from the held point to that target. The
// viewer feeds all of them to the grab the mouse uses (app/viewer/mouse_grab.h), so two drags may not
// overlap in time.
#pragma once

#include <array>
#include <string>

namespace app {

struct ScriptedDrag {
  enum class Grip { View, Particle, Body, Point };
  Grip grip = Grip::View;
  double t0 = 0.0, t1 = 0.0;                      // press and release, simulated [s]
  double x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0;  // View: the cursor's path [-]
  int index = -1;                                 // Particle, Body
  std::array<double, 3> at{};                     // Body: body coordinates; Point: world [m]
  std::array<double, 3> by{};                     // Particle, Body, Point: the gripped point's motion [m]
};

// One of
//   "T0 X0 Y0 T1 X1 Y1"
//   "particle I from T0 to T1 by DX DY DZ"
//   "body B [at LX LY LZ] from T0 to T1 by DX DY DZ"
//   "point X Y Z from T0 to T1 by DX DY DZ"
// (spaces or commas between words). Throws sim::ParamError naming `where` and the problem: a missing or
// unknown word, not a finite number or one beyond 10⁶ (s, m), a negative time, T1 not after T0, a view
// position outside [0, 1], an index not a whole number from 0, a motion of zero length.
ScriptedDrag parse_drag(const std::string& text, const std::string& where);
// The drag as text in the same form, each number the shortest that reads back the same, for presets
// written back.
std::string drag_text(const ScriptedDrag& d);

}  // namespace app
