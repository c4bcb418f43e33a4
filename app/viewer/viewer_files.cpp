// The viewer's files: recording the drawn frames (recorder.h), a screenshot, and the preset that reopens what
// is on screen (the scene, its parameters, each pane's settings).
#include <cmath>
#include <cstdio>

#include "registry/settings.h"
#include "render/plot/image_io.h"
#include "run/preset.h"
#include "viewer/viewer.h"

namespace app {

void Viewer::start_recording(const std::string& path) {
  if (target_.width() == 0) target_.resize(options_.width & ~1, options_.height & ~1);
  report(recording_.start(path, target_.width(), target_.height(),
                          sim::settings_from_params(panes_[0]->settings).frame_dt));
}

void Viewer::stop_recording() { report(recording_.stop()); }

void Viewer::toggle_recording() {
  if (recording_.active())
    stop_recording();
  else
    start_recording(recording_.path_text());
}

void Viewer::save_screenshot() {
  char name[256];
  std::snprintf(name, sizeof name, "smallsteps-%s-%05d.png", scene_->name.c_str(), panes_[0]->last.frame);
  const render::RgbImage image{target_.width(), target_.height(), frame_pixels()};
  if (render::write_png(name, image))
    report(std::string("screenshot saved to ") + name);
  else
    report(std::string("cannot write screenshot ") + name, true);
}

void Viewer::save_preset() {
  RunOptions o = options_.run;
  o.scene = scene_;
  o.scene_params = scene_params_;
  o.settings = panes_[0]->settings;
  o.compare.clear();
  if (panes_.size() > 1) {  // A and B as the settings in which they differ
    std::string a, b;
    for (const sim::ParamSpec& s : sim::settings_table()) {
      const std::string ta = panes_[0]->settings.text(s.name), tb = panes_[1]->settings.text(s.name);
      if (ta == tb) continue;
      a += (a.empty() ? "" : ",") + s.name + "=" + ta;
      b += (b.empty() ? "" : ",") + s.name + "=" + tb;
    }
    if (!a.empty()) o.compare = {a, b};
  }
  const std::string path = "smallsteps-" + scene_->name + "-preset.json";
  try {
    app::save_preset(path, o);
    report("preset saved to " + path + " (smallsteps view --preset " + path + " reopens it)");
  } catch (const sim::ParamError& e) {
    report(e.what(), true);
  }
}

}  // namespace app
