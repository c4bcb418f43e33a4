// fmin and fmax inline, with the answers of the C library on x86-64 (a NaN loses to a number; of two equal
// values, ±0 included, the second): GCC calls libm's fmin and fmax unless -ffinite-math-only, and a call
// inside a projection loop also makes it spill every live floating-point register (all are
// caller-saved). The contacts' friction and Eq. 10's allowance take one of each per projection.
#pragma once

#include "core/hd.h"

namespace sim {
inline namespace SIM_PRECISION {

namespace min_max_detail {
// Written as two selects so that each compiles without a branch (minsd or maxsd, then a move on NaN).
template <class T>
SIM_HD T least(T a, T b) {
  const T m = a < b ? a : b;
  return b != b ? a : m;
}
template <class T>
SIM_HD T greatest(T a, T b) {
  const T m = a > b ? a : b;
  return b != b ? a : m;
}
}  // namespace min_max_detail

SIM_HD double min_number(double a, double b) { return min_max_detail::least(a, b); }
SIM_HD double max_number(double a, double b) { return min_max_detail::greatest(a, b); }
// Two floats stay in float, so that a float core's min and max do (on a GPU, FP64 runs at 1/2 to 1/64 of
// the FP32 rate). There is no mixed overload: a float against a double literal (`max_number(x, 0.0)`) is
// ambiguous, so that a float core writes `Real(0)` and computes in float, and a sum kept in double converts
// its other argument by name (scripts/fp64_kernels.py lists any FP64 left in a float kernel).
SIM_HD float min_number(float a, float b) { return min_max_detail::least(a, b); }
SIM_HD float max_number(float a, float b) { return min_max_detail::greatest(a, b); }

}  // namespace SIM_PRECISION
}  // namespace sim
