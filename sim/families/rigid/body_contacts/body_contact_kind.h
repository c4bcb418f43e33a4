// The bodies' contacts with each other and with the world's planes (constraints/body_contact.h, Müller et
// al. 2020 §3.5) as a contact kind of the rigid family (families/rigid/contact_kinds.h): its pairs in the
// State, its metrics and failure bound, and its solver stages (body_contact_stages.h). The bound:
//   penetration  the deepest contact past 10% of the thinnest moving body's shortest extent: a box sunk a
//     tenth of its thickness into another is seen inside it, where the defaults' contacts rest within a
//     fraction of a millimetre.
#pragma once

#include <tuple>
#include <vector>

#include "families/family.h"
#include "families/rigid/body_contacts/body_contact_stages.h"
#include "families/rigid/contact_metrics.h"
#include "geometry/body_shape.h"

namespace sim {
inline namespace SIM_PRECISION {

constexpr double kPenetrationBound = 0.1;  // of the thinnest moving body [-]

// The thinnest moving body's shortest extent [m]; 0 where none moves.
template <class ModelT>
double thinnest_moving_body(const ModelT& m) {
  double thinnest = 0.0;
  for (int b = 0; b < m.body_count(); ++b)
    if (m.body.inv_mass[size_t(b)] > 0.0) {
      const double t = shape_thickness(m.body.shape[size_t(b)], m.body.size[size_t(b)]);
      if (thinnest == 0.0 || t < thinnest) thinnest = t;
    }
  return thinnest;
}

struct BodyContactKind : FamilyDefaults<BodyContactKind> {
  template <template <class> class Array>
  struct StatePart {
    struct {
      // the last detection's pairs with their last substep's multipliers, sorted by colour
      Array<ContactPair> pairs;
    } body_contact;
    auto fields() { return std::tie(body_contact.pairs); }
    auto fields() const { return std::tie(body_contact.pairs); }
  };
  template <class Core>
  using Stages = BodyContacts<Core>;

  using Sums = ContactSums;
  // Manifold points found, those that pushed in the last substep, their normal force over it, the deepest
  // overlap of a contact point at the end of the frame, and the pairs found beyond a body's slots at the
  // last detection.
  struct Metrics {
    int contact_points = 0;
    int contacts_touching = 0;
    double contact_force = 0.0;      // [N]
    double contact_depth_max = 0.0;  // [m]
    int contacts_dropped = 0;
  };
  static ContactFields<Metrics> measures() {
    return {&Metrics::contact_points, &Metrics::contacts_touching, &Metrics::contact_force,
            &Metrics::contact_depth_max};
  }
  template <class Exec, class ModelA, class StateA>
  static MeasureContactPairs measure_term(const ModelA& m, const StateA& s, const MetricFrame& frame) {
    return measure_contact_pairs<Exec>(m, s, s.body_contact.pairs, frame);
  }
  template <class ModelT>
  static void finish(Metrics& out, const Sums& sums, const ModelT&, Real) {
    finish_contacts(out, sums, measures());
    out.contacts_dropped = sums.dropped;
  }
  static std::vector<MetricColumn<Metrics>> columns() {
    std::vector<MetricColumn<Metrics>> out = contact_columns("", measures());
    out.push_back({"contacts_dropped", [](const Metrics& m) { return double(m.contacts_dropped); }, true});
    return out;
  }
  template <class ModelT>
  static void residuals(const ModelT& m, const Metrics& r, ResidualParts& out) {
    if (m.body_count() > 0 && m.body_contact.enabled) out.push_back({"contacts", r.contact_depth_max, "m"});
  }
  template <class ModelT>
  static void failures(const ModelT& m, const Metrics& r, FailureChecks& out) {
    if (const double thinnest = thinnest_moving_body(m); m.body_contact.enabled && thinnest > 0.0)
      out.push_back({"penetration", r.contact_depth_max, kPenetrationBound * thinnest, "m", 2.0});
  }
  template <class ModelT>
  static void report(const ModelT& m, const Metrics& r, ReportLines& out) {
    if (m.body_count() == 0 || !m.body_contact.enabled) return;
    out.push_back(
        {"contacts", format_text("%d points, %d touching: force ", r.contact_points, r.contacts_touching) +
                         format_quantity(r.contact_force, "N", 4) + ", deepest " +
                         format_length(r.contact_depth_max)});
    if (r.contacts_dropped > 0)
      out.push_back({"contacts",
                     format_text("%d pairs left out at the last detection: a body had more than %d",
                                 r.contacts_dropped, kBodyContactSlots),
                     true});
  }
};

}  // namespace SIM_PRECISION
}  // namespace sim
