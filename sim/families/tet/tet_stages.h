// The tet family's solver part (families/tet/tet_family.h): each tet projects its deviatoric and hydrostatic
// constraints together, one 2×2 solve (project_tet, constraints/tet_elasticity.h; Eqs. 4 and 8; one after
// the other they collapse Neo-Hookean tets), Gauss-Seidel colour by colour, or
// Jacobi: every tet reads the same x and writes its four corners' corrections into its own slots, with
// each corner's mass split n/ω ways as the distance Jacobi does, and GatherCorrections sums them.
#pragma once

#include <vector>

#include "constraints/energy.h"
#include "constraints/geometric_stiffness.h"
#include "core/position.h"
#include "families/common/frame_multipliers.h"
#include "families/common/shared_particles.h"
#include "families/family.h"
#include "families/tet/tet_family.h"
#include "settings/settings.h"

namespace sim {
inline namespace SIM_PRECISION {

struct TetArgs {
  const Int4* particles;
  const Mat3* inv_rest;
  const Real* alpha_d;
  const Real* alpha_h;
  Real* lambda;  // 2 per tet
  const Real* w;
  TetModel model;
  Real gamma;
  Real h;

  // Projects tet t from positions x with corner masses split as given: dx[e] is corner e's move. The tet
  // is projected relative to its first corner (its constraints see only edges), so that in float the
  // corners' small motions survive (core/position.h).
  SIM_HD void project(int t, const Position* x, const Real split[4], Vec3 dx[4]) const {
    const Int4 p = particles[t];
    const int idx[4] = {p.a, p.b, p.c, p.d};
    Real ws[4];
    Vec3 xs[4];
    for (int e = 0; e < 4; ++e) {
      xs[e] = x[idx[e]] - x[idx[0]];
      ws[e] = w[idx[e]];
    }
    project_tet(model, gamma, inv_rest[t], alpha_d[t], alpha_h[t], xs, ws, split, lambda + 2 * t, h);
    for (int e = 0; e < 4; ++e) dx[e] = xs[e] - (x[idx[e]] - x[idx[0]]);
  }
};

// Gauss-Seidel: tets [first, first + count) share no particle.
struct ProjectTetColour {
  TetArgs args;
  Position* x;
  int first;
  SIM_HD void operator()(int i) const {
    const int t = first + i;
    const Real split[4] = {1.0, 1.0, 1.0, 1.0};
    Vec3 dx[4];
    args.project(t, x, split, dx);
    const Int4 p = args.particles[t];
    x[p.a] += dx[0];
    x[p.b] += dx[1];
    x[p.c] += dx[2];
    x[p.d] += dx[3];
  }
};

struct ProjectTetJacobi {
  TetArgs args;
  const Position* x;
  Vec3* correction;              // 4 slots per tet [m]
  const int* incidence_offsets;  // Model::tet.incidence_offsets
  Real omega;
  SIM_HD void operator()(int t) const {
    const Int4 p = args.particles[t];
    const int idx[4] = {p.a, p.b, p.c, p.d};
    Real split[4];
    for (int e = 0; e < 4; ++e)
      split[e] = Real(incidence_offsets[idx[e] + 1] - incidence_offsets[idx[e]]) / omega;
    Vec3 dx[4];
    args.project(t, x, split, dx);
    for (int e = 0; e < 4; ++e) correction[4 * t + e] = dx[e];
  }
};

// Force-based integrators (solver/force/energy_pass.h): tet t's energy term for its four corners into its slots.
struct TetEnergy {
  TetArgs args;
  const Position* x;
  const Vec3* p;  // Product's direction [m]
  Vec3* slots;    // 4 per tet
  EnergyTerm term;
  SIM_HD void operator()(int t) const {
    const Int4 c = args.particles[t];
    const int idx[4] = {c.a, c.b, c.c, c.d};
    Vec3 xs[4], ps[4] = {}, out[4];
    for (int e = 0; e < 4; ++e) {
      xs[e] = x[idx[e]] - x[idx[0]];  // relative, as in project
      if (term == EnergyTerm::Product) ps[e] = p[idx[e]];
    }
    tet_energy_terms(term, args.model, args.gamma, args.inv_rest[t], args.alpha_d[t], args.alpha_h[t], xs, ps,
                     out);
    for (int e = 0; e < 4; ++e) slots[4 * t + e] = out[e];
  }
};

// Adaptive substepping (solver/xpbd/stability.h): particle i's column of K̃ = f_D ∇²C_D + f_H ∇²C_H over the
// tets on it (tet_stiffness_column: central differences of the analytic gradients), the rows of its
// movable co-corners apart.
struct TetStiffness {
  TetArgs args;        // its lambda: λ_D, λ_H summed over the frame [J·s²]
  Real scale;          // 1/(N Δt_s²): the sums' mean [1/s²]
  const int* offsets;  // the incidence: slot 4t + e of tet t's corner e
  const int* slots;
  const Position* x;
  StiffnessPass pass;
  SIM_HD void operator()(int i) const {
    if (args.w[i] == 0.0) return;
    DofStiffness k = pass.particle[i];
    Vec3* column[3] = {&k.block.c0, &k.block.c1, &k.block.c2};
    Real* other[3] = {&k.other.x, &k.other.y, &k.other.z};
    for (int s = offsets[i]; s < offsets[i + 1]; ++s) {
      const int t = slots[s] / 4, e = slots[s] % 4;
      const Int4 p = args.particles[t];
      const int idx[4] = {p.a, p.b, p.c, p.d};
      const Vec3 xs[4] = {{0.0, 0.0, 0.0}, x[p.b] - x[p.a], x[p.c] - x[p.a], x[p.d] - x[p.a]};  // relative
      const Real f_d = args.lambda[2 * t] * scale, f_h = args.lambda[2 * t + 1] * scale;
      for (int j = 0; j < 3; ++j) {
        Vec3 rows[4];
        tet_stiffness_column(args.model, args.gamma, args.inv_rest[t], xs, e, j, f_d, f_h, rows);
        *column[j] += rows[e];
        for (int c = 0; c < 4; ++c)
          if (c != e && args.w[idx[c]] != 0.0) *other[j] += length_squared(rows[c]);
      }
    }
    pass.particle[i] = k;
  }
};

template <class Core>
class TetFamily::Stages : public FamilyHooks {
 public:
  using Exec = typename Core::Exec;
  using Substep = typename Core::Substep;
  using HostModel = typename Core::HostModel;

  void upload(Core& core, const HostModel& m) {
    core.model.tet.material = m.tet.material;  // host-side members the metric term reads
    core.model.tet.constants = m.tet.constants;
    passes_.set_colours(m.tet.colour_offsets);
  }

  void begin_substep(Core& core, const Substep&) { core.clear(core.state.tet.lambda); }

  void project(Core& core, const Substep& sub) {
    const TetArrays<Exec::template Buffer>& tet = core.model.tet;
    const int n = int(Exec::size(tet.particles));
    if (n == 0) return;
    const TetArgs args = tet_args(core, sub.h);
    Position* x = core.x();
    const int* offsets = Exec::data(tet.incidence_offsets);
    if (sub.settings.order == SolverOrder::GaussSeidel)
      passes_.by_colour(core, [&](int first) { return ProjectTetColour{args, x, first}; });
    else
      passes_.through_slots(
          core, n, 4, offsets, Exec::data(tet.incidence_slots),
          [&](Vec3* slots) {
            return ProjectTetJacobi{args, x, slots, offsets, Real(sub.settings.jacobi_omega)};
          },
          x);
  }

  void end_iterations(Core& core, const Substep& sub) {
    frame_lambda_.add(core, sub, Exec::data(core.state.tet.lambda), 2 * count(core));
  }

  void add_stiffness(Core& core, const StiffnessPass& pass) {
    const TetArrays<Exec::template Buffer>& tet = core.model.tet;
    Real* sums = frame_lambda_.sums(2 * count(core));
    if (!sums) return;
    TetArgs args = tet_args(core, 0.0);
    args.lambda = sums;
    core.launch(core.particle_count(),
                TetStiffness{args, frame_lambda_.scale(pass.inv_h2), Exec::data(tet.incidence_offsets),
                             Exec::data(tet.incidence_slots), core.x(), pass});
  }

  static constexpr bool kElastic = true;
  template <class Pass>
  void add_energy(Core& core, const Pass& pass) {
    const TetArrays<Exec::template Buffer>& tet = core.model.tet;
    const int n = int(Exec::size(tet.particles));
    if (n == 0) return;
    const TetArgs args = tet_args(core, pass.h);
    passes_.through_slots(
        core, n, 4, Exec::data(tet.incidence_offsets), Exec::data(tet.incidence_slots),
        [&](Vec3* slots) {
          return TetEnergy{args, core.x(), pass.p, slots, pass.term};
        },
        pass.out);
  }

 private:
  TetArgs tet_args(Core& core, Real h) {
    TetArrays<Exec::template Buffer>& tet = core.model.tet;
    return {Exec::data(tet.particles),
            Exec::data(tet.inv_rest),
            Exec::data(tet.compliance_deviatoric),
            Exec::data(tet.compliance_hydrostatic),
            Exec::data(core.state.tet.lambda),
            core.w(),
            tet.material.model,
            tet.constants.gamma,
            h};
  }

  static int count(Core& core) { return int(Exec::size(core.model.tet.particles)); }

  SharedParticles<Core> passes_;
  FrameMultipliers<Core, Real> frame_lambda_;  // for the geometric stiffness
};

}  // namespace SIM_PRECISION
}  // namespace sim
