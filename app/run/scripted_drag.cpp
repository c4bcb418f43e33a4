#include "run/scripted_drag.h"

#include <cmath>
#include <cstdio>
#include <sstream>
#include <vector>

#include "params/decimal.h"
#include "params/param.h"
#include "params/quoted.h"

namespace app {

ScriptedDrag parse_drag(const std::string& text, const std::string& where) {
  const std::string culprit = where + " " + sim::in_quotes(text);
  std::string spaced = text;
  for (char& c : spaced)
    if (c == ',') c = ' ';
  std::istringstream in(spaced);
  std::vector<double> v;
  std::string word;
  in.imbue(std::locale::classic());
  while (in >> word) {
    const std::optional<double> x = sim::finite_decimal(word);
    if (!x) throw sim::ParamError(culprit + ": " + sim::in_quotes(word) + " is not a finite number");
    v.push_back(*x);
  }
  if (v.size() != 6)
    throw sim::ParamError(culprit + ": expected six numbers, T0 X0 Y0 T1 X1 Y1 (times in s, positions as "
                          "fractions of the view from its top left), got " + std::to_string(v.size()));
  const ScriptedDrag d{v[0], v[1], v[2], v[3], v[4], v[5]};
  if (d.t0 < 0.0) throw sim::ParamError(culprit + ": the press time T0 is negative");
  if (!(d.t1 > d.t0)) throw sim::ParamError(culprit + ": the release time T1 must come after T0");
  for (const double p : {d.x0, d.y0, d.x1, d.y1})
    if (p < 0.0 || p > 1.0)
      throw sim::ParamError(culprit + ": positions are fractions of the view, in [0, 1]");
  return d;
}

std::string drag_text(const ScriptedDrag& d) {
  char text[160];
  std::snprintf(text, sizeof text, "%.6g %.6g %.6g %.6g %.6g %.6g", d.t0, d.x0, d.y0, d.t1, d.x1, d.y1);
  return text;
}

}  // namespace app
