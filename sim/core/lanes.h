// Numbers for arithmetic written once for one value or several (constraints/distance.h): Real, and on
// the CPU Lanes, two Reals operated on together — one SSE2 instruction an operation on x86-64 with
// GCC's and Clang's vector extensions. Each lane gets the IEEE operation a Real would (the build fuses
// no multiply-adds), so code written for a number type R gives the same bits with R = Lanes, lane by
// lane, as with R = Real. The CPU's Gauss-Seidel sweep projects two constraints of a colour at once with
// it (exec/cpu_exec.h); CUDA never sees Lanes.
#pragma once

#include <cmath>

#include "core/hd.h"
#include "core/vec3.h"

namespace sim {
inline namespace SIM_PRECISION {

SIM_HD Real root(Real a) { return std::sqrt(a); }
// 0 where `drop`, else a: a dropped correction is 0, whatever its arithmetic gave (a division by 0).
SIM_HD Real zero_where(bool drop, Real a) { return drop ? Real(0) : a; }

#if !defined(__CUDACC__)
struct Lanes {
  using Values = Real __attribute__((vector_size(2 * sizeof(Real))));
  Values v;
  static constexpr int kCount = 2;
  static Lanes of(Real a, Real b) { return {Values{a, b}}; }
  Real operator[](int lane) const { return v[lane]; }
};
// A comparison's answer per lane: all bits set where true.
struct LaneMask {
#if SIM_REAL_FLOAT
  int __attribute__((vector_size(8))) m;
#else
  long long __attribute__((vector_size(16))) m;
#endif
};

inline Lanes operator+(Lanes a, Lanes b) { return {a.v + b.v}; }
inline Lanes operator-(Lanes a, Lanes b) { return {a.v - b.v}; }
inline Lanes operator*(Lanes a, Lanes b) { return {a.v * b.v}; }
inline Lanes operator-(Lanes a) { return {-a.v}; }
inline Lanes operator/(Real a, Lanes b) { return {a / b.v}; }
inline LaneMask operator<=(Lanes a, Real b) { return {a.v <= b}; }
inline LaneMask operator|(LaneMask a, LaneMask b) { return {a.m | b.m}; }
inline Lanes root(Lanes a) {
#if defined(__SSE2__) && !SIM_REAL_FLOAT
  return {__builtin_ia32_sqrtpd(a.v)};
#else
  return Lanes::of(std::sqrt(a.v[0]), std::sqrt(a.v[1]));
#endif
}
inline Lanes zero_where(LaneMask drop, Lanes a) { return {drop.m ? Lanes::Values{} : a.v}; }
#endif

}  // namespace SIM_PRECISION
}  // namespace sim
