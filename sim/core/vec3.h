// Real and Vec3: the scalar and 3-vector of positions [m], velocities [m/s] and forces [N], on host and
// device. Real is double unless the core is built with -DSMALLSTEPS_REAL=float. Small Steps §7 warns that
// with the Δt_s² term "we can run into the limits of single precision floating point after some number of
// substeps": in plain float a 20-link chain at 100 substeps froze 8% off its true tension, because
// gravity's h²g per substep falls below half an ulp of a coordinate. The float build keeps positions as
// pairs for that reason (core/position.h).
#pragma once

#include <cmath>
#include <limits>

#include "core/hd.h"
#include "core/min_max.h"

namespace sim {
inline namespace SIM_PRECISION {

#if SIM_REAL_FLOAT
using Real = float;
#else
using Real = double;
#endif

// Real's machine epsilon, the gap between 1 and the next number (2.2e-16 in double, 1.2e-7 in float) [-].
#if SIM_REAL_FLOAT
inline constexpr Real kEpsilon = 1.1920929e-7f;
#else
inline constexpr Real kEpsilon = 2.220446049250313e-16;
#endif
// The smallest positive normal Real (2.2e-308 in double, 1.2e-38 in float): a determinant or a length below
// it is taken as zero, in the build's own scalar.
inline constexpr Real kTiny = std::numeric_limits<Real>::min();
// A geometric tolerance written for double, no finer than 64 ε, what a few roundings of quantities of order 1
// can leave: the double tolerance itself in double, 7.6e-6 in float.
SIM_HD_INLINE constexpr Real resolvable(Real tol) { return tol > 64 * kEpsilon ? tol : 64 * kEpsilon; }

struct Vec3 {
  Real x, y, z;
};

SIM_HD_INLINE Vec3 operator+(Vec3 a, Vec3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
SIM_HD_INLINE Vec3 operator-(Vec3 a, Vec3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
SIM_HD_INLINE Vec3 operator-(Vec3 a) { return {-a.x, -a.y, -a.z}; }
SIM_HD_INLINE Vec3 operator*(Real s, Vec3 a) { return {s * a.x, s * a.y, s * a.z}; }
SIM_HD_INLINE Vec3 operator*(Vec3 a, Real s) { return s * a; }
SIM_HD_INLINE Vec3& operator+=(Vec3& a, Vec3 b) {
  a = a + b;
  return a;
}
SIM_HD_INLINE Vec3& operator-=(Vec3& a, Vec3 b) {
  a = a - b;
  return a;
}
SIM_HD_INLINE Real dot(Vec3 a, Vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
SIM_HD_INLINE Vec3 cross(Vec3 a, Vec3 b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
SIM_HD_INLINE Real length_squared(Vec3 a) { return dot(a, a); }
SIM_HD_INLINE Real length(Vec3 a) { return std::sqrt(dot(a, a)); }
// v / |v|, or `fallback` for the zero vector.
SIM_HD_INLINE Vec3 normalized_or(Vec3 v, Vec3 fallback) {
  const Real len = length(v);
  return len > 0.0 ? (1.0 / len) * v : fallback;
}
SIM_HD_INLINE bool is_finite(Vec3 a) { return std::isfinite(a.x) && std::isfinite(a.y) && std::isfinite(a.z); }
// Component-wise minimum and maximum (bounding boxes).
SIM_HD_INLINE Vec3 divide(Vec3 a, Vec3 b) { return {a.x / b.x, a.y / b.y, a.z / b.z}; }  // per component
SIM_HD_INLINE Vec3 min3(Vec3 a, Vec3 b) {
  return {min_number(a.x, b.x), min_number(a.y, b.y), min_number(a.z, b.z)};
}
SIM_HD_INLINE Vec3 max3(Vec3 a, Vec3 b) {
  return {max_number(a.x, b.x), max_number(a.y, b.y), max_number(a.z, b.z)};
}

}  // namespace SIM_PRECISION
}  // namespace sim
