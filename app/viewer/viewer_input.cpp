// Viewer input: left drag grabs the particle under the cursor, or else the rigid body at the point clicked
// (a compliant attachment to a target on the camera-facing plane through where it was grabbed, applied
// inside every substep), or orbits when there is neither; right or middle drag pans; the wheel zooms; keys as
// listed by the help overlay (H).
#include <GLFW/glfw3.h>

#include <string>

#include "core/quantity_format.h"
#include "params/param.h"
#include "params/quoted.h"
#include "render/to_glm.h"
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
  for (size_t i = 0; i < x.size(); ++i) positions[i] = render::to_glm(x[i]);
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
  if (picked >= 0)
    grab_.hold_particle(p, picked, positions[size_t(picked)]);
  else
    grab_.hold_body(p, body.body, body.local, body.point);
  update_grab(cursor_px);
}

void Viewer::update_grab(glm::vec2 cursor_px) {
  const render::Viewport vp = pane_viewport(grab_.pane());
  grab_.pull_to(drag_target(camera_, local_cursor(grab_.pane(), cursor_px), glm::vec2(vp.width, vp.height),
                            grab_.anchor()));  // given to the Worlds by start_frame
}

void Viewer::release_grab() { grab_.release(); }

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
    case GLFW_KEY_RIGHT: {  // a frame on: the history's own while it has one, else a new one
      paused_ = true;
      settle();
      const Pane& p = *panes_[0];
      if (p.world->frame() < p.history().frames())
        seek(p.world->frame() + 1);
      else
        step_once_ = true;
      break;
    }
    case GLFW_KEY_LEFT:  // a frame back, simulated again from the start (Pane::seek)
      paused_ = true;
      seek(panes_[0]->world->frame() - 1);
      break;
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

namespace {
// Why a named drag cannot grip in this Model: its particle or body is missing or cannot move; "" when it can.
std::string grip_problem(const ScriptedDrag& d, const sim::Model& model) {
  const std::string i = std::to_string(d.index);
  if (d.grip == ScriptedDrag::Grip::Particle) {
    if (d.index >= model.particle_count())
      return "particle " + i + " is past the scene's " + sim::format_count(model.particle_count()) + " particles";
    if (model.particle_inv_mass[size_t(d.index)] == 0.0) return "particle " + i + " is pinned and cannot move";
  }
  if (d.grip == ScriptedDrag::Grip::Body) {
    if (d.index >= model.body_count())
      return "body " + i + " is past the scene's " + sim::format_count(model.body_count()) + " bodies";
    if (model.body.inv_mass[size_t(d.index)] == 0.0) return "body " + i + " is static and cannot move";
  }
  return "";
}
}  // namespace

void Viewer::check_drags() const {
  const std::vector<ScriptedDrag>& drags = options_.run.drags;
  for (const ScriptedDrag& d : drags)
    if (const std::string problem = grip_problem(d, panes_[0]->world->model()); !problem.empty())
      throw sim::ParamError("drag " + sim::in_quotes(drag_text(d)) + ": " + problem);
  for (size_t a = 0; a < drags.size(); ++a)  // one grab holds what a drag grips
    for (size_t b = a + 1; b < drags.size(); ++b)
      if (drags[a].t0 < drags[b].t1 && drags[b].t0 < drags[a].t1)
        throw sim::ParamError("drags " + sim::in_quotes(drag_text(drags[a])) + " and " +
                              sim::in_quotes(drag_text(drags[b])) +
                              " overlap in time: the mouse holds one thing at a time");
}

std::string Viewer::press_named(const ScriptedDrag& d) {
  if (d.grip == ScriptedDrag::Grip::Point) {  // whatever the point's pixel picks, as the mouse would
    const render::Viewport vp = pane_viewport(0);
    const glm::vec3 at(float(d.at[0]), float(d.at[1]), float(d.at[2]));
    const glm::vec3 px = camera_.project(at, glm::vec2(vp.width, vp.height));
    const std::string where =
        "(" + sim::format_number(d.at[0]) + ", " + sim::format_number(d.at[1]) + ", " + sim::format_number(d.at[2]) + ") m";
    if (!(px.z > 0.0f && px.x >= 0.0f && px.y >= 0.0f && px.x < float(vp.width) && px.y < float(vp.height)))
      return where + " is outside the view";
    mouse_button(GLFW_MOUSE_BUTTON_LEFT, true, glm::vec2(float(vp.x) + px.x, px.y));
    if (mouse_ == MouseMode::Grab && grab_.holds()) return "";
    mouse_ = MouseMode::None;  // not an orbit of the camera
    return "nothing to grip at " + where + " (its pixel shows no movable particle or body)";
  }
  settle();  // the grip is read from the World: the frame under way finishes first
  sim::World& world = *panes_[0]->world;
  if (std::string problem = grip_problem(d, world.model()); !problem.empty()) return problem;  // a new scene
  if (d.grip == ScriptedDrag::Grip::Particle) {
    const sim::Vec3 x = world.positions()[size_t(d.index)];
    grab_.hold_particle(0, d.index, render::to_glm(x));
  } else {
    const sim::State& state = world.state_part<sim::RigidFamily>();
    const sim::Vec3 local{sim::Real(d.at[0]), sim::Real(d.at[1]), sim::Real(d.at[2])};
    const sim::Vec3 x = state.body.x[size_t(d.index)] + sim::rotate(state.body.q[size_t(d.index)], local);
    grab_.hold_body(0, d.index, local, render::to_glm(x));
  }
  mouse_ = MouseMode::Grab;
  return "";
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
    const bool view = d.grip == ScriptedDrag::Grip::View;
    if (drag_phase_[k] == 0 && t >= d.t0) {
      drag_phase_[k] = 1;
      if (view) {
        mouse_button(GLFW_MOUSE_BUTTON_LEFT, true, at(d.x0, d.y0));
      } else if (const std::string problem = press_named(d); !problem.empty()) {
        drag_phase_[k] = 2;
        const std::string message =
            "drag " + sim::in_quotes(drag_text(d)) + " at t = " + sim::format_quantity(t, "s") + ": " + problem;
        if (!options_.interactive) throw sim::ParamError(message);
        report(message, true);
      }
    }
    if (drag_phase_[k] != 1) continue;
    const double s = std::min(1.0, (t - d.t0) / (d.t1 - d.t0));
    if (t >= d.t1) {
      if (view) {
        mouse_button(GLFW_MOUSE_BUTTON_LEFT, false, at(d.x1, d.y1));
      } else {
        mouse_ = MouseMode::None;
        release_grab();
      }
      drag_phase_[k] = 2;
    } else if (view) {
      cursor_moved(at(d.x0 + s * (d.x1 - d.x0), d.y0 + s * (d.y1 - d.y0)));
    } else {  // the gripped point's own path in the world, whatever the framing
      grab_.pull_to(grab_.anchor() + float(s) * glm::vec3(float(d.by[0]), float(d.by[1]), float(d.by[2])));
    }
  }
}

}  // namespace app
