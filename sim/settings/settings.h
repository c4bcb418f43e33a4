// SolverSettings: the numerical choices of one run that belong to no family, changeable between frames
// (Small Steps Algorithm 1): the frame step Δt_f is split into n substeps of Δt_s = Δt_f / n (Eq. 6), each
// running k iterations. Each member's default is written here once; its table entry (range, unit, help:
// solver_setting_specs) beside it. registry/settings.h adds the families' options to make Settings.
#pragma once

#include <string>
#include <vector>

#include "core/vec3.h"
#include "params/param.h"
#include "settings/integrator.h"
#include "exec/launch_mode.h"
#include "settings/setting_spec.h"

namespace sim {
inline namespace SIM_PRECISION {

enum class SolverOrder {
  GaussSeidel,  // colours one after another, each colour in parallel
  Jacobi,       // all constraints at once, averaged corrections relaxed by ω
};

// When contacts are found (Small Steps §4.2): once per frame along the trajectory predicted with Δt_f and
// reused by every substep (the paper's choice), or again before every substep, for comparison.
enum class ContactDetection { PerFrame, PerSubstep };

// How implicit Euler solves its linear system (M/h² + K) Δx = r (solver/force/newton_pcg.h): conjugate
// gradients preconditioned by diag(M/h² + K), or Jacobi Δx += ω D⁻¹ (r − A Δx) (Teschner, "Solver - Jacobi").
enum class LinearSolver { Pcg, Jacobi };

// Off: the fixed n. Substeps: Giles & Andrews 2024 Algorithm 1 as printed. Damping: Andrews et al. 2017's Eq. 6
// at the fixed n. Hybrid: Residual's N up to N_max, Eq. 6 beyond. Residual: Algorithm 1's N or the solver
// residual's (solver/xpbd/residual_rule.h), whichever is larger.
enum class Stabilization { Off, Substeps, Damping, Hybrid, Residual };

// What set a frame's N: the fixed n, Algorithm 1's Eq. 11, the residual term (solver/xpbd/residual_rule.h),
// the clamp to [N_min, N_max], the slew still on its way to one of them (solver/xpbd/substep_slew.h), or the
// residual rule's hysteresis, N falling at most adaptive_release a frame.
enum class SubstepSource : int { Fixed = 0, Algorithm1 = 1, Residual = 2, Clamp = 3, Slew = 4, Hold = 5 };
inline const char* source_name(SubstepSource s) {
  static const char* const kNames[] = {"fixed", "algorithm 1", "residual", "clamp", "slew", "hold"};
  return kNames[int(s)];
}



// Every number here is what a user set, held in double in either build of the core (a float 0.1 would read
// back and print as 0.1000000015); the core converts where it computes (substep_dt()).
struct SolverSettings {
  Integrator integrator = Integrator::Xpbd;
  int substeps = 20;                               // n [-], 1..1000
  int iterations = 1;                              // k [-], 1..1000 (XPBD)
  int newton_iterations = 1;                       // Newton steps per substep (implicit Euler) [-]
  LinearSolver linear_solver = LinearSolver::Pcg;  // implicit Euler's linear solve
  int linear_iterations = 100;  // at most this many linear-solver iterations per Newton step [-]
  double linear_omega = 0.5;      // ω [-] of implicit Euler's Jacobi solve (the lectures' practical 0.5)
  SolverOrder order = SolverOrder::GaussSeidel;
  double jacobi_omega =
      1.0;  // ω [-], Jacobi relaxation (XPBD's Jacobi order and implicit Euler's Jacobi solve)
  double frame_dt = 1.0 / 60;  // Δt_f [s]
  double damping = 0.0;        // d [1/s]: every substep v ← v e^{−d Δt_s}, so |v| decays as e^{−d t}
  double gravity_scale = 1.0;  // [-] multiplies the scene's gravity
  ContactDetection contact_detection = ContactDetection::PerFrame;
  // Stabilisation from the geometric stiffness (Giles & Andrews 2024, solver/xpbd/stability.h), XPBD only:
  // off runs the fixed n; substeps picks n = clamp(⌈Δt_f/h̄⌉, N_min, N_max) each frame (Algorithm 1); damping
  // keeps n and damps where Eq. 5 fails (Andrews et al. 2017, Eq. 6); hybrid picks n up to N_max and damps
  // beyond.
  Stabilization adaptive = Stabilization::Off;
  double adaptive_alpha = 0.1;  // α [-] of Eq. 5 (the paper: 0.1 for every example, 0.05 for the tall stack)
  int min_substeps = 1;       // N_min [-]
  int max_substeps = 200;     // N_max [-]
  // ρ [-]: residual, hybrid: the largest fraction N may fall by from one frame to the next, the residual rule's
  // hysteresis (solver/xpbd/residual_rule.h); 1: free
  double adaptive_release = 0.03;
  // τ [-]: the residual the residual term holds every family's failure measure to, as a fraction of its
  // failure bound (solver/xpbd/residual_rule.h)
  double adaptive_tolerance = 0.1;
  // β [-]: the share of the energy scale E_s a change of N may add in a frame (solver/xpbd/substep_slew.h);
  // 0: N changes at once
  double substep_slew = 1e-3;
  // CPU worker threads: 0 adapts to the cores other programs leave free (exec/thread_governor.h), N
  // fixes the team at N (at most OMP_NUM_THREADS, or the cores). Results are the same bits either way.
  int threads = 0;
  CudaLaunch cuda_launch = CudaLaunch::Auto;

  Real substep_dt() const { return Real(frame_dt / substeps); }  // Δt_s [s], as the core computes with it
};

// The stabilisation a frame runs: Settings::adaptive under XPBD; off under a force-based integrator, which
// leaves no multipliers to build the geometric stiffness from.
inline Stabilization active_stabilization(const SolverSettings& s) {
  return s.integrator == Integrator::Xpbd ? s.adaptive : Stabilization::Off;
}

// Whether the frame's N comes from an adaptive rule (Algorithm 1, the residual rule or hybrid), not from
// `substeps` (damping keeps N at `substeps`).
inline bool adaptive_chooses_substeps(const SolverSettings& s) {
  const Stabilization mode = active_stabilization(s);
  return mode == Stabilization::Substeps || mode == Stabilization::Hybrid || mode == Stabilization::Residual;
}

// One-line description of the settings for captions: "30 substeps × 1 iteration, XPBD, GS".
std::string describe(const SolverSettings& s);

// The table entries of SolverSettings' members (registry/settings.h puts them first in the settings table).
std::vector<SettingSpec<SolverSettings>> solver_setting_specs();

}  // namespace SIM_PRECISION
}  // namespace sim
