#include "solver/settings.h"

namespace sim {

const std::vector<ParamSpec>& settings_table() {
  static const std::vector<ParamSpec> table = {
      {"substeps", ParamType::Int, 20, 1, 1000, "", "n: substeps per frame, Δt_s = Δt_f / n (Eq. 6)", false},
      {"iterations", ParamType::Int, 1, 1, 1000, "", "k: constraint iterations per substep", false},
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
  };
  return table;
}

ParamSet settings_to_params(const Settings& s) {
  ParamSet p("settings", settings_table());
  p.set("substeps", s.substeps);
  p.set("iterations", s.iterations);
  p.set("solver", s.order == SolverOrder::GaussSeidel ? 0 : 1);
  p.set("jacobi_omega", s.jacobi_omega);
  p.set("frame_dt", s.frame_dt);
  return p;
}

Settings settings_from_params(const ParamSet& p) {
  Settings s;
  s.substeps = p.get_int("substeps");
  s.iterations = p.get_int("iterations");
  s.order = p.get_int("solver") == 0 ? SolverOrder::GaussSeidel : SolverOrder::Jacobi;
  s.jacobi_omega = Real(p.get("jacobi_omega"));
  s.frame_dt = Real(p.get("frame_dt"));
  return s;
}

}  // namespace sim
