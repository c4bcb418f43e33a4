// Particles against rigid bodies (detect/particle_body_detection.h, constraints/particle_patch.h) as a
// contact kind of the rigid family (families/rigid/contact_kinds.h): its pairs in the State, its metrics,
// and its solver stages (particle_contact_stages.h).
#pragma once

#include <tuple>
#include <vector>

#include "families/family.h"
#include "families/rigid/contact_metrics.h"
#include "families/rigid/particle_contacts/particle_contact_stages.h"

namespace sim {
inline namespace SIM_PRECISION {

struct ParticleContactKind : FamilyDefaults<ParticleContactKind> {
  template <template <class> class Array>
  struct StatePart {
    struct {
      // the last detection's pairs (end a the body, end b the particle) with their last substep's
      // multipliers, particle by particle
      Array<ContactPair> pairs;
    } particle_contact;
    auto fields() { return std::tie(particle_contact.pairs); }
    auto fields() const { return std::tie(particle_contact.pairs); }
  };
  template <class Core>
  using Stages = ParticleBodyContacts<Core>;

  using Sums = ContactSums;
  // As the bodies' own contacts' (families/rigid/body_contacts/body_contact_kind.h), of the particles' pairs
  // with bodies (cloth under a box, fluid around a ball).
  struct Metrics {
    int particle_contact_points = 0;
    int particle_contacts_touching = 0;
    double particle_contact_force = 0.0;      // [N]
    double particle_contact_depth_max = 0.0;  // [m]
  };
  static ContactFields<Metrics> measures() {
    return {&Metrics::particle_contact_points, &Metrics::particle_contacts_touching,
            &Metrics::particle_contact_force, &Metrics::particle_contact_depth_max};
  }
  template <class Exec, class ModelA, class StateA>
  static MeasureContactPairs measure_term(const ModelA& m, const StateA& s, const MetricFrame& frame) {
    return measure_contact_pairs<Exec>(m, s, s.particle_contact.pairs, frame);
  }
  template <class ModelT>
  static void finish(Metrics& out, const Sums& sums, const ModelT&, Real) {
    finish_contacts(out, sums, measures());
  }
  static std::vector<MetricColumn<Metrics>> columns() { return contact_columns("particle_", measures()); }
  // Where particles meet bodies at all.
  template <class ModelT>
  static bool meet(const ModelT& m) {
    return m.body_count() > 0 && m.body_contact.enabled && m.body_contact.particles && m.particle_count() > 0;
  }
  template <class ModelT>
  static void residuals(const ModelT& m, const Metrics& r, ResidualParts& out) {
    if (meet(m)) out.push_back({"particle contacts", r.particle_contact_depth_max, "m"});
  }
  template <class ModelT>
  static void report(const ModelT& m, const Metrics& r, ReportLines& out) {
    if (!meet(m)) return;
    out.push_back({"particles", format_text("%d contacts with bodies, %d touching: force ",
                                            r.particle_contact_points, r.particle_contacts_touching) +
                                    format_quantity(r.particle_contact_force, "N", 4) + ", deepest " +
                                    format_length(r.particle_contact_depth_max)});
  }
};

}  // namespace SIM_PRECISION
}  // namespace sim
