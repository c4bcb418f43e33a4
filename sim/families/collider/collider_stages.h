// The SDF collider family's solver part (families/collider/collider_family.h): per-particle contacts, and contacts
// of the stretch edges at their midpoints, projected colour by colour over the stretch colours (edges of
// one colour share no particle, so they need no colouring of their own).
#pragma once

#include <vector>

#include "families/collider/collider_family.h"
#include "families/common/contact_stages.h"
#include "families/common/flagged_list.h"
#include "families/family.h"
#include "settings/settings.h"

namespace sim {
inline namespace SIM_PRECISION {

template <class Core>
class ColliderFamily::Stages : public FamilyHooks {
 public:
  using Exec = typename Core::Exec;
  using Substep = typename Core::Substep;
  using HostModel = typename Core::HostModel;

  void upload(Core& core, const HostModel& m) {
    core.model.collider = m.collider;  // the host-side member the metric term reads
    collider_ =
        m.collider.bound_to(Exec::data(core.model.collider_phi), Exec::data(core.model.collider_slope));
    edge_colours_.clear();  // the colours of stretch edges (one kind per colour, model/colouring.h)
    for (const IndexRange& c : ranges_between(m.colour_offsets))
      if (m.distance.kind[size_t(c.begin)] == DistanceKind::Stretch) edge_colours_.push_back(c);
    const size_t n = collider_.enabled ? size_t(core.particle_count()) : 0;
    Exec::resize(active_, n);
    Exec::resize(lambda_, n);
    Exec::resize(allowance_, n);
    const size_t edges = collider_.enabled ? m.distance.rest_length.size() : 0;
    Exec::resize(edge_active_, edges);
    Exec::resize(edge_lambda_, edges);
    Exec::resize(edge_allowance_, edges);
  }

  void detect(Core& core, Vec3 gravity, Real dt) {
    if (!collider_.enabled) return;
    const int n = core.particle_count();
    core.launch(
        n, DetectColliderContacts{
               {core.x(), core.v(), core.w(), core.radius(), Exec::data(active_), gravity, dt}, collider_});
    flagged_.build(core, Exec::data(active_), n);
    const int edges = int(Exec::size(edge_active_));
    core.launch(edges,
                DetectColliderEdgeContacts{edge_args(core), core.x(), core.v(), gravity, dt, collider_});
    edges_flagged_.build(core, Exec::data(edge_active_), edges);
  }

  void begin_substep(Core& core, const Substep& sub) {
    if (sub.passes_reset_multipliers()) return;
    core.clear(lambda_);
    core.clear(edge_lambda_);
  }

  void project(Core& core, const Substep& sub) {
    if (!collider_.enabled) return;
    const ColliderEdgeArgs e = edge_args(core);
    const bool fresh = sub.fresh_pass();
    ContactMultipliers* lambda = Exec::data(edge_lambda_);
    Real* allowance = Exec::data(edge_allowance_);
    edges_flagged_.sweep(core, edge_colours_, [&](FlaggedIndices touching) {
      return ProjectColliderEdgeColour{e,         touching,  core.x(), core.xn(),        lambda,
                                       allowance, collider_, sub.h,    sub.first_pass(), fresh};
    });
    core.launch(flagged_.launch_size(),
                ProjectColliderContacts{{flagged_.indices(), Exec::data(active_), core.x(), core.xn(),
                                         core.w(), core.radius(), Exec::data(lambda_), sub.h, fresh},
                                        collider_,
                                        Exec::data(allowance_),
                                        sub.first_pass()});
  }

 private:
  ColliderEdgeArgs edge_args(Core& core) {
    return {Exec::data(core.model.distance.particles), Exec::data(core.model.distance.kind), core.w(),
            core.radius(), Exec::data(edge_active_)};
  }

  template <class T>
  using Buffer = typename Exec::template Buffer<T>;
  SdfCollider collider_;  // its field is the core's model's
  std::vector<IndexRange> edge_colours_;
  Buffer<unsigned char> active_;  // collider contact found by the detection
  FlaggedList<Core> flagged_;     // the particles with one
  Buffer<ContactMultipliers> lambda_;
  Buffer<Real> allowance_;             // Eq. 10 allowance of each contact this substep [m]
  Buffer<unsigned char> edge_active_;  // per distance constraint: a stretch edge touching the collider
  FlaggedList<Core> edges_flagged_;    // the edges with one, each colour's contiguous
  Buffer<ContactMultipliers> edge_lambda_;
  Buffer<Real> edge_allowance_;  // [m]
};

}  // namespace SIM_PRECISION
}  // namespace sim
