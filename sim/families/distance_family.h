// The distance constraint family's data and metric term: C = |x_a − x_b| − L (Müller et al. 2007; XPBD
// form in Small Steps Eqs. 4-8), constraints stored sorted by colour (Gauss-Seidel over graph colours,
// §6) with each particle's list of the constraint ends that touch it (model/incidence.h: the Jacobi
// gather). Its solver stages are families/distance_stages.h.
#pragma once

#include <tuple>

#include "constraints/distance.h"
#include "constraints/particle_contact.h"
#include "core/index.h"
#include "families/family.h"
#include "metrics/metric_terms.h"

namespace sim {

// What a distance constraint stands for in a cloth: the stretch metric reads the Stretch edges, and they
// are the edges that touch the SDF collider (families/collider_stages.h).
enum class DistanceKind : unsigned char { Other, Stretch, Shear, Bend };

template <template <class> class Array>
struct DistanceArrays {
  Array<Int2> particles;    // (a, b) particle indices, sorted by colour
  Array<Real> rest_length;  // L [m]
  Array<Real> compliance;   // α [m/N]
  Array<Real> damping;      // β [N·s/m]
  Array<DistanceKind> kind;
  Array<int> incidence_offsets;  // particle i's slots are [offsets[i], offsets[i+1]) (n + 1)
  Array<int> incidence_slots;    // slot 2k + e of constraint k's end e, ascending per particle

  template <class Self>
  static auto tie(Self& s) {
    return std::tie(s.particles, s.rest_length, s.compliance, s.damping, s.kind, s.incidence_offsets,
                    s.incidence_slots);
  }
};

// Distance constraint k: its energies and residual, its pull past L, a stretch edge's strain and the
// penetration of its midpoint (which touches the collider too, families/collider_stages.h).
struct MeasureDistance {
  const Int2* particles;
  const Real* rest_length;
  const Real* compliance;
  const DistanceKind* kind;
  const Real* lambda;
  const Vec3* x;
  const Real* radius;
  MetricFrame frame;
  int count;
  SIM_HD void operator()(int k, ConstraintSums& s) const {
    const Int2 p = particles[k];
    const double L = rest_length[k];
    const double C = distance_eval(x[p.a], x[p.b], rest_length[k]).C;
    add_energies(s, C, compliance[k], lambda[k], frame.h);
    add_residual(s, C, compliance[k], lambda[k], frame.h, int(kind[k]));
    s.max_extension = max_number(s.max_extension, max_number(C, 0.0));
    if (kind[k] != DistanceKind::Stretch) return;
    if (L > 0.0) {
      const double strain = max_number(C / L, 0.0);
      s.stretch_sum += strain;
      s.stretch_max = max_number(s.stretch_max, strain);
      s.stretch_edges += 1;
    }
    if (frame.collider.enabled) {
      const double phi = frame.collider.sample(edge_midpoint(x, p)).phi;
      s.deepest = max_number(s.deepest, max_number(0.0, double(edge_radius(radius, p)) - phi));
    }
  }
};

struct DistanceFamily {
  template <template <class> class Array>
  struct ModelPart {
    DistanceArrays<Array> distance;
    auto fields() { return DistanceArrays<Array>::tie(distance); }
    auto fields() const { return DistanceArrays<Array>::tie(distance); }
  };
  template <template <class> class Array>
  struct StatePart {
    struct {
      Array<Real> lambda;  // λ [N·s²], colour-sorted like the Model's arrays
    } distance;
    auto fields() { return std::tie(distance.lambda); }
    auto fields() const { return std::tie(distance.lambda); }
  };
  template <class Exec>
  class Stages;

  template <class Exec, class ModelA, class StateA>
  static MeasureDistance measure_term(const ModelA& m, const StateA& s, const MetricFrame& frame) {
    return {Exec::data(m.distance.particles),       Exec::data(m.distance.rest_length),
            Exec::data(m.distance.compliance),      Exec::data(m.distance.kind),
            Exec::data(s.distance.lambda),          Exec::data(s.particle_x),
            Exec::data(m.particle_radius),          frame,
            int(Exec::size(m.distance.rest_length))};
  }
};

}  // namespace sim
