// The distance constraint family: C = |x_a − x_b| − L (Müller et al. 2007; XPBD form in Small Steps Eqs.
// 4-8), stored sorted by colour (Gauss-Seidel over graph colours, §6) with each particle's list of the
// constraint ends that touch it (model/incidence.h: the Jacobi gather). Its pieces: data
// (distance_data.h), builder part and colouring (distance_build.h), metrics (distance_metrics.h), drawn
// strain (distance_draw.h) and solver stages (distance_stages.h).
#pragma once

#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

#include "families/distance/distance_build.h"
#include "families/distance/distance_data.h"
#include "families/distance/distance_draw.h"
#include "families/distance/distance_metrics.h"
#include "families/family.h"

namespace sim {
inline namespace SIM_PRECISION {

struct DistanceFamily : FamilyDefaults<DistanceFamily> {
  template <template <class> class Array>
  struct ModelPart {
    DistanceArrays<Array> distance;
    std::vector<int>
        colour_offsets;  // host only: colour c owns distance constraints [offsets[c], offsets[c+1])
    TileSweep tiles;     // host only: the colours' phases and tiles (model/tiling.h); empty: a sweep a colour
    bool sweep_tiles = false;  // host only: lay the colours out in tiles where that pays (set_sweep_tiles)
    auto fields() { return DistanceArrays<Array>::tie(distance); }
    auto fields() const { return DistanceArrays<Array>::tie(distance); }
    int distance_count() const { return int(distance.rest_length.size()); }
    int colour_count() const { return int(colour_offsets.size()) - 1; }
  };
  template <template <class> class Array>
  struct StatePart {
    struct {
      Array<Real> lambda;  // λ [N·s²], colour-sorted like the Model's arrays
    } distance;
    auto fields() { return std::tie(distance.lambda); }
    auto fields() const { return std::tie(distance.lambda); }
  };
  template <class Builder>
  using BuilderPart = DistanceBuilder<Builder>;
  template <class ModelT, class StateT>
  static void finalize(ModelT& m, StateT& s) {
    finalize_distances(m, s, ModelT::template family_index<DistanceFamily>());
  }
  template <class Core>
  class Stages;

  using Sums = DistanceSums;
  using Metrics = DistanceMetrics;
  template <class Exec, class ModelA, class StateA>
  static MeasureDistance measure_term(const ModelA& m, const StateA& s, const MetricFrame& frame) {
    const auto& d = m.distance;
    return {Exec::data(d.particles),
            Exec::data(d.rest_length),
            Exec::data(d.compliance),
            Exec::data(d.kind),
            Exec::data(s.distance.lambda),
            Exec::data(s.particle_x),
            frame.h,
            int(Exec::size(d.rest_length))};
  }
  // Tension positive: a distance constraint's λ is negative when it pulls.
  template <class Exec, class StateA>
  static ProbeReading probe(const StateA& s, int index) {
    return {double(Exec::read(s.distance.lambda, size_t(index))), 0.0};
  }
  template <class ModelT>
  static void finish(Metrics& out, const Sums& sums, const ModelT&, Real) {
    finish_distances(out, sums);
  }
  static std::vector<MetricColumn<Metrics>> columns() { return distance_columns(); }
  template <class ModelT>
  static void report(const ModelT& m, const Metrics& metrics, ReportLines& out) {
    report_distances(m.distance_count(), metrics, out);
  }
  template <class ModelT>
  static void residuals(const ModelT& m, const Metrics& d, ResidualParts& out) {
    if (m.distance_count() > 0)
      out.push_back({"distance",
                     std::max({d.max_residual_stretch, d.max_residual_shear, d.max_residual_bend,
                               d.max_residual_other}),
                     "m"});
  }
  template <class Exec, class ModelA, class StateA>
  static DistanceDrawTerm draw_term(const ModelA& m, const StateA& s) {
    const auto& d = m.distance;
    return {Exec::data(s.particle_x), Exec::data(d.particles), Exec::data(d.rest_length),
            Exec::data(d.incidence_offsets), Exec::data(d.incidence_slots)};
  }
  template <class ModelT>
  static void add_sizes(const ModelT& m, std::vector<ModelSize>& out) {
    out.push_back({"distance_constraints", "distance constraints", m.distance_count()});
    out.push_back({"colours", "colours", m.colour_count()});
    if (!m.tiles.empty()) out.push_back({"tile_phases", "tiled phases", m.tiles.phases()});
  }
  template <class ModelT>
  static std::string stiffness(const ModelT& m) {
    if (m.distance_count() == 0) return "";
    const auto& alphas = m.distance.compliance;
    const Real smallest = *std::min_element(alphas.begin(), alphas.end());
    return smallest > 0.0 ? "springs up to k = " + format_quantity(1.0 / smallest, "N/m")
                          : "inextensible links";
  }
};

}  // namespace SIM_PRECISION
}  // namespace sim

// Its solver part, so that registering the family (registry/family_list.h) brings its stages too.
#include "families/distance/distance_stages.h"
