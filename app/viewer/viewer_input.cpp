// Viewer input: left drag grabs the particle under the cursor, or else the rigid body at the point clicked
// (a compliant attachment to a target on the camera-facing plane through where it was grabbed, applied
// inside every substep), or orbits when there is neither; right or middle drag pans; the wheel zooms; keys as
// listed by the help overlay (H).
#include <GLFW/glfw3.h>

#include "viewer/picking.h"
#include "viewer/viewer.h"

namespace app {

int Viewer::pane_at(glm::vec2 cursor_px) const {
  for (int i = 0; i < pane_count(); ++i) {
    const render::Viewport vp = pane_viewport(i);
    if (cursor_px.x < float(vp.x + vp.width)) return i;
  }
  return pane_count() - 1;
}

glm::vec2 Viewer::local_cursor(int pane, glm::vec2 cursor_px) const {
  return cursor_px - glm::vec2(float(pane_viewport(pane).x), 0.0f);
}

void Viewer::mouse_button(int button, bool pressed, glm::vec2 cursor_px) {
  last_cursor_ = cursor_px;
  if (!pressed) {
    if (mouse_ == MouseMode::Grab) release_grab();
    mouse_ = MouseMode::None;
    return;
  }
  if (button == GLFW_MOUSE_BUTTON_RIGHT || button == GLFW_MOUSE_BUTTON_MIDDLE) {
    mouse_ = MouseMode::Pan;
    return;
  }
  if (button != GLFW_MOUSE_BUTTON_LEFT) return;
  const int p = pane_at(cursor_px);
  const render::Viewport vp = pane_viewport(p);
  settle();  // the positions are read from the World: the frame under way finishes first
  sim::World& world = *panes_[size_t(p)]->world;
  const sim::Model& model = world.model();
  std::vector<bool> pickable(size_t(model.particle_count()));
  for (size_t i = 0; i < pickable.size(); ++i) pickable[i] = model.particle_inv_mass[i] > 0.0;
  const std::vector<sim::Vec3>& x = world.positions();  // only the positions, only on a click
  std::vector<glm::vec3> positions(x.size());
  for (size_t i = 0; i < x.size(); ++i) positions[i] = glm::vec3(float(x[i].x), float(x[i].y), float(x[i].z));
  const int picked =
      pick_particle(camera_, local_cursor(p, cursor_px), glm::vec2(vp.width, vp.height), positions, pickable);
  BodyPick body;
  if (picked < 0 && model.body_count() > 0) {  // no particle there: a body, held at the point clicked
    const sim::State& state = world.state_part<sim::RigidFamily>();  // only the bodies' poses, only on a click
    body = pick_body(camera_, local_cursor(p, cursor_px), glm::vec2(vp.width, vp.height), model, state.body.x,
                     state.body.q);
  }
  if (picked < 0 && body.body < 0) {
    mouse_ = MouseMode::Orbit;
    return;
  }
  mouse_ = MouseMode::Grab;
  grabbed_ = picked;
  grabbed_body_ = body.body;
  grab_local_ = body.local;
  grab_anchor_ = picked >= 0 ? positions[size_t(picked)] : body.point;
  grab_pane_ = p;
  update_grab(cursor_px);
}

void Viewer::update_grab(glm::vec2 cursor_px) {
  const render::Viewport vp = pane_viewport(grab_pane_);
  const glm::vec3 t =
      drag_target(camera_, local_cursor(grab_pane_, cursor_px), glm::vec2(vp.width, vp.height), grab_anchor_);
  // given to the Worlds by start_frame
  grab_ = {grabbed_, {t.x, t.y, t.z}, sim::Real(grab_compliance_), grabbed_body_, grab_local_};
}

void Viewer::release_grab() {
  grabbed_ = -1;
  grabbed_body_ = -1;
  grab_ = {};
}

void Viewer::cursor_moved(glm::vec2 cursor_px) {
  const glm::vec2 delta = cursor_px - last_cursor_;
  last_cursor_ = cursor_px;
  switch (mouse_) {
    case MouseMode::Orbit: camera_.orbit(delta); break;
    case MouseMode::Pan: camera_.pan(delta, float(pane_viewport(0).height)); break;
    case MouseMode::Grab: update_grab(cursor_px); break;
    case MouseMode::None: break;
  }
}

void Viewer::scrolled(float steps) { camera_.zoom(steps); }

void Viewer::key_pressed(int key) {
  switch (key) {
    case GLFW_KEY_SPACE: paused_ = !paused_; break;
    case GLFW_KEY_RIGHT: step_once_ = true; break;
    case GLFW_KEY_R: reset(); break;
    case GLFW_KEY_F: frame_camera(); break;
    case GLFW_KEY_P: save_screenshot(); break;
    case GLFW_KEY_V: toggle_recording(); break;
    case GLFW_KEY_H: show_help_ = !show_help_; break;
    case GLFW_KEY_TAB: panel_open_ = !panel_open_; break;
    case GLFW_KEY_C: draw_.constraints = !draw_.constraints; break;
    case GLFW_KEY_ESCAPE: show_help_ = false; break;
    default: break;
  }
}

void Viewer::play_drags() {
  const std::vector<ScriptedDrag>& drags = options_.run.drags;
  drag_phase_.resize(drags.size(), 0);
  const double t = panes_[0]->last.time;  // [s] simulated, of the frame the next one follows
  const render::Viewport vp = pane_viewport(0);
  const auto at = [&](double x, double y) {
    return glm::vec2(float(vp.x + x * vp.width), float(y * vp.height));
  };
  for (size_t k = 0; k < drags.size(); ++k) {
    const ScriptedDrag& d = drags[k];
    if (drag_phase_[k] == 0 && t >= d.t0) {
      mouse_button(GLFW_MOUSE_BUTTON_LEFT, true, at(d.x0, d.y0));
      drag_phase_[k] = 1;
    }
    if (drag_phase_[k] != 1) continue;
    const double s = std::min(1.0, (t - d.t0) / (d.t1 - d.t0));
    const glm::vec2 cursor = at(d.x0 + s * (d.x1 - d.x0), d.y0 + s * (d.y1 - d.y0));
    if (t >= d.t1) {
      mouse_button(GLFW_MOUSE_BUTTON_LEFT, false, cursor);
      drag_phase_[k] = 2;
    } else {
      cursor_moved(cursor);
    }
  }
}

}  // namespace app
