// Issue 11 item 2: the backend writes what the viewer draws (sim/draw/draw_vertex.h and the families' draw hooks) — float positions,
// area-weighted vertex normals, speed, constraint error or strain — and their bounds; on every scene and on
// each backend present (CUDA: through its own buffers copied to the host) they must equal the same quantities
// computed on the host from the downloaded State.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "constraints/distance.h"
#include "test_util.h"
#include "world/frame_step.h"

namespace sim {
namespace {

struct HostDraw {
  std::vector<float> position, normal, value, body, joint;
  DrawArrays arrays() { return {position.data(), normal.data(), value.data(), body.data(), joint.data()}; }
};

HostDraw written(World& world, DrawQuantity q, DrawSums& sums) {
  const size_t n = size_t(world.model().particle_count());
  const size_t bodies = size_t(world.model().body_count()), joints = size_t(world.model().joint_count());
  HostDraw d{std::vector<float>(3 * n, -1.0f), std::vector<float>(3 * n, -1.0f), std::vector<float>(n, -1.0f),
             std::vector<float>(8 * bodies, -1.0f), std::vector<float>(3 * joints, -1.0f)};
  sums = world.write_draw(d.arrays(), q, true);
  return d;
}

// The host's area-weighted normals: each triangle's face vector added to its three corners.
std::vector<Vec3> host_normals(const Model& m, const State& s) {
  std::vector<Vec3> n(s.particle_x.size(), Vec3{0.0, 0.0, 0.0});
  for (const Int3& t : m.surface_triangles) {
    const Vec3 face = cross(s.particle_x[size_t(t.b)] - s.particle_x[size_t(t.a)],
                            s.particle_x[size_t(t.c)] - s.particle_x[size_t(t.a)]);
    for (const int i : {t.a, t.b, t.c}) n[size_t(i)] = n[size_t(i)] + face;
  }
  return n;
}

// The host's colour quantities: per particle, the largest |C| (strain: |C|/L) of the distance constraints
// that touch it, and the largest |det F − 1| (strain: Green strain |E|_F) of its tets; a fluid particle's
// density error.
std::vector<double> host_quantity(const Model& m, const State& s, bool strain) {
  std::vector<double> q(size_t(m.particle_count()), 0.0);
  const auto raise = [&q](int i, double v) { q[size_t(i)] = std::max(q[size_t(i)], v); };
  for (size_t k = 0; k < size_t(m.distance_count()); ++k) {
    const Int2 p = m.distance.particles[k];
    const double L = m.distance.rest_length[k];
    const double C = std::abs(distance_eval(s.particle_x[size_t(p.a)], s.particle_x[size_t(p.b)], L).C);
    raise(p.a, strain ? C / L : C);
    raise(p.b, strain ? C / L : C);
  }
  for (size_t t = 0; t < size_t(m.tet_count()); ++t) {
    const Int4 c = m.tet.particles[t];
    const Vec3 x[4] = {s.particle_x[size_t(c.a)], s.particle_x[size_t(c.b)], s.particle_x[size_t(c.c)],
                       s.particle_x[size_t(c.d)]};
    const Mat3 F = edge_matrix(x) * m.tet.inv_rest[t];
    const double v = strain ? tet_deviatoric(TetModel::StVK, F).C : std::abs(determinant(F) - 1.0);
    for (const int i : {c.a, c.b, c.c, c.d}) raise(i, v);
  }
  for (int i = 0; i < m.fluid.count; ++i)  // a fluid particle: its compression max(ρ/ρ₀ − 1, 0)
    q[size_t(m.fluid.first + i)] = std::max(s.fluid.density[size_t(i)] - 1.0, 0.0);
  return q;
}

class DrawArraysTest : public ::testing::TestWithParam<std::string> {};

TEST_P(DrawArraysTest, EqualTheHostComputationOverTheDownloadedState) {
  for (const test::TestBackend& backend : test::backends_here()) {
    SCOPED_TRACE(backend.name);
    World world(test::build_small_scene(GetParam()), backend.make());
    // A float backend in a double build computes C (and E = C / L) from float coordinates, the host here from
    // their double image: they differ by the coordinates' rounding (the float core's CPU: at most 2.2 µm of C
    // and 3.1e-6 of E, about 36 ulps of a 1 m coordinate; 2-core AMD EPYC, 2026-11-28), and a value
    // converted to float by an ulp of its own.
    const double rounding = test::mixed_scalar(backend) ? 5e-6 : 0.0;  // [m], or [-] for E
    const auto ulp = [&](double v) { return test::mixed_scalar(backend) ? 1e-6 * std::max(1.0, std::abs(v)) : 0.0; };
    for (int f = 0; f < 20; ++f) ASSERT_FALSE(step_and_measure(world, test::make_settings(10, 1)).divergence);
    DrawSums speed_sums, error_sums, strain_sums;
    const HostDraw speed = written(world, DrawQuantity::Speed, speed_sums);
    const HostDraw error = written(world, DrawQuantity::ConstraintError, error_sums);
    const HostDraw strain = written(world, DrawQuantity::Strain, strain_sums);
    const State& s = world.state();
    const std::vector<Vec3> normal = host_normals(world.model(), s);
    const std::vector<double> C = host_quantity(world.model(), s, false);
    const std::vector<double> E = host_quantity(world.model(), s, true);
    Vec3 lo{1e30, 1e30, 1e30}, hi{-1e30, -1e30, -1e30};
    double top_speed = 0.0, top_error = 0.0, top_strain = 0.0;
    for (size_t i = 0; i < s.particle_x.size(); ++i) {
      const Vec3 x = s.particle_x[i];
      const double v = length(s.particle_v[i]);
      for (int c = 0; c < 3; ++c) {
        ASSERT_EQ(speed.position[3 * i + size_t(c)], float((&x.x)[c])) << "particle " << i;
        EXPECT_NEAR(speed.normal[3 * i + size_t(c)], (&normal[i].x)[c],
                    1e-6 * std::max(1e-3, double(length(normal[i]))))
            << "particle " << i;
      }
      EXPECT_NEAR(speed.value[i], v, 1e-6 * std::max(1.0, v)) << "speed of particle " << i;
      EXPECT_NEAR(error.value[i], C[i], 1e-6 * std::max(1e-3, C[i]) + rounding) << "error of particle " << i;
      EXPECT_NEAR(strain.value[i], E[i], 1e-6 * std::max(1e-3, E[i]) + rounding) << "strain of particle " << i;
      lo = min3(lo, x);
      hi = max3(hi, x);
      top_speed = std::max(top_speed, v);
      top_error = std::max(top_error, C[i]);
      top_strain = std::max(top_strain, E[i]);
    }
    // the bodies: centre, speed and orientation, their bounds a sphere of radius Σ size around the centre
    for (size_t b = 0; b < s.body.x.size(); ++b) {
      const Vec3 x = s.body.x[b];
      const Quat q = s.body.q[b];
      const double v = length(s.body.v[b]);
      const float expected[8] = {float(x.x), float(x.y), float(x.z), float(v),
                                 float(q.x), float(q.y), float(q.z), float(q.w)};
      for (int k = 0; k < 8; ++k)
        EXPECT_NEAR(speed.body[8 * b + size_t(k)], expected[k], ulp(expected[k])) << "body " << b << " " << k;
      EXPECT_EQ(error.body[8 * b + 3], 0.0f);
      const Vec3 size = world.model().body.size[b];
      const Real reach = size.x + size.y + size.z;
      lo = min3(lo, x - Vec3{reach, reach, reach});
      hi = max3(hi, x + Vec3{reach, reach, reach});
      top_speed = std::max(top_speed, v);
    }
    for (size_t j = 0; j < s.joint.lambda.size(); ++j) {  // end a's anchor in the world
      const Int2 e = world.model().joint.ends[j];
      const Vec3 anchor = world.model().joint.anchor_a[j];
      const Vec3 p =
          is_body_end(e.a) ? Vec3(s.body.x[size_t(e.a)] + rotate(s.body.q[size_t(e.a)], anchor)) : anchor;
      for (int c = 0; c < 3; ++c)
        EXPECT_NEAR(speed.joint[3 * j + size_t(c)], (&p.x)[c], 1e-5) << "joint " << j;
    }
    for (int c = 0; c < 3; ++c) {
      EXPECT_NEAR((&speed_sums.lo.x)[c], (&lo.x)[c], ulp((&lo.x)[c]));
      EXPECT_NEAR((&speed_sums.hi.x)[c], (&hi.x)[c], ulp((&hi.x)[c]));
    }
    EXPECT_NEAR(speed_sums.value_max, top_speed, 1e-6 * std::max(1.0, top_speed));
    EXPECT_NEAR(error_sums.value_max, top_error, 1e-6 * std::max(1e-3, top_error) + rounding);
    EXPECT_NEAR(strain_sums.value_max, top_strain, 1e-6 * std::max(1e-3, top_strain) + rounding);
    if (!s.particle_x.empty()) EXPECT_GT(top_error, 0.0) << "a scene without error tests nothing";
    EXPECT_GT(top_speed, 0.0) << "a scene at rest tests nothing";
  }
}

INSTANTIATE_TEST_SUITE_P(EveryScene, DrawArraysTest, ::testing::ValuesIn(test::scene_names()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace sim
