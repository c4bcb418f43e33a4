// The tet family (constraints/tet_elasticity.h, constraints/energy.h, families/tet_*.h) and the beam:
// gradients against finite differences, a stretched tet and an inverted one returning to their rest
// volume, the cantilever's static sag against Euler-Bernoulli, and Small Steps Figure 7's comparison.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>

#include "constraints/energy.h"
#include "mesh/tet_mesh.h"
#include "test_util.h"

namespace sim {
namespace {

const Vec3 kRest[4] = {{0.0, 0.0, 0.0}, {0.1, 0.0, 0.0}, {0.0, 0.1, 0.0}, {0.0, 0.0, 0.1}};

Mat3 inv_rest() { return inverse(edge_matrix(kRest)); }

// A deformed tet: the rest one stretched, sheared and moved at random.
void deformed(Vec3 x[4], unsigned seed, Real amount) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-amount, amount);
  for (int i = 0; i < 4; ++i) x[i] = kRest[i] + Vec3{u(rng), u(rng), u(rng)};
}

Real component(Vec3 v, int k) { return (&v.x)[k]; }

// f(x) over the tet's 12 coordinates against g(x)'s vertex terms, by central differences, to `tolerance`
// relative in double. A central difference of step ε errs by f'''ε²/6 + δf/ε for f rounded by δf: in double
// ε = 1e-7 m makes both negligible; in float (δf ≈ 6e-8 f) the best step on this 0.1 m tet is about 1e-3 m,
// and the difference keeps about four digits, so the float build asks for 1e-3.
template <class Scalar, class Gradient>
void expect_gradient(Scalar f, Gradient g, const Vec3 x[4], double tolerance) {
  Vec3 analytic[4];
  g(x, analytic);
  const double eps = test::by_precision(1e-7, 1e-3);
  tolerance = test::by_precision(tolerance, 1e-3);
  for (int i = 0; i < 4; ++i)
    for (int k = 0; k < 3; ++k) {
      Vec3 plus[4], minus[4];
      for (int j = 0; j < 4; ++j) plus[j] = minus[j] = x[j];
      (&plus[i].x)[k] += eps;
      (&minus[i].x)[k] -= eps;
      const double numeric = (f(plus) - f(minus)) / (2.0 * eps);
      EXPECT_NEAR(component(analytic[i], k), numeric, tolerance * (1.0 + std::fabs(numeric)))
          << "vertex " << i << " component " << k;
    }
}

TEST(TetElasticity, ConstraintGradientsMatchFiniteDifferences) {
  for (const TetModel model : {TetModel::StVK, TetModel::NeoHookean})
    for (unsigned seed = 1; seed <= 5; ++seed) {
      Vec3 x[4];
      deformed(x, seed, 0.03);
      const Mat3 Dinv = inv_rest();
      const auto F = [&](const Vec3 y[4]) { return edge_matrix(y) * Dinv; };
      expect_gradient([&](const Vec3 y[4]) { return tet_deviatoric(model, F(y)).C; },
                      [&](const Vec3 y[4], Vec3 g[4]) {
                        tet_vertex_gradients(tet_deviatoric(model, F(y)).dC_dF, Dinv, g);
                      },
                      x, 1e-5);
      expect_gradient([&](const Vec3 y[4]) { return tet_hydrostatic(F(y), 1.2).C; },
                      [&](const Vec3 y[4], Vec3 g[4]) {
                        tet_vertex_gradients(tet_hydrostatic(F(y), 1.2).dC_dF, Dinv, g);
                      },
                      x, 1e-5);
    }
}

// The energy the Newton solve minimises: ∇U of tet_energy_terms is the derivative of
// C_D²/(2α_D) + C_H²/(2α_H), which its Value term's four shares add up to (the line search's U).
TEST(TetElasticity, EnergyGradientMatchesFiniteDifferences) {
  for (const TetModel model : {TetModel::StVK, TetModel::NeoHookean}) {
    const TetCompliance c = tet_compliance(model, lame_from_young(1e6, 0.3), 1.0);
    Vec3 x[4];
    deformed(x, 7, 0.03);
    const Mat3 Dinv = inv_rest();
    const auto U = [&](const Vec3 y[4]) {
      const Mat3 F = edge_matrix(y) * Dinv;
      const double Cd = tet_deviatoric(model, F).C, Ch = tet_hydrostatic(F, c.gamma).C;
      return Cd * Cd / (2.0 * c.deviatoric) + Ch * Ch / (2.0 * c.hydrostatic);
    };
    Vec3 shares[4];
    tet_energy_terms(EnergyTerm::Value, model, c.gamma, Dinv, c.deviatoric, c.hydrostatic, x, x, shares);
    EXPECT_NEAR(shares[0].x + shares[1].x + shares[2].x + shares[3].x, U(x), test::by_precision(1e-12, 1e-6) * U(x));
    expect_gradient(
        U,
        [&](const Vec3 y[4], Vec3 g[4]) {
          tet_energy_terms(EnergyTerm::Gradient, model, c.gamma, Dinv, c.deviatoric, c.hydrostatic, y, y, g);
        },
        x, 1e-5);
  }
}

