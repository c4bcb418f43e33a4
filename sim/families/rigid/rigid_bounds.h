// The rigid-body family's failure bound (metrics/failure_check.h, issue 41 item 3), against the size of
// what fails (its contact kinds have their own: families/rigid/body_contacts/body_contact_kind.h):
//   joint separation  |p_a − p_b| of the worst joint past 10% of the shortest link (joint to joint): a chain
//     whose joints have opened by a tenth of a link has visibly come apart (Small Steps Figure 8's 1 × 100
//     chain opens by 80%), while the defaults hold theirs within 1.1% (rigid_chain) and 3.9% (bridge, its
//     planks' joints 0.22 m apart under a ball 1000 times as heavy).
//   the stack came down by  the drop of a stack's tracked top body below its start, past a tenth of the
//     stack's height (TrackedBody::collapse_bound): a stack that came down has failed, whatever overlap its
//     contacts kept; the defaults' boxes drop 0.19 mm (capsule stack) and 3 nm (heavy stack) in 60 s.
#pragma once

#include <algorithm>
#include <vector>

#include "families/rigid/rigid_metrics.h"
#include "geometry/body_shape.h"
#include "metrics/failure_check.h"

namespace sim {
inline namespace SIM_PRECISION {

constexpr double kJointSeparationBound = 0.1;  // of the shortest jointed link [-]

// The shortest link the joints hold [m]: the shortest distance between two joint anchors on one body (a chain
// link's end to end, a plank's edge to edge), or, where no body carries two, the longest extent of a jointed
// body; 0 where no joint has a body end.
template <class ModelT>
double shortest_jointed_link(const ModelT& m) {
  std::vector<std::vector<Vec3>> anchors(size_t(m.body_count()));  // each body's, in its coordinates [m]
  for (size_t j = 0; j < m.joint.ends.size(); ++j) {
    const Int2 ends = m.joint.ends[j];
    if (is_body_end(ends.a)) anchors[size_t(ends.a)].push_back(m.joint.anchor_a[j]);
    if (is_body_end(ends.b)) anchors[size_t(ends.b)].push_back(m.joint.anchor_b[j]);
  }
  double span = 0.0, extent = 0.0;  // the shortest of each
  const auto keep_shorter = [](double& shortest, double d) {
    if (d > 0.0 && (shortest == 0.0 || d < shortest)) shortest = d;
  };
  for (size_t b = 0; b < anchors.size(); ++b) {
    if (!anchors[b].empty()) keep_shorter(extent, shape_length(m.body.shape[b], m.body.size[b]));
    for (size_t i = 0; i < anchors[b].size(); ++i)
      for (size_t k = i + 1; k < anchors[b].size(); ++k)
        keep_shorter(span, length(anchors[b][i] - anchors[b][k]));
  }
  return span > 0.0 ? span : extent;
}

template <class ModelT>
void rigid_failures(const ModelT& m, const RigidMetrics& r, FailureChecks& out) {
  if (const double link = shortest_jointed_link(m); link > 0.0)
    out.push_back({"joint separation", r.joint_separation_max, kJointSeparationBound * link, "m", 1.4});
  // A stack meant to stand whose top came down (issue 52 item 5): a collapse, however small the
  // penetrations it left (PGS at 1 iteration drops the capsule stack's box 1.88 m at 20.9 mm of overlap);
  // before the contacts' checks, so that --fail-on-error names the collapse first
  if (m.tracked_body.body >= 0 && m.tracked_body.collapse_bound > 0.0)
    out.push_back(
        {"the stack came down by", std::max(r.tracked_body_drop, 0.0), m.tracked_body.collapse_bound, "m"});
  RigidContactKinds::failures(m, r, out);
}

}  // namespace SIM_PRECISION
}  // namespace sim
