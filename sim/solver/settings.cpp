#include "solver/settings.h"

#include <algorithm>
#include <cstdio>

namespace sim {

namespace {

std::vector<std::string> integrator_names() {
  std::vector<std::string> names;
  for (const IntegratorInfo& i : kIntegrators) names.push_back(i.name);
  return names;
}

}  // namespace

const std::vector<ParamSpec>& settings_table() {
  static const std::vector<ParamSpec> table = {
      {"integrator", ParamType::Choice, 0, 0, 0, "",
       "time integration: xpbd (Algorithm 1) or a force-based scheme (Teschner's lectures), one step per "
       "substep",
       false, integrator_names()},
      {"substeps", ParamType::Int, 20, 1, 1000, "",
       "n: substeps per frame, Δt_s = Δt_f / n (Eq. 6); steps per frame of a force-based integrator", false},
      {"iterations", ParamType::Int, 1, 1, 1000, "", "k: constraint iterations per substep", false},
      {"newton_iterations", ParamType::Int, 1, 1, 100, "",
       "implicit_euler: Newton steps per substep (1: linearly implicit)", false},
      {"linear_solver",
       ParamType::Choice,
       0,
       0,
       0,
       "",
       "implicit_euler: the linear solve, conjugate gradients (Jacobi-preconditioned) or Jacobi with ω",
       false,
       {"pcg", "jacobi"}},
      {"linear_iterations", ParamType::Int, 100, 1, 10000, "",
       "implicit_euler: at most this many linear-solver iterations per Newton step", false},
      {"linear_omega", ParamType::Real, 0.5, 0.05, 2.0, "",
       "implicit_euler, jacobi: ω of dx += ω D^-1 (r - A dx); it diverges above 2/λ_max(D^-1 A), often near "
       "1",
       false},
      {"solver",
       ParamType::Choice,
       0,
       0,
       0,
       "",
       "constraint order: Gauss-Seidel over colours, or Jacobi",
       false,
       {"gs", "jacobi"}},
      {"jacobi_omega", ParamType::Real, 1.0, 0.05, 2.0, "", "ω: Jacobi relaxation of averaged corrections",
       false},
      {"frame_dt", ParamType::Real, 1.0 / 60, 1e-4, 0.1, "s", "Δt_f: simulated time per frame", false},
      {"damping", ParamType::Real, 0.0, 0.0, 100.0, "1/s", "d: velocity damping, |v| decays as exp(-d t)",
       false},
      {"gravity_scale", ParamType::Real, 1.0, 0.0, 10.0, "", "multiplies the scene's gravity", false},
      {"contact_detection",
       ParamType::Choice,
       0,
       0,
       0,
       "",
       "find contacts once per frame (Small Steps 4.2) or before every substep",
       false,
       {"frame", "substep"}},
      {"adaptive",
       ParamType::Choice,
       0,
       0,
       0,
       "",
       "stabilisation from the geometric stiffness (Giles & Andrews 2024), xpbd: off (fixed n), substeps "
       "(n = ceil(dt_f / h_bar) each frame), damping (fixed n, Andrews 2017 Eq. 6), hybrid (substeps up to "
       "max_substeps, damping beyond)",
       false,
       {"off", "substeps", "damping", "hybrid"}},
      {"adaptive_alpha", ParamType::Real, 0.1, 0.001, 1.0, "",
       "α of the stability criterion h^2 K_d / M <= 4 α (Eq. 5); n grows as 1/sqrt(α)", false},
      {"min_substeps", ParamType::Int, 1, 1, 1000, "", "N_min: fewest substeps an adaptive frame takes", false},
      {"max_substeps", ParamType::Int, 200, 1, 1000, "", "N_max: most substeps an adaptive frame takes", false},
      {"adaptive_release", ParamType::Real, 0.02, 0.0, 1.0, "",
       "largest fraction N may fall by from one frame to the next (1: free, as Algorithm 1)", false},
      {"threads", ParamType::Int, 0, 0, 256, "",
       "CPU threads: 0 adapts to the cores left free by other programs, N fixes them", false},
  };
  return table;
}

ParamSet settings_to_params(const Settings& s) {
  ParamSet p("settings", settings_table());
  p.set("integrator", int(s.integrator));
  p.set("substeps", s.substeps);
  p.set("newton_iterations", s.newton_iterations);
  p.set("linear_solver", s.linear_solver == LinearSolver::Pcg ? 0 : 1);
  p.set("linear_iterations", s.linear_iterations);
  p.set("linear_omega", s.linear_omega);
  p.set("iterations", s.iterations);
  p.set("solver", s.order == SolverOrder::GaussSeidel ? 0 : 1);
  p.set("jacobi_omega", s.jacobi_omega);
  p.set("frame_dt", s.frame_dt);
  p.set("damping", s.damping);
  p.set("gravity_scale", s.gravity_scale);
  p.set("contact_detection", s.contact_detection == ContactDetection::PerFrame ? 0 : 1);
  p.set("adaptive", int(s.adaptive));
  p.set("adaptive_alpha", s.adaptive_alpha);
  p.set("min_substeps", s.min_substeps);
  p.set("max_substeps", s.max_substeps);
  p.set("adaptive_release", s.adaptive_release);
  p.set("threads", s.threads);
  return p;
}

Settings settings_from_params(const ParamSet& p) {
  Settings s;
  s.integrator = Integrator(p.get_int("integrator"));
  s.substeps = p.get_int("substeps");
  s.newton_iterations = p.get_int("newton_iterations");
  s.linear_solver = p.get_int("linear_solver") == 0 ? LinearSolver::Pcg : LinearSolver::Jacobi;
  s.linear_iterations = p.get_int("linear_iterations");
  s.linear_omega = Real(p.get("linear_omega"));
  s.iterations = p.get_int("iterations");
  s.order = p.get_int("solver") == 0 ? SolverOrder::GaussSeidel : SolverOrder::Jacobi;
  s.jacobi_omega = Real(p.get("jacobi_omega"));
  s.frame_dt = Real(p.get("frame_dt"));
  s.damping = Real(p.get("damping"));
  s.gravity_scale = Real(p.get("gravity_scale"));
  s.contact_detection = p.get_int("contact_detection") == 0 ? ContactDetection::PerFrame : ContactDetection::PerSubstep;
  s.adaptive = Stabilization(p.get_int("adaptive"));
  s.adaptive_alpha = Real(p.get("adaptive_alpha"));
  s.min_substeps = p.get_int("min_substeps");
  s.max_substeps = p.get_int("max_substeps");
  s.adaptive_release = Real(p.get("adaptive_release"));
  s.threads = p.get_int("threads");
  return s;
}

std::string describe(const Settings& s) {
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
  char steps[96];
  if (s.adaptive == Stabilization::Substeps)
    std::snprintf(steps, sizeof steps, "adaptive substeps (alpha %.3g, N %d-%d)", s.adaptive_alpha,
                  s.min_substeps, std::max(s.min_substeps, s.max_substeps));
  else if (s.adaptive == Stabilization::Hybrid)
    std::snprintf(steps, sizeof steps, "adaptive substeps up to %d, then damping (alpha %.3g)",
                  std::max(s.min_substeps, s.max_substeps), s.adaptive_alpha);
  else
    std::snprintf(steps, sizeof steps, "%d substep%s%s", s.substeps, s.substeps == 1 ? "" : "s",
                  s.adaptive == Stabilization::Damping ? " + adaptive damping" : "");
  std::snprintf(text, sizeof text, "%s x %d iteration%s, XPBD, %s%s", steps, s.iterations,
                s.iterations == 1 ? "" : "s",
                s.order == SolverOrder::GaussSeidel ? "Gauss-Seidel" : "Jacobi",
                s.contact_detection == ContactDetection::PerSubstep ? ", contacts every substep" : "");
  return text;
}

}  // namespace sim
