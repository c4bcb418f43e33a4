// RealTimeSplit (issue 53 item 4): how fast the viewer simulates against the wall clock, and what holds it
// below real time. A frame of Δt_f simulated seconds takes some wall time between the frames taken in; the
// simulation thread spends part of it simulating, the UI thread part of it drawing (the scene, the panels,
// the swap, a recording's read-back) and the rest waiting (for input, the pacing, a slow simulation). The two
// threads overlap, and a finished frame is taken in when the UI loop comes round: a frame's wall time is at
// least the larger of its simulation and one loop iteration's drawing. Whichever of the two fills at least
// half of it holds the rate below real time (the UI redrawing its panels several times while a slow frame
// simulates holds nothing back); when neither does, the loop was waiting (the display, the pacing, or other
// programs holding the cores).
#pragma once

#include <string>

namespace app {

class RealTimeSplit {
 public:
  enum class Holder { None, Simulation, Drawing, Waiting };

  struct Split {                // per simulated frame, smoothed over the last few dozen
    double factor = 0.0;        // simulated seconds per wall second [-]; 0: not measured yet
    double frame_ms = 0.0;      // wall time between frames taken in [ms]
    double simulating_ms = 0.0, drawing_ms = 0.0, waiting_ms = 0.0;  // [ms]
    double iteration_drawing_ms = 0.0;  // a loop iteration's drawing [ms]
    Holder holder = Holder::None;  // what holds the factor below real time; None at real time
  };

  static constexpr double kRealTime = 0.97;  // a factor at least this is real time (the pacing's jitter)
  static constexpr double kSmoothing = 0.1;  // weight of the newest frame

  // One loop iteration, timed from its start to the next one's [ms], of which `drawing_ms` drawing; it took in
  // `frames` simulated frames of `frame_dt_s` [s] each, whose jobs ran `simulating_ms` in all [ms].
  void iteration(double wall_ms, double drawing_ms, int frames, double simulating_ms, double frame_dt_s);
  // Paused, reset or rebuilt: what was measured no longer says how the next frames go.
  void restart();

  const Split& split() const { return split_; }
  // "0.64x real time" (ASCII: the caption's font), empty before a frame was measured.
  std::string factor_text() const;
  // For Stats: the factor and what holds it ("1.00x real time (paced)", "0.64x real time, held back by
  // drawing"), and the split ("a frame's 26 ms: simulating 100 µs, drawing 24.1 ms, waiting 1.9 ms", and a
  // loop iteration's drawing where the panels were drawn several times in a frame).
  std::string verdict(bool paced) const;
  std::string split_text() const;

 private:
  Split split_;
  double wall_ms_ = 0.0, drawing_ms_ = 0.0;  // of the iterations since the last frame taken in [ms]
  int iterations_ = 0;                        // how many
};

const char* holder_name(RealTimeSplit::Holder holder);

}  // namespace app
