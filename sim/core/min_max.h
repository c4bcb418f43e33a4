// fmin and fmax inline, with the answers of the C library on x86-64 (a NaN loses to a number; of two equal
// values, ±0 included, the second): GCC calls libm's fmin and fmax unless -ffinite-math-only, and a call
// inside a projection loop also makes it spill every live floating-point register (all are
// caller-saved). The contacts' friction and Eq. 10's allowance take one of each per projection.
#pragma once

#include "core/hd.h"

namespace sim {

// Written as two selects so that each compiles without a branch (minsd or maxsd, then a move on NaN).
SIM_HD double min_number(double a, double b) {
  const double m = a < b ? a : b;
  return b != b ? a : m;
}
SIM_HD double max_number(double a, double b) {
  const double m = a > b ? a : b;
  return b != b ? a : m;
}

}  // namespace sim
