// How a family whose constraints share particles runs its passes in parallel without races (docs/ARCHITECTURE.md,
// determinism): Gauss-Seidel colour by colour (no two constraints of a colour share a particle, so each
// colour is one parallel pass), or through per-end slots — each constraint writes its `arity` corners'
// terms into slots arity·k … arity·k + arity − 1, then every particle sums its own slots in a fixed order
// (GatherCorrections over the family's incidence lists, model/incidence.h). The Jacobi projection and the
// Newton-PCG energy passes both take the second way.
#pragma once

#include <vector>

#include "core/index.h"
#include "core/position.h"
#include "core/vec3.h"
#include "families/family.h"

namespace sim {
inline namespace SIM_PRECISION {

// Ends a Jacobi pass: each particle adds the corrections of its own slots in ascending order (a fixed
// order, so the sum has the same bits on any thread count or device; no atomics).
template <class Target>
struct GatherCorrections {
  const int* offsets;  // particle i owns slots[offsets[i] .. offsets[i + 1])
  const int* slots;
  const Vec3* correction;  // [m]
  Target* x;
  SIM_HD void operator()(int i) const {
    Vec3 sum{0.0, 0.0, 0.0};
    for (int s = offsets[i]; s < offsets[i + 1]; ++s) sum += correction[slots[s]];
    x[i] += sum;
  }
};

template <class Core>
class SharedParticles {
 public:
  using Exec = typename Core::Exec;
  using Substep = typename Core::Substep;
  using HostModel = typename Core::HostModel;

  // colour c owns constraints [colour_offsets[c], colour_offsets[c+1]).
  void set_colours(const std::vector<int>& colour_offsets) { colours_ = ranges_between(colour_offsets); }

  // One Gauss-Seidel sweep: colour_pass(first) is the functor over the colour that starts at `first`.
  template <class ColourPass>
  void by_colour(Core& core, ColourPass colour_pass) const {
    core.sweep(colours_, colour_pass);
  }

  // count constraints write their slots (slot_pass(slots) is the functor over them), then every particle
  // adds the sum of its slots to target; offsets, slots: the family's incidence (n + 1 offsets, one slot
  // per constraint end), on the backend.
  template <class SlotPass, class Target>
  void through_slots(Core& core, int count, int arity, const int* offsets, const int* slots,
                     SlotPass slot_pass, Target* target) {
    Exec::resize(slots_, size_t(arity) * size_t(count));
    core.launch(count, slot_pass(Exec::data(slots_)));
    core.launch(core.particle_count(), GatherCorrections<Target>{offsets, slots, Exec::data(slots_), target});
  }

 private:
  std::vector<IndexRange> colours_;
  typename Exec::template Buffer<Vec3> slots_;  // arity per constraint: Jacobi corrections [m], energy terms
};

}  // namespace SIM_PRECISION
}  // namespace sim
