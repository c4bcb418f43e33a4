// Position Based Fluids (Macklin & Müller 2013): one density constraint per fluid particle, with the SPH
// kernels of constraints/sph_kernels.h and every fluid particle of the same mass m.
//   ρ_i = m Σ_j W_poly6(x_i − x_j, h)                                      (PBF Eq. 2)
//   C_i = ρ_i / ρ₀ − 1                                                      (PBF Eq. 1)
//   ∇_{x_i} C_i = (m/ρ₀) Σ_j ∇W_ij,   ∇_{x_j} C_i = −(m/ρ₀) ∇W_ij              (PBF Eq. 8, with masses)
//   Δλ_i = −(C_i + α̃ λ_i) / (max(A_ii + ε D₀, ½ω(μ A_ii + α̃) − α̃) + α̃)      (PBF Eqs. 9-11, Small Steps Eq. 5)
//   A_ii = Σ_k w_k |∇_{x_k} C_i|²
//   Δx_i = w_i (m/ρ₀) Σ_j (Δλ_i + Δλ_j + s_corr,ij / D₀) ∇W_ij               (PBF Eqs. 12, 14)
//   s_corr,ij = −k (W_poly6(x_i − x_j) / W_poly6(Δq))ⁿ                        (PBF Eq. 13)
// ∇W is the spiky kernel's. D₀ is the denominator of an interior particle of the rest lattice, so the
// relaxation ε and the artificial pressure k are fractions of what a unit density error gets at rest,
// the same whatever the particle size or mass (PBF states them in its own units). With w m = 1 and α̃ = 0
// the step is PBF's own. `unilateral` resists compression only (Δλ_i = 0 where ρ_i < ρ₀), as many PBF
// solvers do at a free surface, where the bilateral constraint pulls the thinned surface particles together.
// The fluid's compressibility: C_i is particle i's volumetric strain, whose energy is ½ K V C_i² for a bulk
// modulus K, so its compliance is α = 1/(K V) and α̃ = α/Δt_s² (Small Steps Eq. 5; λ_i summed over the
// substep's iterations). At a frame's substeps it is about 0.4 % of the denominator for water; at a
// substep shorter than sound takes to cross a particle it holds the correction back, as the water would:
// incompressible (α̃ = 0), a density error of rounding (1e-7 in float) became a displacement of the same
// size every substep, and a velocity that grew as 1/Δt_s (a 0.2 m column at Δt_s = 0.1 µs gained 1.9 J
// where free fall allows 5e-4 J).
// The pass corrects every constraint at once, a Jacobi step on A + α̃ I with A = J M⁻¹ Jᵀ, which grows any
// mode whose (μ A_ii + α̃) exceeds twice the denominator, μ the mode's eigenvalue of A over A_ii. On the
// lattice μ reaches 2.8 at h = 2d and 3.0 compressed by 5 % (scenes/fluid_lattice.h), so PBF's own
// denominator A_ii + ε D₀ grew that mode 1.8 times a pass wherever every particle was compressed, the bottom
// of a deep column (74 layers gained 10 % of the energy scale in a frame at 20 × 1, 94 % at 80 × 1). The
// denominator is therefore at least ½ω(μ_max A_ii + α̃) with ω = 1.1 of headroom: about 1.65 A_ii at a
// frame's substeps, where α̃ is small; nothing where α̃ dominates (Δt_s shorter than sound takes to cross a
// particle), where a smaller pass would soften the water instead of steadying it.
// After the velocity update, vorticity confinement and XSPH viscosity (PBF §5, Eqs. 15-17) with the SPH
// volume V = m/ρ₀ and c = rate · Δt_s (PBF's c = 0.01 per 1/60 s step is a rate of 0.6/s), so that any
// number of substeps smooths the velocity alike over a frame:
//   ω_i = Σ_j V ∇W_ij × (v_j − v_i),   η_i = Σ_j V (|ω_j| − |ω_i|) ∇W_ij,   N = η/|η|
//   v_i ← v_i + Δt_s ε_ω (N × ω_i) + c Σ_j V (v_j − v_i) W_poly6(x_i − x_j)
#pragma once

#include "constraints/sph_kernels.h"
#include "constraints/xpbd.h"
#include "core/hd.h"
#include "core/min_max.h"
#include "core/vec3.h"

