// A chain of rigid links hanging from the world with a heavy body at its end, joined end to end by ball or
// hinge joints: what rigid_chain (Small Steps §6.5, Figure 8) and swinging_box (Giles & Andrews 2024 §4.1.1)
// both build.
#pragma once

#include "scenes/scene.h"

namespace sim {
inline namespace SIM_PRECISION {

struct LinkChain {
  int links = 20;
  BodyShape shape = BodyShape::Capsule;  // of each link, its long axis along the chain
  Real link_length = 0.1;                // joint to joint [m]
  Real link_radius = 0.015;              // half the width of a box link, a capsule's radius [m]
  Real link_mass = 1.0;                  // [kg]
  Real weight_mass = 1000.0;             // the box at the end [kg]
  Real weight_half = 0.1;                // its half extent [m]
  Vec3 top{0.0, 3.0, 0.0};               // where the chain hangs from the world [m]
  Real angle = 0.0;                      // of the straight chain from the downward vertical, about z [rad]
  JointKind joint = JointKind::Ball;     // between links, and to the world and the weight
  JointOptions options;                  // of every joint
};

// Appends the links, the weight and their joints (the hinge axes along z); returns the top joint's id.
int add_link_chain(ModelBuilder& b, const LinkChain& chain);

// A scene of one such chain: its parameters (links, link shape and size, mass ratio, angle, joint compliance
// and damping, gravity) default to `defaults`; the top joint is probed ("top_joint").
SceneDef link_chain_scene(std::string name, std::string description, const LinkChain& defaults);

}  // namespace SIM_PRECISION
}  // namespace sim
