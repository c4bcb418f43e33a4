// rigid_chain: Small Steps §6.5, Figure 8 — a chain of rigid links on ball joints, its top joined to the
// world, holding a weight 1000 times as heavy as a link. With 1 substep × 100 iterations the joints
// visibly separate, with 1 × 500 they still stretch, with 100 substeps × 1 iteration the chain is stiff.
#include "scenes/link_chain.h"

namespace sim {
inline namespace SIM_PRECISION {

SceneDef make_rigid_chain_scene() {
  return link_chain_scene(
      "rigid_chain",
      "Rigid links on ball joints holding a weight 1000x a link's mass (Small Steps 6.5, Figure 8)",
      LinkChain{});
}

}  // namespace SIM_PRECISION
}  // namespace sim
