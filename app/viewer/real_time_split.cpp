#include "viewer/real_time_split.h"

#include <algorithm>

#include "core/quantity_format.h"

namespace app {

void RealTimeSplit::iteration(double wall_ms, double drawing_ms, int frames, double simulating_ms,
                              double frame_dt_s) {
  wall_ms = std::max(wall_ms, 0.0);
  wall_ms_ += wall_ms;
  drawing_ms_ += std::clamp(drawing_ms, 0.0, wall_ms);
  ++iterations_;
  if (frames <= 0 || wall_ms_ <= 0.0) return;
  const double n = frames;
  const double frame_ms = wall_ms_ / n, drawing = drawing_ms_ / n;
  const double latest[6] = {1e3 * frame_dt_s / frame_ms, frame_ms, simulating_ms / n, drawing, frame_ms - drawing,
                            drawing_ms_ / iterations_};
  double* kept[6] = {&split_.factor,     &split_.frame_ms,   &split_.simulating_ms,
                     &split_.drawing_ms, &split_.waiting_ms, &split_.iteration_drawing_ms};
  const bool first = split_.factor <= 0.0;
  for (int k = 0; k < 6; ++k) *kept[k] = first ? latest[k] : *kept[k] + kSmoothing * (latest[k] - *kept[k]);
  wall_ms_ = drawing_ms_ = 0.0;
  iterations_ = 0;

  split_.holder = Holder::None;
  if (split_.factor >= kRealTime) return;
  const bool simulation = split_.simulating_ms >= split_.iteration_drawing_ms;
  const double larger = simulation ? split_.simulating_ms : split_.iteration_drawing_ms;
  split_.holder = larger < 0.5 * split_.frame_ms ? Holder::Waiting
                  : simulation                   ? Holder::Simulation
                                                 : Holder::Drawing;
}

void RealTimeSplit::restart() {
  split_ = Split{};
  wall_ms_ = drawing_ms_ = 0.0;
  iterations_ = 0;
}

std::string RealTimeSplit::factor_text() const {
  if (split_.factor <= 0.0) return "";
  return sim::format_number(split_.factor, split_.factor < 10.0 ? 2 : 3) + "x real time";
}

const char* holder_name(RealTimeSplit::Holder holder) {
  switch (holder) {
    case RealTimeSplit::Holder::Simulation: return "the simulation";
    case RealTimeSplit::Holder::Drawing: return "drawing";
    case RealTimeSplit::Holder::Waiting: return "waiting (the display, or other programs on the cores)";
    case RealTimeSplit::Holder::None: break;
  }
  return "nothing";
}

std::string RealTimeSplit::verdict(bool paced) const {
  if (split_.factor <= 0.0) return "real time: no frame measured yet";
  if (split_.holder == Holder::None) return factor_text() + (paced ? " (paced)" : " (unpaced)");
  return factor_text() + ", held back by " + holder_name(split_.holder);
}

std::string RealTimeSplit::split_text() const {
  if (split_.factor <= 0.0) return "";
  const bool loops = split_.drawing_ms > 1.1 * split_.iteration_drawing_ms;  // the panels redrawn meanwhile
  return "a frame's " + sim::format_ms(split_.frame_ms) + ": simulating " +
         sim::format_ms(split_.simulating_ms) + ", drawing " + sim::format_ms(split_.drawing_ms) +
         (loops ? " (" + sim::format_ms(split_.iteration_drawing_ms) + " a loop)" : "") + ", waiting " +
         sim::format_ms(split_.waiting_ms);
}

}  // namespace app
