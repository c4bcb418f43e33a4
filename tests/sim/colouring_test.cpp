// Graph colouring: within one colour no two distance constraints (or tets) share a particle, every constraint
// is coloured exactly once, and the colouring is deterministic (the same scene gives the same order).
#include "model/colouring.h"

#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "test_util.h"

namespace sim {
namespace {

void expect_valid_colouring(const Model& m) {
  ASSERT_GE(m.colour_count(), m.distance_count() > 0 ? 1 : 0);
  EXPECT_EQ(m.colour_offsets.front(), 0);
  EXPECT_EQ(m.colour_offsets.back(), m.distance_count());
  for (int c = 0; c < m.colour_count(); ++c) {
    std::set<int> used;
    for (int k = m.colour_offsets[size_t(c)]; k < m.colour_offsets[size_t(c) + 1]; ++k) {
      const Int2 p = m.distance.particles[size_t(k)];
      EXPECT_TRUE(used.insert(p.a).second) << "colour " << c << " reuses particle " << p.a;
      EXPECT_TRUE(used.insert(p.b).second) << "colour " << c << " reuses particle " << p.b;
    }
  }
  const std::vector<int>& tet = m.tet.colour_offsets;  // the tets' colours, the same rule
  ASSERT_FALSE(tet.empty());
  EXPECT_EQ(tet.back(), m.tet_count());
  for (size_t c = 0; c + 1 < tet.size(); ++c) {
    std::set<int> used;
    for (int t = tet[c]; t < tet[c + 1]; ++t) {
      const Int4 p = m.tet.particles[size_t(t)];
      for (const int i : {p.a, p.b, p.c, p.d})
        EXPECT_TRUE(used.insert(i).second) << "tet colour " << c << " reuses particle " << i;
    }
  }
}

TEST(Colouring, EveryRegisteredSceneIsValid) {
  for (const SceneDef& scene : scene_registry()) {
    SCOPED_TRACE(scene.name);
    const Built built = scene.build(scene.default_params());
    expect_valid_colouring(built.model);
  }
}

TEST(Colouring, ChainNeedsTwoColoursAndClothFew) {
  EXPECT_EQ(test::build_scene("chain").model.colour_count(), 2);
  // Stretch, shear and bending give each interior particle 12 constraints; first-fit stays near that.
  EXPECT_LE(test::build_scene("hanging_cloth").model.colour_count(), 16);
}

// Gauss-Seidel projects the softest constraints first and the stiffest last: each colour holds one
// compliance and one kind, and the compliance never rises from one colour to the next.
TEST(Colouring, SoftestColoursFirstStiffestLast) {
  const Model m = test::build_scene("hanging_cloth").model;
  std::set<Real> seen;
  for (int c = 0; c < m.colour_count(); ++c) {
    const int begin = m.colour_offsets[size_t(c)], end = m.colour_offsets[size_t(c) + 1];
    const Real alpha = m.distance.compliance[size_t(begin)];
    for (int k = begin; k < end; ++k) {
      ASSERT_EQ(m.distance.compliance[size_t(k)], alpha) << "colour " << c;
      ASSERT_EQ(m.distance.kind[size_t(k)], m.distance.kind[size_t(begin)]) << "colour " << c;
    }
    if (c > 0) EXPECT_LE(alpha, m.distance.compliance[size_t(begin) - 1]) << "colour " << c;
    seen.insert(alpha);
  }
  EXPECT_GE(seen.size(), 2u) << "the cloth's bending is softer than its stretching";
}

TEST(Colouring, StarGraphGetsOneColourPerEdgeAndIsDeterministic) {
  std::vector<Int2> star;
  for (int i = 1; i <= 100; ++i) star.push_back({0, i});
  const std::vector<Real> alpha(star.size(), 0.0);
  const std::vector<DistanceKind> kind(star.size(), DistanceKind::Other);
  const Colouring a = colour_distances(star, alpha, kind, 101).colouring,
                  b = colour_distances(star, alpha, kind, 101).colouring;
  EXPECT_EQ(a.offsets.size(), 101u);
  EXPECT_EQ(a.order, b.order);
  std::set<int> all(a.order.begin(), a.order.end());
  EXPECT_EQ(all.size(), star.size());
}

}  // namespace
}  // namespace sim