namespace sim {
inline namespace SIM_PRECISION {

// The fluid's material and solver constants, the same for every fluid particle of a Model.
struct FluidMaterial {
  Real rest_density = 1000.0;     // ρ₀ [kg/m³]
  Real kernel_radius = 0.1;       // h [m]
  Real mass = 1.0;                // m of every fluid particle [kg]
  Real rest_denominator = 1.0;    // D₀ = Σ_k w_k |∇C|² at rest, interior [1/(kg·m²)]
  Real relaxation = 0.01;         // ε [-], in units of D₀
  Real scorr_k = 0.1;             // k [-], in units of the multiplier of a unit error at rest
  int scorr_n = 4;                // n [-]
  Real scorr_dq = 0.2;            // |Δq| / h [-]
  bool unilateral = false;        // resist compression only
  Real xsph_rate = 0.6;           // c per second: c_s = rate · Δt_s each substep [1/s]
  Real vorticity = 0.0;           // ε_ω [m/s]
  Real cfl = 0.3;                 // largest displacement per substep / particle radius [-]; 0: none
  Real bulk_modulus = 2.2e9;      // K [Pa] (water's); 0: incompressible
  Real pass_eigenvalue = 0.0;     // μ_max of the pass, 5 % compressed [-] (scenes/fluid_lattice.h); 0: PBF's

  SIM_HD Real density_scale() const { return mass / rest_density; }  // m/ρ₀ = V [m³]
  SIM_HD SphKernels kernels() const { return SphKernels(kernel_radius); }
  // α = 1/(K V) [1/J], 0 when incompressible.
  SIM_HD Real compliance() const { return bulk_modulus > 0.0 ? 1.0 / (bulk_modulus * density_scale()) : 0.0; }
};

// The per-pair terms of a fluid's constraints with the kernels' constants computed once.
struct FluidPairs {
  FluidMaterial f;
  SphKernels k;
  Real inv_w_dq;     // 1 / W_poly6(Δq) [m³]
  Real scorr_scale;  // −k / D₀ [kg·m²]

  SIM_HD explicit FluidPairs(const FluidMaterial& material)
      : f(material),
        k(material.kernel_radius),
        inv_w_dq(0.0),
        scorr_scale(-material.scorr_k / material.rest_denominator) {
    const Real dq = f.scorr_dq * f.kernel_radius;
    const Real w_dq = k.poly6(dq * dq);
    inv_w_dq = w_dq > 0.0 ? 1.0 / w_dq : 0.0;
  }

  // PBF Eq. 13 for a pair at distance² r2, over D₀: the pair's s_corr in units of λ [kg·m²].
  SIM_HD Real scorr(Real r2) const {
    if (f.scorr_k == 0.0) return 0.0;
    Real base = k.poly6(r2) * inv_w_dq, p = 1.0;
    for (int e = f.scorr_n; e > 0; e >>= 1) {  // baseⁿ by squaring
      if (e & 1) p *= base;
      base *= base;
    }
    return scorr_scale * p;
  }

  // Pair (i, j)'s term of Δx_i in PBF Eq. 14, before the factor w_i m/ρ₀.
  SIM_HD Vec3 correction_term(Vec3 r, Real lambda_i, Real lambda_j) const {
    const Real r2 = length_squared(r);
    if (r2 >= k.h2) return {0.0, 0.0, 0.0};
    return (lambda_i + lambda_j + scorr(r2)) * k.spiky_gradient(r, r2);
  }
};

// The running sums of a particle's density constraint over its neighbours (PBF Eqs. 2, 8, 9).
struct DensitySums {
  Real kernel_sum = 0.0;         // Σ_j W_ij (j ≠ i) [1/m³]
  Vec3 gradient{0.0, 0.0, 0.0};  // Σ_j ∇W_ij [1/m⁴]
  Real neighbour_sq = 0.0;       // Σ_j w_j |∇W_ij|² [1/(kg·m⁸)]

  SIM_HD void add(const SphKernels& k, Vec3 r, Real w_j) {
    const Real r2 = length_squared(r);
    if (r2 >= k.h2) return;
    kernel_sum += k.poly6(r2);
    const Vec3 g = k.spiky_gradient(r, r2);
    gradient += g;
    neighbour_sq += w_j * length_squared(g);
  }
  // ρ_i / ρ₀ with the particle's own W(0).
  SIM_HD Real density_ratio(const FluidPairs& p) const {
    return p.f.density_scale() * (kernel_sum + p.k.poly6(0.0));
  }
  // Δλ_i of PBF Eq. 11 by the shared XPBD update (constraints/xpbd.h, Small Steps Eq. 5) with the fluid's
  // compliance, PBF's ε D₀ added to the denominator and the denominator held to the Jacobi step's bound, for a particle of inverse mass w_i whose multiplier
  // this substep is λ_i so far, over a substep h [s]. 0 where a unilateral constraint would pull, and where
  // there is no gradient to move along (ε = 0, every neighbour coincident or pinned).
  SIM_HD Real lambda(const FluidPairs& p, Real w_i, Real lambda_i, Real h) const {
    const Real s = p.f.density_scale();
    const Real diagonal = s * s * (w_i * length_squared(gradient) + neighbour_sq);  // A_ii
    const Real alpha = p.f.compliance();
    const Real alpha_tilde = alpha / (h * h);
    constexpr Real kHalfHeadroom = Real(0.55);  // ½ω, ω = 1.1
    const Real D = max_number(diagonal + p.f.relaxation * p.f.rest_denominator,
                              kHalfHeadroom * (p.f.pass_eigenvalue * diagonal + alpha_tilde) - alpha_tilde);
    const Real dl = xpbd_delta_lambda({density_ratio(p) - Real(1.0), D, 0.0}, alpha, 0.0, lambda_i, h);
    return p.f.unilateral && dl >= 0.0 ? Real(0.0) : dl;
  }
};

}  // namespace SIM_PRECISION
}  // namespace sim
