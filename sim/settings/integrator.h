// The time integration schemes of the Integrator menu: XPBD (Small Steps Algorithm 1) and the classical
// force-based family of Teschner's particle-motion lectures ("Particle Motion" 1-3), each stepping ẋ = v,
// v̇ = a(x, v) with
//   a = g + M⁻¹ f(x) − d v,   f = −∇U,  U = Σ C²/(2α)  (constraints/energy.h),
// once per substep (the substep count is the number of steps per frame). The table gives what the menu,
// the CLI, the experiments and the tests need to know of each: its name, how many accelerations one step
// evaluates, the order of its global position error, and whether it keeps the energy of an undamped
// oscillator bounded (symplectic).
#pragma once

#include <array>

namespace sim {
inline namespace SIM_PRECISION {

enum class Integrator {
  Xpbd,               // Small Steps Algorithm 1
  ExplicitEuler,      // x += h v, v += h a(x, v)
  SemiImplicitEuler,  // v += h a(x, v), x += h v⁺ (Euler-Cromer, symplectic)
  Midpoint,           // RK2, a at t + h/2
  Heun,               // RK2, the mean of a at t and t + h
  Ralston,            // RK2, a at t and t + 2h/3 weighted 1/4, 3/4
  Rk4,                // classic fourth-order Runge-Kutta
  Rk38,               // fourth-order Runge-Kutta, Kutta's 3/8 rule
  PositionVerlet,     // x⁺ = 2x − x⁻ + h² a (Störmer-Verlet)
  VelocityVerlet,     // x⁺ = x + h v + h²a/2, v⁺ = v + h (a + a⁺)/2
  LeapFrog,           // v^{n+1/2} = v^{n−1/2} + h a, x⁺ = x + h v^{n+1/2}
  Beeman,             // x⁺ = x + h v + h² (2a/3 − a⁻/6), v⁺ = v + h (5a⁺/12 + 2a/3 − a⁻/12)
  AdamsPc,            // Adams-Bashforth 2 predictor, Adams-Moulton 2 corrector
  Gear,               // Gear's six-value predictor-corrector on the Nordsieck vector
  ImplicitEuler,      // backward Euler, (M + h² K) Δv = h f: Newton with PCG or Jacobi
                      // (solver/force/newton_pcg.h)
};

struct IntegratorInfo {
  Integrator id;
  const char* name;   // the CLI and preset spelling
  const char* label;  // the menu's
  int evaluations;    // accelerations (force passes) per step, start-up aside; 0: not a fixed count (XPBD
                      // projects, implicit Euler's passes follow its linear solve)
  int order;          // global order of the position error on a harmonic oscillator; 0: not applicable
  bool symplectic;    // bounded energy on an undamped oscillator below its stability limit
  // ω h [-] of the springs that zero-compliance constraints, attachments and the grab become
  // (constraints/energy.h, κ = (ω h)²): per spring, inside the scheme's stability limit with up to ~16 on a
  // particle (ω h ≤ 2 for semi-implicit Euler and the Verlet family), small enough that damping d ≥ 3/s holds
  // it under explicit Euler (|1 + iωh|² = 1.0025 a step) and RK2 (1 + (ωh)⁴/4), and 100 for implicit Euler.
  double hard_omega_h;
  double hard_stiffness() const { return hard_omega_h * hard_omega_h; }  // κ [-]
};

// In the order of the enum.
inline constexpr std::array<IntegratorInfo, 15> kIntegrators = {{
    {Integrator::Xpbd, "xpbd", "XPBD (Small Steps)", 0, 0, false, 0.0},
    {Integrator::ExplicitEuler, "explicit_euler", "explicit Euler", 1, 1, false, 0.05},
    {Integrator::SemiImplicitEuler, "semi_implicit_euler", "semi-implicit Euler", 1, 1, true, 0.5},
    {Integrator::Midpoint, "midpoint", "RK2 midpoint", 2, 2, false, 0.1},
    {Integrator::Heun, "heun", "RK2 Heun", 2, 2, false, 0.1},
    {Integrator::Ralston, "ralston", "RK2 Ralston", 2, 2, false, 0.1},
    {Integrator::Rk4, "rk4", "RK4 classic", 4, 4, false, 0.5},
    {Integrator::Rk38, "rk38", "RK4 3/8 rule", 4, 4, false, 0.5},
    {Integrator::PositionVerlet, "position_verlet", "position Verlet", 1, 2, true, 0.5},
    {Integrator::VelocityVerlet, "velocity_verlet", "velocity Verlet", 1, 2, true, 0.5},
    {Integrator::LeapFrog, "leapfrog", "leap-frog", 1, 2, true, 0.5},
    {Integrator::Beeman, "beeman", "Beeman", 1, 3, false, 0.5},
    {Integrator::AdamsPc, "adams_pc", "Adams-Bashforth-Moulton PC", 2, 2, false, 0.5},
    {Integrator::Gear, "gear", "Gear PC (6 values)", 1, 4, false, 0.2},
    {Integrator::ImplicitEuler, "implicit_euler", "implicit Euler", 0, 1, false, 100.0},
}};

inline const IntegratorInfo& info(Integrator i) { return kIntegrators[size_t(i)]; }

// Stepped with forces (every scheme but XPBD): the constraints act as springs, contacts are projected after
// each step.
inline bool force_based(Integrator i) { return i != Integrator::Xpbd; }
// Stepped by an explicit scheme of solver/force/explicit_schemes.h (force-based, not implicit Euler).
inline bool explicit_scheme(Integrator i) { return i != Integrator::Xpbd && i != Integrator::ImplicitEuler; }

// What a force-based integrator does with the parts of a scene made for XPBD, as the Solver panel shows it
// (constraints/energy.h, solver/force/force_stepper.h).
inline const char* force_based_treatment(Integrator i) {
  return i == Integrator::ImplicitEuler
             ? "constraints act as springs k = 1/alpha; zero-compliance links as stiff springs (omega h = "
               "100), "
               "attachments and the grab no stiffer than that; pinned particles stay; contacts are projected "
               "after each step."
             : "constraints act as springs k = 1/alpha; zero-compliance links as springs as stiff as the "
               "scheme "
               "bears (omega h = 0.05 to 0.5), attachments and the grab no stiffer than that; pinned "
               "particles "
               "stay; contacts are projected after each step and the velocity takes the projection; "
               "constraint damping is ignored (use the solver's damping).";
}

}  // namespace SIM_PRECISION
}  // namespace sim
