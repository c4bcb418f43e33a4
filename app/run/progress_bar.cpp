#include "run/progress_bar.h"

#include <unistd.h>

#include <cstdio>

namespace app {

ProgressBar::ProgressBar(int total, bool enabled)
    : total_(total), enabled_(enabled && isatty(STDERR_FILENO)) {}

void ProgressBar::update(int done, double ms_per_frame) {
  if (!enabled_) return;
  const int width = 40;
  const int filled = total_ > 0 ? int(double(done) / total_ * width) : width;
  const int percent = total_ > 0 ? int(100.0 * done / total_) : 100;
  if (percent == last_drawn_ && done != total_) return;
  last_drawn_ = percent;
  std::string bar(size_t(filled), '#');
  bar.resize(size_t(width), '.');
  std::fprintf(stderr, "\r[%s] %3d%%  frame %d/%d  %.2f ms/frame", bar.c_str(), percent, done, total_,
               ms_per_frame);
  std::fflush(stderr);
}

void ProgressBar::finish() {
  if (enabled_) std::fprintf(stderr, "\n");
}

}  // namespace app
