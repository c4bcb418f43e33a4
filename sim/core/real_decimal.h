// decimal_of: a number the core holds in Real as the decimal a user wrote or would write for it, the
// shortest decimal that reads back as the same Real (std::to_chars' round trip). In a float core
// (SMALLSTEPS_REAL=float) 0.01f widened to double is 0.009999999776482582, which a table, a summary or a
// metrics file would then print; decimal_of gives 0.01, which the core rounds to the same 0.01f. In double it
// is the value itself. For what a user reads of Real quantities: scene parameters' defaults, failure bounds.
#pragma once

#include <charconv>

#include "core/vec3.h"

namespace sim {
inline namespace SIM_PRECISION {

inline double decimal_of(Real v) {
#if SIM_REAL_FLOAT
  char text[32];
  const auto written = std::to_chars(text, text + sizeof text, v);
  double d = v;
  std::from_chars(text, written.ptr, d);
  return d;
#else
  return v;
#endif
}

}  // namespace SIM_PRECISION
}  // namespace sim
