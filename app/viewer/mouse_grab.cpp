#include "viewer/mouse_grab.h"

#include "render/to_glm.h"

namespace app {

void MouseGrab::hold_particle(int pane, int particle, glm::vec3 at) {
  release();
  pane_ = pane;
  particle_ = particle;
  anchor_ = target_ = at;
}

void MouseGrab::hold_body(int pane, int body, sim::Vec3 local, glm::vec3 at) {
  release();
  pane_ = pane;
  body_ = body;
  local_ = local;
  anchor_ = target_ = at;
}

void MouseGrab::release() {
  particle_ = body_ = -1;
  local_ = {};
}

sim::Grab MouseGrab::sent() const {
  if (!holds()) return {};
  return {particle_, {target_.x, target_.y, target_.z}, sim::Real(compliance_), body_, local_};
}

render::GrabMark MouseGrab::mark() const { return {particle_, body_, render::to_glm(local_), target_}; }

}  // namespace app
