// Mat3: 3×3 matrices by columns, for deformation gradients F = D_s D_m⁻¹ of tetrahedra (Sifakis & Barbič
// 2012, "FEM simulation of 3D deformable solids", §4) on host and device.
#pragma once

#include "core/vec3.h"

namespace sim {
inline namespace SIM_PRECISION {

struct Mat3 {
  Vec3 c0, c1, c2;  // columns
};

SIM_HD_INLINE Mat3 mat3_identity() { return {{1.0, 0.0, 0.0}, {0.0, 1.0, 0.0}, {0.0, 0.0, 1.0}}; }
SIM_HD_INLINE Mat3 operator+(Mat3 a, Mat3 b) { return {a.c0 + b.c0, a.c1 + b.c1, a.c2 + b.c2}; }
SIM_HD_INLINE Mat3 operator-(Mat3 a, Mat3 b) { return {a.c0 - b.c0, a.c1 - b.c1, a.c2 - b.c2}; }
SIM_HD_INLINE Mat3 operator*(Real s, Mat3 a) { return {s * a.c0, s * a.c1, s * a.c2}; }
SIM_HD_INLINE Vec3 operator*(Mat3 m, Vec3 v) { return v.x * m.c0 + v.y * m.c1 + v.z * m.c2; }
SIM_HD_INLINE Mat3 operator*(Mat3 a, Mat3 b) { return {a * b.c0, a * b.c1, a * b.c2}; }
SIM_HD_INLINE Mat3 transpose(Mat3 m) {
  return {{m.c0.x, m.c1.x, m.c2.x}, {m.c0.y, m.c1.y, m.c2.y}, {m.c0.z, m.c1.z, m.c2.z}};
}
SIM_HD_INLINE Real determinant(Mat3 m) { return dot(m.c0, cross(m.c1, m.c2)); }
// ∂ det F / ∂F: the cofactor matrix, by columns f₁ × f₂, f₂ × f₀, f₀ × f₁.
SIM_HD_INLINE Mat3 cofactor(Mat3 m) { return {cross(m.c1, m.c2), cross(m.c2, m.c0), cross(m.c0, m.c1)}; }
// Σ A_ij B_ij.
SIM_HD_INLINE Real frobenius_dot(Mat3 a, Mat3 b) { return dot(a.c0, b.c0) + dot(a.c1, b.c1) + dot(a.c2, b.c2); }
// m⁻¹ = cof(m)ᵀ / det m; the caller checks det m ≠ 0.
SIM_HD_INLINE Mat3 inverse(Mat3 m) { return (1.0 / determinant(m)) * transpose(cofactor(m)); }

}  // namespace SIM_PRECISION
}  // namespace sim
