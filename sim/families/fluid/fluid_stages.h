// The fluid family's solver part (families/fluid/fluid_family.h): Position Based Fluids' loop (Macklin & Müller
// 2013, Algorithm 1) inside Small Steps Algorithm 1.
//   begin_substep   after Predict: sort the fluid by cell and find neighbours at the predicted x* (PBF
//                   lines 5-7), every substep or, with a margin, when a particle has moved half of it;
//   project         one Jacobi iteration (PBF lines 9-19): positions gathered in sorted order, λ_i of
//                   each particle, then Δx_i from its neighbours' λ (constraints/fluid_density.h);
//   end_iterations  the CFL limit of Small Steps §6.4: no fluid particle moves further than cfl · r in
//                   a substep (its displacement is shortened, and counted);
//   end_substep     after v = (x − xⁿ)/Δt_s: vorticity confinement and XSPH viscosity (PBF lines 21-22),
//                   and at the frame's last substep ρ/ρ₀ per particle for the metrics.
// Every pass runs over sorted indices s and writes only particle sorted[s] (or s of its own arrays).
#pragma once

#include "constraints/fluid_density.h"
#include "core/position.h"
#include "detect/neighbour_search.h"
#include "families/family.h"
#include "families/fluid/fluid_family.h"
#include "settings/settings.h"

