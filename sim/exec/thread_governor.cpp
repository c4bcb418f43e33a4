#include "exec/thread_governor.h"

#include <algorithm>
#include <numeric>

namespace sim {
inline namespace SIM_PRECISION {
namespace {

double mean(const std::vector<double>& ms) {
  return std::accumulate(ms.begin(), ms.end(), 0.0) / double(ms.size());
}

}  // namespace

ThreadGovernor::ThreadGovernor(int max_threads) {
  for (int t = std::max(max_threads, 1);; t /= 2) {
    ladder_.push_back(t);
    if (t == 1) break;
  }
  at_ = int(ladder_.size()) - 1;  // start on 1 thread and climb: a busy machine never sees a full team
}

int ThreadGovernor::rung(int direction) const {
  const int r = at_ + direction;
  return r >= 0 && r < int(ladder_.size()) ? r : -1;
}

bool ThreadGovernor::can_try(int direction) const {
  const int r = rung(direction);
  if (r < 0) return false;
  return direction > 0 ||
         mean(idle_) >= kIdleShare * double(ladder_[std::size_t(r)] - ladder_[std::size_t(at_)]);
}

void ThreadGovernor::record(double frame_ms, double idle_cores) {
  if (probe_ >= 0) {
    judge_probe(frame_ms);
    return;
  }
  recent_.push_back(frame_ms);
  idle_.push_back(idle_cores);
  if (int(recent_.size()) > kWindow) {
    recent_.erase(recent_.begin());
    idle_.erase(idle_.begin());
  }
  ++since_probe_;
  if (int(recent_.size()) < kWindow) return;
  // Frames that got much faster (or the first full window) suggest cores came free: try more threads now;
  // much slower, that other programs took some: try fewer now. Otherwise try each side now and then.
  const double now = mean(recent_);
  int direction = 0;
  if (settled_ms_ == 0.0 || now * kMoved < settled_ms_)
    direction = -1;
  else if (now > kMoved * settled_ms_)
    direction = +1;
  if (direction != 0) settled_ms_ = now;
  if (direction == 0 || !can_try(direction)) {
    direction = can_try(direction_) ? direction_ : -direction_;
    if (!can_try(direction) || since_probe_ < period_[direction > 0]) return;
  }
  direction_ = direction;
  probe_ = rung(direction);
}

void ThreadGovernor::judge_probe(double frame_ms) {
  tried_.push_back(frame_ms);
  const double here = mean(recent_);
  // A frame far slower than the settled team's mean ends the try at once: on oversubscribed cores a frame
  // can cost a hundred times more. Not the first frame of a larger team, which pays for starting threads.
  const bool cold = tried_.size() == 1 && direction_ < 0;
  const bool lost = !cold && frame_ms > kMoved * here;
  if (int(tried_.size()) < kProbeFrames && !lost) return;
  const bool fewer = direction_ > 0;
  // The first frame of a new team pays for its threads' start and cold caches: the rest are compared.
  const std::vector<double> warm(tried_.begin() + 1, tried_.end());
  if (!lost && mean(warm) < kWin * here) {
    // Settled one rung on, and the next rung the same way is tried as soon as a window is full.
    at_ = probe_;
    recent_ = tried_;
    idle_.assign(tried_.size(), 0.0);  // no core is known to be idle beside the new team yet
    settled_ms_ = mean(tried_);
    period_[0] = period_[1] = kFirstPeriod;
    since_probe_ = rung(direction_) >= 0 ? kLongestPeriod : 0;
  } else {
    period_[fewer] = std::min(2 * period_[fewer], kLongestPeriod);
    direction_ = -direction_;
    since_probe_ = 0;
  }
  probe_ = -1;
  tried_.clear();
}

}  // namespace SIM_PRECISION
}  // namespace sim
