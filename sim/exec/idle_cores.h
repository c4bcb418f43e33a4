// IdleCores: how many of the machine's cores sat idle lately, from Linux's /proc/stat (the aggregate cpu
// line: idle + iowait jiffies over all jiffies, times the cores online), measured over spans of at least
// kSpan jiffies so that 10 ms frames still read more than a jiffy's rounding. The thread governor tries a
// larger team only where cores are free for it: on cores other programs keep busy, a single frame of an
// oversubscribed team took 3 s (thread_governor.h).
#pragma once

#include <limits>

namespace sim {
inline namespace SIM_PRECISION {

class IdleCores {
 public:
  IdleCores();  // takes the first reading
  // Idle cores over the last finished span: 0 until one has finished (no core is known to be free), and
  // kUnknown where /proc/stat cannot be read (nothing is known, so nothing is held back).
  double latest();

  static constexpr double kUnknown = std::numeric_limits<double>::infinity();
  static constexpr unsigned long long kSpan = 20;  // [jiffies], summed over the cores: 0.1 s on 2 cores

 private:
  static bool read(unsigned long long& idle, unsigned long long& total);

  unsigned long long idle_ = 0, total_ = 0;  // the reading the current span started with [jiffies]
  bool started_ = false;
  double latest_ = 0.0;
};

}  // namespace SIM_PRECISION
}  // namespace sim
