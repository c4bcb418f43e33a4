// swinging_box: Giles & Andrews 2024 §4.1.1 — a 25-link chain on hinge joints holding a box 1000 times as
// heavy as a link, released from an angle; with one substep and no damping it is immediately unstable.
#include "scenes/link_chain.h"

namespace sim {

SceneDef make_swinging_box_scene() {
  LinkChain chain;
  chain.links = 25;
  chain.shape = BodyShape::Box;
  chain.link_radius = 0.02;
  chain.weight_half = 0.15;
  chain.top = {0.0, 4.0, 0.0};
  chain.angle = 60.0 * 3.14159265358979323846 / 180.0;
  chain.joint = JointKind::Hinge;
  return link_chain_scene(
      "swinging_box",
      "A 25-link hinge chain swinging a box 1000x a link's mass (Giles & Andrews 2024, 4.1.1)", chain);
}

}  // namespace sim
