// The viewer's layout: where each pane lies in the frame, what is drawn over it (the caption, in full or
// compact: pane_caption.h; the legend) and the band between them that the camera frames the scene in.
#include <algorithm>

#include "render/renderer.h"
#include "render/to_glm.h"
#include "viewer/pane_caption.h"
#include "viewer/viewer.h"

namespace app {

std::pair<glm::vec3, glm::vec3> Viewer::framed_bounds(int pane) const {
  const render::SceneBuffers& b = *panes_[size_t(pane)]->buffers;
  const sim::Model& model = panes_[size_t(pane)]->world->model();
  const glm::vec3 pad(draw_.particles ? b.radius_max() * draw_.particle_scale : 0.0f);  // the spheres drawn
  glm::vec3 lo = b.lo() - pad, hi = b.hi() + pad;
  const sim::Aabb& motion = model.motion;
  if (motion.lo.x <= motion.hi.x) {  // where the swing goes, not only where it starts
    lo = glm::min(lo, render::to_glm(motion.lo) - pad);
    hi = glm::max(hi, render::to_glm(motion.hi) + pad);
  } else {
    const float size = std::max({hi.x - lo.x, hi.y - lo.y, hi.z - lo.z, 0.1f});
    lo.y = std::min(lo.y, hi.y - size);  // room for what hangs or falls below
  }
  if (followed_) {  // where the tracked body went (keep_tracked_in_view)
    lo = glm::min(lo, followed_->first);
    hi = glm::max(hi, followed_->second);
  }
  if (model.ground.enabled) lo.y = std::max(lo.y, float(model.ground.height));  // nothing shows below it
  return {lo, hi};
}

std::pair<float, float> Viewer::free_band(int pane) const {
  if (!options_.caption) return {0.0f, 0.0f};
  const render::Viewport vp = pane_viewport(pane);
  // a line more than the caption drawn last (or, before a draw, as it reads now): the one a failure adds
  const bool drawn = size_t(pane) < captions_.size();
  const int lines =
      int(render::caption_lines(drawn ? captions_[size_t(pane)] : caption(pane), vp).size()) + 1;
  return {render::caption_height(lines, vp),
          draw_.colour_by == render::ColourBy::Flat ? 0.0f : render::legend_height(vp)};
}

void Viewer::frame_camera() {
  const auto [lo, hi] = framed_bounds(0);
  const render::Viewport vp = pane_viewport(0);
  const auto [top, bottom] = free_band(0);
  camera_.frame(lo, hi, vp.aspect(), top / float(vp.height), bottom / float(vp.height));
  framed_camera_ = camera_;
}

void Viewer::keep_tracked_in_view() {
  const Pane& p = *panes_[0];
  const sim::TrackedBody& tracked = p.world->model().tracked_body;
  if (tracked.body < 0 || p.divergence || camera_ != framed_camera_) return;
  const sim::Vec3& at = p.last.tracked_body_x;
  const glm::vec3 x(float(at.x), float(at.y), float(at.z));
  const render::Viewport vp = pane_viewport(0);
  const auto [top, bottom] = free_band(0);
  const glm::vec3 s = camera_.project(x, glm::vec2(vp.width, vp.height));
  const float margin = 0.05f * float(vp.height);  // [px] about the body's own size at most scenes' framing
  if (s.z > 0.0f && s.x >= margin && s.x <= float(vp.width) - margin && s.y >= top + margin &&
      s.y <= float(vp.height) - bottom - margin)
    return;
  // Room ahead of it, a quarter of the box it left, so that the view moves in a few steps, not each frame
  const auto [lo, hi] = framed_bounds(0);
  const glm::vec3 ahead = 0.25f * (hi - lo);
  followed_ = std::make_pair(glm::min(lo, x - ahead), glm::max(hi, x + ahead));
  frame_camera();
}

render::Viewport Viewer::pane_viewport(int i) const {
  const int n = int(panes_.size());
  const int w = std::max(target_.width(), 2), h = std::max(target_.height(), 2);
  const int x0 = i * w / n, x1 = (i + 1) * w / n;
  return {x0, 0, x1 - x0, h};
}

std::vector<std::string> Viewer::caption(int pane) const {
  const Pane& p = *panes_[size_t(pane)];
  CaptionContext context;
  context.scene_name = scene_->name;
  context.real_time = real_time_split_.factor_text();
  std::vector<std::string> lines = pane_caption(p, context);
  if (render::caption_lines(lines, pane_viewport(pane)).size() <= lines.size()) return lines;  // none wraps
  context.compact = true;  // too narrow for it whole
  if (pane_count() == 2) {  // what tells the halves apart; the real-time factor is both's, in Stats
    context.differs = settings_differing(p.settings, panes_[size_t(1 - pane)]->settings);
    context.real_time.clear();
  }
  return pane_caption(p, context);
}

}  // namespace app
