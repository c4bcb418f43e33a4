// A one-line progress bar on stderr, drawn only when stderr is a terminal.
#pragma once

#include <string>

namespace app {

class ProgressBar {
 public:
  ProgressBar(int total, bool enabled);
  void update(int done, double ms_per_frame);
  void finish();

 private:
  int total_;
  bool enabled_;
  int last_drawn_ = -1;
};

}  // namespace app
