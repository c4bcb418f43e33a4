#include "settings/settings.h"

#include <algorithm>
#include <cstdio>

#include "core/quantity_format.h"

namespace sim {
inline namespace SIM_PRECISION {

namespace {

std::vector<ParamChoice> integrator_choices() {
  std::vector<ParamChoice> choices;
  for (const IntegratorInfo& i : kIntegrators) choices.push_back({i.name, i.id});
  return choices;
}

}  // namespace

std::vector<SettingSpec<SolverSettings>> solver_setting_specs() {
  using S = SolverSettings;
  using T = ParamType;
  using W = Widget;
  // Where each setting does anything (SettingSpec::relevant: the viewer shows only those).
  const auto xpbd = [](const S& s) { return s.integrator == Integrator::Xpbd; };
  const auto implicit_euler = [](const S& s) { return s.integrator == Integrator::ImplicitEuler; };
  const auto implicit_jacobi = [](const S& s) {
    return s.integrator == Integrator::ImplicitEuler && s.linear_solver == LinearSolver::Jacobi;
  };
  const auto xpbd_jacobi = [](const S& s) {
    return s.integrator == Integrator::Xpbd && s.order == SolverOrder::Jacobi;
  };
  const auto adaptive_on = [](const S& s) { return active_stabilization(s) != Stabilization::Off; };
  const auto adaptive_steps = [](const S& s) { return adaptive_chooses_substeps(s); };
  const auto residual_term = [](const S& s) {
    return active_stabilization(s) == Stabilization::Residual || active_stabilization(s) == Stabilization::Hybrid;
  };
  return {
      setting(&S::integrator,
              {"integrator", T::Choice, 0, 0, 0, "",
               "time integration: xpbd (Algorithm 1) or a force-based scheme (Teschner's lectures), "
               "one step per substep",
               false, integrator_choices(), W::Combo}),
      setting(&S::substeps,
              {"substeps",
               T::Int,
               0,
               1,
               1000,
               "",
               "n: substeps per frame, Δt_s = Δt_f / n (Eq. 6); steps per frame of a force-based "
               "integrator",
               false,
               {},
               W::LogSlider}),
      only_when(setting(&S::iterations, {"iterations",
                               T::Int,
                               0,
                               1,
                               1000,
                               "",
                               "k: constraint iterations per substep",
                               false,
                               {},
                               W::LogSlider}), xpbd, "with integrator xpbd"),
      only_when(setting(&S::newton_iterations, {"newton_iterations",
                                      T::Int,
                                      0,
                                      1,
                                      100,
                                      "",
                                      "implicit_euler: Newton steps per substep (1: linearly implicit)",
                                      false,
                                      {},
                                      W::Slider}), implicit_euler, "with integrator implicit_euler"),
      only_when(setting(&S::linear_solver,
              {"linear_solver",
               T::Choice,
               0,
               0,
               0,
               "",
               "implicit_euler: the linear solve, conjugate gradients (Jacobi-preconditioned) or "
               "Jacobi with ω",
               false,
               {{"pcg", LinearSolver::Pcg}, {"jacobi", LinearSolver::Jacobi}},
               W::Combo}), implicit_euler, "with integrator implicit_euler"),
      only_when(setting(&S::linear_iterations,
              {"linear_iterations",
               T::Int,
               0,
               1,
               10000,
               "",
               "implicit_euler: at most this many linear-solver iterations per Newton step",
               false,
               {},
               W::LogSlider}), implicit_euler, "with integrator implicit_euler"),
      only_when(setting(&S::linear_omega, {"linear_omega",
                                 T::Real,
                                 0,
                                 0.05,
                                 2.0,
                                 "",
                                 "implicit_euler, jacobi: ω of dx += ω D^-1 (r - A dx); it diverges above "
                                 "2/λ_max(D^-1 A), often near 1",
                                 false,
                                 {},
                                 W::Slider}), implicit_jacobi, "with integrator implicit_euler and linear_solver jacobi"),
      only_when(setting(&S::order, {"solver",
                          T::Choice,
                          0,
                          0,
                          0,
                          "",
                          "constraint order: Gauss-Seidel over colours, or Jacobi",
                          false,
                          {{"gs", SolverOrder::GaussSeidel}, {"jacobi", SolverOrder::Jacobi}},
                          W::Combo}), xpbd, "with integrator xpbd"),
      only_when(setting(&S::jacobi_omega, {"jacobi_omega",
                                 T::Real,
                                 0,
                                 0.05,
                                 2.0,
                                 "",
                                 "ω: Jacobi relaxation of averaged corrections",
                                 false,
                                 {},
                                 W::Slider}), xpbd_jacobi, "with integrator xpbd and solver jacobi"),
      setting(&S::frame_dt, {"frame_dt",
                             T::Real,
                             0,
                             1e-4,
                             0.1,
                             "s",
                             "Δt_f: simulated time per frame",
                             false,
                             {},
                             W::LogSlider}),
      setting(&S::damping, {"damping",
                            T::Real,
                            0,
                            0.0,
                            100.0,
                            "1/s",
                            "d: velocity damping, |v| decays as exp(-d t)",
                            false,
                            {},
                            W::Slider}),
      setting(&S::gravity_scale, {"gravity_scale",
                                  T::Real,
                                  0,
                                  0.0,
                                  10.0,
                                  "",
                                  "multiplies the scene's gravity",
                                  false,
                                  {},
                                  W::Slider}),
      setting(&S::contact_detection,
              {"contact_detection",
               T::Choice,
               0,
               0,
               0,
               "",
               "find contacts once per frame (Small Steps 4.2) or before every substep",
               false,
               {{"frame", ContactDetection::PerFrame}, {"substep", ContactDetection::PerSubstep}},
               W::Combo}),
      only_when(setting(&S::adaptive,
              {"adaptive",
               T::Choice,
               0,
               0,
               0,
               "",
               "n from the geometric stiffness (Giles & Andrews 2024), xpbd: off (fixed n), substeps "
               "(Algorithm 1 as printed: n = ceil(dt_f / h_bar) each frame), damping (fixed n, Andrews 2017 "
               "Eq. 6), hybrid (residual's n up to max_substeps, damping beyond), residual (Algorithm 1's n "
               "or the one that holds the solver's residual at adaptive_tolerance, whichever is larger)",
               false,
               {{"off", Stabilization::Off},
                {"substeps", Stabilization::Substeps},
                {"damping", Stabilization::Damping},
                {"hybrid", Stabilization::Hybrid},
                {"residual", Stabilization::Residual}},
               W::Combo}), xpbd, "with integrator xpbd"),
      only_when(setting(&S::adaptive_alpha,
              {"adaptive_alpha",
               T::Real,
               0,
               0.001,
               1.0,
               "",
               "α of the stability criterion h^2 K_d / M <= 4 α (Eq. 5); n grows as 1/sqrt(α)",
               false,
               {},
               W::LogSlider}), adaptive_on, "with adaptive substeps, damping, hybrid or residual"),
      only_when(setting(&S::min_substeps, {"min_substeps",
                                 T::Int,
                                 0,
                                 1,
                                 1000,
                                 "",
                                 "N_min: fewest substeps an adaptive frame takes",
                                 false,
                                 {},
                                 W::LogSlider}), adaptive_steps, "with adaptive substeps, hybrid or residual"),
      only_when(setting(&S::max_substeps, {"max_substeps",
                                 T::Int,
                                 0,
                                 1,
                                 1000,
                                 "",
                                 "N_max: most substeps an adaptive frame takes",
                                 false,
                                 {},
                                 W::LogSlider}), adaptive_steps, "with adaptive substeps, hybrid or residual"),
      only_when(setting(&S::adaptive_release, {"adaptive_release",
                                     T::Real,
                                     0,
                                     0.0,
                                     1.0,
                                     "",
                                     "residual, hybrid: largest fraction N may fall by from one frame to the "
                                     "next, the hysteresis that lets N follow a load down over a swing (1: free)",
                                     false,
                                     {},
                                     W::Slider}), residual_term, "with adaptive residual or hybrid"),
      only_when(setting(&S::adaptive_tolerance, {"adaptive_tolerance",
                                       T::Real,
                                       0,
                                       0.001,
                                       1.0,
                                       "",
                                       "residual, hybrid: the residual n holds every failure measure to, as a "
                                       "fraction of its failure bound (joint separation, extension, density "
                                       "error...)",
                                       false,
                                       {},
                                       W::LogSlider}), residual_term, "with adaptive residual or hybrid"),
      only_when(setting(&S::substep_slew, {"substep_slew",
                                 T::Real,
                                 0,
                                 0.0,
                                 1.0,
                                 "",
                                 "beta: a change of n may add at most this share of the scene's energy scale "
                                 "a frame, through the energy the solver's residual holds (0: n changes at "
                                 "once)",
                                 false,
                                 {},
                                 W::LogSlider}), xpbd, "with integrator xpbd"),
      setting(&S::threads, {"threads",
                            T::Int,
                            0,
                            0,
                            256,
                            "",
                            "CPU threads: 0 adapts to the cores left free by other programs, N fixes them",
                            false,
                            {},
                            W::LogSlider}),
      setting(&S::cuda_launch,
              {"cuda_launch",
               T::Choice,
               0,
               0,
               0,
               "",
               "CUDA: a frame's stages as graphs of a kernel a stage (graph) or a launch a stage and a colour "
               "(plain); auto: graph, the fastest measured on every case",
               false,
               {{"auto", CudaLaunch::Auto},
                {"graph", CudaLaunch::Graph},
                {"plain", CudaLaunch::Plain}},
               W::Combo}),
  };
}

std::string describe(const SolverSettings& s) {
  char text[200];
  if (s.integrator == Integrator::ImplicitEuler) {
    std::snprintf(text, sizeof text, "%d step%s x %d Newton x %d %s, implicit Euler", s.substeps,
                  s.substeps == 1 ? "" : "s", s.newton_iterations, s.linear_iterations,
                  s.linear_solver == LinearSolver::Pcg ? "PCG" : "Jacobi");
    return text;
  }
  if (force_based(s.integrator)) {
    std::snprintf(text, sizeof text, "%d step%s, %s", s.substeps, s.substeps == 1 ? "" : "s",
                  info(s.integrator).label);
    return text;
  }
  const std::string alpha = format_number(s.adaptive_alpha);
  const int n_max = std::max(s.min_substeps, s.max_substeps);
  std::string steps;
  if (s.adaptive == Stabilization::Substeps)
    steps = "adaptive substeps (alpha " + alpha + format_text(", N %d-%d)", s.min_substeps, n_max);
  else if (s.adaptive == Stabilization::Residual)
    steps = "adaptive substeps + residual (alpha " + alpha + ", tol " + format_number(s.adaptive_tolerance) +
            format_text(", N %d-%d)", s.min_substeps, n_max);
  else if (s.adaptive == Stabilization::Hybrid)
    steps = format_text("adaptive substeps + residual up to %d, then damping (alpha ", n_max) + alpha + ")";
  else
    steps = format_text("%d substep%s%s", s.substeps, s.substeps == 1 ? "" : "s",
                        s.adaptive == Stabilization::Damping ? " + adaptive damping" : "");
  std::snprintf(text, sizeof text, "%s x %d iteration%s, XPBD, %s%s", steps.c_str(), s.iterations,
                s.iterations == 1 ? "" : "s", s.order == SolverOrder::GaussSeidel ? "Gauss-Seidel" : "Jacobi",
                s.contact_detection == ContactDetection::PerSubstep ? ", contacts every substep" : "");
  return text;
}

}  // namespace SIM_PRECISION
}  // namespace sim
