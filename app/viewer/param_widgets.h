// One ImGui widget per parameter of a table (sliders clamped to the declared range, logarithmic where
// it spans decades; checkboxes; combos), with the unit and help text shown. Used for the solver
// settings and for every scene's parameters.
#pragma once

#include "params/param.h"

namespace app {

struct ParamEdit {
  bool changed = false;  // some value changed
  bool rebuild = false;  // ... and one of them needs the scene rebuilt
};

ParamEdit edit_params(sim::ParamSet& params);

}  // namespace app
