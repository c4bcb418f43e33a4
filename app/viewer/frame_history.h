// FrameHistory: a pane's frames since its last build or reset, kept as their inputs (issue 53 item 7): the
// settings each frame began with and the grab the World held. The World is deterministic, so simulating
// the inputs again from the start returns to any frame bit for bit, the stepper's own state (multipliers,
// the slew, adaptive N) included, which a stored State would not hold; and a frame's inputs do not grow
// with the scene (a 388² drape's State, about 14 MB, is never kept). A frame begun from a past one
// rewrites the history after it.
#pragma once

#include <optional>
#include <vector>

#include "params/param.h"
#include "world/world.h"

namespace app {

class FrameHistory {
 public:
  struct Input {
    sim::ParamSet settings;  // as the frame began (after the script's changes due)
    sim::Grab grab;          // what the World held
  };
  static constexpr int kMaxFrames = 36000;       // 10 min at 60 Hz, about 1.3 KB each
  static constexpr size_t kBudget = 64'000'000;  // what kMaxFrames may take [B], whatever the scene

  int frames() const { return int(inputs_.size()); }  // frames 0 .. this can be returned to
  bool full() const { return frames() >= kMaxFrames; }
  size_t bytes() const;  // what the kept inputs take [B], as allocated
  // The frame the history starts from cannot be returned to: the Model was replaced since the reset.
  bool lost() const { return lost_; }
  const Input& input(int frame) const { return inputs_[size_t(frame)]; }  // what began frame + 1

  // The frame under way's input, to keep once it steps; none for a frame of the history simulated again.
  void begin(std::optional<Input> input) { begun_ = std::move(input); }
  // The frame begun is now World frame `frame`: its input is kept, in place of what followed frame − 1.
  void stepped(int frame);
  void clear(bool lost);  // a reset (false) or a replaced Model (true)

 private:
  std::vector<Input> inputs_;  // frame k + 1's at [k]
  std::optional<Input> begun_;
  bool lost_ = false;
};

}  // namespace app
