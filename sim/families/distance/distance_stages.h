// The distance family's solver part (Small Steps Algorithm 1 lines 5-9 for C = |x_a − x_b| − L):
// Gauss-Seidel colour by colour, or Jacobi with mass splitting followed by the gather of each particle's
// corrections. Data and metric term: families/distance/distance_family.h.
#pragma once

#include <vector>

#include "constraints/energy.h"
#include "constraints/geometric_stiffness.h"
#include "core/position.h"
#include "families/common/frame_multipliers.h"
#include "families/common/shared_particles.h"
#include "families/distance/distance_family.h"
#include "families/family.h"
#include "settings/settings.h"

namespace sim {
inline namespace SIM_PRECISION {

// Common pointers of the distance projections.
struct DistanceArgs {
  const Int2* particles;
  const Real* rest_length;
  const Real* compliance;
  const Real* damping;
  Real* lambda;
  const Position* x_prev;
  const Real* w;
  Real h;       // [s]
  Real inv_h2;  // 1/h² [1/s²]
  bool fresh;   // the substep's first pass: λ = 0 (Substep::passes_reset_multipliers), written, not read

  // Projects constraint k against positions x and adds Δλ to its multiplier. split_a, split_b: the mass
  // splitting of project_distance (1 for Gauss-Seidel). Undamped constraints take the one-division path.
  SIM_HD DistanceCorrection project(int k, const Position* x, Real split_a = 1.0, Real split_b = 1.0) const {
    const Int2 p = particles[k];
    const Vec3 d = x[p.a] - x[p.b], origin{0.0, 0.0, 0.0};  // relative, so a float keeps Δt_s² g (Position)
    const Real beta = damping[k];
    const Real lambda_k = fresh ? 0.0 : lambda[k];
    const DistanceCorrection c =
        beta > 0.0 ? project_distance(d, origin, w[p.a], w[p.b], rest_length[k], compliance[k], beta, lambda_k,
                                      h, (x[p.a] - x_prev[p.a]) - (x[p.b] - x_prev[p.b]), split_a, split_b)
                   : project_distance_undamped(d, origin, w[p.a], w[p.b], rest_length[k], compliance[k] * inv_h2,
                                               lambda_k, split_a, split_b);
    lambda[k] = lambda_k + c.dlambda;
    return c;
  }
};

// Algorithm 1 lines 5-9 for one colour: constraints [begin, begin + count) share no particle.
struct ProjectDistanceColour {
  DistanceArgs args;
  Position* x;
  int begin;
  SIM_HD void operator()(int t) const {
    const int k = begin + t;
    const DistanceCorrection c = args.project(k, x);
    const Int2 p = args.particles[k];
    x[p.a] += c.dxa;
    x[p.b] += c.dxb;
  }

  // Constraints t, t + 1, … at once, one per lane of L (core/lanes.h; the CPU's sweep, exec/cpu_exec.h):
  // they share no particle, so this is projecting them one after the other, with the same operations,
  // lane by lane, as operator(). A damped one among them takes the general path, each by itself. A
  // template, so that nvcc, which never runs it, never compiles it.
  static constexpr int kLanes = 2;
  template <class L>
  void lanes(int t) const {
    static_assert(L::kCount == kLanes, "two constraints a block");
    const int k = begin + t;
    if (args.damping[k] > 0.0 || args.damping[k + 1] > 0.0) {
      (*this)(t);
      (*this)(t + 1);
      return;
    }
    const Int2 p0 = args.particles[k], p1 = args.particles[k + 1];
    const Vec3 d0 = x[p0.a] - x[p0.b], d1 = x[p1.a] - x[p1.b];  // relative, as in DistanceArgs::project
    const auto ends = [&](Real Vec3::*axis) { return L::of(d0.*axis, d1.*axis); };
    const L lambda = args.fresh ? L::of(0.0, 0.0) : L::of(args.lambda[k], args.lambda[k + 1]);
    const L one = L::of(1.0, 1.0);
    const UndampedDistanceStep<L> c = undamped_distance_step(
        ends(&Vec3::x), ends(&Vec3::y), ends(&Vec3::z), L::of(args.w[p0.a], args.w[p1.a]),
        L::of(args.w[p0.b], args.w[p1.b]), L::of(args.rest_length[k], args.rest_length[k + 1]),
        L::of(args.compliance[k] * args.inv_h2, args.compliance[k + 1] * args.inv_h2), lambda, one, one);
    const L lambda_new = lambda + c.dlambda;
    args.lambda[k] = lambda_new[0];
    args.lambda[k + 1] = lambda_new[1];
    x[p0.a] += {c.ax[0], c.ay[0], c.az[0]};
    x[p1.a] += {c.ax[1], c.ay[1], c.az[1]};
    x[p0.b] += {c.bx[0], c.by[0], c.bz[0]};
    x[p1.b] += {c.bx[1], c.by[1], c.bz[1]};
  }
};

// Jacobi (Small Steps §6): every constraint reads the same x and writes its correction into its own
// slots (2k for end a, 2k + 1 for end b); GatherCorrections then moves each particle by their sum. Each
// end's mass is split n/ω ways, n the number of constraints on the particle (project_distance), so that
// the summed corrections of a particle are about ω times their mean (the averaging of Macklin et al.
// 2014 §4.2) while λ stays the force estimate and a compliant constraint keeps its stiffness: scaling
// Δλ and Δx by ω/max(n_a, n_b) instead made it max(n)/ω times softer at every substep count.
struct ProjectDistanceJacobi {
  DistanceArgs args;
  const Position* x;
  Vec3* correction;              // 2 slots per constraint [m]
  const int* incidence_offsets;  // DistanceArrays::incidence_offsets
  Real omega;
  SIM_HD void operator()(int k) const {
    const Int2 p = args.particles[k];
    const int na = incidence_offsets[p.a + 1] - incidence_offsets[p.a];
    const int nb = incidence_offsets[p.b + 1] - incidence_offsets[p.b];
    const DistanceCorrection c = args.project(k, x, Real(na) / omega, Real(nb) / omega);
    correction[2 * k] = c.dxa;
    correction[2 * k + 1] = c.dxb;
  }
};

// Force-based integrators (solver/force/energy_pass.h): constraint k's energy term for both ends into its two
// slots.
struct DistanceEnergy {
  const Int2* particles;
  const Real* rest_length;
  const Real* compliance;
  const Real* w;
  const Position* x;
  const Vec3* p;  // Product's direction [m]
  Vec3* slots;    // 2 per constraint
  EnergyTerm term;
  Real h;      // [s]
  Real kappa;  // κ of the zero-compliance springs [-]
  SIM_HD void operator()(int k) const {
    const Int2 e = particles[k];
    const Vec3 u = term == EnergyTerm::Product ? p[e.a] - p[e.b] : Vec3{0.0, 0.0, 0.0};
    const Real w_sum = w[e.a] + w[e.b];
    const Vec3 t = w_sum > 0.0 ? distance_energy_term(term, x[e.a], x[e.b], rest_length[k],
                                                      energy_compliance(compliance[k], w_sum, h, kappa), u)
                               : Vec3{0.0, 0.0, 0.0};
    slots[2 * k] = t;
    slots[2 * k + 1] = term == EnergyTerm::Diagonal || term == EnergyTerm::Value ? t : -t;
  }
};

// Adaptive substepping (solver/xpbd/stability.h): particle i's column of K̃ over the distance constraints on it,
// (f/l)(I − n nᵀ) each (constraints/geometric_stiffness.h), the block on a movable other end apart.
struct DistanceStiffness {
  const Int2* particles;
  const Real* lambda;  // summed over the frame [N·s²]
  Real scale;          // 1/(N Δt_s²): the sums' mean force [1/s²]
  const int* offsets;  // the incidence: slot 2k + e of constraint k's end e
  const int* slots;
  const Position* x;
  const Real* w;
  StiffnessPass pass;
  SIM_HD void operator()(int i) const {
    if (w[i] == 0.0) return;
    DofStiffness k = pass.particle[i];
    for (int s = offsets[i]; s < offsets[i + 1]; ++s) {
      const int c = slots[s] / 2;
      const Int2 p = particles[c];
      const Mat3 block = distance_stiffness(x[p.a], x[p.b], lambda[c] * scale);
      k.block = k.block + block;
      if (w[slots[s] % 2 == 0 ? p.b : p.a] != 0.0) k.other += column_norms_squared(block);
    }
    pass.particle[i] = k;
  }
};

template <class Core>
class DistanceFamily::Stages : public FamilyHooks {
 public:
  using Exec = typename Core::Exec;
  using Substep = typename Core::Substep;
  using HostModel = typename Core::HostModel;

  void upload(Core&, const HostModel& m) { passes_.set_colours(m.colour_offsets, m.tiles); }

  void begin_substep(Core& core, const Substep& sub) {
    if (!sub.passes_reset_multipliers()) core.clear(core.state.distance.lambda);
  }

  void project(Core& core, const Substep& sub) {
    const DistanceArrays<Exec::template Buffer>& d = core.model.distance;
    const int n = int(Exec::size(d.rest_length));
    if (n == 0) return;
    const DistanceArgs args{Exec::data(d.particles),
                            Exec::data(d.rest_length),
                            Exec::data(d.compliance),
                            Exec::data(d.damping),
                            Exec::data(core.state.distance.lambda),
                            core.xn(),
                            core.w(),
                            sub.h,
                            Real(1) / (sub.h * sub.h),
                            sub.fresh_pass()};
    Position* x = core.x();
    const int* offsets = Exec::data(d.incidence_offsets);
    if (sub.settings.order == SolverOrder::GaussSeidel)
      passes_.by_colour(core, [&](int first) { return ProjectDistanceColour{args, x, first}; });
    else
      passes_.through_slots(
          core, n, 2, offsets, Exec::data(d.incidence_slots),
          [&](Vec3* slots) {
            return ProjectDistanceJacobi{args, x, slots, offsets, Real(sub.settings.jacobi_omega)};
          },
          x);
  }

  void end_iterations(Core& core, const Substep& sub) {
    frame_lambda_.add(core, sub, Exec::data(core.state.distance.lambda), count(core));
  }

  void add_stiffness(Core& core, const StiffnessPass& pass) {
    const DistanceArrays<Exec::template Buffer>& d = core.model.distance;
    const Real* sums = frame_lambda_.sums(count(core));
    if (!sums) return;
    core.launch(core.particle_count(),
                DistanceStiffness{Exec::data(d.particles), sums, frame_lambda_.scale(pass.inv_h2),
                                  Exec::data(d.incidence_offsets), Exec::data(d.incidence_slots), core.x(),
                                  core.w(), pass});
  }

  static constexpr bool kElastic = true;
  template <class Pass>
  void add_energy(Core& core, const Pass& pass) {
    const DistanceArrays<Exec::template Buffer>& d = core.model.distance;
    const int n = int(Exec::size(d.rest_length));
    if (n == 0) return;
    passes_.through_slots(
        core, n, 2, Exec::data(d.incidence_offsets), Exec::data(d.incidence_slots),
        [&](Vec3* slots) {
          return DistanceEnergy{Exec::data(d.particles),
                                Exec::data(d.rest_length),
                                Exec::data(d.compliance),
                                core.w(),
                                core.x(),
                                pass.p,
                                slots,
                                pass.term,
                                pass.h,
                                pass.kappa};
        },
        pass.out);
  }

 private:
  static int count(Core& core) { return int(Exec::size(core.model.distance.rest_length)); }

  SharedParticles<Core> passes_;
  FrameMultipliers<Core, Real> frame_lambda_;  // for the geometric stiffness
};

}  // namespace SIM_PRECISION
}  // namespace sim
