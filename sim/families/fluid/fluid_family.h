// The fluid family: one Position Based Fluids density constraint per fluid particle (Macklin & Müller
// 2013; constraints/fluid_density.h), the particles [first, first + count) of the Model, all of one mass.
// Its solver stages (families/fluid/fluid_stages.h) sort the fluid by cell (detect/neighbour_search.h) and
// project the density constraints Jacobi-style: every particle computes its own λ from one copy of the
// positions, then its own Δx from the λ of its neighbours, so no two threads write one particle. The State
// keeps, per fluid particle, what the metrics report: ρ/ρ₀ at the end of the frame, the CFL clamps of the
// frame and the neighbour count.
#pragma once

#include <cmath>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "constraints/fluid_density.h"
#include "core/aabb.h"
#include "detect/neighbour_search.h"
#include "families/family.h"

namespace sim {
inline namespace SIM_PRECISION {

// Which particles are fluid and how their neighbours are found. Host only: the stages read it at upload.
struct FluidBlock {
  int first = 0;  // the fluid's particles are [first, first + count)
  int count = 0;
  FluidMaterial material;
  NeighbourWalk walk = NeighbourWalk::List;
  // false: only when a fluid particle has moved more than margin/2 since the last build (Verlet lists:
  // then no pair that came within h can be missing), checked at every substep
  bool rebuild_per_substep = true;
  Real margin = 0.0;  // search radius beyond h [m]
  // The box the neighbour grid covers: where the scene keeps its fluid (a particle outside costs time,
  // not neighbours). Left empty (lo above hi), finalize sets the initial fluid's box grown by half its
  // largest extent and h on every side.
  Aabb domain{{0.0, 0.0, 0.0}, {-1.0, -1.0, -1.0}};  // [m]

  Real search_radius() const { return material.kernel_radius + margin; }  // R [m]
  // d of the rest lattice the mass was calibrated on (scenes/fluid_lattice.h): m ≈ ρ₀ d³ [m]
  Real spacing() const { return std::cbrt(material.mass / material.rest_density); }
  // Room per neighbour list; 0 for the cell walk, which has no cap.
  int list_capacity() const {
    return walk == NeighbourWalk::List ? sim::list_capacity(search_radius(), spacing()) : 0;
  }
};

struct FluidSums {
  double density_error_sum = 0.0;  // Σ max(ρ/ρ₀ − 1, 0) over fluid particles [-]
  double density_error_max = 0.0;  // [-]
  double volume = 0.0;             // Σ m / max(ρ, ρ₀) [m³]
  int particles = 0;
  long long cfl_clamps = 0;    // particle substeps the CFL limit shortened
  int neighbours_max = 0;      // most neighbours of a fluid particle
  int neighbour_overflow = 0;  // fluid particles with more than a list holds

  SIM_HD static FluidSums combine(const FluidSums& a, const FluidSums& b) {
    FluidSums s;
    s.density_error_sum = a.density_error_sum + b.density_error_sum;
    s.density_error_max = max_number(a.density_error_max, b.density_error_max);
    s.volume = a.volume + b.volume;
    s.particles = a.particles + b.particles;
    s.cfl_clamps = a.cfl_clamps + b.cfl_clamps;
    s.neighbours_max = a.neighbours_max > b.neighbours_max ? a.neighbours_max : b.neighbours_max;
    s.neighbour_overflow = a.neighbour_overflow + b.neighbour_overflow;
    return s;
  }
};

// Fluid particle i's share of the metrics: its compression max(ρ/ρ₀ − 1, 0), its volume m/max(ρ, ρ₀)
// (compressed particles shrink; a thinned surface counts at rest), its clamps and neighbours, and the
// residual energy ½ |λ| C / Δt_s² of its density constraint with the multiplier one iteration gives at rest,
// λ = −C/D₀ (constraints/fluid_density.h): ½ C² / (D₀ Δt_s²).
struct MeasureFluid {
  const Real* density;  // ρ/ρ₀ per fluid particle [-]
  const int* clamps;
  const int* neighbours;
  Real rest_volume;  // m/ρ₀ [m³]
  Real rest_denominator;  // D₀ [1/(kg·m²)]
  Real h;                 // Δt_s [s]
  int capacity;      // of a neighbour list; 0: no cap
  int count;
  SIM_HD void operator()(int i, ConstraintSums& s, FluidSums& own) const {
    const double ratio = density[i];
    const double error = max_number(ratio - 1.0, 0.0);
    add_residual_energy(s, error, error / rest_denominator, h);
    own.density_error_sum += error;
    own.density_error_max = max_number(own.density_error_max, error);
    own.volume += rest_volume / max_number(ratio, 1.0);
    own.particles += 1;
    s.count += 1;  // one density constraint
    own.cfl_clamps += clamps[i];
    if (neighbours[i] > own.neighbours_max) own.neighbours_max = neighbours[i];
    own.neighbour_overflow += capacity > 0 && neighbours[i] > capacity ? 1 : 0;
  }
};

// Compression max(ρ/ρ₀ − 1, 0) over the fluid particles at the end of the frame, the volume Σ m/max(ρ, ρ₀)
// (thinned surface particles count at rest) against N m/ρ₀, the substeps the CFL limit shortened.
struct FluidMetrics {
  double density_error_mean = 0.0;  // [-]
  double density_error_max = 0.0;   // [-]
  double fluid_volume = 0.0;        // [m³]
  double fluid_rest_volume = 0.0;   // N m/ρ₀ [m³]
  long long cfl_clamps = 0;         // particle substeps this frame
  int neighbours_max = 0;           // most neighbours of a fluid particle
  int neighbour_overflow = 0;       // fluid particles with more neighbours than a list holds
};

// The particles [first, first + count) of the builder are one fluid; each must have the material's mass, or
// be pinned (checked at finalize).
template <class Builder>
struct FluidBuilder {
  void set_fluid(const FluidBlock& fluid) { static_cast<Builder&>(*this).model().fluid = fluid; }
};

// Throws std::invalid_argument for a fluid block the model cannot hold.
template <class ModelT>
void check_fluid(const ModelT& m) {
  const FluidBlock& f = m.fluid;
  if (f.count == 0) return;
  const FluidMaterial& mat = f.material;
  if (f.first < 0 || f.count < 0 || f.first + f.count > m.particle_count())
    throw std::invalid_argument("fluid particles [" + std::to_string(f.first) + ", " +
                                std::to_string(f.first + f.count) + ") outside the " +
                                std::to_string(m.particle_count()) + " particles");
  if (!(mat.rest_density > 0.0) || !(mat.kernel_radius > 0.0) || !(mat.mass > 0.0) ||
      !(mat.rest_denominator > 0.0) || !(mat.relaxation >= 0.0) || !(mat.cfl >= 0.0) || !(f.margin >= 0.0) ||
      !(mat.pass_eigenvalue >= 0.0))
    throw std::invalid_argument(
        "fluid material: rest density, kernel radius, mass and D0 must be positive, "
        "relaxation, CFL, margin and the pass's eigenvalue not negative");
  if (f.list_capacity() > kMaxListCapacity)
    throw std::invalid_argument("fluid search radius " + std::to_string(f.search_radius()) +
                                " m holds about " + std::to_string(f.list_capacity() / 2) +
                                " neighbours at rest; lists hold at most " +
                                std::to_string(kMaxListCapacity / 2) + ": a smaller kernel radius or margin");
  for (int i = f.first; i < f.first + f.count; ++i) {
    const Real w = m.particle_inv_mass[size_t(i)];
    if (w != 0.0 && std::fabs(w * mat.mass - 1.0) > resolvable(1e-9))  // 1/m rounded to Real
      throw std::invalid_argument("fluid particle " + std::to_string(i) + " has mass " +
                                  std::to_string(1.0 / w) + " kg, not the fluid's " +
                                  std::to_string(mat.mass) + " kg");
  }
}

// FluidBlock::domain's default: the box of the fluid's particles in `s` grown by half its largest extent and
// h on every side.
template <class ModelT, class StateT>
Aabb initial_domain(const ModelT& m, const StateT& s) {
  const FluidBlock& f = m.fluid;
  Vec3 lo = s.particle_x[size_t(f.first)], hi = lo;
  for (int i = f.first; i < f.first + f.count; ++i) {
    const Vec3 x = s.particle_x[size_t(i)];
    lo = {std::fmin(lo.x, x.x), std::fmin(lo.y, x.y), std::fmin(lo.z, x.z)};
    hi = {std::fmax(hi.x, x.x), std::fmax(hi.y, x.y), std::fmax(hi.z, x.z)};
  }
  const Vec3 e = hi - lo;
  const Real grow = 0.5 * std::fmax(e.x, std::fmax(e.y, e.z)) + f.material.kernel_radius;
  const Vec3 g{grow, grow, grow};
  return {lo - g, hi + g};
}

// The fluid's share of a drawn particle's colour: its density error max(ρ/ρ₀ − 1, 0) [-].
struct FluidDrawTerm {
  const Real* density;  // ρ/ρ₀ of fluid particle i − first [-]
  int first, count;
  SIM_HD double operator()(int i, DrawQuantity) const {
    return i >= first && i < first + count ? max_number(double(density[i - first]) - 1.0, 0.0) : 0.0;
  }
};

// The failure bound on the mean compression max(ρ/ρ₀ − 1, 0) (issue 41 item 3) [-]: a liquid is
// incompressible to far better than 1% (water 10 m down is squeezed by 0.005%); fluid_column's defaults
// stay within 0.03%, at 10 substeps × 1 iteration 0.15%, while Small Steps Figure 2's 1 × 10 column, which
// loses 0.9% of its volume (docs/SCENES.md, fluid_compression), reaches 1.3%.
constexpr double kDensityErrorBound = 0.01;

struct FluidFamily : FamilyDefaults<FluidFamily> {
  template <template <class> class Array>
  struct ModelPart {
    FluidBlock fluid;
    std::tuple<> fields() const { return {}; }
  };
  template <template <class> class Array>
  struct StatePart {
    struct {
      Array<Real> density;    // ρ/ρ₀ at the end of the last frame [-]
      Array<int> clamps;      // substeps of the last frame whose displacement the CFL limit shortened
      Array<int> neighbours;  // within h at the end of the frame (a list's overflow: what it was offered)
    } fluid;
    auto fields() { return std::tie(fluid.density, fluid.clamps, fluid.neighbours); }
    auto fields() const { return std::tie(fluid.density, fluid.clamps, fluid.neighbours); }
  };
  template <class Builder>
  using BuilderPart = FluidBuilder<Builder>;
  template <class ModelT, class StateT>
  static void finalize(ModelT& m, StateT& s) {
    check_fluid(m);
    if (m.fluid.count > 0 && !(m.fluid.domain.lo.x <= m.fluid.domain.hi.x))
      m.fluid.domain = initial_domain(m, s);
    s.fluid.density.assign(size_t(m.fluid.count), 1.0);
    s.fluid.clamps.assign(size_t(m.fluid.count), 0);
    s.fluid.neighbours.assign(size_t(m.fluid.count), 0);
  }
  template <class Core>
  class Stages;

  using Sums = FluidSums;
  using Metrics = FluidMetrics;
  template <class Exec, class ModelA, class StateA>
  static MeasureFluid measure_term(const ModelA& m, const StateA& s, const MetricFrame& frame) {
    return {Exec::data(s.fluid.density),
            Exec::data(s.fluid.clamps),
            Exec::data(s.fluid.neighbours),
            m.fluid.material.density_scale(),
            m.fluid.material.rest_denominator,
            frame.h,
            m.fluid.list_capacity(),
            int(Exec::size(s.fluid.density))};
  }
  template <class ModelT>
  static void finish(Metrics& out, const Sums& s, const ModelT& m, Real) {
    out.density_error_mean = s.particles > 0 ? s.density_error_sum / s.particles : 0.0;
    out.density_error_max = s.density_error_max;
    out.fluid_volume = s.volume;
    out.fluid_rest_volume = s.particles * m.fluid.material.density_scale();
    out.cfl_clamps = s.cfl_clamps;
    out.neighbours_max = s.neighbours_max;
    out.neighbour_overflow = s.neighbour_overflow;
  }
  static std::vector<MetricColumn<Metrics>> columns() {
    using M = Metrics;
    return {{"density_error_mean", [](const M& m) { return m.density_error_mean; }},
            {"density_error_max", [](const M& m) { return m.density_error_max; }},
            {"fluid_volume_m3", [](const M& m) { return m.fluid_volume; }},
            {"cfl_clamps", [](const M& m) { return double(m.cfl_clamps); }, true},
            {"neighbours_max", [](const M& m) { return double(m.neighbours_max); }, true},
            {"neighbour_overflow", [](const M& m) { return double(m.neighbour_overflow); }, true}};
  }
  template <class ModelT>
  static void residuals(const ModelT& m, const Metrics& f, ResidualParts& out) {
    if (m.fluid.count > 0) out.push_back({"density", 100.0 * f.density_error_max, "%"});
  }
  // Failure: the mean compression max(ρ/ρ₀ − 1, 0) past kDensityErrorBound.
  template <class ModelT>
  static void failures(const ModelT& m, const Metrics& f, FailureChecks& out) {
    if (m.fluid.count > 0)
      out.push_back({"mean density error", 100.0 * f.density_error_mean, 100.0 * kDensityErrorBound, "%", 2.0});
  }
  template <class ModelT>
  static void report(const ModelT& m, const Metrics& f, ReportLines& out) {
    if (m.fluid.count == 0) return;
    out.push_back({"density", "error mean " + format_percent(100.0 * f.density_error_mean) + ", max " +
                                  format_percent(100.0 * f.density_error_max)});
    out.push_back({"fluid", "volume " + format_number(f.fluid_volume, 4) + " m^3 of " +
                                format_number(f.fluid_rest_volume, 4) + " at rest; CFL clamps " +
                                format_count(f.cfl_clamps)});
    if (f.neighbour_overflow > 0)
      out.push_back({"neighbours",
                     format_text("%d particles with more neighbours than a list holds (%d)",
                                 f.neighbour_overflow, m.fluid.list_capacity()),
                     true});
  }
  template <class Exec, class ModelA, class StateA>
  static FluidDrawTerm draw_term(const ModelA& m, const StateA& s) {
    return {Exec::data(s.fluid.density), m.fluid.first, m.fluid.count};
  }
  template <class ModelT>
  static void add_sizes(const ModelT& m, std::vector<ModelSize>& out) {
    if (m.fluid.count > 0) out.push_back({"fluid_particles", "fluid particles", m.fluid.count});
  }
  // The fluid's State arrays are sized by its particles.
  template <class ModelT>
  static bool same_shape(const ModelT& a, const ModelT& b) {
    return a.fluid.first == b.fluid.first && a.fluid.count == b.fluid.count;
  }
  template <class ModelT>
  static const char* force_form_refusal(const ModelT& m) {
    return m.fluid.count > 0
               ? "position-based fluids' density constraints (PBF) have no energy, so no force form"
               : nullptr;
  }
};

}  // namespace SIM_PRECISION
}  // namespace sim

// Its solver part, so that registering the family (registry/family_list.h) brings its stages too.
#include "families/fluid/fluid_stages.h"
