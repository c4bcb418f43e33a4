// The velocity-level rigid solvers (families/rigid/steppers/; Giles & Andrews 2024 §2.1 and §4) against
// closed forms: a hanging chain's top joint carries the chain's weight, a physical pendulum released
// horizontal carries mg (1 + 2 m d²/I_p) at the bottom of its swing, a frictionless stack shares each level's
// load equally among its four contacts; the direct solver agrees with an enumeration of the island's
// active sets, and contradictory joints fall back to PGS, counted, without a NaN.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>

#include "families/rigid/steppers/dependent_rows.h"
#include "families/rigid/steppers/island_matrix.h"
#include "families/rigid/steppers/rigid_direct.h"
#include "registry/state_hash.h"
#include "test_util.h"
#include "world/frame_step.h"

namespace sim {
namespace {

constexpr double kG = 9.81;

Settings velocity_settings(RigidSolver solver, int substeps) {
  Settings s;
  s.substeps = substeps;
  s.rigid_solver = solver;
  return s;
}

// n boxes of mass m hanging straight down from the world on ball joints, each link `length` long.
Built hanging_chain(int n, double m, double length) {
  ModelBuilder b;
  b.set_gravity({0.0, -kG, 0.0});
  const Vec3 top{0.0, 5.0, 0.0};
  int previous = kWorldEnd;
  for (int i = 0; i < n; ++i) {
    const Vec3 centre = top - Vec3{0.0, (Real(i) + 0.5) * length, 0.0};
    const int body = b.add_body(BodyShape::Box, {0.05, 0.5 * length, 0.05}, m, centre);
    b.add_joint(JointKind::Ball, previous, body, top - Vec3{0.0, Real(i) * length, 0.0}, {0.0, 0.0, 1.0});
    previous = body;
  }
  return b.finalize();
}

// The force [N] of the joint that holds body `body` to the world.
double world_joint_force(World& w, double h) {
  const State& s = w.state();
  const Model& m = w.model();
  for (size_t j = 0; j < m.joint.ends.size(); ++j)
    if (m.joint.ends[j].a == kWorldEnd || m.joint.ends[j].b == kWorldEnd)
      return double(length(s.joint.lambda[j].force)) / (h * h);
  return 0.0;
}

TEST(RigidVelocity, HangingChainTopJointCarriesTheWholeWeight) {
  const int n = 6;
  const double m = 2.0;
  for (const RigidSolver solver : {RigidSolver::Direct, RigidSolver::Pgs}) {
    World w(hanging_chain(n, m, 0.4), BackendKind::Cpu);
    const Settings s = velocity_settings(solver, 10);
    test::run_frames(w, s, 30);
    const double expected = n * m * kG;
    const double tolerance = solver == RigidSolver::Direct ? 1e-6 : 1e-3;
    EXPECT_NEAR(world_joint_force(w, s.substep_dt()) / expected, 1.0, tolerance)
        << (solver == RigidSolver::Direct ? "direct" : "pgs");
  }
}

// A box of half extents `half` hanging d below a world ball joint, released horizontal: at the bottom of its
// swing the joint carries m g + m ω² d with ω² = 2 m g d / I_p (energy), I_p = I_cm + m d², that is
// mg (1 + 2 m d²/I_p) — for a point mass 3mg, its 2mg the centripetal part.
TEST(RigidVelocity, PendulumAtTheBottomCarriesWeightAndCentripetalForce) {
  const double m = 1.5, d = 1.0, a = 0.05;
  const double I_p = m * (2.0 * (2 * a) * (2 * a)) / 12.0 + m * d * d;
  const double expected = m * kG * (1.0 + 2.0 * m * d * d / I_p);
  for (const RigidSolver solver : {RigidSolver::Direct, RigidSolver::Pgs}) {
    ModelBuilder b;
    b.set_gravity({0.0, -kG, 0.0});
    const Vec3 pivot{0.0, 2.0, 0.0};
    const int body = b.add_body(BodyShape::Box, {a, a, a}, m, pivot + Vec3{d, 0.0, 0.0});
    b.add_joint(JointKind::Ball, kWorldEnd, body, pivot, {0.0, 0.0, 1.0});
    World w(b.finalize(), BackendKind::Cpu);
    Settings s = velocity_settings(solver, 20);
    s.frame_dt = 1.0 / 480.0;
    double largest = 0.0;
    for (int f = 0; f < 480; ++f) {  // a second: past the bottom, not yet back
      w.step(s);
      largest = std::max(largest, world_joint_force(w, s.substep_dt()));
    }
    EXPECT_NEAR(largest / expected, 1.0, 0.01) << (solver == RigidSolver::Direct ? "direct" : "pgs");
  }
}

// The normal forces [N] of the contacts between plate `plate` and the spheres under it.
std::vector<double> plate_support(World& w, int plate, double h) {
  std::vector<double> forces;
  const State& s = w.state();
  for (const ContactPair& c : s.body_contact.pairs) {
    const int other = c.ends.a == plate ? c.ends.b : c.ends.b == plate ? c.ends.a : -2;
    if (other < 0 || s.body.x[size_t(other)].y > s.body.x[size_t(plate)].y) continue;
    for (int k = 0; k < c.count; ++k) forces.push_back(double(c.point[k].lambda_n) / (h * h));
  }
  return forces;
}

// Each level's plate rests on four spheres at the corners of a square: together they carry the weight above
// them, to 1e-6 with the direct solver. Four supports of a plate are one more than it needs: which share each
// takes is fixed only by the direct solver's ε (rigid_direct.h), symmetric to 1e-7 — rounding amplified by
// 1/ε in the one indeterminate mode (1e-9 would need ε ≥ 1e-6). (PGS is not held to this: its resting
// contacts alternate substep by substep between touching and just open, their last substep's force
// ±20% of the weight, and Gauss-Seidel settles on whichever split its order reaches first.)
TEST(RigidVelocity, FrictionlessStackSharesEachLevelsLoadEqually) {
  World w(test::build_scene("heavy_stack", {{"levels", 2}}), BackendKind::Cpu);
  const Settings s = velocity_settings(RigidSolver::Direct, 30);
  test::run_frames(w, s, 20);
  const double box = 1e4;  // the mass ratio; every other body 1 kg
  for (int level = 0; level < 2; ++level) {
    const int plate = 5 * level + 4;
    const std::vector<double> f = plate_support(w, plate, s.substep_dt());
    ASSERT_EQ(f.size(), 4u) << "level " << level;
    const double above = box + 1.0 + 5.0 * (1 - level);  // the box, this plate, the level above
    double sum = 0.0;
    for (const double fi : f) {
      EXPECT_NEAR(fi / f[0], 1.0, 1e-6) << "level " << level;
      sum += fi;
    }
    EXPECT_NEAR(sum / (above * kG), 1.0, 1e-6) << "level " << level;
  }
}

// Two fixed joints holding one body to the world at points 0.2 m apart cannot both hold: the direct solver
// falls back to PGS, counts it, and the state stays finite.
TEST(RigidVelocity, ContradictoryJointsFallBackCountedWithoutNaN) {
  ModelBuilder b;
  b.set_gravity({0.0, -kG, 0.0});
  const int body = b.add_body(BodyShape::Box, {0.1, 0.1, 0.1}, 1.0, {0.0, 1.0, 0.0});
  b.add_joint(JointKind::Fixed, kWorldEnd, body, {0.0, 1.0, 0.0}, {0.0, 0.0, 1.0});
  b.add_joint(JointKind::Fixed, kWorldEnd, body, {0.0, 1.0, 0.0}, {0.0, 0.0, 1.0});
  Built built = b.finalize();
  built.model.joint.anchor_a[1] += Vec3{0.0, 0.2, 0.0};  // the world's end of the second joint, moved
  World w(std::move(built), BackendKind::Cpu);
  const Settings s = velocity_settings(RigidSolver::Direct, 10);
  int fallbacks = 0;
  for (int f = 0; f < 30; ++f) {
    const FrameResult r = step_and_measure(w, s);
    ASSERT_FALSE(r.divergence) << "frame " << f;
    fallbacks += r.metrics.lcp_fallbacks;
  }
  EXPECT_GT(fallbacks, 0);
  EXPECT_TRUE(is_finite(w.state().body.x[0]));
}

// Two ball joints along an edge are 6 rows for the 5 degrees of freedom a hinge removes: of the pair's rows,
// exactly one of the two along the edge (identical in J) is dependent. Three bodies joined in a triangle of
// ball joints depend on each other only through the loop, in this pose alone: every row is kept.
TEST(RigidVelocity, DependentRowsAreTheEdgesSecondRowAndNoLoopRow) {
  const auto ball_rows = [](std::vector<RigidRow>& rows, int a, int b, Vec3 ra, Vec3 rb) {
    for (const Vec3 e : {Vec3{1.0, 0.0, 0.0}, Vec3{0.0, 1.0, 0.0}, Vec3{0.0, 0.0, 1.0}}) {
      RigidRow r;
      r.a = a, r.b = b;
      r.lin_a = e, r.ang_a = cross(ra, e), r.lin_b = -1.0 * e, r.ang_b = -1.0 * cross(rb, e);
      rows.push_back(r);
    }
  };
  std::vector<RowBody> bodies(3);
  for (RowBody& body : bodies) body.w = 1.0, body.inv_inertia = mat3_identity();
  // planks 0 and 1, centres 0.2 m apart along x, joined at x = 0.1 either side of the middle (z = ±0.4)
  std::vector<RigidRow> edge;
  for (const double z : {-0.4, 0.4}) ball_rows(edge, 0, 1, {0.1, 0.0, z}, {-0.1, 0.0, z});
  prepare_rows(edge, bodies);
  const std::vector<int> dropped = dependent_rows(edge, {0, 1, 2, 3, 4, 5});
  ASSERT_EQ(dropped.size(), 1u);
  EXPECT_TRUE(dropped[0] == 2 || dropped[0] == 5)
      << "dropped row " << dropped[0] << ", not one along the edge";
  // a triangle 0-1-2, its joints at the midpoints of the sides of an equilateral triangle of side 1
  std::vector<RigidRow> loop;
  const Vec3 c[3] = {{0.0, 0.0, 0.0}, {1.0, 0.0, 0.0}, {0.5, 0.8660254037844386, 0.0}};
  for (int i = 0; i < 3; ++i) {
    const int j = (i + 1) % 3;
    const Vec3 mid = 0.5 * (c[i] + c[j]);
    ball_rows(loop, i, j, mid - c[i], mid - c[j]);
  }
  prepare_rows(loop, bodies);
  EXPECT_TRUE(dependent_rows(loop, {0, 1, 2, 3, 4, 5, 6, 7, 8}).empty());
}

// The bridge under the direct solver at a fixed 100 substeps (issue 52 item 6): the straight deck is the
// pose where its rows are nearly dependent and the edges' second joints add a dependent row each; no island
// falls back to PGS, every joint holds within 1 cm, and the 1000:1 ball crosses to the far anchor.
TEST(RigidVelocity, BridgeStaysOnTheDirectPath) {
  const Built built = test::build_scene("bridge");
  World w(built, BackendKind::Cpu);
  const Settings s = velocity_settings(RigidSolver::Direct, 100);
  const int ball = w.model().body_count() - 1;
  const double far_end = 0.5 * 20 * 0.22;  // planks × pitch / 2 [m]
  int frames = 0;
  while (w.state().body.x[size_t(ball)].x < far_end) {
    ASSERT_LT(frames++, 150) << "the ball has not crossed in 2.5 s: x = " << w.state().body.x[size_t(ball)].x;
    const FrameResult r = step_and_measure(w, s);
    ASSERT_FALSE(r.divergence) << "frame " << frames;
    ASSERT_EQ(r.metrics.lcp_fallbacks, 0) << "frame " << frames << ": an island fell back to PGS";
    ASSERT_LT(r.metrics.joint_separation_max, 0.01) << "frame " << frames;
  }
}

// 1 and 2 threads step every solver to the same bits.
TEST(RigidVelocity, OneAndTwoThreadsAgreeBitForBit) {
  for (const RigidSolver solver : {RigidSolver::Pgs, RigidSolver::Direct}) {
    uint64_t hash[2];
    for (int t = 0; t < 2; ++t) {
      World w(test::build_scene("heavy_stack", {{"levels", 2}}), BackendKind::Cpu);
      Settings s = velocity_settings(solver, 20);
      s.threads = t + 1;
      test::run_frames(w, s, 10);
      hash[t] = state_hash(w.state());
    }
    EXPECT_EQ(hash[0], hash[1]);
  }
}

// The direct solver (LDLᵀ on the bilateral rows, BPP on the Schur complement of the unilateral ones) against
// every active set of the unilateral rows, each solved densely with the bilateral rows: the one feasible and
// complementary solution, on random islands of 4 bodies, 6 bilateral and up to 8 unilateral rows.
TEST(RigidVelocity, DirectSolverAgreesWithEnumeratedActiveSets) {
  unsigned state = 2024u;
  const auto uniform = [&state] {
    state = state * 1664525u + 1013904223u;
    return double(state >> 8) / double(1u << 24);
  };
  const auto vec = [&] { return Vec3{uniform() - 0.5, uniform() - 0.5, uniform() - 0.5}; };
  for (int trial = 0; trial < 50; ++trial) {
    const int bodies = 4, bilateral = 6, unilateral = 1 + trial % 8;
    std::vector<RowBody> body(bodies);
    for (RowBody& bd : body) {
      bd.w = 0.2 + uniform();
      bd.inv_inertia = mat3_identity();
      bd.inv_inertia = (0.5 + uniform()) * bd.inv_inertia;
    }
    std::vector<RigidRow> rows;
    for (int i = 0; i < bilateral + unilateral; ++i) {
      RigidRow r;
      r.a = int(uniform() * bodies) % bodies;
      r.b = (r.a + 1 + int(uniform() * (bodies - 1))) % bodies;
      if (i % 5 == 4) r.b = -1;
      r.lin_a = vec(), r.ang_a = vec(), r.lin_b = vec(), r.ang_b = vec();
      r.kind = i < bilateral ? RowKind::Bilateral : RowKind::Unilateral;
      r.target = uniform() - 0.5;
      rows.push_back(r);
    }
    prepare_rows(rows, body);
    std::vector<Vec3> v(bodies, Vec3{0.0, 0.0, 0.0}), omega(bodies, Vec3{0.0, 0.0, 0.0}), bv = v, bo = v;
    std::vector<RigidRow> direct = rows;
    DirectCache dependent;
    const DirectStats stats =
        solve_direct(direct, bodies, v.data(), omega.data(), bv.data(), bo.data(), 20, 25, dependent);
    ASSERT_EQ(stats.fallbacks, 0) << "trial " << trial;
    // the dense reference: A with the solver's ε, every active set of the unilateral rows
    const int n = bilateral + unilateral;
    Eigen::MatrixXd A(n, n);
    Eigen::VectorXd b(n);
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) A(i, j) = row_coupling(rows[size_t(i)], rows[size_t(j)]);
      b(i) = rows[size_t(i)].target;
    }
    for (int i = 0; i < n; ++i) A(i, i) *= 1.0 + kDirectRegularisation;
    int found = 0;
    for (int set = 0; set < (1 << unilateral); ++set) {
      std::vector<int> act;
      for (int i = 0; i < n; ++i)
        if (i < bilateral || (set >> (i - bilateral) & 1)) act.push_back(i);
      Eigen::MatrixXd Aa(act.size(), act.size());
      Eigen::VectorXd ba(act.size());
      for (size_t i = 0; i < act.size(); ++i) {
        ba(Eigen::Index(i)) = b(act[i]);
        for (size_t j = 0; j < act.size(); ++j) Aa(Eigen::Index(i), Eigen::Index(j)) = A(act[i], act[j]);
      }
      const Eigen::VectorXd Pa = Aa.ldlt().solve(ba);
      Eigen::VectorXd P = Eigen::VectorXd::Zero(n);
      for (size_t i = 0; i < act.size(); ++i) P(act[i]) = Pa(Eigen::Index(i));
      const Eigen::VectorXd w = A * P - b;
      bool ok = true;
      // float: A is built from float couplings, row_coupling(i, j) and (j, i) differing by up to 9e-8 where A
      // reaches 1.7 (measured), and the LDLT reads one triangle: w of an active row is zero only to that
      const double tol = test::by_precision(1e-12, 1e-6);
      for (int i = bilateral; i < n; ++i) ok = ok && P(i) >= -tol && w(i) >= -tol;
      if (!ok) continue;
      ++found;
      for (int i = 0; i < n; ++i)
        EXPECT_NEAR(direct[size_t(i)].impulse, P(i),  // float: rows in float, ε = 7.6e-6 (island_matrix.h)
                    test::by_precision(1e-9, 1e-6) * (1.0 + P.cwiseAbs().maxCoeff()))
            << "trial " << trial;
    }
    EXPECT_EQ(found, 1) << "trial " << trial;
  }
}

