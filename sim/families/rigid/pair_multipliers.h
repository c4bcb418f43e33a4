// A contact kind's multipliers over the frame for adaptive substepping (Giles & Andrews 2024): each pair's
// points' λ_n summed over the substeps (families/common/frame_multipliers.h), and each body's list of its
// pairs with those sums, which the bodies' geometric stiffness reads (families/rigid/body_stiffness.h).
#pragma once

#include "constraints/body_contact.h"
#include "families/common/frame_multipliers.h"

namespace sim {
inline namespace SIM_PRECISION {

// A body's lists of one kind's contact pairs: slot 2k + e of pair k's end e (end_slots), or slot k with the
// body's end read from the pair; null offsets: none.
struct BodyPairLists {
  const ContactPair* pairs;
  const int* offsets;
  const int* slots;
  bool end_slots;        // slots are 2k + e (else k, the body's end read from the pair)
  const Real* lambda_n;  // point p of pair k at kMaxManifold k + p: λ_n summed over the frame [N·s²]
  Real scale;            // 1/(N Δt_s²): the sums' mean force [1/s²]
};

// Adds a substep's λ_n of every pair's points to their frame sums.
struct AddContactMultipliers {
  Real* sum;
  const ContactPair* pairs;
  SIM_HD void operator()(int k) const {
    for (int p = 0; p < pairs[k].count; ++p) sum[kMaxManifold * k + p] += pairs[k].point[p].lambda_n;
  }
};

// The frame sums of the λ_n of a list of contact pairs, and the lists the stiffness pass reads from them.
template <class Core>
class PairMultipliers {
 public:
  using Exec = typename Core::Exec;
  using Substep = typename Core::Substep;

  // After a substep's iterations; the sums restart where the pairs were found again (every substep).
  void add(Core& core, const Substep& sub, typename Exec::template Buffer<ContactPair>& pairs) {
    const int n = int(Exec::size(pairs));
    ContactPair* p = Exec::data(pairs);
    sums_.add(
        core, sub, kMaxManifold * n, n,
        [&](Real* sum) {
          return AddContactMultipliers{sum, p};
        },
        sub.settings.contact_detection == ContactDetection::PerSubstep);
  }

  // Each body's pairs (offsets, slots: null for none) with the frame's sums.
  BodyPairLists lists(typename Exec::template Buffer<ContactPair>& pairs, const int* offsets,
                      const int* slots, bool end_slots, Real inv_h2) {
    return {Exec::data(pairs),  offsets, slots, end_slots, sums_.sums(kMaxManifold * int(Exec::size(pairs))),
            sums_.scale(inv_h2)};
  }

 private:
  FrameMultipliers<Core, Real> sums_;
};

}  // namespace SIM_PRECISION
}  // namespace sim
