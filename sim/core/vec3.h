// Vec3: the 3-vector of positions [m], velocities [m/s] and forces [N], usable on host and device.
// Single precision, as in Small Steps §7 ("all our examples have used 32-bit floating point").
#pragma once

#include <cmath>

#include "core/hd.h"

namespace sim {

struct Vec3 {
  float x, y, z;
};

SIM_HD Vec3 operator+(Vec3 a, Vec3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
SIM_HD Vec3 operator-(Vec3 a, Vec3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
SIM_HD Vec3 operator-(Vec3 a) { return {-a.x, -a.y, -a.z}; }
SIM_HD Vec3 operator*(float s, Vec3 a) { return {s * a.x, s * a.y, s * a.z}; }
SIM_HD Vec3 operator*(Vec3 a, float s) { return s * a; }
SIM_HD Vec3& operator+=(Vec3& a, Vec3 b) { a = a + b; return a; }
SIM_HD Vec3& operator-=(Vec3& a, Vec3 b) { a = a - b; return a; }
SIM_HD float dot(Vec3 a, Vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
SIM_HD float length_squared(Vec3 a) { return dot(a, a); }
SIM_HD float length(Vec3 a) { return std::sqrt(dot(a, a)); }
SIM_HD bool is_finite(Vec3 a) { return std::isfinite(a.x) && std::isfinite(a.y) && std::isfinite(a.z); }

}  // namespace sim
