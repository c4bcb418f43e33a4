#include "model/tiling.h"

#include <algorithm>
#include <cstdlib>

namespace sim {
inline namespace SIM_PRECISION {

namespace {

// Greedy colouring of tiles 0 … T − 1 in order: no two tiles that share a particle (pairs (particle,
// tile) of `touch`) get one colour. Returns each tile's colour.
std::vector<int> colour_tiles(std::vector<std::pair<int, int>> touch, int tiles) {
  std::sort(touch.begin(), touch.end());
  touch.erase(std::unique(touch.begin(), touch.end()), touch.end());
  std::vector<std::vector<int>> conflicts(size_t(tiles), std::vector<int>{});
  for (size_t a = 0; a < touch.size();) {
    size_t b = a;
    while (b < touch.size() && touch[b].first == touch[a].first) ++b;
    for (size_t i = a; i < b; ++i)
      for (size_t j = a; j < b; ++j)
        if (i != j) conflicts[size_t(touch[i].second)].push_back(touch[j].second);
    a = b;
  }
  std::vector<int> colour(size_t(tiles), -1);
  std::vector<int> used;
  for (int t = 0; t < tiles; ++t) {
    used.clear();
    for (const int u : conflicts[size_t(t)])
      if (colour[size_t(u)] >= 0) used.push_back(colour[size_t(u)]);
    int c = 0;
    while (std::find(used.begin(), used.end(), c) != used.end()) ++c;
    colour[size_t(t)] = c;
  }
  return colour;
}

// First-fit colouring of `constraints` (in that order): each colour's constraints, none sharing a
// particle. `taken` holds the last stamp that used each particle; stamps come from `next_stamp`.
std::vector<std::vector<int>> first_fit(std::vector<int> remaining, const std::vector<Int2>& pairs,
                                        std::vector<int>& taken, int& next_stamp) {
  std::vector<std::vector<int>> colours;
  std::vector<int> deferred;
  while (!remaining.empty()) {
    const int stamp = next_stamp++;
    colours.emplace_back();
    deferred.clear();
    for (const int c : remaining) {
      const Int2 p = pairs[size_t(c)];
      if (taken[size_t(p.a)] == stamp || taken[size_t(p.b)] == stamp) {
        deferred.push_back(c);
        continue;
      }
      taken[size_t(p.a)] = taken[size_t(p.b)] = stamp;
      colours.back().push_back(c);
    }
    remaining.swap(deferred);
  }
  return colours;
}

}  // namespace

TiledColouring colour_grouped_in_tiles(const std::vector<Int2>& pairs,
                                       const std::vector<std::pair<double, int>>& keys, int particle_count,
                                       int tile_particles) {
  TiledColouring out;
  Colouring& result = out.colouring;
  TileSweep& sweep = out.tiles;
  result.offsets.push_back(0);
  sweep.phase_colours.push_back(0);
  std::vector<int> by_key(pairs.size());
  for (size_t k = 0; k < by_key.size(); ++k) by_key[k] = int(k);
  const auto key = [&](int c) { return keys[size_t(c)]; };
  std::stable_sort(by_key.begin(), by_key.end(), [&](int a, int b) { return key(a) < key(b); });
  const auto tile_of = [&](int c) {
    const Int2 p = pairs[size_t(c)];
    return std::min(p.a, p.b) / tile_particles;
  };
  std::vector<int> taken(size_t(particle_count), -1);
  int next_stamp = 0;
  for (auto group = by_key.begin(); group != by_key.end();) {
    const auto group_end = std::find_if(group, by_key.end(), [&](int c) { return key(c) != key(*group); });
    // The group's tiles (those holding any of its constraints), each with its constraints in order.
    std::vector<int> members(group, group_end);
    std::stable_sort(members.begin(), members.end(), [&](int a, int b) { return tile_of(a) < tile_of(b); });
    std::vector<std::vector<int>> tiles;
    std::vector<std::pair<int, int>> touch;  // (particle, tile)
    for (size_t i = 0; i < members.size(); ++i) {
      if (i == 0 || tile_of(members[i]) != tile_of(members[i - 1])) tiles.emplace_back();
      tiles.back().push_back(members[i]);
      const Int2 p = pairs[size_t(members[i])];
      touch.push_back({p.a, int(tiles.size()) - 1});
      touch.push_back({p.b, int(tiles.size()) - 1});
    }
    const std::vector<int> tile_colour = colour_tiles(std::move(touch), int(tiles.size()));
    const int tile_colours =
        tiles.empty() ? 0 : *std::max_element(tile_colour.begin(), tile_colour.end()) + 1;
    for (int q = 0; q < tile_colours; ++q) {
      std::vector<std::vector<std::vector<int>>> phase;  // tile i's colour c: phase[i][c]
      size_t colours = 0;
      for (size_t t = 0; t < tiles.size(); ++t)
        if (tile_colour[t] == q) {
          phase.push_back(first_fit(tiles[t], pairs, taken, next_stamp));
          colours = std::max(colours, phase.back().size());
        }
      sweep.phase_tiles.push_back(int(phase.size()));
      sweep.phase_base.push_back(int(sweep.tile_offsets.size()));
      for (size_t c = 0; c < colours; ++c) {
        for (const auto& tile : phase) {
          sweep.tile_offsets.push_back(int(result.order.size()));
          if (c < tile.size()) result.order.insert(result.order.end(), tile[c].begin(), tile[c].end());
        }
        sweep.tile_offsets.push_back(int(result.order.size()));
        result.offsets.push_back(int(result.order.size()));
      }
      sweep.phase_colours.push_back(int(result.offsets.size()) - 1);
    }
    group = group_end;
  }
  if (sweep.phase_tiles.empty()) sweep = TileSweep{};
  return out;
}

TiledColouring colour_grouped_for_sweep(const std::vector<Int2>& pairs,
                                        const std::vector<std::pair<double, int>>& keys, int particle_count) {
  TiledColouring plain{colour_grouped(pairs, keys, particle_count), {}};
  if (pairs.empty()) return plain;
  std::vector<int> span(pairs.size());
  for (size_t k = 0; k < pairs.size(); ++k) span[k] = std::abs(pairs[k].a - pairs[k].b);
  const auto p99 = span.begin() + std::ptrdiff_t(span.size() * 99 / 100);
  std::nth_element(span.begin(), p99, span.end());
  const int tile_particles = std::max(256, *p99);
  if (particle_count / tile_particles < 2 * kMinTilesPerPhase) return plain;  // too few tiles for two phases
  TiledColouring tiled = colour_grouped_in_tiles(pairs, keys, particle_count, tile_particles);
  const TileSweep& t = tiled.tiles;
  bool worth = t.phases() < int(plain.colouring.offsets.size()) - 1;
  for (const int tiles : t.phase_tiles) worth = worth && tiles >= kMinTilesPerPhase;
  return worth ? tiled : plain;
}

}  // namespace SIM_PRECISION
}  // namespace sim