// The stiffness the Newton-PCG solve uses: symmetric (uᵀK v = vᵀK u), positive semi-definite, and its
// Diagonal term the diagonal of its Product term.
TEST(TetElasticity, StiffnessIsSymmetricPositiveAndItsDiagonalMatches) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> r(-1.0, 1.0);
  const auto random = [&](Vec3 v[4]) {
    for (int i = 0; i < 4; ++i) v[i] = {r(rng), r(rng), r(rng)};
  };
  const auto dot4 = [](const Vec3 a[4], const Vec3 b[4]) {
    double s = 0.0;
    for (int i = 0; i < 4; ++i) s += dot(a[i], b[i]);
    return s;
  };
  for (const TetModel model : {TetModel::StVK, TetModel::NeoHookean}) {
    const TetCompliance c = tet_compliance(model, lame_from_young(1e6, 0.3), 1.0);
    Vec3 x[4];
    deformed(x, 11, 0.03);
    const Mat3 Dinv = inv_rest();
    const auto K = [&](const Vec3 p[4], Vec3 out[4]) {
      tet_energy_terms(EnergyTerm::Product, model, c.gamma, Dinv, c.deviatoric, c.hydrostatic, x, p, out);
    };
    for (int trial = 0; trial < 5; ++trial) {
      Vec3 u[4], v[4], Ku[4], Kv[4];
      random(u);
      random(v);
      K(u, Ku);
      K(v, Kv);
      // Symmetric to the rounding of K's sums: 1e-9 in double; in float a few ε (measured up to 1.1e-6 of
      // |uᵀKv|).
      const double uKv = dot4(u, Kv), vKu = dot4(v, Ku), rounding = test::by_precision(1e-9, 1e-5);
      EXPECT_NEAR(uKv, vKu, rounding * (std::fabs(uKv) + std::fabs(vKu) + 1.0));
      EXPECT_GE(dot4(u, Ku), -rounding * std::fabs(dot4(u, Ku)));
    }
    Vec3 diag[4];
    tet_energy_terms(EnergyTerm::Diagonal, model, c.gamma, Dinv, c.deviatoric, c.hydrostatic, x, x, diag);
    for (int i = 0; i < 4; ++i)
      for (int k = 0; k < 3; ++k) {
        Vec3 e[4] = {}, Ke[4];
        (&e[i].x)[k] = 1.0;
        K(e, Ke);
        EXPECT_NEAR(component(diag[i], k), component(Ke[i], k),
                    test::by_precision(1e-9, 1e-5) * std::fabs(component(Ke[i], k)));
      }
  }
}

// One free tet, no gravity: pulled out of shape (or turned inside out) and released, it comes back to
// its rest volume; velocity damping lets it settle.
double volume_after_release(const Vec3 start[4], TetModel model) {
  ModelBuilder b;
  b.set_gravity({0.0, 0.0, 0.0});
  for (int i = 0; i < 4; ++i) b.add_particle(kRest[i], 0.25, 0.0);
  b.set_tet_material({model, 1e5, 0.3, 1000.0});
  b.add_tet(0, 1, 2, 3);
  Built built = b.finalize();
  for (int i = 0; i < 4; ++i) built.state.particle_x[size_t(i)] = start[i];
  World world(std::move(built), BackendKind::Cpu);
  Settings s = test::make_settings(20, 1);
  s.damping = 5.0;
  test::run_frames(world, s, 180);
  const auto& x = world.state().particle_x;
  const Vec3 y[4] = {x[0], x[1], x[2], x[3]};
  return determinant(edge_matrix(y)) / determinant(edge_matrix(kRest));
}

TEST(TetElasticity, StretchedTetReturnsToItsRestVolume) {
  for (const TetModel model : {TetModel::StVK, TetModel::NeoHookean}) {
    Vec3 stretched[4] = {kRest[0], kRest[1], kRest[2], kRest[3]};
    stretched[3].z = 0.2;  // twice as tall: V/V₀ = 2
    EXPECT_NEAR(volume_after_release(stretched, model), 1.0, 1e-3) << int(model);
  }
}

TEST(TetElasticity, InvertedTetRecovers) {
  for (const TetModel model : {TetModel::StVK, TetModel::NeoHookean}) {
    Vec3 inverted[4] = {kRest[0], kRest[1], kRest[2], kRest[3]};
    inverted[3].z = -0.05;  // pushed through the opposite face: V/V₀ = −0.5
    EXPECT_NEAR(volume_after_release(inverted, model), 1.0, 1e-3) << int(model);
  }
}

