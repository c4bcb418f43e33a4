// Issue 53 item 1: a scripted drag grips what it names, whatever the camera's framing. Every shipped preset
// with a drag, run as `run --record` runs it (a hidden window, the video's size) and as `view` runs it (a
// window with the control panel, which frames the scene differently), grips the particle or body it names
// and moves it at least half the drag's length along the drag's direction, with the physics ok throughout
// (a grab that tore the cloth or knocked the stack down would not count).
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <utility>

#include "image_checks.h"
#include "params/param.h"
#include "process.h"
#include "render/to_glm.h"
#include "run/preset.h"
#include "run/scripted_drag.h"
#include "viewer_fixtures.h"

namespace app {
namespace {

// Where the grab's held point is now in pane 0: its particle, or its body's point [m].
glm::vec3 held_point(const Viewer& viewer) {
  const MouseGrab& g = viewer.grab();
  sim::World& world = *viewer.pane(0).world;
  if (g.particle() >= 0) {
    const sim::Vec3 x = world.positions()[size_t(g.particle())];
    return {float(x.x), float(x.y), float(x.z)};
  }
  const sim::State& s = world.state();
  const sim::Vec3 x = s.body.x[size_t(g.body())] + sim::rotate(s.body.q[size_t(g.body())], g.local());
  return {float(x.x), float(x.y), float(x.z)};
}

struct Dragged {
  bool gripped = false;
  int particle = -1, body = -1;
  glm::vec3 moved{0.0f};  // from the press to the release [m]
};

// Plays the preset's (first) drag in a viewer and follows what it holds until it lets go.
Dragged play(const std::filesystem::path& preset, bool interactive) {
  RunOptions run(sim::find_scene(kDefaultScene));
  apply_preset_file(preset.string(), run);
  run.backend = sim::BackendKind::Cpu;
  run.scene_params.use_device_defaults(false);  // as the command line resolves it (app/main.cpp)
  run.scene->use_setting_defaults(run.settings, false);
  run.record.clear();
  ViewOptions v(run);
  v.interactive = interactive;
  v.real_time = false;
  Viewer viewer(v);
  const ScriptedDrag& d = run.drags.front();
  Dragged out;
  while (viewer.pane(0).last.time < d.t1 + 0.5) {
    if (!viewer.frame() || viewer.pane(0).divergence) {
      ADD_FAILURE() << preset << ": the run stopped at t = " << viewer.pane(0).last.time << " s";
      break;
    }
    viewer.settle();  // interactive, the next frame is under way: the World is read once it is done
    if (!viewer.grab().holds()) continue;
    if (!out.gripped) out = {true, viewer.grab().particle(), viewer.grab().body(), glm::vec3(0.0f)};
    out.moved = held_point(viewer) - viewer.grab().anchor();
  }
  EXPECT_FALSE(viewer.grab().holds()) << preset << ": the release did not let go";
  EXPECT_FALSE(viewer.pane(0).watch.exceeded()) << preset << ": " << viewer.pane(0).watch.report();
  return out;
}

TEST(DragPresets, EachMovesWhatItNamesAlongTheDragInRunAndView) {
  int presets = 0;
  for (const std::filesystem::path& preset : shipped_presets(true)) {
    RunOptions run(sim::find_scene(kDefaultScene));
    apply_preset_file(preset.string(), run);
    if (run.drags.empty()) continue;
    ++presets;
    const ScriptedDrag& d = run.drags.front();
    ASSERT_NE(d.grip, ScriptedDrag::Grip::View) << preset << ": a drag as fractions of the view names nothing";
    const glm::vec3 by(float(d.by[0]), float(d.by[1]), float(d.by[2]));
    for (const bool interactive : {false, true}) {
      const Dragged got = play(preset, interactive);
      const char* mode = interactive ? "view" : "run --record";
      ASSERT_TRUE(got.gripped) << preset << " (" << mode << "): the press gripped nothing";
      if (d.grip == ScriptedDrag::Grip::Particle) EXPECT_EQ(got.particle, d.index) << preset << " (" << mode << ")";
      if (d.grip == ScriptedDrag::Grip::Body) EXPECT_EQ(got.body, d.index) << preset << " (" << mode << ")";
      const float along = glm::dot(got.moved, glm::normalize(by));
      EXPECT_GE(along, 0.5f * glm::length(by))
          << preset << " (" << mode << "): moved " << glm::length(got.moved) << " m, " << along
          << " m along the drag of " << glm::length(by) << " m";
    }
  }
  EXPECT_GE(presets, 3);
}

// A named particle or body must exist and be able to move, and two drags may not hold at once: the viewer
// refuses them at the start, naming them.
TEST(NamedDrags, MissingOrImmovableGripsAreRefusedAtTheStart) {
  const auto refusal = [](const std::string& scene, const std::string& drag, const std::string& second = "") {
    ViewOptions v = hidden(scene);
    v.run.drags = {parse_drag(drag, "--drag")};
    if (!second.empty()) v.run.drags.push_back(parse_drag(second, "--drag"));
    try {
      Viewer viewer(v);
    } catch (const sim::ParamError& e) {
      return std::string(e.what());
    }
    return std::string("no refusal");
  };
  EXPECT_NE(refusal("chain", "particle 500 from 0 to 1 by 0.1 0 0").find("particle 500 is past the scene's 20 particles"),
            std::string::npos);
  EXPECT_NE(refusal("chain", "particle 0 from 0 to 1 by 0.1 0 0").find("particle 0 is pinned"), std::string::npos);
  EXPECT_NE(refusal("chain", "body 0 from 0 to 1 by 0.1 0 0").find("body 0 is past the scene's 0 bodies"),
            std::string::npos);
  EXPECT_NE(refusal("chain", "particle 5 from 0 to 1 by 0.1 0 0", "particle 9 from 0.5 to 2 by 0.1 0 0")
                .find("overlap in time"),
            std::string::npos);
  EXPECT_EQ(refusal("chain", "particle 5 from 0 to 1 by 0.1 0 0", "particle 9 from 1 to 2 by 0.1 0 0"),
            "no refusal");
}

// A world point grips what its pixel shows, projected through the camera at the press: the rigid chain's
// weight at its centre. A point with nothing there stops a headless run with the reason, rather than
// orbiting the camera.
TEST(NamedDrags, PointGripsTheBodyItsPixelShows) {
  ViewOptions v = hidden("rigid_chain", 640, 480);
  sim::Vec3 centre;
  int weight = -1;
  {
    Viewer still(v);
    const sim::State& s = still.pane(0).world->state();
    weight = int(s.body.x.size()) - 1;
    centre = s.body.x.back();
  }
  v.run.drags = {parse_drag("point " + std::to_string(centre.x) + " " + std::to_string(centre.y) + " " +
                                std::to_string(centre.z) + " from 0 to 1 by 0.3 0 0",
                            "--drag")};
  {
    Viewer viewer(v);
    ASSERT_TRUE(viewer.frame());
    EXPECT_EQ(viewer.grab().body(), weight);
  }
  for (const auto& [point, problem] : {std::pair<std::string, std::string>{"0 100 0", "(0, 100, 0) m is outside the view"},
                                       {"0 0.3 0", "nothing to grip at (0, 0.3, 0) m"}}) {
    v.run.drags = {parse_drag("point " + point + " from 0 to 1 by 0.3 0 0", "--drag")};
    Viewer empty(v);
    try {
      empty.frame();
      ADD_FAILURE() << "a point with nothing there did not stop the run: " << point;
    } catch (const sim::ParamError& e) {
      EXPECT_NE(std::string(e.what()).find(problem), std::string::npos) << e.what();
    }
  }
}

// While a drag holds, the viewer draws its mark: a magenta line from the held point to the target it is
// pulled to, and a cross at the held point. The rigid chain's 1000 kg weight lags a target that moves
// sideways and down, past where the chain lets it go.
TEST(NamedDrags, TheMarkRunsFromTheHeldPointToTheTarget) {
  const glm::vec2 size(640, 480);
  ViewOptions v = hidden("rigid_chain", int(size.x), int(size.y));
  v.caption = false;
  int weight = -1;
  {
    Viewer still(v);
    weight = still.pane(0).world->model().body_count() - 1;
  }
  v.run.drags = {parse_drag("body " + std::to_string(weight) + " from 0 to 1 by 1 -1 0", "--drag")};
  Viewer viewer(v);
  while (viewer.pane(0).last.time < 0.5) ASSERT_TRUE(viewer.frame());
  ASSERT_TRUE(viewer.grab().holds());
  const sim::State& s = viewer.pane(0).world->state();
  const sim::Vec3 centre = s.body.x[size_t(weight)];
  const glm::vec2 a(viewer.camera().project(render::to_glm(centre), size));
  const glm::vec2 b(viewer.camera().project(viewer.grab().target(), size));
  ASSERT_GT(glm::length(b - a), 30.0f) << "the target is too near the held point to see a line";
  const std::uint8_t magenta[3] = {std::uint8_t(std::lround(render::kGrabMarkColour[0] * 255)),
                                   std::uint8_t(std::lround(render::kGrabMarkColour[1] * 255)),
                                   std::uint8_t(std::lround(render::kGrabMarkColour[2] * 255))};
  const auto inside = [&](glm::vec2 p) {
    return p.x >= 3.0f && p.y >= 3.0f && p.x < size.x - 4.0f && p.y < size.y - 4.0f;
  };
  ASSERT_TRUE(inside(a) && inside(b)) << "held point " << a.x << ", " << a.y << "; target " << b.x << ", " << b.y;
  const auto magenta_near = [&](glm::vec2 p) {
    const int x = int(p.x), y = int(p.y);
    return has_colour(viewer.frame_pixels(), viewer.frame_width(), x - 3, y - 3, x + 4, y + 4, magenta);
  };
  EXPECT_TRUE(magenta_near(a)) << "no cross at the held point";
  EXPECT_TRUE(magenta_near(0.5f * (a + b))) << "no line half way to the target";
  const glm::vec2 beyond = b + 0.5f * (b - a), behind = a - 0.5f * (b - a);
  if (inside(beyond)) EXPECT_FALSE(magenta_near(beyond)) << "the line runs past the target";
  if (inside(behind)) EXPECT_FALSE(magenta_near(behind)) << "the line runs back past the held point";
}

// The text form reads back as the drag it was written from (presets saved by the viewer), to the last digit.
TEST(NamedDrags, TextRoundTrips) {
  for (const std::string text : {"particle 19 from 0.2 to 1.2 by 0.12 0.06 0", "body 20 from 0.5 to 2.5 by 0 0.2 0",
                                 "body 3 at 0 0.1 0 from 0 to 1 by 1 0 0", "point 0.5 1 -2 from 0 to 1 by 0 0 0.25",
                                 "0 0.5 0.25 1 0.75 0.5", "particle 2 from 100.0000001 to 100.0000004 by 0.1 0 0"})
    EXPECT_EQ(drag_text(parse_drag(text, "test")), text);
}

}  // namespace
}  // namespace app
