// Issue 53 item 4: the viewer tells the truth about real time. Interactive and paced to the wall clock, the
// chain simulates a frame of 1/60 s in well under a millisecond. With its drawing held 40 ms an iteration
// (ViewerHooks::frame_drawn: a slow GPU's stand-in) it cannot take in more than 25 frames a second, about
// 0.4x real time, and the split names drawing as what holds it back; with the simulation held 80 ms a
// frame instead (ViewerHooks::frame_simulated) it names the simulation. The caption carries the factor.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "viewer/viewer.h"
#include "viewer_fixtures.h"

namespace app {
namespace {

struct Measured {
  RealTimeSplit::Split split;
  std::string factor;   // as the caption shows it
  std::string caption;  // its line with the factor
};

Measured held_back(bool drawing, std::chrono::milliseconds hold) {
  ViewOptions v = hidden("chain", 960, 540);
  v.interactive = true;
  v.real_time = true;
  const auto sleep = [hold] { std::this_thread::sleep_for(hold); };
  (drawing ? v.hooks.frame_drawn : v.hooks.frame_simulated) = sleep;
  Viewer viewer(v);
  for (int i = 0; i < 1000 && viewer.frames_simulated() < 30; ++i) EXPECT_TRUE(viewer.frame());
  EXPECT_GE(viewer.frames_simulated(), 30);
  Measured m{viewer.real_time_split().split(), viewer.real_time_split().factor_text(), viewer.caption(0).at(1)};
  return m;
}

TEST(RealTime, ACheapSimulationWithSlowDrawingIsHeldBackByDrawing) {
  const Measured m = held_back(true, std::chrono::milliseconds(40));
  EXPECT_EQ(m.split.holder, RealTimeSplit::Holder::Drawing)
      << "held back by " << holder_name(m.split.holder) << "; frame " << m.split.frame_ms << " ms: simulating "
      << m.split.simulating_ms << ", drawing " << m.split.drawing_ms << ", waiting " << m.split.waiting_ms;
  EXPECT_GT(m.split.factor, 0.05);
  EXPECT_LT(m.split.factor, 0.45);  // 1/60 s a frame, at least 40 ms apart
  EXPECT_GE(m.split.drawing_ms, 40.0);
  EXPECT_LT(m.split.simulating_ms, 10.0);
  EXPECT_NEAR(m.split.frame_ms, m.split.drawing_ms + m.split.waiting_ms, 1e-6 * m.split.frame_ms);
  ASSERT_FALSE(m.factor.empty());
  EXPECT_NE(m.caption.find(m.factor), std::string::npos) << m.caption;
}

TEST(RealTime, ASlowSimulationIsHeldBackByTheSimulation) {
  const Measured m = held_back(false, std::chrono::milliseconds(80));
  EXPECT_EQ(m.split.holder, RealTimeSplit::Holder::Simulation)
      << "held back by " << holder_name(m.split.holder) << "; frame " << m.split.frame_ms << " ms: simulating "
      << m.split.simulating_ms << ", drawing " << m.split.drawing_ms << ", waiting " << m.split.waiting_ms;
  EXPECT_LT(m.split.factor, 0.25);  // 1/60 s a frame, at least 80 ms apart
  EXPECT_GE(m.split.simulating_ms, 80.0);
  EXPECT_LT(m.split.iteration_drawing_ms, m.split.simulating_ms);
}

// The split's own arithmetic, without a window: a frame's wall time is its drawing and its waiting; the
// factor is Δt_f over it; a frame taken in over several iterations gathers their times.
TEST(RealTime, TheSplitGathersIterationsIntoFrames) {
  RealTimeSplit split;
  EXPECT_EQ(split.factor_text(), "");
  split.iteration(10.0, 4.0, 0, 0.0, 0.02);  // no frame yet
  split.iteration(30.0, 4.0, 1, 35.0, 0.02);
  EXPECT_DOUBLE_EQ(split.split().frame_ms, 40.0);
  EXPECT_DOUBLE_EQ(split.split().drawing_ms, 8.0);
  EXPECT_DOUBLE_EQ(split.split().iteration_drawing_ms, 4.0);
  EXPECT_DOUBLE_EQ(split.split().waiting_ms, 32.0);
  EXPECT_DOUBLE_EQ(split.split().factor, 0.5);
  EXPECT_EQ(split.split().holder, RealTimeSplit::Holder::Simulation);
  EXPECT_EQ(split.factor_text(), "0.5x real time");
  split.restart();
  split.iteration(10.0, 1.0, 1, 0.1, 0.02);  // 2x real time, unpaced: nothing holds it
  EXPECT_EQ(split.split().holder, RealTimeSplit::Holder::None);
  EXPECT_EQ(split.verdict(false), "2x real time (unpaced)");
  split.restart();
  split.iteration(40.0, 5.0, 1, 1.0, 0.02);  // neither fills half the frame: the loop waited
  EXPECT_EQ(split.split().holder, RealTimeSplit::Holder::Waiting);
  split.restart();
  for (int i = 0; i < 8; ++i) split.iteration(10.0, 9.0, i == 7, i == 7 ? 78.0 : 0.0, 0.02);
  // the panels redrawn 8 times while a frame simulated 78 ms: the simulation holds it, not the drawing
  EXPECT_DOUBLE_EQ(split.split().drawing_ms, 72.0);
  EXPECT_EQ(split.split().holder, RealTimeSplit::Holder::Simulation);
}

}  // namespace
}  // namespace app