TEST(TetMesh, BoxBeamIsPositiveFilledAndClosed) {
  const Vec3 size{2.0, 0.3, 0.4};
  const TetMesh mesh = box_beam(size, {6, 2, 3});
  ASSERT_EQ(mesh.tets.size(), size_t(5 * 6 * 2 * 3));
  EXPECT_EQ(mesh.vertices.size(), size_t(7 * 3 * 4));
  double volume = 0.0;
  for (int t = 0; t < int(mesh.tets.size()); ++t) {
    EXPECT_GT(tet_volume(mesh, t), 0.0);
    volume += tet_volume(mesh, t);
  }
  // In float the 180 volumes sum to a few ε of the whole (measured 1.9e-9 m³ of 0.24 m³).
  EXPECT_NEAR(volume, size.x * size.y * size.z, test::by_precision(1e-12, 1e-7));
  // Each cube face on the surface is two triangles; interior faces pair up (the split is conforming).
  EXPECT_EQ(boundary_faces(mesh).size(), size_t(4 * (6 * 2 + 2 * 3 + 6 * 3)));
}

// Sag of the beam's free end after it has settled [m]: backward Euler with Newton-PCG, whose large-step
// damping brings it to rest, on the beam of `params`.
double settled_sag(const ParamValues& params, int frames) {
  World world(test::build_scene("fem_beam", params), BackendKind::Cpu);
  Settings s;
  s.integrator = Integrator::ImplicitEuler;
  s.substeps = 1;
  s.newton_iterations = 2;
  s.linear_iterations = 200;
  test::run_frames(world, s, frames);
  return measure(world.model(), world.state(), s.substep_dt()).tip_deflection;
}

// Euler-Bernoulli: a cantilever of length L, square section a × a (I = a⁴/12) under its weight sags
// δ = ρgAL⁴/(8EI) = 1.5 ρ g L⁴/(E a²) at its tip. The 1 m × 0.1 m beam at E = 10⁹ Pa (δ/L ≈ 1.5e-3:
// linear) of linear tets is stiffer than the beam theory — they lock in bending — and converges to it
// from below as the mesh is refined. Measured δ_FEM/δ_EB (settled by frame 13): 0.678 at 20 × 2 × 2
// cubes, 0.746 at 20 × 4 × 4, 0.892 at 40 × 4 × 4, 0.920 at 40 × 8 × 8 (Timoshenko's shear term adds
// about 1 % at L/a = 10). The test asks for 40 × 4 × 4 within [0.85, 1.02] and above the coarse mesh.
TEST(FemBeam, StaticSagMatchesEulerBernoulli) {
  const double L = 1.0, a = 0.1, E = 1e9, rho = 1000.0, g = 9.81;
  const double euler_bernoulli = 1.5 * rho * g * L * L * L * L / (E * a * a);
  const auto sag = [&](int along, int across) {
    return settled_sag({{"length", L},
                        {"height", a},
                        {"width", a},
                        {"cells_length", along},
                        {"cells_height", across},
                        {"cells_width", across},
                        {"young", E},
                        {"poisson", 0.3},
                        {"ground", 0}},
                       20) /
           euler_bernoulli;
  };
  const double coarse = sag(20, 2), fine = sag(40, 4);
  std::printf("tip sag / Euler-Bernoulli (%.4g m): %.3f at 20 x 2 x 2, %.3f at 40 x 4 x 4\n", euler_bernoulli,
              coarse, fine);
  EXPECT_GT(fine, 0.85);
  EXPECT_LT(fine, 1.02);
  EXPECT_GT(fine, coarse);
}

// Small Steps Figure 7 at equal cost (n·k = 100), on a 2 m beam of the paper's 0.1 m cubes and material:
// 100 substeps × 1 iteration holds the beam up, 1 × 100 lets it sag several times as far. Both with
// Jacobi, as the paper's GPU solver.
TEST(FemBeam, SubstepsHoldTheBeamWhereIterationsLetItSag) {
  const ParamValues beam{{"length", 2.0},      {"height", 0.4},     {"width", 0.4},
                                           {"cells_length", 20}, {"cells_height", 4}, {"cells_width", 4}};
  double largest[2] = {0.0, 0.0};
  double volume_error = 0.0;
  const int runs[2][2] = {{100, 1}, {1, 100}};
  for (int r = 0; r < 2; ++r) {
    World world(test::build_scene("fem_beam", beam), BackendKind::Cpu);
    const Settings s = test::make_settings(runs[r][0], runs[r][1], SolverOrder::Jacobi);
    for (int f = 0; f < 60; ++f) {
      world.step(s);
      const FrameMetrics m = measure(world.model(), world.state(), s.substep_dt());
      largest[r] = std::max(largest[r], m.tip_deflection);
      if (r == 0) volume_error = std::max(volume_error, m.volume_error_mean);
    }
  }
  std::printf("largest tip sag: 100 x 1 %.4g m, 1 x 100 %.4g m, ratio %.2f\n", largest[0], largest[1],
              largest[1] / largest[0]);
  EXPECT_GT(largest[1], 3.0 * largest[0]);
  EXPECT_LT(volume_error, 0.01);  // ν = 0.45 keeps the mean |V/V₀ − 1| under 1 %
}

}  // namespace
}  // namespace sim
