// Graph colouring: within one colour no two distance constraints share a particle, every constraint is
// coloured exactly once, and the colouring is deterministic (the same scene gives the same order).
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
      const Int2 p = m.distance_particles[size_t(k)];
      EXPECT_TRUE(used.insert(p.a).second) << "colour " << c << " reuses particle " << p.a;
      EXPECT_TRUE(used.insert(p.b).second) << "colour " << c << " reuses particle " << p.b;
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

TEST(Colouring, StarGraphGetsOneColourPerEdgeAndIsDeterministic) {
  std::vector<Int2> star;
  for (int i = 1; i <= 100; ++i) star.push_back({0, i});
  const Colouring a = colour_constraints(star, 101), b = colour_constraints(star, 101);
  EXPECT_EQ(a.offsets.size(), 101u);
  EXPECT_EQ(a.order, b.order);
  std::set<int> all(a.order.begin(), a.order.end());
  EXPECT_EQ(all.size(), star.size());
}

}  // namespace
}  // namespace sim
