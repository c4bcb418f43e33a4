// One ImGui widget per parameter of a table (sliders clamped to the declared range, logarithmic where
// it spans decades; checkboxes; combos), with the unit and help text shown. Used for the solver
// settings and for every scene's parameters.
#pragma once

#include <functional>
#include <initializer_list>

#include "params/param.h"

namespace app {

struct ParamEdit {
  bool changed = false;  // some value changed
  bool rebuild = false;  // ... and one of them needs the scene rebuilt
};

// Widgets for the parameters of params that `shown` accepts (all when it is empty).
ParamEdit edit_params(sim::ParamSet& params, const std::function<bool(const sim::ParamSpec&)>& shown = {});

// The width a panel keeps right of its widgets for their labels [px]: the widest label of the solver
// settings, of every scene's parameters and of `more`, so that none is cut off.
float label_column(std::initializer_list<const char*> more);

}  // namespace app
