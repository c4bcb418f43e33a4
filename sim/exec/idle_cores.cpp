#include "exec/idle_cores.h"

#include <cstdio>
#include <thread>

namespace sim {
inline namespace SIM_PRECISION {

IdleCores::IdleCores() { started_ = read(idle_, total_); }

bool IdleCores::read(unsigned long long& idle, unsigned long long& total) {
  std::FILE* f = std::fopen("/proc/stat", "r");
  if (!f) return false;
  unsigned long long v[8] = {};  // user nice system idle iowait irq softirq steal
  const int got = std::fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2], &v[3],
                              &v[4], &v[5], &v[6], &v[7]);
  std::fclose(f);
  if (got < 4) return false;
  idle = v[3] + v[4];
  total = 0;
  for (const unsigned long long x : v) total += x;
  return true;
}

double IdleCores::latest() {
  unsigned long long idle = 0, total = 0;
  if (!read(idle, total)) return latest_ = kUnknown;
  if (!started_ || total < total_ || idle < idle_) {
    idle_ = idle;
    total_ = total;
    started_ = true;
    latest_ = 0.0;
  } else if (total - total_ >= kSpan) {
    latest_ = double(std::thread::hardware_concurrency()) * double(idle - idle_) / double(total - total_);
    idle_ = idle;
    total_ = total;
  }
  return latest_;
}

}  // namespace SIM_PRECISION
}  // namespace sim
