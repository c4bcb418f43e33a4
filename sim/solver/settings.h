// Settings: the numerical choices of one run, changeable between frames (Small Steps Algorithm 1):
// the frame step Δt_f is split into n substeps of Δt_s = Δt_f / n (Eq. 6), each running k iterations.
#pragma once

#include <string>
#include <vector>

#include "core/vec3.h"
#include "params/param.h"

namespace sim {

enum class SolverOrder {
  GaussSeidel,  // colours one after another, each colour in parallel
  Jacobi,       // all constraints at once, averaged corrections relaxed by ω
};

struct Settings {
  int substeps = 20;   // n [-], 1..1000
  int iterations = 1;  // k [-], 1..1000
  SolverOrder order = SolverOrder::GaussSeidel;
  Real jacobi_omega = 1.0;   // ω [-], Jacobi relaxation
  Real frame_dt = 1.0 / 60;  // Δt_f [s]

  Real substep_dt() const { return frame_dt / Real(substeps); }
};

// The table that drives --substeps/--iterations/..., the presets' "settings" object and the UI.
const std::vector<ParamSpec>& settings_table();
ParamSet settings_to_params(const Settings& s);
Settings settings_from_params(const ParamSet& p);

}  // namespace sim
