// ThreadGovernor: how many OpenMP threads the CPU backend's next frame uses, learnt from the frames'
// wall times. A team as large as the machine is fastest on an idle machine, but when another program
// keeps cores busy, every parallel loop's closing barrier waits for a thread the OS has descheduled:
// the bunny drape went from 12 to 115 ms per frame on 2 cores beside two busy loops, and runs in 18 ms
// on one thread there (docs/ARCHITECTURE.md, "CPU threads"). So the governor climbs a ladder of team
// sizes (1, 2, 4, ..., all), trying a neighbouring size for a few frames now and then (less often after
// each try that lost) and at once when frame times move, and keeps the faster one.
// The results never depend on the team size (tests/sim/determinism_test.cpp), only the time does.
#pragma once

#include <cstddef>
#include <vector>

namespace sim {
inline namespace SIM_PRECISION {

class ThreadGovernor {
 public:
  explicit ThreadGovernor(int max_threads);

  int threads() const { return ladder_[std::size_t(probe_ >= 0 ? probe_ : at_)]; }  // for the next frame
  // The wall time of the frame just run with threads() [ms], and the cores the machine left idle lately
  // (IdleCores; infinity when unknown).
  void record(double frame_ms, double idle_cores);

  // Frame times on busy cores are heavy-tailed (mostly 25 ms, one frame in five 100 ms to 3 s, on the bunny
  // drape beside two busy loops): teams are compared by their mean frame, over windows long enough to meet
  // the tail, and a try stops at its first frame far slower than the settled mean.
  static constexpr int kWindow = 8;           // the settled team's last frames, whose mean stands for it
  static constexpr int kProbeFrames = 4;      // frames a neighbouring team is tried for
  static constexpr int kFirstPeriod = 30;     // frames between tries, doubled after each lost one ...
  static constexpr int kLongestPeriod = 480;  // ... up to this
  static constexpr double kWin = 0.95;        // a try wins when its mean frame is this much faster
  static constexpr double kMoved = 1.5;       // a mean this much slower or faster than settled: try now
  static constexpr double kIdleShare = 0.5;   // more threads are tried when this share of them is idle

 private:
  bool can_try(int direction) const;  // a rung there, and for more threads, idle cores for them
  int rung(int direction) const;      // the rung next to the settled one that way, −1 past the ladder's end
  void judge_probe(double frame_ms);

  std::vector<int> ladder_;  // team sizes, largest first: max, max/2, ..., 1 (so fewer threads is +1)
  int at_ = 0;               // the settled team's rung
  int probe_ = -1;           // the rung being tried, −1 when none
  int direction_ = -1;       // the side tried next: +1 fewer threads, −1 more
  int period_[2] = {kFirstPeriod, kFirstPeriod};  // frames between tries of more [0] and fewer [1] threads
  int since_probe_ = 0;
  double settled_ms_ = 0.0;     // the settled team's mean frame when it was chosen [ms]
  std::vector<double> recent_;  // the settled team's last frames [ms]
  std::vector<double> idle_;    // the idle cores seen with them
  std::vector<double> tried_;   // the frames of the try under way [ms]
};

}  // namespace SIM_PRECISION
}  // namespace sim
