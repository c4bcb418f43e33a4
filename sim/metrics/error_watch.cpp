#include "metrics/error_watch.h"

#include "metrics/report.h"

namespace sim {
inline namespace SIM_PRECISION {

std::string WatchedCheck::text() const {
  const std::string value = format_measure(worst.value, worst.unit);
  const std::string bound = format_measure(worst.bound, worst.unit);
  if (first_frame == 0) return worst.name + " " + value + " (bound " + bound + ")";
  return format_text("%s %s at frame %d (bound %s, passed from frame %d on)", worst.name.c_str(),
                     value.c_str(), worst_frame, bound.c_str(), first_frame);
}

void ErrorWatch::observe(int frame, const FailureChecks& checks) {
  for (const FailureCheck& check : checks) {
    WatchedCheck* watched = nullptr;
    for (WatchedCheck& w : checks_)
      if (w.worst.name == check.name) watched = &w;
    if (!watched) watched = &checks_.emplace_back(WatchedCheck{check, frame, 0});
    if (check.value > watched->worst.value) {
      watched->worst = check;
      watched->worst_frame = frame;
    }
    if (watched->first_frame == 0 && check.failed()) watched->first_frame = frame;
  }
}

int ErrorWatch::first_frame() const {
  int first = 0;
  for (const WatchedCheck& w : checks_)
    if (w.first_frame > 0 && (first == 0 || w.first_frame < first)) first = w.first_frame;
  return first;
}

const WatchedCheck* ErrorWatch::over(double length_bound) const {
  for (const WatchedCheck& w : checks_)
    if (w.worst.value > bound_for(w.worst, length_bound)) return &w;
  return nullptr;
}

std::string ErrorWatch::report() const {
  std::string text;
  for (const WatchedCheck& w : checks_) text += (text.empty() ? "" : "; ") + w.text();
  return text.empty() ? "no failure bound" : text;
}

}  // namespace SIM_PRECISION
}  // namespace sim
