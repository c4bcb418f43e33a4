// Gauss-Seidel in tiles (model/tiling.h): a large cloth's constraints are laid out in phases of tiles that
// share no particle, each colour still one set that shares no particle and the softest first; the sweep in
// tiles has the bits of the sweep a colour at a time over the same layout, on any thread count and in any
// order of a phase's tiles; a small cloth, or one that does not ask, keeps the plain colouring.
#include "model/tiling.h"

#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "backend/wire.h"
#include "registry/state_hash.h"
#include "shuffled_exec.h"
#include "test_util.h"
#include "world/world.h"

namespace sim {
namespace {

const ParamValues kLarge{{"width", 200}, {"height", 200}, {"sweep_tiles", 1}};  // 40,000 particles: tiled

TEST(Tiling, ALargeClothsPhasesHoldTilesThatShareNoParticle) {
  const Model m = test::build_scene("hanging_cloth", kLarge).model;
  const TileSweep& t = m.tiles;
  ASSERT_FALSE(t.empty());
  EXPECT_LT(t.phases(), m.colour_count()) << "tiles are chosen only when they need fewer phases";
  EXPECT_EQ(t.phase_colours.front(), 0);
  EXPECT_EQ(t.phase_colours.back(), m.colour_count());
  for (int p = 0; p < t.phases(); ++p) {
    const int tiles = t.phase_tiles[size_t(p)];
    EXPECT_GE(tiles, kMinTilesPerPhase);
    std::vector<int> owner(size_t(m.particle_count()), -1);  // the phase's tile that touched each particle
    for (int c = t.phase_colours[size_t(p)]; c < t.phase_colours[size_t(p) + 1]; ++c) {
      const int* o =
          t.tile_offsets.data() + t.phase_base[size_t(p)] + (c - t.phase_colours[size_t(p)]) * (tiles + 1);
      EXPECT_EQ(o[0], m.colour_offsets[size_t(c)]) << "colour " << c;
      EXPECT_EQ(o[tiles], m.colour_offsets[size_t(c) + 1]) << "colour " << c;
      std::set<int> used;  // the colour's particles: none twice
      for (int i = 0; i < tiles; ++i) {
        ASSERT_LE(o[i], o[i + 1]);
        for (int k = o[i]; k < o[i + 1]; ++k)
          for (const int q : {m.distance.particles[size_t(k)].a, m.distance.particles[size_t(k)].b}) {
            EXPECT_TRUE(used.insert(q).second) << "colour " << c << " reuses particle " << q;
            int& first = owner[size_t(q)];
            if (first < 0) first = i;
            ASSERT_EQ(first, i) << "phase " << p << ": tiles " << first << " and " << i << " share particle "
                                << q;
          }
      }
    }
  }
}

// The softest first, as in the plain colouring (Colouring.SoftestColoursFirstStiffestLast): a colour holds
// one compliance and kind, and the compliance never rises from one colour to the next.
TEST(Tiling, KeepsTheSoftestFirst) {
  const Model m = test::build_scene("hanging_cloth", kLarge).model;
  for (int c = 0; c < m.colour_count(); ++c) {
    const int begin = m.colour_offsets[size_t(c)], end = m.colour_offsets[size_t(c) + 1];
    for (int k = begin; k < end; ++k) {
      ASSERT_EQ(m.distance.compliance[size_t(k)], m.distance.compliance[size_t(begin)]) << "colour " << c;
      ASSERT_EQ(m.distance.kind[size_t(k)], m.distance.kind[size_t(begin)]) << "colour " << c;
    }
    if (c > 0) EXPECT_LE(m.distance.compliance[size_t(begin)], m.distance.compliance[size_t(begin) - 1]);
  }
}

uint64_t hash_after(const Built& built, SelectedBackend backend, int threads) {
  World world(built, std::move(backend));
  Settings s = test::make_settings(10, 2, SolverOrder::GaussSeidel);
  s.threads = threads;
  test::run_frames(world, s, 4);
  return state_hash(world.state());
}

TEST(Tiling, TheSweepInTilesHasTheBitsOfTheSweepAColourAtATime) {
  const Built tiled = test::build_scene("hanging_cloth", kLarge);
  Built plain = tiled;
  plain.model.tiles = TileSweep{};  // the same layout swept a colour at a time
  const uint64_t expected = hash_after(plain, select_backend(BackendKind::Cpu), 1);
  EXPECT_EQ(hash_after(tiled, select_backend(BackendKind::Cpu), 1), expected);
  EXPECT_EQ(hash_after(tiled, select_backend(BackendKind::Cpu), 2), expected);
  for (const uint64_t seed : {0ull, 12345ull})
    EXPECT_EQ(hash_after(tiled, test::shuffled_backend(seed), 0), expected);
}

// On every backend here (the float core's CPU through its bridge; CUDA, a block a tile, where a device is
// present) the sweep in tiles has the bits of the sweep a colour at a time over the same layout.
TEST(Tiling, EveryBackendSweepsTheTilesWithTheColourSweepsBits) {
  const Built tiled = test::build_scene("hanging_cloth", kLarge);
  Built plain = tiled;
  plain.model.tiles = TileSweep{};
  for (const test::TestBackend& b : test::backends_here()) {
    SCOPED_TRACE(b.name);
    EXPECT_EQ(hash_after(tiled, b.make(), 0), hash_after(plain, b.make(), 0));
  }
}

// The float core (CUDA's) receives the Model through the wire (backend/wire.h): the tiles cross with it.
TEST(Tiling, TheTilesCrossTheWire) {
  const Model m = test::build_scene("hanging_cloth", kLarge).model;
  Model back;
  from_wire(to_wire(m), back);
  EXPECT_EQ(back.tiles.phase_colours, m.tiles.phase_colours);
  EXPECT_EQ(back.tiles.phase_tiles, m.tiles.phase_tiles);
  EXPECT_EQ(back.tiles.phase_base, m.tiles.phase_base);
  EXPECT_EQ(back.tiles.tile_offsets, m.tiles.tile_offsets);
}

TEST(Tiling, SmallClothsAndThoseThatDoNotAskKeepThePlainColouring) {
  EXPECT_TRUE(test::build_scene("hanging_cloth", {{"sweep_tiles", 1}}).model.tiles.empty());  // 32 x 32
  EXPECT_TRUE(
      test::build_scene("bunny_cloth", {{"resolution", 32}, {"sdf_resolution", 64}, {"sweep_tiles", 1}})
          .model.tiles.empty());
  EXPECT_TRUE(test::build_scene("hanging_cloth", {{"width", 200}, {"height", 200}}).model.tiles.empty());
  EXPECT_FALSE(
      test::build_scene("bunny_cloth", {{"resolution", 128}, {"sdf_resolution", 64}, {"sweep_tiles", 1}})
          .model.tiles.empty());
}

}  // namespace
}  // namespace sim
