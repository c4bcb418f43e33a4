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
#include "exec/tile_sweep.h"
#include "families/family.h"
#include "model/tiling.h"

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

  // colour c owns constraints [colour_offsets[c], colour_offsets[c+1]); with `tiles` (model/tiling.h), the
  // colours' phases and tiles, which the sweep then runs instead of a colour at a time.
  void set_colours(const std::vector<int>& colour_offsets, const TileSweep& tiles = {}) {
    colours_ = ranges_between(colour_offsets);
    Exec::upload(tile_offsets_, tiles.tile_offsets);
    phases_.clear();
    for (int p = 0; p < tiles.phases(); ++p)
      phases_.push_back({tiles.phase_colours[size_t(p) + 1] - tiles.phase_colours[size_t(p)],
                         tiles.phase_tiles[size_t(p)],
                         Exec::data(tile_offsets_) + tiles.phase_base[size_t(p)]});
  }

  // One Gauss-Seidel sweep: colour_pass(first) is the functor over the colour that starts at `first`; in
  // tiles, colour_pass(0), over constraint indices.
  template <class ColourPass>
  void by_colour(Core& core, ColourPass colour_pass) const {
    if (phases_.empty())
      core.sweep(colours_, colour_pass);
    else
      core.sweep_tiles(phases_, colours_.empty() ? 0 : colours_.back().end, colour_pass(0));
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
  std::vector<TilePhase> phases_;                     // empty: a sweep a colour
  typename Exec::template Buffer<int> tile_offsets_;  // TileSweep::tile_offsets, on the backend
  typename Exec::template Buffer<Vec3> slots_;  // arity per constraint: Jacobi corrections [m], energy terms
};

}  // namespace SIM_PRECISION
}  // namespace sim
