// Position: where a particle or a body's centre of mass is [m]. With Real = double a plain Vec3. With
// Real = float (SMALLSTEPS_REAL=float) a pair hi + lo of float vectors, because of Small Steps §7: each
// substep adds Δt_s² g to the positions (Eq. 3; 2.7e-7 m at N = 100 and Δt_f = 1/60 s, 2.7e-9 m at
// N = 1000), less than half a float ulp of a coordinate a few metres from the origin (2.4e-7 m at 2-4 m,
// 4.8e-7 m at 4-8 m), so in plain float gravity and slow motion vanish. Moving a position adds the
// increment by Knuth's two-sum and keeps what hi's rounding dropped in lo; the difference of two positions,
// (hi_a − hi_b) + (lo_a − lo_b), is exact in hi for nearby points (Sterbenz), so a constraint sees the
// small motions and v = (x − xⁿ)/Δt_s (Algorithm 1 line 11) keeps its digits. Reading a position as a
// Vec3 (or a coordinate) reads hi = fl(hi + lo): right for a collider's distance or a drawing, where a
// float's resolution is enough.
#pragma once

#include "core/vec3.h"

namespace sim {
inline namespace SIM_PRECISION {

#if SIM_REAL_FLOAT

struct Position {
  Real x, y, z;  // hi [m]: always hi + lo rounded to float, so reading a coordinate reads the position
  Vec3 lo;       // [m], at most half an ulp of hi per component

  Position() = default;
  SIM_HD_INLINE Position(Real px, Real py, Real pz) : x(px), y(py), z(pz), lo{0.0f, 0.0f, 0.0f} {}
  SIM_HD_INLINE Position(Vec3 v) : Position(v.x, v.y, v.z) {}  // NOLINT: a point is a position
  SIM_HD_INLINE operator Vec3() const { return {x, y, z}; }    // NOLINT: hi, the rounded position
};

namespace position_detail {
// (hi, lo) += d: Knuth's two-sum of hi and d, its error added to lo, then hi + lo renormalised by
// Dekker's fast two-sum so that hi = fl(hi + lo) again.
SIM_HD_INLINE void add(Real& hi, Real& lo, Real d) {
  const Real s = hi + d;
  const Real b = s - hi;
  const Real err = (hi - (s - b)) + (d - b);
  const Real l = lo + err;
  hi = s + l;
  lo = l - (hi - s);
}
}  // namespace position_detail

SIM_HD_INLINE Position& operator+=(Position& p, Vec3 d) {
  position_detail::add(p.x, p.lo.x, d.x);
  position_detail::add(p.y, p.lo.y, d.y);
  position_detail::add(p.z, p.lo.z, d.z);
  return p;
}
SIM_HD_INLINE Position& operator-=(Position& p, Vec3 d) { return p += -d; }
SIM_HD_INLINE Position operator+(Position p, Vec3 d) { return p += d; }
SIM_HD_INLINE Position operator-(Position p, Vec3 d) { return p += -d; }
// The displacement b → a [m].
SIM_HD_INLINE Vec3 operator-(Position a, Position b) { return (Vec3(a) - Vec3(b)) + (a.lo - b.lo); }
SIM_HD_INLINE Vec3 operator-(Vec3 a, Position b) { return (a - Vec3(b)) - b.lo; }
// What reading p as a Vec3 drops [m].
SIM_HD_INLINE Vec3 low_part(const Position& p) { return p.lo; }

#else

using Position = Vec3;
SIM_HD_INLINE Vec3 low_part(const Position&) { return {0.0, 0.0, 0.0}; }

#endif

}  // namespace SIM_PRECISION
}  // namespace sim
