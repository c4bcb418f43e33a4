// What every contact kind of the rigid family measures (families/rigid/contact_kinds.h): its pairs' points,
// those that pushed in the last substep, their normal force over it (contact_normal_force,
// constraints/body_contact.h) and the deepest overlap, reduced with the frame's metrics; the pairs the last
// detection left out; and these as the kind's metrics and CSV columns, under the kind's own names.
#pragma once

#include <string>
#include <vector>

#include "families/rigid/rigid_data.h"
#include "metrics/metric_column.h"
#include "metrics/metric_terms.h"

namespace sim {
inline namespace SIM_PRECISION {

struct ContactSums {
  int points = 0;
  int touching = 0;
  double force = 0.0;      // [N]
  double depth_max = 0.0;  // [m]
  int dropped = 0;         // pairs the last detection left out, filled on the host (add_frame_stats)
  SIM_HD static ContactSums combine(const ContactSums& a, const ContactSums& b) {
    return {a.points + b.points, a.touching + b.touching, a.force + b.force,
            max_number(a.depth_max, b.depth_max), a.dropped + b.dropped};
  }
};

// Pair i of a kind's pairs: its points, whether it touches, its normal force [N] and its deepest overlap [m];
// each point is a constraint the frame projects n·k times.
struct MeasureContactPairs {
  EndPoses pose;
  const ContactPair* pairs;
  MetricFrame frame;
  int count;
  SIM_HD void operator()(int i, ConstraintSums& s, ContactSums& sums) const {
    const ContactPair& c = pairs[i];
    s.count += c.count;
    const BodyPose a = pose(c.ends.a), b = pose(c.ends.b);
    double deepest = 0.0, normal_force = 0.0;
    for (int k = 0; k < c.count; ++k) {
      deepest = max_number(deepest, -double(contact_separation(c, c.point[k], a, b)));
      normal_force += contact_normal_force(c.point[k], frame.h);
    }
    sums.points += c.count;
    sums.touching += c.touching;
    sums.force += normal_force;
    sums.depth_max = max_number(sums.depth_max, deepest);
  }
};

// The term over `pairs` of a backend's State (Exec: its data access).
template <class Exec, class ModelA, class StateA, class PairBuffer>
MeasureContactPairs measure_contact_pairs(const ModelA& m, const StateA& s, const PairBuffer& pairs,
                                          const MetricFrame& frame) {
  return {{Exec::data(s.body.x), Exec::data(s.body.q), Exec::data(m.body.inv_mass),
           Exec::data(m.body.inv_inertia), Exec::data(s.particle_x), Exec::data(m.particle_inv_mass)},
          Exec::data(pairs),
          frame,
          int(Exec::size(pairs))};
}

// Where a kind's Metrics M keeps the measures, under its own names.
template <class M>
struct ContactFields {
  int M::*points;
  int M::*touching;
  double M::*force;      // [N]
  double M::*depth_max;  // [m]
};

template <class M>
void finish_contacts(M& out, const ContactSums& s, const ContactFields<M>& f) {
  out.*f.points = s.points;
  out.*f.touching = s.touching;
  out.*f.force = s.force;
  out.*f.depth_max = s.depth_max;
}

// The columns `prefix`contact_points, `prefix`contacts_touching, `prefix`contact_force_N and
// `prefix`contact_depth_max_m.
template <class M>
std::vector<MetricColumn<M>> contact_columns(const std::string& prefix, const ContactFields<M>& f) {
  return {{prefix + "contact_points", [p = f.points](const M& m) { return double(m.*p); }, true},
          {prefix + "contacts_touching", [p = f.touching](const M& m) { return double(m.*p); }, true},
          {prefix + "contact_force_N", [p = f.force](const M& m) { return m.*p; }},
          {prefix + "contact_depth_max_m", [p = f.depth_max](const M& m) { return m.*p; }}};
}

}  // namespace SIM_PRECISION
}  // namespace sim
