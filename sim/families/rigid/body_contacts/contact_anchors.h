// The bodies' contact pairs found again at a detection keep their static-friction anchors (PhysX's
// persistent friction anchors; constraints/body_contact.h): a pair with the same two ends and as many
// points as at the last detection takes over, point by point, the anchors it kept — the world points and
// the material points held there (Müller 2020 §3.5) — and the last substep's λ_n, by which
// begin_contact_substep knows a point went on pushing and keeps its anchor. Found anew instead, every
// detection (once a frame, Small Steps §4.2) accepted whatever slip the frame's substeps had not undone:
// the capsule stack at 100 × 1 (material points held, capsules rolling freely) gave way at 25 s with the
// anchors found anew, at 57 s with them kept. The points themselves (their core points, the normal) are the
// new detection's. Host code, between the narrow phase and the upload of the ordered pairs.
#pragma once

#include <algorithm>
#include <vector>

#include "constraints/body_contact.h"

namespace sim {
inline namespace SIM_PRECISION {

// Copies into each of `found` the anchors of the pair of `previous` with the same ends and point count.
inline void carry_contact_anchors(std::vector<ContactPair>& found, const std::vector<ContactPair>& previous) {
  if (previous.empty()) return;
  const auto before = [](const ContactPair& x, const ContactPair& y) {
    return x.ends.a != y.ends.a ? x.ends.a < y.ends.a : x.ends.b < y.ends.b;
  };
  std::vector<ContactPair> old = previous;
  std::sort(old.begin(), old.end(), before);
  for (ContactPair& c : found) {
    const auto it = std::lower_bound(old.begin(), old.end(), c, before);
    if (it == old.end() || it->ends.a != c.ends.a || it->ends.b != c.ends.b || it->count != c.count) continue;
    for (int k = 0; k < c.count; ++k) {
      ContactPoint& p = c.point[k];
      const ContactPoint& o = it->point[k];
      p.start_a = o.start_a;
      p.start_b = o.start_b;
      p.held_a = o.held_a;
      p.held_b = o.held_b;
      p.lambda_n = o.lambda_n;
    }
  }
}

}  // namespace SIM_PRECISION
}  // namespace sim