// pgs and direct run on the host only: on CUDA World refuses them with a message naming the setting (the CLI
// exits 2 with it; the viewer sets xpbd back and shows it), and xpbd, a scene without bodies or the CPU pass.
TEST(RigidVelocity, CudaRefusesTheHostSolversByName) {
  const Built chain = hanging_chain(2, 1.0, 0.4);
  const auto refusal =
      backend_refusal(chain.model, velocity_settings(RigidSolver::Pgs, 10), BackendKind::Cuda);
  ASSERT_TRUE(refusal.has_value());
  EXPECT_EQ(
      refusal->message,
      "rigid_solver pgs runs on the CPU only (a serial velocity-level solve on the host); use --backend "
      "cpu, or --rigid-solver xpbd on CUDA");
  EXPECT_EQ(refusal->setting, "rigid_solver");
  EXPECT_EQ(refusal->fallback, "xpbd");
  const Settings direct = velocity_settings(RigidSolver::Direct, 10);
  EXPECT_FALSE(backend_refusal(chain.model, velocity_settings(RigidSolver::Xpbd, 10), BackendKind::Cuda));
  EXPECT_FALSE(backend_refusal(chain.model, direct, BackendKind::Cpu));
  EXPECT_FALSE(backend_refusal(test::build_scene("chain").model, direct, BackendKind::Cuda));
}

// The backend `auto` takes the CPU where the settings ask for a host solver, saying why, so that the scenes
// that default to the direct solver run their default on a GPU machine too (it found CUDA and refused them);
// an explicit --backend cuda is still refused by name, and xpbd leaves auto free.
TEST(RigidVelocity, AutoChoosesTheCpuForTheHostSolvers) {
  const Settings direct = velocity_settings(RigidSolver::Direct, 10);
  const World w(hanging_chain(2, 1.0, 0.4), BackendKind::Auto, direct);
  EXPECT_EQ(w.backend(), BackendKind::Cpu);
  EXPECT_NE(w.backend_description().find("auto chose the CPU: rigid_solver direct"), std::string::npos)
      << w.backend_description();
  const World x(hanging_chain(2, 1.0, 0.4), BackendKind::Auto, test::make_settings(10, 1));
  EXPECT_EQ(x.backend_description().find("rigid_solver"), std::string::npos) << x.backend_description();
}

}  // namespace
}  // namespace sim
