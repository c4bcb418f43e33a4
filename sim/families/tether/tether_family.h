// Long-range attachments (Kim, Chentanez & Müller 2012, "Long Range Attachments – A Method to Simulate
// Inextensible Clothing in Computer Games"): every free particle tethered to the pinned particle nearest it
// at rest, C = |x − x_a| − L ≤ 0 with L that rest distance, a unilateral constraint that only stops the
// particle from moving further from its anchor than it started. A chain of stretch constraints converges
// its sag from the pin slowly (one Gauss-Seidel sweep moves an error one link); the tether bounds it in one
// projection whatever the resolution. A live option (Settings::tethers, off by default); built at finalize
// from the model's pins, so every scene with pinned particles has them. Its stages: tether_stages.h.
#pragma once

#include <cmath>
#include <tuple>
#include <vector>

#include "core/index.h"
#include "families/family.h"
#include "families/tether/tether_metrics.h"

namespace sim {
inline namespace SIM_PRECISION {

template <template <class> class Array>
struct TetherArrays {
  Array<int> particle;     // the tethered (free) particle, at most one tether each
  Array<int> anchor;       // its anchor, a pinned particle
  Array<Real> max_length;  // L, the rest distance between them [m]

  template <class Self>
  static auto tie(Self& s) {
    return std::tie(s.particle, s.anchor, s.max_length);
  }
};

// Each free particle's nearest pinned particle at rest; none without pins.
template <class ModelT>
void build_tethers(ModelT& m) {
  auto& t = m.tether;
  t = {};
  std::vector<int> pinned;
  for (int i = 0; i < m.particle_count(); ++i)
    if (m.particle_inv_mass[size_t(i)] == 0.0) pinned.push_back(i);
  if (pinned.empty()) return;
  for (int i = 0; i < m.particle_count(); ++i) {
    if (m.particle_inv_mass[size_t(i)] == 0.0) continue;
    const Vec3 xi = m.particle_rest_x[size_t(i)];
    int nearest = pinned.front();
    Real best = length(xi - m.particle_rest_x[size_t(nearest)]);
    for (const int a : pinned) {
      const Real d = length(xi - m.particle_rest_x[size_t(a)]);
      if (d < best) best = d, nearest = a;
    }
    t.particle.push_back(i);
    t.anchor.push_back(nearest);
    t.max_length.push_back(best);
  }
}

struct TetherFamily : FamilyDefaults<TetherFamily> {
  template <template <class> class Array>
  struct ModelPart {
    TetherArrays<Array> tether;
    bool tethers_on = false;  // Settings::tethers of the running frame (a backend's copy; the stages set it)
    auto fields() { return TetherArrays<Array>::tie(tether); }
    auto fields() const { return TetherArrays<Array>::tie(tether); }
    int tether_count() const { return int(tether.particle.size()); }
  };
  struct Options {
    bool tethers = false;  // project the long-range attachments
  };
  static std::vector<SettingSpec<Options>> options() {
    return {
        setting(&Options::tethers,
                {"tethers",
                 ParamType::Bool,
                 0,
                 0,
                 1,
                 "",
                 "long-range attachments (Kim et al. 2012): no free particle moves further from its nearest "
                 "pinned particle than it started",
                 false,
                 {},
                 Widget::Checkbox})};
  }
  template <class ModelT, class StateT>
  static void finalize(ModelT& m, StateT&) {
    build_tethers(m);
  }
  template <class Core>
  class Stages;

  using Sums = TetherSums;
  using Metrics = TetherMetrics;
  template <class Exec, class ModelA, class StateA>
  static MeasureTethers measure_term(const ModelA& m, const StateA& s, const MetricFrame&) {
    return {Exec::data(m.tether.particle), Exec::data(m.tether.anchor), Exec::data(m.tether.max_length),
            Exec::data(s.particle_x), m.tethers_on ? int(Exec::size(m.tether.particle)) : 0};
  }
  template <class ModelT>
  static void finish(Metrics& out, const Sums& sums, const ModelT&, Real) {
    out.tether_overshoot_max = sums.overshoot_max;
    out.tethers_taut = sums.taut;
    out.tethers_on = sums.tethers;
  }
  static std::vector<MetricColumn<Metrics>> columns() { return tether_columns(); }
  template <class ModelT>
  static void report(const ModelT&, const Metrics& metrics, ReportLines& out) {
    report_tethers(metrics, out);
  }
};

}  // namespace SIM_PRECISION
}  // namespace sim

// Its solver part, so that registering the family (registry/family_list.h) brings its stages too.
#include "families/tether/tether_stages.h"