namespace sim {
inline namespace SIM_PRECISION {

// Δλ_s of PBF Eq. 11 with the fluid's compliance (Small Steps Eq. 5) from the sorted positions; λ_s summed
// over the substep's passes.
template <class Hood>
struct FluidLambda {
  Hood hood;
  const Position* xs;  // [m]
  const Real* ws;  // inverse masses in sorted order [1/kg]
  FluidMaterial f;
  Real h;            // Δt_s [s]
  bool fresh;        // the substep's first pass: λ starts from 0
  Real* delta;       // Δλ [kg·m²]
  Real* lambda;      // λ this substep [kg·m²]
  SIM_HD void operator()(int s) const {
    const FluidPairs p(f);
    DensitySums d;
    const Vec3 xi = xs[s];
    hood.for_each(s, [&](int t) { d.add(p.k, xi - xs[t], ws[t]); });
    const Real before = fresh ? Real(0.0) : lambda[s];
    delta[s] = d.lambda(p, ws[s], before, h);
    lambda[s] = before + delta[s];
  }
};

// PBF Eq. 13's s_corr is a displacement per iteration, which the velocity update (Algorithm 1 line 11) turns
// into an acceleration s_corr/Δt_s²: stated at the default substep h_k = SolverSettings{}.substep_dt()
// (1/1200 s), k is scaled by (Δt_s/h_k)² below it, so that a shorter substep applies the same artificial
// pressure instead of one (h_k/Δt_s)² stronger. Issue 41: unscaled, it alone drove a column at rest (density
// error 4e-8) to 20 kJ of kinetic energy in 1e-4 s at Δt_s = 5 µs, and a 0.2 m column to 2 kJ at 500
// substeps of a 1/60 s frame (0.54 J with k = 0); above h_k it is PBF's push, as before.
inline FluidMaterial artificial_pressure_at(FluidMaterial f, Real h) {
  const Real stated = SolverSettings{}.substep_dt();  // [s]
  if (h < stated) f.scorr_k *= (h / stated) * (h / stated);
  return f;
}

// Δx of PBF Eq. 14 from this pass's Δλ, added to the particle sorted[s].
template <class Hood>
struct FluidCorrect {
  Hood hood;
  const int* sorted;
  const Position* xs;
  const Real* ws;
  const Real* lambda;  // Δλ [kg·m²]
  FluidMaterial f;
  Position* x;  // the fluid's particles [m]
  SIM_HD void operator()(int s) const {
    if (ws[s] == 0.0) return;
    const FluidPairs p(f);
    const Vec3 xi = xs[s];
    const Real lambda_i = lambda[s];
    Vec3 sum{0.0, 0.0, 0.0};
    hood.for_each(s, [&](int t) { sum += p.correction_term(xi - xs[t], lambda_i, lambda[t]); });
    x[sorted[s]] += (ws[s] * f.density_scale()) * sum;
  }
};

// Small Steps §6.4's CFL limit: |x − xⁿ| ≤ cfl · r, counted per particle.
struct ClampFluidDisplacement {
  Position* x;
  const Position* x_prev;
  const Real* radius;
  Real cfl;  // [-]
  int* clamps;
  SIM_HD void operator()(int i) const {
    const Vec3 d = x[i] - x_prev[i];
    const Real limit = cfl * radius[i];
    const Real len2 = length_squared(d);
    if (len2 <= limit * limit) return;
    x[i] = x_prev[i] + (limit / sqrt(len2)) * d;
    ++clamps[i];
  }
};

// Calls f(t, r, |r|²) for each neighbour t of sorted index s closer than h, r = xs[s] − xs[t].
template <class Hood, class F>
SIM_HD void for_each_within_h(const Hood& hood, const Position* xs, int s, Real h2, F&& f) {
  const Vec3 xi = xs[s];
  hood.for_each(s, [&](int t) {
    const Vec3 r = xi - xs[t];
    const Real r2 = length_squared(r);
    if (r2 < h2) f(t, r, r2);
  });
}

// ρ/ρ₀ (as the constraint sees it), the neighbour count and the vorticity ω (PBF Eq. 15) of each sorted
// particle.
template <class Hood>
struct FluidDensityVorticity {
  Hood hood;
  const int* sorted;
  const Position* xs;
  const Vec3* vs;           // velocities in sorted order [m/s]
  const int* list_counts;   // the lists' counts at the build, or null
  int capacity;             // of a list
  FluidMaterial f;
  Vec3* omega;              // per sorted index [1/s]
  Real* density;            // ρ/ρ₀ per fluid particle [-]
  int* neighbours;          // per fluid particle
  SIM_HD void operator()(int s) const {
    const FluidPairs p(f);
    const Vec3 vi = vs[s];
    DensitySums d;
    Vec3 w{0.0, 0.0, 0.0};
    int n = 0;
    for_each_within_h(hood, xs, s, p.k.h2, [&](int t, Vec3 r, Real r2) {
      ++n;
      d.add(p.k, r, 0.0);
      w += cross(p.k.spiky_gradient(r, r2), vs[t] - vi);
    });
    omega[s] = f.density_scale() * w;
    density[sorted[s]] = d.density_ratio(p);
    // Within h; a list that could not hold all its particle's neighbours reports how many it had.
    neighbours[sorted[s]] = list_counts && list_counts[s] > capacity ? list_counts[s] : n;
  }
};

// v_i += Δt_s ε_ω (N × ω_i) + c Σ_j V (v_j − v_i) W_ij (PBF Eqs. 16, 17), written to particle sorted[s].
template <class Hood>
struct FluidViscosityVorticity {
  Hood hood;
  const int* sorted;
  const Position* xs;
  const Vec3* vs;
  const Real* ws;
  const Vec3* omega;
  FluidMaterial f;
  Real h;   // Δt_s [s]
  Vec3* v;  // the fluid's particles [m/s]
  SIM_HD void operator()(int s) const {
    if (ws[s] == 0.0) return;
    const SphKernels k = f.kernels();
    const Vec3 vi = vs[s];
    const bool confine = f.vorticity > 0;  // ω is computed only then
    const Real wi = confine ? length(omega[s]) : 0.0;
    Vec3 eta{0.0, 0.0, 0.0}, mean{0.0, 0.0, 0.0};
    for_each_within_h(hood, xs, s, k.h2, [&](int t, Vec3 r, Real r2) {
      if (confine) eta += (length(omega[t]) - wi) * k.spiky_gradient(r, r2);
      mean += k.poly6(r2) * (vs[t] - vi);
    });
    const Real c = f.xsph_rate * h < 1.0 ? f.xsph_rate * h : 1.0;  // PBF's c for this substep [-]
    Vec3 dv = (c * f.density_scale()) * mean;
    const Real eta_len = length(eta);
    if (eta_len > 0.0) dv += (h * f.vorticity / eta_len) * cross(eta, omega[s]);
    v[sorted[s]] = vi + dv;
  }
};

template <class Core>
class FluidFamily::Stages : public FamilyHooks {
 public:
  using Exec = typename Core::Exec;
  using Substep = typename Core::Substep;
  using HostModel = typename Core::HostModel;

  void upload(Core& core, const HostModel& m) {
    block_ = m.fluid;
    built_ = false;
    core.model.fluid = m.fluid;  // the host-side member the metric term reads
    const size_t n = size_t(block_.count);
    search_.reserve(n, block_.domain, block_.search_radius(), block_.walk, block_.list_capacity(),
                    !block_.rebuild_per_substep);
    Exec::resize(ws_, n);
    Exec::resize(delta_, n);
    Exec::resize(lambda_, n);
    Exec::resize(vs_, n);
    Exec::resize(omega_, n);
  }

  // The State changed under the lists (reset, a new scene state): the next substep builds afresh.
  void state_uploaded(Core&) { built_ = false; }

  // PBF lines 5-7 on the predicted positions: every substep, or when a particle has moved more than half
  // the margin since the last build.
  void begin_substep(Core& core, const Substep& sub) {
    const int n = block_.count;
    if (n == 0) return;
    if (sub.first()) core.clear(core.state.fluid.clamps);
    Position* x = core.x() + block_.first;
    core.search_watch.start();
    if (block_.rebuild_per_substep || !built_ || search_.farthest_move(core, x, n) > 0.5 * block_.margin) {
      search_.build(core, x, n);
      core.launch(n, GatherSorted<Real>{search_.sorted(), core.w() + block_.first, Exec::data(ws_)});
      built_ = true;
      ++core.searches;
    }
    core.search_watch.stop();
  }

  void project(Core& core, const Substep& sub) {
    const int n = block_.count;
    if (n == 0) return;
    Position* x = core.x() + block_.first;
    search_.gather(core, x, n);
    const Position* xs = search_.positions();
    const Real* ws = Exec::data(ws_);
    Real* delta = Exec::data(delta_);
    const FluidMaterial f = block_.material;
    search_.with_neighbourhood([&](auto hood) {
      using Hood = decltype(hood);
      core.launch(n, FluidLambda<Hood>{hood, xs, ws, f, sub.h, sub.first_pass(), delta,
                                       Exec::data(lambda_)});
      core.launch(n, FluidCorrect<Hood>{hood, search_.sorted(), xs, ws, delta,
                                        artificial_pressure_at(f, sub.h), x});
    });
  }

  void end_iterations(Core& core, const Substep&) {
    if (block_.count == 0 || block_.material.cfl <= 0.0) return;
    const int first = block_.first;
    core.launch(block_.count,
                ClampFluidDisplacement{core.x() + first, core.xn() + first, core.radius() + first,
                                       block_.material.cfl, Exec::data(core.state.fluid.clamps)});
  }

  bool particles_after_velocity_update() const { return block_.count > 0; }

  void end_substep(Core& core, const Substep& sub) {
    const int n = block_.count;
    const FluidMaterial f = block_.material;
    const bool confine = f.vorticity > 0.0, viscous = f.xsph_rate > 0.0;
    if (n == 0 || !(sub.last() || confine || viscous)) return;
    Vec3* v = Exec::data(core.state.particle_v) + block_.first;
    search_.gather(core, core.x() + block_.first, n);
    core.launch(n, GatherSorted<Vec3>{search_.sorted(), v, Exec::data(vs_)});
    const int* sorted = search_.sorted();
    const Position* xs = search_.positions();
    const Vec3* vs = Exec::data(vs_);
    Vec3* omega = Exec::data(omega_);
    search_.with_neighbourhood([&](auto hood) {
      using Hood = decltype(hood);
      if (sub.last() || confine)
        core.launch(n, FluidDensityVorticity<Hood>{hood, sorted, xs, vs, search_.counts(), search_.capacity(),
                                                   f, omega, Exec::data(core.state.fluid.density),
                                                   Exec::data(core.state.fluid.neighbours)});
      if (confine || viscous)
        core.launch(n, FluidViscosityVorticity<Hood>{hood, sorted, xs, vs, Exec::data(ws_), omega, f, sub.h, v});
    });
  }

 private:
  template <class T>
  using Buffer = typename Exec::template Buffer<T>;
  FluidBlock block_;
  NeighbourSearch<Exec> search_;
  bool built_ = false;   // the lists hold the current fluid (false after an upload)
  Buffer<Real> ws_;      // inverse masses in sorted order [1/kg]
  Buffer<Real> delta_;   // Δλ per sorted index, this pass [kg·m²]
  Buffer<Real> lambda_;  // λ per sorted index, this substep [kg·m²]
  Buffer<Vec3> vs_;      // velocities in sorted order [m/s]
  Buffer<Vec3> omega_;   // vorticity per sorted index [1/s]
};

}  // namespace SIM_PRECISION
}  // namespace sim
