// The rigid family's settings (RigidFamily::Options), as entries of the settings table
// (settings/setting_spec.h): which body stepper moves the bodies — Müller et al. 2020's XPBD, or the
// velocity-level projected Gauss-Seidel and direct solvers Giles & Andrews 2024 ran Algorithm 1 on (§4), or
// any other registered (steppers/body_stepper.h) — and the velocity-level steppers' own.
#pragma once

#include <string>
#include <vector>

#include "families/rigid/steppers/body_stepper.h"
#include "settings/setting_spec.h"

namespace sim {
inline namespace SIM_PRECISION {

// rigid_solver's choices: every registered body stepper by its name.
inline std::vector<ParamChoice> body_stepper_choices() {
  std::vector<ParamChoice> choices;
  for (const BodyStepperEntry& e : body_steppers()) choices.push_back({e.name, e.id});
  return choices;
}

template <class Options>
std::vector<SettingSpec<Options>> rigid_options() {
  using T = ParamType;
  using W = Widget;
  // Where each option does anything (SettingSpec::relevant): the host steppers' own, the pivots the direct's.
  const auto velocity_level = [](const Options& o) { return body_stepper(o.rigid_solver).on_host(); };
  const auto direct = [](const Options& o) { return o.rigid_solver == RigidSolver::Direct; };
  std::string host_steppers;  // "with rigid_solver pgs or direct"
  for (const BodyStepperEntry& e : body_steppers())
    if (e.on_host()) host_steppers += (host_steppers.empty() ? "with rigid_solver " : " or ") + e.name;
  return {
      setting(
          &Options::rigid_solver,
          {"rigid_solver",
           T::Choice,
           0,
           0,
           0,
           "",
           "what moves the rigid bodies: XPBD on poses (Mueller et al. 2020), or on velocities projected "
           "Gauss-Seidel or the direct solver (LDLT + block principal pivoting), as Giles & Andrews 2024 ran "
           "(CPU only)",
           false,
           body_stepper_choices(),
           W::Combo}),
      only_when(setting(&Options::rigid_iterations,
              {"rigid_iterations",
               T::Int,
               0,
               1,
               1000,
               "",
               "PGS sweeps a substep over the bodies' rows (the paper: 25); also a direct fallback's",
               false,
               {},
               W::Slider}), velocity_level, host_steppers),
      only_when(setting(&Options::baumgarte,
              {"baumgarte",
               T::Real,
               0,
               0.0,
               1.0,
               "",
               "beta: the share of a joint's or overlap's error the next velocity solve removes (Eq. 3: 1)",
               false,
               {},
               W::Slider}), velocity_level, host_steppers),
      only_when(setting(&Options::pivot_steps,
              {"pivot_steps",
               T::Int,
               0,
               1,
               1000,
               "",
               "block principal pivoting steps an island before the direct solver falls back to PGS (the "
               "paper: 20)",
               false,
               {},
               W::Slider}), direct, "with rigid_solver direct"),
      only_when(setting(&Options::warm_start,
              {"warm_start",
               T::Bool,
               0,
               0,
               1,
               "",
               "start PGS and the pivoting from the last substep's impulses (scaled by h/h_prev)",
               false,
               {},
               W::Checkbox}), velocity_level, host_steppers),
  };
}

}  // namespace SIM_PRECISION
}  // namespace sim
